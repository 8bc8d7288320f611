package classical

// Euclid's game solved by Cole and Davie's theorem (A. J. Cole and A. J.
// T. Davie, "A game based on the Euclidean algorithm and a winning
// strategy for it", Math. Gazette 53 (1969)). With a ≥ b > 0:
//
//   - a = b or a ≥ 2b: the player to move wins. From a = qb + r, the
//     moves lead to (b, r) and to (b + r, b), whose only move leads to
//     (b, r) (b < b + r < 2b); one of the two is lost, whatever (b, r) is
//     (r = 0: (b, 0) is lost, the zero made);
//   - b < a < 2b: the only move leads to (b, a − b), so the outcome is the
//     opposite of that pair's.
//
// So the winner is decided at the first step of the Euclidean algorithm
// where a = b or a ≥ 2b, flipped once for each forced step before it:
// O(log min(a, b)) steps, the pairs shrinking as Fibonacci numbers at the
// slowest. (Equivalently, the player to move loses exactly when
// b < a < φb; the recursion needs no φ.)

// EuclidWins reports whether the player to move wins the pair (x, y) of
// Euclid's game (whoever makes a zero wins; a pair with a zero has no
// move); x, y ≥ 0.
func EuclidWins(x, y int) bool {
	a, b := max(x, y), min(x, y)
	forced := false // an odd number of forced steps so far
	for b > 0 {
		if a == b || a/b >= 2 {
			return !forced
		}
		a, b = b, a-b
		forced = !forced
	}
	return forced // the player to move at (a, 0) loses
}

// EuclidWinning returns the winning move of Euclid's game from (x, y), as
// the pair it leads to in the order of (x, y) (the larger less a multiple
// of the smaller), or nil when the player to move loses. A won pair has
// exactly one winning move (see above: of the moves to (b, r) and
// (b + r, b), exactly one is lost; the others leave a ≥ 2b).
func EuclidWinning(x, y int) [][2]int {
	if !EuclidWins(x, y) {
		return nil
	}
	a, b := max(x, y), min(x, y)
	r := a % b
	to := r // to (b, r): r = 0 makes the zero, and b < a < 2b has no other move
	if r > 0 && a/b >= 2 && EuclidWins(b, r) {
		to = b + r // (b, r) is won, so (b + r, b) is lost
	}
	if x >= y {
		return [][2]int{{to, y}}
	}
	return [][2]int{{x, to}}
}
