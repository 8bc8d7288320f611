package state

import (
	"context"
	"fmt"
	"iter"
	"slices"

	"github.com/sgtab/sgtab/compute/classical"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/family/lattice"
	"github.com/sgtab/sgtab/positions"
	"github.com/sgtab/sgtab/rules"
)

// Source returns the source of positions of the built-in game g: Euclid's
// game's board (stored, or computed; Cole and Davie's theorem answers
// beyond it), Fibonacci Nim's states (by Whinihan's theorem, from
// Zeckendorf sums: no table needed); the other built-in games' positions
// are not answered.
func (Family) Source(g rules.Game, f *export.File, name string) (positions.Source, error) {
	switch {
	case g.State == "euclid":
		var t *sg.LatticeTable
		if f != nil {
			t = f.Lattice
		}
		return lattice.NewBoard(name, g, t, func(ctx context.Context, opt sg.Options) (*sg.LatticeTable, error) {
			_, lt, err := classical.State(ctx, g, opt)
			return lt, err
		}, classical.EuclidMoves), nil
	case g.State == "fibonacci-nim":
		return &fibonacci{name: name, game: g}, nil
	case f == nil:
		return nil, fmt.Errorf("%s is the built-in game %s: query does not answer its positions (its table, from sgtab run, gives each one's value)", name, g.State)
	}
	return nil, fmt.Errorf("%s is a table of the built-in game %s: query does not answer its positions", name, g.State)
}

// A fibonacci source answers Fibonacci Nim by Whinihan's theorem: a state
// (n, k) — n tokens, at most k of them to take — is won exactly when k is
// at least the smallest term of n's Zeckendorf sum (classical.FibonacciNimWins),
// at any n below 2⁶³. A bare heap N is a first move, which may take all but
// one; a point n,k is a state in play.
type fibonacci struct {
	name string
	game rules.Game
}

func (s *fibonacci) Game() rules.Game { return s.game }

// Prepare has nothing to compute: the theorem answers every state.
func (s *fibonacci) Prepare(ctx context.Context, need int) error { return nil }

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
	return c.N, max(c.N-1, 0)
}

// Value returns the outcome of the state: 1 when the player to move wins.
func (s *fibonacci) Value(c positions.Component) (uint64, bool) {
	if classical.FibonacciNimWins(state(c)) {
		return 1, false
	}
	return 0, false
}

// Proof names the theorem that answers every state.
func (s *fibonacci) Proof(c positions.Component) (string, bool) {
	return classical.Of(s.game).String(), true
}

// Work returns a bound on the steps of listing the winning takes: a
// Zeckendorf sum has fewer than 64 terms.
func (s *fibonacci) Work(c positions.Component) float64 { return 64 }

// Moves returns the takes that leave a state of outcome target: taking t
// leaves (n−t, 2t). The winning takes (target 0) come from the Zeckendorf
// sum (classical.FibonacciNimWinning); the others are every other take.
func (s *fibonacci) Moves(c positions.Component, target uint64) (iter.Seq[positions.Move], error) {
	n, k := state(c)
	wins := classical.FibonacciNimWinning(n, k)
	move := func(take int) positions.Move {
		next := n - take
		if take <= next/2 {
			next = 2 * take // the most the next move may take, at most what is left
		}
		return positions.Move{Take: take, Leave: []int{n - take}, To: &[2]int{n - take, next},
			Text: fmt.Sprintf("take %d from %d, leaving %d with at most %d to take", take, n, n-take, next)}
	}
	return func(yield func(positions.Move) bool) {
		if target == 0 {
			for _, take := range wins {
				if !yield(move(take)) {
					return
				}
			}
			return
		}
		for take := 1; take <= k; take++ {
			if !slices.Contains(wins, take) && !yield(move(take)) {
				return
			}
		}
	}, nil
}
