package state

import (
	"context"
	"fmt"
	"iter"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/family/lattice"
	"github.com/sgtab/sgtab/positions"
	"github.com/sgtab/sgtab/rules"
)

// Source returns the source of positions of the built-in game g: Euclid's
// game's board (stored, or computed), Fibonacci Nim's states (from its
// thresholds, computed as far as asked, and at least as far as its stored
// table f goes); the other built-in games' positions are not answered.
func (Family) Source(g rules.Game, f *export.File, name string) (positions.Source, error) {
	switch {
	case g.State == "euclid":
		var t *compute.LatticeTable
		if f != nil {
			t = f.Lattice
		}
		return lattice.NewBoard(name, g, t, func(ctx context.Context) (*compute.LatticeTable, error) {
			_, lt, err := compute.SolveState(ctx, g)
			return lt, err
		}, compute.EuclidMoves), nil
	case g.State == "fibonacci-nim" && f == nil:
		return &fibonacci{name: name, game: g, least: 1}, nil
	case g.State == "fibonacci-nim":
		// The table holds the outcomes of starting heaps; states in
		// play need the least winning takes, cheap to compute again.
		return &fibonacci{name: name, game: g, least: f.Table.N()}, nil
	case f == nil:
		return nil, fmt.Errorf("%s is the built-in game %s: query does not answer its positions (its table, from sgtab run, gives each one's value)", name, g.State)
	}
	return nil, fmt.Errorf("%s is a table of the built-in game %s: query does not answer its positions", name, g.State)
}

// A fibonacci source answers Fibonacci Nim: a state (n, k) — n tokens, at
// most k of them to take — is won exactly when k ≥ f(n), f(n) the least
// take that wins from n (compute.FibonacciThresholds). A bare heap N is a
// first move, which may take all but one; a point n,k is a state in play.
type fibonacci struct {
	name  string
	game  rules.Game
	least int   // the least heap f goes to
	f     []int // f(0..max(least, need)); nil until prepared
}

func (s *fibonacci) Game() rules.Game { return s.game }

// Prepare computes f as far as the largest heap asked (and at least
// s.least), after checking that it fits in memory.
func (s *fibonacci) Prepare(ctx context.Context, need int) error {
	n := max(need, s.least)
	if err := rules.CheckMemory(rules.StateMemory("fibonacci-nim", int64(n))); err != nil {
		return fmt.Errorf("%s: heap %d: %w", s.name, need, err)
	}
	f, err := compute.FibonacciThresholds(ctx, n)
	s.f = f
	return err
}

// Check refuses a state whose next move may take nothing, and any state
// in a sum: the table holds outcomes.
func (s *fibonacci) Check(c positions.Component, sum bool) error {
	if c.Point && c.Y < 1 {
		return fmt.Errorf("Fibonacci Nim state %d,%d: the most the next move may take must be at least 1", c.X, c.Y)
	}
	if sum {
		return fmt.Errorf("%s is Fibonacci Nim, whose table holds outcomes, not SG values: a query takes one heap of it alone", s.name)
	}
	return nil
}

// state returns the state (heap, most the next move may take) of c.
func state(c positions.Component) (int, int) {
	if c.Point {
		return c.X, min(c.Y, c.X)
	}
	return c.N, c.N - 1
}

// Value returns the outcome of the state: 1 when the player to move wins.
func (s *fibonacci) Value(c positions.Component) (uint64, bool) {
	n, k := state(c)
	if k >= s.f[n] {
		return 1, false
	}
	return 0, false
}

// Work returns the takes of the state.
func (s *fibonacci) Work(c positions.Component) float64 {
	n, k := state(c)
	return float64(min(n, k)) + 1
}

// Moves returns the takes that leave a state of outcome target: taking t
// leaves (n−t, 2t), won when 2t ≥ f(n−t) (f(m) ≤ m: taking all wins).
func (s *fibonacci) Moves(c positions.Component, target uint64) (iter.Seq[positions.Move], error) {
	n, k := state(c)
	return func(yield func(positions.Move) bool) {
		for take := 1; take <= k; take++ {
			if won := 2*take >= s.f[n-take]; won != (target == 1) {
				continue
			}
			to := [2]int{n - take, min(2*take, n-take)}
			if !yield(positions.Move{Take: take, Leave: []int{n - take}, To: &to,
				Text: fmt.Sprintf("take %d from %d, leaving %d with at most %d to take", take, n, n-take, 2*take)}) {
				return
			}
		}
	}, nil
}
