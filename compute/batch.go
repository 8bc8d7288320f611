package compute

import (
	"context"
	"fmt"
	"runtime"

	"golang.org/x/sync/errgroup"

	"github.com/sgtab/sgtab/rules"
)

// workers returns the number of goroutines opt asks for.
func (opt Options) workers() int {
	if opt.Workers > 0 {
		return opt.Workers
	}
	return runtime.GOMAXPROCS(0)
}

// Batch computes the table of every game up to its Heaps, running up to
// opt.Workers games at once. Tables come back in the order of games, whatever
// order they finish in. The first error cancels the rest.
func Batch(ctx context.Context, games []rules.Game, opt Options) ([]*Table, error) {
	tables := make([]*Table, len(games))
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(opt.workers())
	for i, game := range games {
		g.Go(func() error {
			if err := ctx.Err(); err != nil {
				return err
			}
			t, err := Sequence(ctx, game, game.Heaps, opt)
			if err != nil {
				return fmt.Errorf("compute %s: %w", game.Name, err)
			}
			tables[i] = t
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return tables, nil
}
