package positions

import (
	"context"
	"io"
	"iter"

	"github.com/sgtab/sgtab/rules"
)

// A Source is one game whose positions' components it values and moves:
// computed from the game's config as far as asked, or read from a stored
// table (see the package documentation).
type Source interface {
	// Game returns the game: its name, and whether it is played misère
	// or its values are outcomes (rules.Game.HoldsOutcomes).
	Game() rules.Game

	// Prepare reads or computes what the source needs to answer every
	// component up to need (a heap's size, a point's x), or says why it
	// cannot. The other methods may be called after it succeeds.
	Prepare(ctx context.Context, need int) error

	// Check reports whether c is a component of the game, and, when sum
	// is set, whether it may be one of a sum of several (a misère game's
	// outcome decides nothing of a sum).
	Check(c Component, sum bool) error

	// Value returns the value of c (an outcome when Game holds outcomes:
	// 1 when the player to move wins), and whether it comes from a proved
	// period beyond the values computed or stored.
	Value(c Component) (v uint64, fromPeriod bool)

	// Work returns about how many steps listing or counting the moves of
	// c takes.
	Work(c Component) float64

	// Moves returns the moves of c to an option of value target, in
	// order, one at a time as they are found. Their Heap is left 0.
	Moves(c Component, target uint64) (iter.Seq[Move], error)
}

// A Counter is a Source that counts the moves of a component to an option
// of value target without listing them one by one (a heap's two-heap
// splits a residue class of a proved period at a time).
type Counter interface {
	Count(c Component, target uint64) (int64, error)
}

// A Component is one part of a position: a heap of N tokens, or a point
// (X, Y) — of a board, or a Fibonacci Nim state (X tokens, at most Y of
// them to take).
type Component struct {
	N     int
	X, Y  int
	Point bool
}

// size returns how far a source must answer to answer c: the heap's size,
// or the point's x.
func (c Component) size() int {
	if c.Point {
		return c.X
	}
	return c.N
}

// A Move is a winning move of a position, as an answer lists it: on its
// Heap-th component (from 1), taking Take tokens and leaving the heaps
// Leave, or moving to the point To; Text says it in words.
type Move struct {
	Heap  int     `json:"heap"`
	Take  int     `json:"take"`
	Leave []int   `json:"leave"`
	To    *[2]int `json:"to,omitempty"`
	Text  string  `json:"text"`
}

// A Whole is a Source that answers whole positions in a shape of its own
// rather than as sums of components: a game on a graph, whose positions
// are tokens on its nodes, or cards on them.
type Whole interface {
	// Whole prepares the source to answer positions read as shape, and
	// returns their answerer.
	Whole(ctx context.Context, shape Shape) (Answerer, error)
}

// A Shape is how the words of a whole position are read.
type Shape int

const (
	// AsTokens: a token on each node named, each moved on its own, so
	// that the position is the sum of its tokens' games (see Tokens).
	AsTokens Shape = iota
	// AsStaircase: cards on the nodes, a move taking any number of them
	// from one node to one successor (see Staircase).
	AsStaircase
)

// An Answerer answers one whole position, given as the words of its line,
// listing at most limit of its winning moves (all when limit < 0); its
// error says what is wrong with the words.
type Answerer func(words []string, limit int) (Reply, error)

// A Reply is the answer to a whole position: written as JSON as it is
// (encoding/json), and for a reader by Text, with the winning moves listed
// unless countOnly is set.
type Reply interface {
	Text(w io.Writer, countOnly bool)
}
