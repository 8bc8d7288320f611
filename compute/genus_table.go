package compute

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/sgtab/sgtab/rules"
)

// GenusColumns hold the genus of every heap of a misère game's table (see
// Genus), as columns of numbers: Normal.At(n) is g, the normal-play SG value
// of heap n; Gamma[k].At(n) is γk, its misère SG value plus k heaps *2, for
// k < len(Gamma), and γk = γ(k−2) for every k ≥ len(Gamma) — len(Gamma) is
// the longest Gamma of a heap of the table, at least 2, so the columns hold
// each genus whole; Class.At(n) is the heap's Tameness.
type GenusColumns struct {
	Normal Values
	Gamma  []Values
	Class  Values
}

// Len returns the number of heaps the columns describe.
func (c *GenusColumns) Len() int { return c.Normal.Len() }

// At returns the genus of heap n.
func (c *GenusColumns) At(n int) Genus {
	gamma := make([]uint32, len(c.Gamma))
	for k, col := range c.Gamma {
		gamma[k] = col.At(n)
	}
	return Genus{G: c.Normal.At(n), Gamma: trimGamma(gamma)}
}

// Tameness returns the class of heap n.
func (c *GenusColumns) Tameness(n int) Tameness { return Tameness(c.Class.At(n)) }

// TameThrough returns the largest n such that every heap 0..n is tame, -1
// when heap 0 is not (it always is), and the table's last heap when all are.
func (c *GenusColumns) TameThrough() int {
	for n := range c.Len() {
		if c.Tameness(n) != Tame {
			return n - 1
		}
	}
	return c.Len() - 1
}

// Words says in a line what the genera show of the game up to the last
// heap: "every heap is tame up to n = 1000", or how far they are and which
// heap is the first that is not: "tame up to n = 4; heap 5 is restless, of
// genus 4^{146}".
func (c *GenusColumns) Words() string {
	last, through := c.Len()-1, c.TameThrough()
	if through == last {
		return fmt.Sprintf("every heap is tame up to n = %d", last)
	}
	n := through + 1
	return fmt.Sprintf("tame up to n = %d; heap %d is %v, of genus %v", through, n, c.Tameness(n), c.At(n))
}

// Slice returns the columns of heaps lo..hi−1.
func (c *GenusColumns) Slice(lo, hi int) *GenusColumns {
	s := &GenusColumns{Normal: c.Normal.Slice(lo, hi), Class: c.Class.Slice(lo, hi)}
	for _, col := range c.Gamma {
		s.Gamma = append(s.Gamma, col.Slice(lo, hi))
	}
	return s
}

// Equal reports whether c and d hold the same genera and classes, and if
// not the first heap where they differ.
func (c *GenusColumns) Equal(d *GenusColumns) (n int, equal bool) {
	for n := range min(c.Len(), d.Len()) {
		if !c.At(n).Equal(d.At(n)) || c.Class.At(n) != d.Class.At(n) {
			return n, false
		}
	}
	return min(c.Len(), d.Len()), c.Len() == d.Len()
}

// A genusBuilder collects the genera of heaps 0, 1, … into columns.
type genusBuilder struct {
	normal, class []uint32
	gamma         [][]uint32 // by heap
	width         int
}

func (b *genusBuilder) add(x Genus, class Tameness) {
	b.normal = append(b.normal, x.G)
	b.class = append(b.class, uint32(class))
	b.gamma = append(b.gamma, x.Gamma)
	b.width = max(b.width, len(x.Gamma))
}

// columns returns the columns of the genera added.
func (b *genusBuilder) columns() *GenusColumns {
	c := &GenusColumns{Normal: ValuesOf(b.normal), Class: ValuesOf(b.class)}
	col := make([]uint32, len(b.gamma))
	for k := range b.width {
		for n, gamma := range b.gamma {
			col[n] = Genus{Gamma: gamma}.At(k)
		}
		c.Gamma = append(c.Gamma, ValuesOf(col))
	}
	return c
}

// lineGenusColumns returns the genus columns of heaps 0..n of the rule r,
// whose moves leave at most one heap (lineGenera).
func lineGenusColumns(ctx context.Context, r rules.Rule, n int) (*GenusColumns, error) {
	l := newLineGenera(r)
	var b genusBuilder
	for h := 0; h <= n; h++ {
		if h%progressEvery == 0 && ctx.Err() != nil {
			return nil, context.Cause(ctx)
		}
		l.upTo(h)
		f := &l.facts[h]
		b.add(f.genus, f.class())
	}
	return b.columns(), nil
}

// misereSums computes the table of a misère game whose moves may split a
// heap: heap by heap, its genus (MisereSearch.HeapGenus: the genera of
// its options, sums of smaller heaps, found by the search), and its
// outcome, won exactly when γ0 ≠ 0. The search's bounds (opt.Misere) end
// the table early, at the last heap whose genus they allowed, with a
// warning saying which bound stopped it: the genera of wild heaps need
// those of ever larger sums, and grow costly fast (see TableMisereLimits). No theorem proves a period of
// the outcomes of a game that splits heaps: an outcome depends on those of
// sums, not of single heaps.
func misereSums(ctx context.Context, g rules.Game, n int, opt Options) (*Table, error) {
	start := time.Now()
	lim := opt.Misere
	if lim == (MisereLimits{}) {
		lim = TableMisereLimits
	}
	s := NewMisereSearch([]rules.Rule{g.Rule}, lim)
	var (
		b        genusBuilder
		outcomes []uint32
		warnings []error
	)
	for h := 0; h <= n; h++ {
		x, class, err := s.HeapGenus(ctx, 0, h)
		if b, ok := errors.AsType[*MisereBoundError](err); ok && h > 0 {
			warnings = append(warnings, fmt.Errorf("the misère table ends at heap %d of %d: the genus of heap %d needs more: %w", h-1, n, h, b))
			break
		}
		if err != nil {
			return nil, err
		}
		b.add(x, class)
		outcomes = append(outcomes, b2u(x.Misere() != 0))
		if opt.Progress != nil {
			opt.Progress(1)
		}
	}
	tab := &Table{Game: g, G: ValuesOf(outcomes), Genus: b.columns(), Warnings: warnings}
	tab.Analysis = Analyze(tab)
	tab.Elapsed = time.Since(start)
	tab.Created = time.Now()
	return tab, nil
}

// ProvesOutcomes reports whether a theorem may prove the period of the
// values of g's table: every heap game in normal play, and in misère play
// those whose moves leave at most one heap, whose outcome follows from
// the outcomes of smaller single heaps as a subtraction game's value does
// from smaller values. A misère game that splits heaps has outcomes of
// sums in its options, and its period is only observed.
func ProvesOutcomes(g rules.Game) bool {
	return !g.Misere || g.Rule.MaxParts() <= 1
}

// misereCheckSteps bounds the search of a bounded check (VerifyOptions
// with MaxWork) of a misère table whose game splits heaps: a reader checks
// the first heaps the search reaches within a few seconds, as it checks
// the first values of other tables; an unbounded check (sgtab inspect
// -verify) checks them all.
const misereCheckSteps = 1 << 22

// verifyMisere checks the misère table t through heap through by
// computing it again: its outcomes, and its genus columns when it has
// them (a table written before sgtab stored genera has none). A game that
// splits heaps is computed again by the search, within the default bounds
// that computed the table; with opt.MaxWork, within at most
// misereCheckSteps steps, checking the heaps the search reaches
// (Verification.Through says up to which).
func verifyMisere(ctx context.Context, t *Table, through int, opt VerifyOptions) (Verification, error) {
	o := Options{Progress: opt.Progress}
	bounded := opt.MaxWork > 0 && !ProvesOutcomes(t.Game)
	if bounded {
		o.Misere = TableMisereLimits
		o.Misere.Steps = min(opt.MaxWork, misereCheckSteps)
	}
	again := func(g rules.Game) (*Table, error) { return misere(ctx, g, g.Heaps, o) }
	if !ProvesOutcomes(t.Game) {
		g := t.Game
		g.Heaps = through
		want, err := again(g)
		if err != nil {
			return Verification{}, cause(ctx, err)
		}
		if want.N() < through && !bounded {
			return Verification{}, fmt.Errorf("computed again, the misère table ends at heap %d: %w", want.N(), errors.Join(want.Warnings...))
		}
		through = min(through, want.N())
		again = func(rules.Game) (*Table, error) { return want, nil }
	}
	var want *Table
	v, err := verifyAgain(ctx, t, through, opt, float64(len(t.Game.Rule.Digits)), func(g rules.Game) (*Table, error) {
		var err error
		want, err = again(g)
		if err == nil && want.N() > through {
			want = &Table{Game: want.Game, G: want.G.Slice(0, through+1), Genus: want.Genus.Slice(0, through+1)}
		}
		return want, err
	})
	if err != nil || t.Genus == nil {
		return v, err
	}
	got := t.Genus.Slice(0, through+1)
	if n, ok := got.Equal(want.Genus); !ok {
		return v, &GenusMismatchError{N: n, Got: got.At(n), Want: want.Genus.At(n), GotClass: got.Tameness(n), WantClass: want.Genus.Tameness(n)}
	}
	return v, nil
}

// A GenusMismatchError reports a heap of a stored misère table whose genus
// or class is not the one its rule gives.
type GenusMismatchError struct {
	N                   int
	Got, Want           Genus
	GotClass, WantClass Tameness
}

func (e *GenusMismatchError) Error() string {
	return fmt.Sprintf("the genus of heap %d is %v (%v), but the rule gives %v (%v)", e.N, e.Got, e.GotClass, e.Want, e.WantClass)
}
