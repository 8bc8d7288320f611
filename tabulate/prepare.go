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
// instead; one that a proof or sparse space may end sooner is refused as
// soon as the pace of its first stages shows that it would take longer
// (family.Staged), or else watched by the display's progress, which warns
// of a slow pace; and its progress is shown on opt.Display. Only opt.Workers and
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
	prepare := p.PrepareMetered
	if s, ok := p.(family.Staged); ok && c.Time > LongRun {
		// A proof or sparse space may end it sooner: find out from the
		// pace of its first stages, and refuse as soon as it shows that
		// nothing will.
		prepare = func(ctx context.Context, need, workers int, m family.Meter) error {
			return s.PrepareWithin(ctx, need, workers, m, LongRun)
		}
	}
	if c.Work == 0 {
		return prepare(ctx, need, opt.Workers, family.NoMeter)
	}
	m := d.Begin(c.Work, c.What)
	defer d.End()
	err := prepare(ctx, need, opt.Workers, m)
	if ctx.Err() != nil && err != nil {
		return fmt.Errorf("%s: stopped: %w", c.What, context.Cause(ctx))
	}
	return err
}
