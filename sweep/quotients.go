package sweep

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/sgtab/sgtab/compute/misere"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/rules"
)

// QuotientsFile is the name of a sweep's census of misère quotients.
const QuotientsFile = "quotients.parquet"

// CensusQuotientLimits bound each game of a census of misère quotients: a
// game whose quotient outgrows them is recorded as having outgrown them
// (where, and the order it had), not an error, so that a census of
// hundreds of games ends in minutes.
var CensusQuotientLimits = misere.QuotientLimits{Order: 1024, Positions: 200_000, Steps: 20_000_000}

// Quotients computes the misère quotient of the heaps 1..n of every rule
// of the plan's games on a line (a ring start is left out; games of one
// rule, in normal and misère play, share it), at most workers at once,
// each within lim, calling done after each. It returns one row per rule,
// in the order of the plan's games, named after its first.
func Quotients(ctx context.Context, p *Plan, n, workers int, lim misere.QuotientLimits, done func()) ([]export.QuotientRow, error) {
	var games []rules.SweepGame
	seen := map[string]bool{}
	for _, m := range p.Games {
		if m.Start == rules.StartRing || seen[m.Rule.String()] {
			continue
		}
		seen[m.Rule.String()] = true
		games = append(games, m.SweepGame)
	}
	rows := make([]export.QuotientRow, len(games))
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(max(workers, 1))
	for i, sg := range games {
		g.Go(func() error {
			r, err := quotientRow(ctx, sg, n, lim)
			rows[i] = r
			if err == nil && done != nil {
				done()
			}
			return err
		})
	}
	return rows, g.Wait()
}

// quotientRow computes the census row of one game.
func quotientRow(ctx context.Context, sg rules.SweepGame, n int, lim misere.QuotientLimits) (export.QuotientRow, error) {
	start := time.Now()
	row := export.QuotientRow{Name: strings.TrimSuffix(sg.Name, "-misere"), Rule: sg.Rule.String(), Family: sg.Family, Heaps: n}
	var orders []uint32
	q, err := misere.QuotientOf(ctx, sg.Rule, n, lim, func(_, o int) { orders = append(orders, uint32(o)) })
	row.Seconds = time.Since(start).Seconds()
	var be *misere.QuotientBoundError
	switch {
	case errors.As(err, &be):
		row.Status, row.Bound = "outgrew", be.Bound
		row.Reached, row.Orders = len(orders), orders
		if row.Reached > 0 {
			row.Order, row.StableFrom = int(orders[row.Reached-1]), row.Reached
		}
		for row.StableFrom > 1 && orders[row.StableFrom-2] == uint32(row.Order) {
			row.StableFrom--
		}
		return row, nil
	case err != nil:
		return row, fmt.Errorf("%s: %w", sg.Name, err)
	}
	row.Status, row.Reached, row.Order, row.Orders = export.StatusVerified, n, q.Order, orders
	row.StableFrom, row.Stabilised, row.Tame = q.StableFrom(), q.Stabilised(), q.Tame()
	row.Generators, row.Relations = len(q.Gens), len(q.Relations)
	for _, inP := range q.P {
		if inP {
			row.PPortion++
		}
	}
	return row, nil
}

// QuotientReport says what a census of misère quotients found: how many
// quotients were verified to the bound, stabilised, tame or wild, how many
// outgrew a bound, and the largest finite ones that stabilised.
func QuotientReport(rows []export.QuotientRow, n int, path string, took time.Duration) string {
	var b strings.Builder
	var verified, stable, tame, outgrew []export.QuotientRow
	for _, r := range rows {
		switch {
		case r.Status != export.StatusVerified:
			outgrew = append(outgrew, r)
		default:
			verified = append(verified, r)
			if r.Stabilised {
				stable = append(stable, r)
			}
			if r.Tame {
				tame = append(tame, r)
			}
		}
	}
	fmt.Fprintf(&b, "census of misère quotients: %d rules to heap %d in %.2fs, written to %s\n", len(rows), n, took.Seconds(), path)
	fmt.Fprintf(&b, "  verified   %d (%d tame, %d wild); %d stabilised: the same quotient from heap %d on at most\n", len(verified), len(tame), len(verified)-len(tame), len(stable), (n+1)/2)
	fmt.Fprintf(&b, "  outgrew    %d: a bound of the census reached before heap %d\n", len(outgrew), n)
	slices.SortStableFunc(stable, func(a, c export.QuotientRow) int { return c.Order - a.Order })
	if len(stable) > 0 {
		fmt.Fprintf(&b, "  largest stabilised quotients:\n")
		for _, r := range stable[:min(len(stable), 10)] {
			fmt.Fprintf(&b, "    %-10s order %d from heap %d, %d generators, %d relations\n", r.Name, r.Order, r.StableFrom, r.Generators, r.Relations)
		}
	}
	return b.String()
}
