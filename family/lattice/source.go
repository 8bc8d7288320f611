package lattice

import (
	"context"
	"fmt"
	"iter"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/classical"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/positions"
	"github.com/sgtab/sgtab/rules"
)

// Source returns the source of points of g's board: its stored table f,
// or, when f is nil, its board computed.
func (Family) Source(g rules.Game, f *export.File, name string) (positions.Source, error) {
	var t *sg.LatticeTable
	if f != nil {
		t = f.Lattice
	}
	var next func(x, y int) [][2]int
	if g.Kind() == rules.KindLattice {
		next = func(x, y int) [][2]int { return compute.LatticeMoves(g.Lattice, x, y) }
	}
	return NewBoard(name, g, t, func(ctx context.Context, opt sg.Options) (*sg.LatticeTable, error) {
		return compute.Lattice(ctx, g, opt)
	}, next), nil
}

// NewBoard returns the source of the points of the board of the game g: a
// token on (x, y), of value t.At(x, y), moved to the points next(x, y)
// (nil when the game's moves are not known). The table t is stored, or
// when nil, computed by solve. name names the source in messages: its
// config's or table's path. A lattice game's board, and Euclid's game's
// (package family/state).
//
// A game a classical theorem solves (classical.Of: Wythoff's,
// Euclid's) is answered by the theorem beyond the board, alone in its
// position: who wins, and the winning moves, at any point below 2⁶³
// (the board bounds the table, not the game: a move never leaves it). The
// board is then computed only when a point asked may lie on it.
func NewBoard(name string, g rules.Game, t *sg.LatticeTable, solve func(context.Context, sg.Options) (*sg.LatticeTable, error), next func(x, y int) [][2]int) positions.Source {
	return &board{name: name, game: g, table: t, solve: solve, next: next, classical: classical.Of(g)}
}

type board struct {
	name      string
	game      rules.Game
	table     *sg.LatticeTable
	solve     func(ctx context.Context, opt sg.Options) (*sg.LatticeTable, error)
	next      func(x, y int) [][2]int
	classical *classical.Theorem
}

// Game returns the game.
func (b *board) Game() rules.Game { return b.game }

// Prepare computes the board when it is not stored, unless every point
// asked (need, the largest x) lies beyond it and a theorem answers them.
func (b *board) Prepare(ctx context.Context, need int) error {
	return b.PrepareMetered(ctx, need, 0, family.NoMeter)
}

// computes reports whether Prepare(need) computes the board.
func (b *board) computes(need int) bool {
	return b.table == nil && (b.classical == nil || need < b.width())
}

// PrepareCost is the cost of the game's board (its family's Cost), when
// Prepare computes it.
func (b *board) PrepareCost(need, workers int) family.Cost {
	if !b.computes(need) {
		return family.Cost{}
	}
	f := family.MustFor(b.game)
	c := f.Cost(b.game, workers)
	c.What = b.name + ": " + c.What
	c.Work = f.Work(b.game)
	return c
}

// PrepareMetered is Prepare on workers goroutines, counting the points it
// computes on m.
func (b *board) PrepareMetered(ctx context.Context, need, workers int, m family.Meter) error {
	if !b.computes(need) {
		return nil
	}
	t, err := b.solve(ctx, sg.Options{Workers: workers, Progress: m.Add})
	b.table = t
	return err
}

// width returns the width of the board, stored or to compute.
func (b *board) width() int {
	switch {
	case b.table != nil:
		return b.table.W
	case b.game.Lattice != nil:
		return b.game.Lattice.Size[0]
	}
	return b.game.Heaps + 1 // Euclid's game: 0..heaps
}

// onBoard reports whether c is a point of the board at hand.
func (b *board) onBoard(c positions.Component) bool {
	return b.table != nil && c.X < b.table.W && c.Y < b.table.H
}

// Check refuses a heap, and a point off the board, unless a theorem
// answers it alone; any point of the board may be part of a sum.
func (b *board) Check(c positions.Component, sum bool) error {
	switch {
	case b.next == nil:
		return fmt.Errorf("%s: the table does not say the game's moves (its sgtab.config has no lattice game named %s)", b.name, b.game.Name)
	case !c.Point:
		return fmt.Errorf("%s is a lattice game: give a point x,y, not heap %d", b.name, c.N)
	case b.onBoard(c):
		return nil
	case b.classical == nil:
		return fmt.Errorf("point (%d, %d) is off the %s board of %s", c.X, c.Y, b.size(), b.name)
	case sum && b.table == nil:
		return fmt.Errorf("point (%d, %d) of %s in a sum: a sum needs SG values, from its board, which is not computed when a point asked lies beyond it (%s says who wins there, not the SG value): ask the points beyond the board alone",
			c.X, c.Y, b.name, b.classical.Theorem)
	case sum:
		return fmt.Errorf("point (%d, %d) is off the %s board of %s: %s says who wins there, not the SG value a sum needs; ask it alone",
			c.X, c.Y, b.size(), b.name, b.classical.Theorem)
	}
	return nil
}

// size writes the board's size, W×H.
func (b *board) size() string {
	if b.table != nil {
		return fmt.Sprintf("%d×%d", b.table.W, b.table.H)
	}
	return fmt.Sprintf("%d×%d", b.width(), b.width())
}

// Value returns the value of the point: from the board, or beyond it the
// outcome the theorem gives (1 when the player to move wins).
func (b *board) Value(c positions.Component) (uint64, bool) {
	if b.onBoard(c) {
		return uint64(b.table.At(c.X, c.Y)), false
	}
	if b.classical.Lost(c.X, c.Y) {
		return 0, false
	}
	return 1, false
}

// Proof names the theorem that answers a point beyond the board (its
// outcome only); a point of the board is answered from its value.
func (b *board) Proof(c positions.Component) (string, bool) {
	if b.onBoard(c) || b.classical == nil {
		return "", false
	}
	return b.classical.String(), true
}

// Work returns a bound on the moves of the point: one a step towards the
// corner, or the theorem's few.
func (b *board) Work(c positions.Component) float64 {
	if !b.onBoard(c) {
		return 3
	}
	return float64(c.X+c.Y) + 1
}

// Moves returns the moves of the point to a point of value target: on
// the board, by its values; beyond it, the theorem's winning moves, to
// lost points (target 0: a point answered alone, by its outcome, is asked
// for no other).
func (b *board) Moves(c positions.Component, target uint64) (iter.Seq[positions.Move], error) {
	var tos [][2]int
	switch {
	case b.onBoard(c):
		tos = b.next(c.X, c.Y)
	case target == 0:
		tos = b.classical.Winning(c.X, c.Y)
	}
	return func(yield func(positions.Move) bool) {
		for _, to := range tos {
			if b.onBoard(c) && uint64(b.table.At(to[0], to[1])) != target {
				continue
			}
			if !yield(positions.Move{Leave: []int{}, To: &to, Text: fmt.Sprintf("move from (%d, %d) to (%d, %d)", c.X, c.Y, to[0], to[1])}) {
				return
			}
		}
	}, nil
}
