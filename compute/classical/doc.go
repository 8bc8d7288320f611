// Package classical computes the built-in games and answers the games a
// classical theorem solves. State and Solve compute the table of a
// built-in game (rules.State: Fibonacci Nim, whose states are a heap and
// the most its player may take, and Euclid's game on pairs of numbers) by
// memoised search of its states, with StateEstimate saying beforehand how
// long that takes.
//
// Some games are solved outright by a classical theorem, at any size and
// with no table: Of recognises them from the canonical rule (not
// the name) — Wythoff's game (a lattice game whose moves are exactly
// Wythoff's, IsWythoff), Euclid's game and Fibonacci Nim (the built-in
// games) — and names the theorem and its source. Their answers are exact
// integer arithmetic, O(1) or O(log n) for any position below 2⁶³:
// Wythoff's theorem (1907) by ⌊kφ⌋ = ⌊(k + ⌊√(5k²)⌋)/2⌋ with a 128-bit
// square root (WythoffLost, WythoffPartner, WythoffWinning); Cole and
// Davie's (1969) by the Euclidean algorithm's steps (EuclidWins,
// EuclidWinning); Whinihan's (1963) by Zeckendorf sums (Zeckendorf,
// FibonacciNimWins, FibonacciNimWinning). A variant of them (another step,
// a step that does not repeat) is another game: its table's pattern is only
// observed, never proved. sg.FindPairs observes it for a lattice game whose lost
// points pair the numbers off, as Wythoff's do (every lattice table carries
// it, sg.LatticeTable.Pairs): the rows the board shows whole, the pairs, whether
// they are Beatty sequences ⌊kα⌋, ⌊kβ⌋ and for which α and β (an interval of
// rationals, and the continued fraction it fixes), and the beams — clusters
// of the ratio b/a — the later pairs lie along.
package classical
