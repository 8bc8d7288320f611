package sg

import (
	"time"

	"github.com/sgtab/sgtab/rules"
)

// A Table holds the Sprague-Grundy values of one heap game.
type Table struct {
	Game rules.Game
	// G.At(n) is SG(n) for the heap of n tokens, n = 0..G.Len()-1.
	G Values
	// Ring.At(n) is SG of a ring of n tokens; Ring is empty unless the game
	// starts on a ring, and then as long as G.
	Ring Values
	// Genus, for a misère game, holds the genus of each heap of G, and is
	// as long; nil otherwise (and in a misère table written before sgtab
	// stored genera).
	Genus *GenusColumns
	// Loopy, when not nil, holds the generalized SG value of each n
	// (LoopyValues), and is as long as G: a scripted game whose positions
	// repeat and some of whose starts are of value ∞. G then holds the
	// finite values, and 0 where the value is ∞; the analysis is of the
	// outcomes (AnalyzeOutcomes).
	Loopy []Generalized
	// Warnings are results that are usable but doubtful.
	Warnings []error
	// Elapsed is the time the computation took.
	Elapsed time.Duration
	// Created is when the computation finished (zero for a table built
	// by hand).
	Created time.Time
	// Analysis holds the period, closed form, rare values and checksum of G.
	Analysis *Analysis

	Proved *ProvedPeriod // set when a proved period filled in the rest
}

// A ProvedPeriod is a period proved while computing.
type ProvedPeriod struct {
	Period   Period
	Proof    Proof
	Computed int // the largest heap size the engine computed
}

// N returns the largest heap size in the table.
func (t *Table) N() int { return t.G.Len() - 1 }

// HasRing reports whether the table has ring values.
func (t *Table) HasRing() bool { return t.Ring.Len() > 0 }

// MaxG returns the largest value in G and Ring.
func (t *Table) MaxG() uint32 { return max(t.G.Max(), t.Ring.Max()) }

// Outcomes returns the outcome of each start of a table of generalized
// values (t.Loopy), or of SG values (P where SG = 0, N elsewhere).
func (t *Table) Outcomes() []Outcome {
	out := make([]Outcome, t.G.Len())
	for n := range out {
		out[n] = t.Value(n).Outcome()
	}
	return out
}

// Draws returns how many starts of t are drawn.
func (t *Table) Draws() int {
	d := 0
	for _, x := range t.Loopy {
		if x.Outcome() == D {
			d++
		}
	}
	return d
}

// Value returns the generalized SG value of n: Loopy's, or the number G
// holds.
func (t *Table) Value(n int) Generalized {
	if t.Loopy != nil {
		return t.Loopy[n]
	}
	return Generalized{Value: t.G.At(n)}
}
