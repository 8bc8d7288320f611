package tabulate

import (
	"context"
	"fmt"

	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/positions"
)

// Prepare prepares the source src to answer every component up to need
// (positions.Source.Prepare) as Run goes about a game: a source that
// computes (family.Planner) and would take more than LongRun with nothing
// to end it sooner is refused beforehand, saying what would answer
// instead (one that a proof may end sooner is watched by the display's
// progress, which warns of a slow pace); and its progress is shown on
// opt.Display. Only opt.Workers and
// opt.Display count.
func Prepare(ctx context.Context, src positions.Source, need int, opt Options) error {
	p, ok := src.(family.Planner)
	if !ok {
		return src.Prepare(ctx, need)
	}
	d := opt.Display
	if d == nil {
		d = quiet{}
	}
	c := p.PrepareCost(need, opt.Workers)
	if c.Time > LongRun && !c.Shortened {
		what := fmt.Sprintf("%s takes about %s", c.What, family.RoundDuration(c.Time))
		if c.Why != "" {
			what += " (" + c.Why + ")"
		}
		if c.Shorter != nil {
			what += "; " + c.Shorter(LongRun/2)
		}
		return fmt.Errorf("%s", what)
	}
	if c.Work == 0 {
		return p.PrepareMetered(ctx, need, opt.Workers, family.NoMeter)
	}
	m := d.Begin(c.Work, c.What)
	defer d.End()
	return p.PrepareMetered(ctx, need, opt.Workers, m)
}
