package graphgame

// GridGeography reports whether the player to move wins vertex geography
// (see Geography) on the n×m board from the square in row i and column j
// (from 0), the board's squares being joined to their orthogonal
// neighbours, and returns the winning moves, as squares {row, column}. It
// answers from the board's size alone, in O(1), by this theorem:
//
// The mover wins exactly when n·m is even, or i + j is odd.
//
// Proof. Colour the squares by the parity of i + j; every edge joins two
// colours. By Geography's rule the mover wins from v exactly when every
// maximum matching (domino tiling of part of the board) covers v.
//   - n·m even: the board is tiled by dominoes (along a side of even
//     length), a perfect matching, which covers every square.
//   - n·m odd: the even squares outnumber the odd ones by one, so a
//     maximum matching has (n·m − 1)/2 dominoes, each covering one odd
//     square: it covers every odd square, and the mover wins from each.
//     An even square s is left uncovered by some maximum matching, as the
//     board without s is tiled: while s is not in the top two rows, tile
//     those with vertical dominoes (a 2×m strip) and drop them; likewise
//     the bottom two rows and the two leftmost and rightmost columns
//     (strips of height 1 or 3 and width 2: horizontal dominoes). What is
//     left is s alone (i and j even), or the 3×3 board with s at its
//     centre (i and j odd), whose other 8 squares form a cycle, tiled.
//
// The winning moves, to a neighbour u that some maximum matching of the
// board without v leaves exposed: on an odd board from an odd square v,
// every neighbour u (tile the board without u, an even square; drop the
// domino on v: a maximum matching without v that exposes u); on an even
// board of at least two rows and columns, every neighbour (such a board
// has a Hamiltonian cycle, so by Gomory's theorem it is tiled without any
// two squares of opposite colours, such as v and u); on a single row or
// column of even length, only the square v shares a domino with in the
// tiling from its end (the path without v and the other neighbour leaves
// an odd piece, whose every maximum matching covers that neighbour).
// The tests check all of it against Geography on every board up to 30×30.
func GridGeography(n, m, i, j int) (win bool, moves [][2]int) {
	if n%2 == 1 && m%2 == 1 && (i+j)%2 == 0 {
		return false, nil
	}
	if n == 1 || m == 1 {
		k, along := j, func(k int) [2]int { return [2]int{0, k} }
		if m == 1 {
			k, along = i, func(k int) [2]int { return [2]int{k, 0} }
		}
		if n*m%2 == 0 {
			return true, [][2]int{along(k ^ 1)}
		}
		return true, [][2]int{along(k - 1), along(k + 1)}
	}
	for _, d := range [][2]int{{-1, 0}, {0, -1}, {0, 1}, {1, 0}} {
		if a, b := i+d[0], j+d[1]; a >= 0 && a < n && b >= 0 && b < m {
			moves = append(moves, [2]int{a, b})
		}
	}
	return true, moves
}
