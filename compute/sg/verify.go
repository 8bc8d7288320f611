package sg

import (
	"context"
	"fmt"

	"github.com/sgtab/sgtab/rules"
)

// VerifyRange returns the last heap size of t that opt asks to check, -1
// for an empty table, or an error when ctx is done or t has not a ring
// value for each heap size.
func VerifyRange(ctx context.Context, t *Table, opt VerifyOptions) (int, error) {
	through := t.N()
	if opt.Through > 0 {
		through = min(through, opt.Through)
	}
	if through < 0 {
		return -1, nil
	}
	if ctx.Err() != nil {
		return 0, context.Cause(ctx)
	}
	if t.HasRing() && t.Ring.Len() != t.G.Len() {
		return 0, fmt.Errorf("the table has %d ring values for %d heap sizes", t.Ring.Len(), t.G.Len())
	}
	return through, nil
}

// VerifyAgain checks the values of t up to through against those that
// again computes for t's game to through, which cost about perValue steps
// a value (a misère heap its rule's digits, a built-in game's value a
// few steps).
func VerifyAgain(ctx context.Context, t *Table, through int, opt VerifyOptions, perValue float64, again func(g rules.Game) (*Table, error)) (Verification, error) {
	v := Verification{Through: through, ByOptions: through}
	g := t.Game
	g.Heaps = through
	est := float64(through+1) * perValue
	if opt.MaxWork > 0 && est > float64(opt.MaxWork) {
		return v, &BudgetError{Budget: opt.MaxWork, Through: through, Estimate: est}
	}
	want, err := again(g)
	if err != nil {
		return v, Cause(ctx, err)
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

// Cause returns the cause of ctx's cancellation when err is ctx's error.
func Cause(ctx context.Context, err error) error {
	if ctx.Err() != nil && err == ctx.Err() {
		return context.Cause(ctx)
	}
	return err
}
