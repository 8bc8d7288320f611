package compute

import (
	"context"
	"fmt"

	"golang.org/x/sync/errgroup"

	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// Batch computes the table of every game up to its Heaps, running up to
// opt.Workers games at once. Tables come back in the order of games, whatever
// order they finish in. The first error cancels the rest.
func Batch(ctx context.Context, games []rules.Game, opt sg.Options) ([]*sg.Table, error) {
	tables := make([]*sg.Table, len(games))
	err := Each(ctx, games, opt, func(i int, t *sg.Table) error {
		tables[i] = t
		return nil
	})
	if err != nil {
		return nil, err
	}
	return tables, nil
}

// Each computes the table of every game up to its Heaps, running up to
// opt.Workers games at once, and calls fn with each game's index and table as
// soon as it is done, so that a caller can write and drop tables one by one.
// fn may be called from several goroutines at once. The first error, from a
// computation or from fn, cancels the rest and is returned.
func Each(ctx context.Context, games []rules.Game, opt sg.Options, fn func(i int, t *sg.Table) error) error {
	g, ctx := errgroup.WithContext(ctx)
	workers := opt.Goroutines()
	g.SetLimit(workers)
	// Games at once share the workers: with more games than workers, each
	// computes on one; with fewer, a game also shares its pair scans.
	each := opt
	each.Workers = max(1, workers/min(workers, max(1, len(games))))
	for i, game := range games {
		g.Go(func() error {
			if err := ctx.Err(); err != nil {
				return err
			}
			opt := each
			if opt.ForGame != nil {
				opt.ForGame(i, &opt)
			}
			t, err := Sequence(ctx, game, game.Heaps, opt)
			if err != nil {
				return fmt.Errorf("compute %s: %w", game.Name, err)
			}
			return fn(i, t)
		})
	}
	return g.Wait()
}
