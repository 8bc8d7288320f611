package rules

import "fmt"

// A Game is one validated game of a config file: its name, its canonical
// move table and how many heap sizes to compute. It is of one Kind, which
// says which of its parts are used; what its methods Key, RuleText,
// TableText, Memory and HoldsOutcomes say depends on the kind, and comes
// from the kind's entry of kindTable.
type Game struct {
	Name  string
	Rule  Rule
	Start Start
	// Heaps is N: the table holds SG(0..N).
	Heaps int
	// Config is the YAML text of the file the game came from, File its path
	// and Line and Col where the game's definition starts.
	Config    string
	File      string
	Line, Col int
	// Lattice, when not nil, makes this a game on a board of points
	// rather than on heaps: Rule, Start and Heaps are then unused.
	Lattice *Lattice
	// Misere is misère play: whoever makes the last move loses. Only for a
	// line start; the table then holds outcomes, not SG values, and the
	// genus of each heap (see compute.Sequence).
	Misere bool
	// State, when not empty, names a built-in game (one of StateGames)
	// whose positions are states that no move table describes; Heaps is
	// then the size of its table (see classical.Solve).
	State string
	// Graph, when not nil, makes this a game played on a finite directed
	// graph: a token on a node moves along an edge. Rule, Start and Heaps
	// are then unused.
	Graph *GraphSpec
	// Script, when not nil, makes this a game whose positions and moves
	// a Starlark program states; Heaps is then the largest parameter n
	// of its start(n).
	Script *Script
}

// Key returns a canonical identity of the game's moves, equal for two games
// exactly when they allow the same moves: e.g. "line:0.77", "misere:0.333",
// "state:euclid", or for a lattice game "lattice:(-1,0)* (0,-1)* on 10×10".
func (g Game) Key() string { return rulesOf(g.Kind()).key(g) }

// RuleText returns the game's moves as tables and summaries write them:
// the code of its move table ("0.77"), the lattice's steps, "state:NAME"
// for a built-in game, or "graph:" and the graph in a few words.
func (g Game) RuleText() string { return rulesOf(g.Kind()).ruleText(g) }

// TableText says what the game's table holds: "SG(0..1000)", "outcomes of
// 0..1000", "SG(x, y) for 10×10 points", "SG(x, y) for 0 ≤ x, y ≤ 300"
// (Euclid's game) or "SG of every node".
func (g Game) TableText() string { return rulesOf(g.Kind()).tableText(g) }

// Memory returns the least bytes the computation of the game's table
// takes, as this package estimates it before computing (a config's games
// were checked against the memory available when read, see CheckMemory),
// and false when it cannot tell: a game on a graph, whose size comes from
// its files.
func (g Game) Memory() (int64, bool) {
	if m := rulesOf(g.Kind()).memory; m != nil {
		return m(g), true
	}
	return 0, false
}

// HoldsOutcomes reports whether the game's table holds outcomes rather
// than SG values: 1 when the player to move wins, 0 when that player loses.
// So do misère games (whose outcomes of sums the genera of the heaps tell
// only in part, see misere.Search) and Fibonacci Nim (whose moves depend on the
// last move, so positions do not add up as heaps).
func (g Game) HoldsOutcomes() bool {
	outcomes := rulesOf(g.Kind()).outcomes
	return g.Misere || outcomes != nil && outcomes(g)
}

// Quantity names what the game's table holds: "outcome" or "SG".
func (g Game) Quantity() string {
	if g.HoldsOutcomes() {
		return "outcome"
	}
	return "SG"
}

// sizeText says what a table of SG values or outcomes of 0..heaps holds.
func sizeText(heaps int, outcomes bool) string {
	if outcomes {
		return fmt.Sprintf("outcomes of 0..%d", heaps)
	}
	return fmt.Sprintf("SG(0..%d)", heaps)
}
