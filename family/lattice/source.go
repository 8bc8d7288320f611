package lattice

import (
	"context"
	"fmt"
	"iter"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/positions"
	"github.com/sgtab/sgtab/rules"
)

// Source returns the source of points of g's board: its stored table f,
// or, when f is nil, its board computed.
func (Family) Source(g rules.Game, f *export.File, name string) (positions.Source, error) {
	var t *compute.LatticeTable
	if f != nil {
		t = f.Lattice
	}
	var next func(x, y int) [][2]int
	if g.Kind() == rules.KindLattice {
		next = func(x, y int) [][2]int { return compute.LatticeMoves(g.Lattice, x, y) }
	}
	return NewBoard(name, g, t, func(ctx context.Context) (*compute.LatticeTable, error) {
		return compute.Lattice(ctx, g, compute.Options{})
	}, next), nil
}

// NewBoard returns the source of the points of the board of the game g: a
// token on (x, y), of value t.At(x, y), moved to the points next(x, y)
// (nil when the game's moves are not known). The table t is stored, or
// when nil, computed by solve. name names the source in messages: its
// config's or table's path. A lattice game's board, and Euclid's game's
// (package family/state).
func NewBoard(name string, g rules.Game, t *compute.LatticeTable, solve func(context.Context) (*compute.LatticeTable, error), next func(x, y int) [][2]int) positions.Source {
	return &board{name: name, game: g, table: t, solve: solve, next: next}
}

type board struct {
	name  string
	game  rules.Game
	table *compute.LatticeTable
	solve func(ctx context.Context) (*compute.LatticeTable, error)
	next  func(x, y int) [][2]int
}

// Game returns the game.
func (b *board) Game() rules.Game { return b.game }

// Prepare computes the board when it is not stored.
func (b *board) Prepare(ctx context.Context, need int) error {
	if b.table != nil {
		return nil
	}
	t, err := b.solve(ctx)
	b.table = t
	return err
}

// Check refuses a heap, and a point off the board; any point may be part
// of a sum.
func (b *board) Check(c positions.Component, sum bool) error {
	switch {
	case b.next == nil:
		return fmt.Errorf("%s: the table does not say the game's moves (its sgtab.config has no lattice game named %s)", b.name, b.game.Name)
	case !c.Point:
		return fmt.Errorf("%s is a lattice game: give a point x,y, not heap %d", b.name, c.N)
	case c.X >= b.table.W || c.Y >= b.table.H:
		return fmt.Errorf("point (%d, %d) is off the %d×%d board of %s", c.X, c.Y, b.table.W, b.table.H, b.name)
	}
	return nil
}

// Value returns the value of the point.
func (b *board) Value(c positions.Component) (uint64, bool) {
	return uint64(b.table.At(c.X, c.Y)), false
}

// Work returns a bound on the moves of the point: one a step towards the
// corner.
func (b *board) Work(c positions.Component) float64 { return float64(c.X+c.Y) + 1 }

// Moves returns the moves of the point to a point of value target.
func (b *board) Moves(c positions.Component, target uint64) (iter.Seq[positions.Move], error) {
	tos := b.next(c.X, c.Y)
	return func(yield func(positions.Move) bool) {
		for _, to := range tos {
			if uint64(b.table.At(to[0], to[1])) == target && !yield(positions.Move{Leave: []int{}, To: &to,
				Text: fmt.Sprintf("move from (%d, %d) to (%d, %d)", c.X, c.Y, to[0], to[1])}) {
				return
			}
		}
	}, nil
}
