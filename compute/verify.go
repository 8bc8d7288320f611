package compute

import (
	"context"
	"fmt"
)

// Verification of a stored table (Verify). A table's checksums show that
// its values are those its writer wrote, and its first values that they
// are of its rule; neither shows that a writer told the truth past them.
// Verify checks every value against the definition: SG(n) = v exactly when
//
//	(a) no option of n has the value v, and
//	(b) every value below v is the value of some option of n,
//
// with the options' values taken from the table itself. By induction on n,
// a table that passes holds the values of its rule, whoever wrote it. Each
// n is checked on its own, so the heap sizes are shared among workers in
// chunks, in increasing order; the first value that fails is reported, and
// every value below it has passed.
//
// The cost of (b) is small: a search for witnesses stops at the first pair
// that gives each value wanted. (a) is the dear part, as it needs every
// pair of a two-heap split where sgtab's engine looks at few: under a
// rare/common split of the values (sparse.go, chosen from the table's own
// histogram), a value v that is common can only come from a pair with a
// rare part, and pairing the rare positions with the rest rules it out, or
// finds it, in O(#rare); only where v is rare must every pair be looked at
// (by the witness kernels, which skip the blocks holding no value sought).
// A table that sparse space serves is thus checked at about the cost of
// computing it; one it does not (Treblecross) at the cost of the scan, as
// the engine pays too: O(N²) pairs, at about 0.05 cycles a pair with the
// vector kernels. Rules with three-heap splits or a repeating tail, and
// ring values, have every option marked as the plain engine does.
//
// A period that a theorem proves from the values (prove) cuts the work: the
// values up to the last heap size its proof reads are checked as above,
// and those past it against the period, G(n) = G(n − p), which the theorem
// says the true values obey.

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
	// *BudgetError either way.
	MaxWork int64
	// Progress, if not nil, is called from time to time with the number of
	// heap sizes checked since the previous call, from several goroutines.
	Progress func(delta int64)
}

func (opt VerifyOptions) workers() int { return Options{Workers: opt.Workers}.workers() }

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

// Verify checks the values of t, a heap game's table of G (and Ring)
// holding the game t.Game, against its rule (see the top of this file): a
// normal-play table value by value against its options, a misère or
// built-in game's by computing it again. It returns a *MismatchError for
// the first value that is wrong, a *BudgetError when opt.MaxWork is too
// small, and context.Cause(ctx) when ctx is cancelled first. It uses no
// analysis or metadata of t, only its game and values.
func Verify(ctx context.Context, t *Table, opt VerifyOptions) (Verification, error) {
	through := t.N()
	if opt.Through > 0 {
		through = min(through, opt.Through)
	}
	if through < 0 {
		return Verification{Through: -1, ByOptions: -1}, nil
	}
	if ctx.Err() != nil {
		return Verification{}, context.Cause(ctx)
	}
	if t.hasRing() && t.Ring.Len() != t.G.Len() {
		return Verification{}, fmt.Errorf("the table has %d ring values for %d heap sizes", t.Ring.Len(), t.G.Len())
	}
	if t.Game.Misere || t.Game.State != "" {
		return verifyAgain(ctx, t, through, opt)
	}
	switch t.G.Width() {
	case 8:
		return verifyHeaps(ctx, t, typed[uint8](t.G), through, opt)
	case 16:
		return verifyHeaps(ctx, t, typed[uint16](t.G), through, opt)
	}
	return verifyHeaps(ctx, t, typed[uint32](t.G), through, opt)
}

// verifyAgain checks the values of a misère or built-in game's table up to
// through by computing them again (a heap costs its rule's digits, or a
// few steps) and comparing.
func verifyAgain(ctx context.Context, t *Table, through int, opt VerifyOptions) (Verification, error) {
	v := Verification{Through: through, ByOptions: through}
	g := t.Game
	g.Heaps = through
	est := float64(through + 1)
	if g.Misere {
		est *= float64(len(g.Rule.Digits))
	}
	if opt.MaxWork > 0 && est > float64(opt.MaxWork) {
		return v, &BudgetError{Budget: opt.MaxWork, Through: through, Estimate: est}
	}
	var want *Table
	var err error
	if g.State != "" {
		want, _, err = SolveState(ctx, g)
	} else {
		want, err = misere(ctx, g, through, Options{Progress: opt.Progress})
	}
	if err != nil {
		return v, cause(ctx, err)
	}
	if want == nil || want.G.Len() != through+1 {
		return v, fmt.Errorf("no table of %d values for %s", through+1, g.RuleText())
	}
	v.Work = int64(est)
	for n := range through + 1 {
		if got, w := t.G.At(n), want.G.At(n); got != w {
			return v, &MismatchError{N: n, Quantity: g.Quantity(), Got: got, Want: w}
		}
	}
	return v, nil
}

// cause returns the cause of ctx's cancellation when err is ctx's error.
func cause(ctx context.Context, err error) error {
	if ctx.Err() != nil && err == ctx.Err() {
		return context.Cause(ctx)
	}
	return err
}
