package compute

import (
	"slices"
	"time"

	"github.com/sgtab/sgtab/rules"
)

// A Table holds the Sprague-Grundy values of one heap game.
type Table struct {
	Game rules.Game
	// G[n] is SG(n) for the heap of n tokens, n = 0..len(G)-1.
	G []uint32
	// Ring[n] is SG of a ring of n tokens; nil unless the game starts on a ring.
	Ring []uint32
	// Warnings are results that are usable but doubtful.
	Warnings []error
	// Elapsed is the time the computation took.
	Elapsed time.Duration
	// Analysis holds the period, closed form, rare values and checksum of G.
	Analysis *Analysis

	proved *provedPeriod // set when a proved period filled in the rest
}

// A provedPeriod is a period proved while computing.
type provedPeriod struct {
	period   Period
	proof    Proof
	computed int // the largest heap size the engine computed
}

// N returns the largest heap size in the table.
func (t *Table) N() int { return len(t.G) - 1 }

// MaxG returns the largest value in G and Ring.
func (t *Table) MaxG() uint32 {
	var m uint32
	if len(t.G) > 0 {
		m = slices.Max(t.G)
	}
	if len(t.Ring) > 0 {
		m = max(m, slices.Max(t.Ring))
	}
	return m
}
