package classical

import "github.com/sgtab/sgtab/rules"

// A Theorem is a classical theorem that solves a game outright: it says
// who wins every position, and how, at any size, with no table. sgtab
// applies one only to a game whose rule is exactly the theorem's game
// (Of); a variant is not recognised, and its table's patterns are
// at most observed (sg.FindPairs).
type Theorem struct {
	// Theorem names the theorem, Source where it was proved, Rule what it
	// says of the game's positions.
	Theorem string `json:"theorem"`
	Source  string `json:"source"`
	Rule    string `json:"rule"`
	// Lost and Winning answer a point (x, y) of a game whose positions
	// are pairs (Wythoff's, Euclid's): whether the player to move loses,
	// and the points the winning moves lead to (none when lost). Nil for
	// Fibonacci Nim, whose states FibonacciNimWins answers.
	Lost    func(x, y int) bool     `json:"-"`
	Winning func(x, y int) [][2]int `json:"-"`
}

// String names the theorem with its source, as outputs cite it.
func (c *Theorem) String() string { return c.Theorem + " (" + c.Source + ")" }

// The classical theorems sgtab recognises.
var (
	wythoffTheorem = &Theorem{
		Theorem: "Wythoff's theorem",
		Source:  "W. A. Wythoff, Nieuw Archief voor Wiskunde 7, 1907",
		Rule:    "the player to move loses exactly at (⌊kφ⌋, ⌊kφ⌋ + k) and (⌊kφ⌋ + k, ⌊kφ⌋), k ≥ 0, φ = (1 + √5)/2",
		Lost:    WythoffLost,
		Winning: WythoffWinning,
	}
	euclidTheorem = &Theorem{
		Theorem: "Cole and Davie's theorem",
		Source:  "A. J. Cole and A. J. T. Davie, Math. Gazette 53, 1969",
		Rule: "with x ≥ y > 0, the player to move wins at the first step of the Euclidean algorithm " +
			"where x = y or x ≥ 2y, and the outcome flips at each step before it (lost exactly when y < x < φy); " +
			"a pair with a zero is lost",
		Lost:    func(x, y int) bool { return !EuclidWins(x, y) },
		Winning: EuclidWinning,
	}
	fibonacciTheorem = &Theorem{
		Theorem: "Whinihan's theorem",
		Source:  "M. J. Whinihan, Fibonacci Quarterly 1, 1963, with Zeckendorf's theorem",
		Rule: "from n tokens, at most k to take, the player to move loses exactly when k is less than the smallest term " +
			"of n's Zeckendorf sum, and wins by taking it: a starting heap N is lost exactly when N is a Fibonacci number",
	}
)

// Of returns the classical theorem that solves the game g, or nil
// when none does: Wythoff's game (a lattice game whose moves are exactly
// Wythoff's, however its steps are written: IsWythoff), Euclid's game and
// Fibonacci Nim (the built-in games).
func Of(g rules.Game) *Theorem {
	switch {
	case g.Kind() == rules.KindLattice && IsWythoff(g.Lattice):
		return wythoffTheorem
	case g.Kind() == rules.KindState && g.State == "euclid":
		return euclidTheorem
	case g.Kind() == rules.KindState && g.State == "fibonacci-nim":
		return fibonacciTheorem
	}
	return nil
}

// IsWythoff reports whether the moves of the lattice l are exactly those
// of Wythoff's game, {(−k, 0), (0, −k), (−k, −k) : k ≥ 1}, on an
// unbounded board (the board only bounds the table). A step leads to its
// multiples when it repeats and to itself when not, so the moves are
// Wythoff's exactly when every step is a multiple of one of (−1, 0),
// (0, −1), (−1, −1), and each of the three is a repeating step itself: a
// multiple k·u is then a move for every k, and without the repeating unit
// step u, moves along u reach only finitely many k not divisible by one
// of finitely many numbers > 1 (k ≡ 1 modulo their product escapes them).
// (−2, −2) repeating beside Wythoff's steps adds nothing; (−1, −1) not
// repeating, or an extra (−1, −2), makes another game.
func IsWythoff(l *rules.Lattice) bool {
	if l == nil {
		return false
	}
	var unit [3]bool // (−1, 0), (0, −1), (−1, −1) repeating
	for _, s := range l.Steps {
		dx, dy := s.D[0], s.D[1]
		var dir, mult int
		switch {
		case dy == 0 && dx < 0:
			dir, mult = 0, -dx
		case dx == 0 && dy < 0:
			dir, mult = 1, -dy
		case dx == dy && dx < 0:
			dir, mult = 2, -dx
		default:
			return false
		}
		if mult == 1 && s.Repeat {
			unit[dir] = true
		}
	}
	return unit[0] && unit[1] && unit[2]
}
