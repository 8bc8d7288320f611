package sg

import (
	"cmp"
	"fmt"
	"runtime"
	"time"
)

// Options tune a computation. The zero value means defaults.
type Options struct {
	// Workers is the number of goroutines; 0 means GOMAXPROCS. Results do
	// not depend on it.
	Workers int
	// Progress, if not nil, is called from time to time with the number of
	// positions finished since the previous call. It must be cheap and safe
	// for concurrent use (Batch calls it from several goroutines).
	Progress func(delta int64)
	// Inherited, if not nil, is called once, instead of Progress, with the
	// number of heap sizes taken as they are from From, so that a caller
	// can tell the positions computed from those inherited (a rate or an
	// ETA counts only the former). Without it Progress counts them too.
	// It must be safe for concurrent use.
	Inherited func(n int64)
	// StopWhenProved ends the table at the smallest heap size that proves
	// its period, instead of filling it in up to the size asked for.
	StopWhenProved bool
	// Exhaustive computes every value even when a period is proved, to
	// check the theorem (or the engine) against the computation.
	Exhaustive bool
	// Plain turns off the sparse-space shortcut for two-heap splits (see
	// sparse.go): every pair of every heap is scanned. The values are the
	// same; only the time differs.
	Plain bool
	// From, if not nil, holds values already computed for the game: its G
	// (and Ring, on a ring start) for heap sizes 0..From.N(), which the
	// computation takes as they are and goes on after; a checkpoint or a
	// stored table, verified by whoever read it. Misère games ignore it.
	From *Table
	// Checkpoint, if not nil, is called with the values final so far, for
	// heap sizes 0..G.Len()−1 (and the ring values alike), about every
	// CheckpointEvery, and once more when ctx is cancelled, before
	// Sequence returns ctx.Err(); from the goroutine that runs Sequence,
	// which waits for it. The values are the table's own: it must not keep
	// or change them. An error from it ends the computation. Misère games
	// make no checkpoints (they cost little).
	Checkpoint      func(G, Ring Values) error
	CheckpointEvery time.Duration
	// ForGame, if not nil, is called by Each with the index of each game
	// and the options it computes the game with, to set them game by game
	// (From, Checkpoint), before it starts it.
	ForGame func(i int, opt *Options)
	// Misere bounds the misère search of a misère game whose moves split
	// heaps (see misere.Search): the table ends where a heap's genus would
	// pass them. The zero value means TableMisereLimits.
	Misere MisereLimits
}

// workers returns the number of goroutines opt asks for.
func (opt Options) Goroutines() int {
	if opt.Workers > 0 {
		return opt.Workers
	}
	return runtime.GOMAXPROCS(0)
}

// VerifyOptions tune Verify. The zero value means defaults: every value of
// the table, on GOMAXPROCS workers, with no bound on the work.
type VerifyOptions struct {
	// Workers is the number of goroutines; 0 means GOMAXPROCS. The result
	// does not depend on it.
	Workers int
	// Through, when positive, checks the heap sizes 0..Through only (a
	// table's first values); 0 checks them all.
	Through int
	// MaxWork, when positive, bounds the work, in option values looked
	// at: a check that an estimate shows would look at more is refused
	// before it starts, and one that gets there is stopped, with a
	// *BudgetError either way. A misère table of a game that splits heaps
	// is checked as far as a search of at most min(MaxWork, 2^22) steps
	// reaches (see verifyMisere).
	MaxWork int64
	// Progress, if not nil, is called from time to time with the number of
	// heap sizes checked since the previous call, from several goroutines.
	Progress func(delta int64)
}

func (opt VerifyOptions) Goroutines() int { return Options{Workers: opt.Workers}.Goroutines() }

// A Verification says what Verify checked and what it cost.
type Verification struct {
	// Through is the last heap size checked.
	Through int
	// ByOptions is the last heap size checked against its options; the
	// values above it, up to Through, were checked against the period
	// that the values up to it prove.
	ByOptions int
	// Work is the number of option values looked at.
	Work int64
}

// A MismatchError reports the first value of a table that its options do
// not give; every value below it is right.
type MismatchError struct {
	N        int
	Ring     bool   // the value is SG_ring(N), not SG(N)
	Quantity string // what the table holds: "SG" or "outcome"
	Got      uint32 // the table's value
	Want     uint32 // the value of N's options, from the table's own values
	// Period, when not nil, is the proved period the value breaks: Want
	// is the value the period gives.
	Period *Period
}

func (e *MismatchError) Error() string {
	f := e.Quantity
	if e.Ring {
		f = "SG_ring"
	}
	if e.Period != nil {
		return fmt.Sprintf("%s(%d) is %d, but the period %d that the values below it prove gives %d",
			f, e.N, e.Got, e.Period.Length, e.Want)
	}
	return fmt.Sprintf("%s(%d) is %d, but its options, with the table's own values, give %d", f, e.N, e.Got, e.Want)
}

// A BudgetError reports a check refused or stopped because it would look at
// more option values than VerifyOptions.MaxWork allows.
type BudgetError struct {
	Budget  int64
	Through int // the last heap size it was to check against its options
	// Estimate is about how many option values the check needs, when it
	// was refused before it started; 0 when it was stopped on the way.
	Estimate float64
}

func (e *BudgetError) Error() string {
	if e.Estimate > 0 {
		return fmt.Sprintf("checking SG(0..%d) against the rule would look at about %.2g option values, more than the budget of %d",
			e.Through, e.Estimate, e.Budget)
	}
	return fmt.Sprintf("checking SG(0..%d) against the rule was stopped at its budget of %d option values", e.Through, e.Budget)
}

// MisereLimits bound a misère search, so that a position too large to
// solve is refused with a *MisereBoundError instead of filling the memory
// or running for hours. The zero value means the defaults.
type MisereLimits struct {
	// Positions is how many positions the search may remember, at a
	// hundred bytes or so each: DefaultMiserePositions.
	Positions int
	// Steps is how many options the search may visit, each a position
	// formed and looked up: DefaultMisereSteps.
	Steps int64
}

// The default bounds of a misère search: about 200 MB of remembered
// positions, and a minute or so of steps.
const (
	DefaultMiserePositions = 2_000_000
	DefaultMisereSteps     = 200_000_000
)

// TableMisereLimits are the bounds of the search that computes a misère
// table of a game that splits heaps (Options.Misere), unless set: half a
// second or so and a few MB, so that a sweep over many such games runs in
// minutes. Misère Kayles gets to heap 45 within them, Dawson's Kayles to
// 62: each further heap of a wild game costs more than all before it
// (sgtab query answers larger heaps, within the search's default bounds).
var TableMisereLimits = MisereLimits{Positions: 30_000, Steps: 6_000_000}

// bounds returns the bounds of l, the defaults where unset.
func (l MisereLimits) Bounds() (positions int, steps int64) {
	return cmp.Or(max(l.Positions, 0), DefaultMiserePositions), cmp.Or(max(l.Steps, 0), DefaultMisereSteps)
}

// A MisereBoundError reports a misère search stopped at one of its bounds
// (MisereLimits): Bound is "positions" or "steps", Limit its value.
type MisereBoundError struct {
	Bound string
	Limit int64
}

func (e *MisereBoundError) Error() string {
	if e.Bound == "positions" {
		return fmt.Sprintf("the misère search would remember more than %d positions, its memory bound", e.Limit)
	}
	return fmt.Sprintf("the misère search would visit more than %d options, its step bound", e.Limit)
}
