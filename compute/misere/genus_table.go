package misere

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/sgtab/sgtab/compute/period"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// lineGenusColumns returns the genus columns of heaps 0..n of the rule r,
// whose moves leave at most one heap (lineGenera).
func lineGenusColumns(ctx context.Context, r rules.Rule, n int) (*sg.GenusColumns, error) {
	l := newLineGenera(r)
	var b sg.GenusBuilder
	for h := 0; h <= n; h++ {
		if h%checkEvery == 0 && ctx.Err() != nil {
			return nil, context.Cause(ctx)
		}
		l.upTo(h)
		f := &l.facts[h]
		b.Add(f.genus, f.class())
	}
	return b.Columns(), nil
}

// misereSums computes the table of a misère game whose moves may split a
// heap: heap by heap, its genus (Search.HeapGenus: the genera of
// its options, sums of smaller heaps, found by the search), and its
// outcome, won exactly when γ0 ≠ 0. The search's bounds (opt.Misere) end
// the table early, at the last heap whose genus they allowed, with a
// warning saying which bound stopped it: the genera of wild heaps need
// those of ever larger sums, and grow costly fast (see TableMisereLimits). No theorem proves a period of
// the outcomes of a game that splits heaps: an outcome depends on those of
// sums, not of single heaps.
func misereSums(ctx context.Context, g rules.Game, n int, opt sg.Options) (*sg.Table, error) {
	start := time.Now()
	lim := opt.Misere
	if lim == (sg.MisereLimits{}) {
		lim = sg.TableMisereLimits
	}
	s := NewSearch([]rules.Rule{g.Rule}, lim)
	var (
		b        sg.GenusBuilder
		outcomes []uint32
		warnings []error
	)
	for h := 0; h <= n; h++ {
		x, class, err := s.HeapGenus(ctx, 0, h)
		if b, ok := errors.AsType[*sg.MisereBoundError](err); ok && h > 0 {
			warnings = append(warnings, fmt.Errorf("the misère table ends at heap %d of %d: the genus of heap %d needs more: %w", h-1, n, h, b))
			break
		}
		if err != nil {
			return nil, err
		}
		b.Add(x, class)
		outcomes = append(outcomes, b2u(x.Misere() != 0))
		if opt.Progress != nil {
			opt.Progress(1)
		}
	}
	tab := &sg.Table{Game: g, G: sg.ValuesOf(outcomes), Genus: b.Columns(), Warnings: warnings}
	tab.Analysis = period.Analyze(tab)
	tab.Elapsed = time.Since(start)
	tab.Created = time.Now()
	return tab, nil
}

// misereCheckSteps bounds the search of a bounded check (VerifyOptions
// with MaxWork) of a misère table whose game splits heaps: a reader checks
// the first heaps the search reaches within a few seconds, as it checks
// the first values of other tables; an unbounded check (sgtab inspect
// -verify) checks them all.
const misereCheckSteps = 1 << 22

// Verify checks the misère table t through heap through by
// computing it again: its outcomes, and its genus columns when it has
// them (a table written before sgtab stored genera has none). A game that
// splits heaps is computed again by the search, within the default bounds
// that computed the table; with opt.MaxWork, within at most
// misereCheckSteps steps, checking the heaps the search reaches
// (Verification.Through says up to which).
func Verify(ctx context.Context, t *sg.Table, through int, opt sg.VerifyOptions) (sg.Verification, error) {
	o := sg.Options{Progress: opt.Progress}
	bounded := opt.MaxWork > 0 && !period.ProvesOutcomes(t.Game)
	if bounded {
		o.Misere = sg.TableMisereLimits
		o.Misere.Steps = min(opt.MaxWork, misereCheckSteps)
	}
	again := func(g rules.Game) (*sg.Table, error) { return Sequence(ctx, g, g.Heaps, o) }
	if !period.ProvesOutcomes(t.Game) {
		g := t.Game
		g.Heaps = through
		want, err := again(g)
		if err != nil {
			return sg.Verification{}, sg.Cause(ctx, err)
		}
		if want.N() < through && !bounded {
			return sg.Verification{}, fmt.Errorf("computed again, the misère table ends at heap %d: %w", want.N(), errors.Join(want.Warnings...))
		}
		through = min(through, want.N())
		again = func(rules.Game) (*sg.Table, error) { return want, nil }
	}
	var want *sg.Table
	v, err := sg.VerifyAgain(ctx, t, through, opt, float64(len(t.Game.Rule.Digits)), func(g rules.Game) (*sg.Table, error) {
		var err error
		want, err = again(g)
		if err == nil && want.N() > through {
			want = &sg.Table{Game: want.Game, G: want.G.Slice(0, through+1), Genus: want.Genus.Slice(0, through+1)}
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
	Got, Want           sg.Genus
	GotClass, WantClass sg.Tameness
}

func (e *GenusMismatchError) Error() string {
	return fmt.Sprintf("the genus of heap %d is %v (%v), but the rule gives %v (%v)", e.N, e.Got, e.GotClass, e.Want, e.WantClass)
}
