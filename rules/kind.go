package rules

// A Kind is a family of games: what its positions are and how a config
// describes them. Every game is of one kind, which Game.Kind tells; each
// kind has its own keys in a config, its own engine and its own table.
type Kind string

// The kinds of game.
const (
	// KindHeap: sums of heaps of tokens under a move table (Rule), on a
	// line or starting on a ring, in normal or misère play.
	KindHeap Kind = "heap"
	// KindLattice: a token on the points of a board, moved by vectors
	// (Lattice).
	KindLattice Kind = "lattice"
	// KindState: a built-in game whose positions are states no move
	// table describes (State: Fibonacci Nim, Euclid's game).
	KindState Kind = "state"
	// KindGraph: tokens on the nodes of a finite directed graph (Graph).
	KindGraph Kind = "graph"
)

// Kinds lists every kind of game.
var Kinds = []Kind{KindHeap, KindLattice, KindState, KindGraph}

// Kind returns the game's kind. It is the one place that tells the kinds
// apart by which of Game's optional parts is set: every other place asks
// Kind.
func (g Game) Kind() Kind {
	switch {
	case g.Lattice != nil:
		return KindLattice
	case g.State != "":
		return KindState
	case g.Graph != nil:
		return KindGraph
	}
	return KindHeap
}
