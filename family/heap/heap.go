// Package heap is the family of heap games (rules.KindHeap): sums of heaps
// of tokens under a move table, on a line or starting on a ring, in normal
// or misère play. Its games run several at once, sharing the workers; a
// long one takes checkpoints and goes on from them, from its table in the
// output folder or from a stored table (-from), when their values can be
// trusted (family.Voucher).
package heap

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/sgtab/sgtab/compute"
	engine "github.com/sgtab/sgtab/compute/heap"
	"github.com/sgtab/sgtab/compute/period"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/rules"
)

func init() { family.Register(Family{}) }

// Family is the family of heap games.
type Family struct{}

// Kind returns rules.KindHeap.
func (Family) Kind() rules.Kind { return rules.KindHeap }

// Work returns the heap sizes of g's table: one unit each.
func (Family) Work(g rules.Game) int64 { return int64(g.Heaps) + 1 }

// Cost estimates computing SG(0..g.Heaps) (compute.Estimate); a theorem
// that may prove its period, or sparse space, may shorten it.
func (Family) Cost(g rules.Game, workers int) family.Cost {
	return family.Cost{
		Time:      compute.Estimate(g, g.Heaps, workers),
		Shortened: period.Provable(g.Rule) || engine.SparseMayApply(g.Rule),
		What:      fmt.Sprintf("computing SG(0..%d)", g.Heaps),
		Why:       "no theorem can prove its period, so nothing ends it early",
		Capped:    true,
		Shorter: func(within time.Duration) string {
			g.Heaps = family.Shrink(g.Heaps, func(n int) bool { return compute.Estimate(g, n, workers) <= within })
			return fmt.Sprintf("choose how far to go with -cap N (-cap %d: about %s)",
				g.Heaps, family.RoundDuration(compute.Estimate(g, g.Heaps, workers)))
		},
	}
}

// Tabulate tabulates the one game g (see TabulateAll).
func (f Family) Tabulate(ctx context.Context, g rules.Game, env *family.Env) (*family.Report, error) {
	var rep *family.Report
	err := f.TabulateAll(ctx, []rules.Game{g}, env, func(_ int, r *family.Report) error {
		rep = r
		return nil
	})
	return rep, err
}

// TabulateAll tabulates games, several at once: each goes on from the
// values it may (see resumer.start), and one whose table is in the folder
// already is kept as it is; a game stopped by ctx keeps its last
// checkpoint, and the error then says where each stopped.
func (Family) TabulateAll(ctx context.Context, games []rules.Game, env *family.Env, done func(i int, r *family.Report) error) error {
	res := newResumer(env)
	var (
		todo      []rules.Game
		todoIndex []int
		froms     []*sg.Table
	)
	for i, g := range games {
		from, finished, err := res.start(g)
		if err == nil && finished != nil {
			var rep *family.Report
			if rep, err = res.keep(finished); err == nil {
				env.Progress.Inherit(int64(finished.Table.G.Len()))
				err = done(i, rep)
			}
			if err != nil {
				return err
			}
			continue
		}
		if err != nil {
			return err
		}
		todo, todoIndex, froms = append(todo, g), append(todoIndex, i), append(froms, from)
	}
	opt := sg.Options{Workers: env.Workers, Progress: env.Progress.Add, Inherited: env.Progress.Inherit, StopWhenProved: env.Auto,
		ForGame: func(i int, o *sg.Options) {
			o.From = froms[i]
			if env.Resume.Every > 0 && !todo[i].Misere {
				o.Checkpoint, o.CheckpointEvery = res.checkpoint(todo[i]), env.Resume.Every
			}
		}}
	err := compute.Each(ctx, todo, opt, func(i int, t *sg.Table) error {
		rep, err := Write(t, env.Output, nil)
		if err != nil {
			return err
		}
		if err := res.done(todo[i]); err != nil {
			return err
		}
		return done(todoIndex[i], rep)
	})
	if err != nil && ctx.Err() != nil {
		return errors.New(res.interrupted())
	}
	return err
}

// Plot draws the plots of the stored heap table f (see Figures).
func (Family) Plot(f *export.File, out family.Output) (files, notes []string, err error) {
	files, notes, err = family.DrawFigures(f.Table.Game.Name, Figures(f.Table), out)
	if f.Foreign {
		notes = append(notes, "unverified: it has no sgtab metadata, so its values are drawn as they are")
	}
	return files, notes, err
}

// Verify checks every value of the stored heap table f against the mex of
// its options (compute.Verify), and says what it checked.
func (Family) Verify(ctx context.Context, f *export.File, workers int, meter family.Meter) (string, error) {
	return VerifyTable(ctx, f, workers, meter)
}

// VerifyTable checks every value of the stored table f of heap sizes (a
// heap game's, or a state game's whose table is one), as compute.Verify
// does, and says what it checked.
func VerifyTable(ctx context.Context, f *export.File, workers int, meter family.Meter) (string, error) {
	if f.Foreign {
		return "", errors.New("it has no sgtab metadata: no rule to check its values against")
	}
	t := f.Table
	v, err := compute.VerifyTable(ctx, t, sg.VerifyOptions{Workers: workers, Progress: meter.Add})
	if _, ok := errors.AsType[*sg.MismatchError](err); ok {
		return "", fmt.Errorf("%w: these are not the values of its game", err)
	}
	if err != nil {
		return "", err
	}
	what := fmt.Sprintf("every value against its options, SG(0..%d)", t.N())
	if t.Game.Misere {
		what = fmt.Sprintf("every outcome computed again from the rule, heaps 0..%d", v.Through)
		if t.Genus != nil {
			what = fmt.Sprintf("every outcome and genus computed again from the rule, heaps 0..%d", v.Through)
		}
	}
	if t.Ring.Len() > 0 {
		what += " and the rings'"
	}
	if v.ByOptions < v.Through {
		what += fmt.Sprintf("; past n = %d, against the period the values up to it prove", v.ByOptions)
	}
	return what, nil
}

// Size returns g computed to n: -heaps N sets the size of heap games.
func (Family) Size(g rules.Game, n int) rules.Game {
	g.Heaps = n
	return g
}
