package classical

import (
	"context"
	"math"
	"time"
)

// euclid is Euclid's game: a state is a pair of numbers; a move subtracts a
// positive multiple of the smaller from the larger, leaving it at least 0;
// a pair with a zero has no move, so whoever makes a zero wins. Its table
// is SG(x, y) for 0 ≤ x, y ≤ n, by a memoised search over the pairs.
//
// Known result (Cole and Davie, "A game based on the Euclidean algorithm
// and a winning strategy for it", Math. Gazette 53 (1969)): with x ≥ y > 0,
// the player to move loses exactly when y < x < φ·y, φ the golden ratio.
type euclid struct{}

// EuclidMoves returns the pairs one move of Euclid's game leads to from
// (x, y): the larger less a positive multiple of the smaller, at least 0,
// in the order of (x, y).
func EuclidMoves(x, y int) [][2]int {
	var out [][2]int
	if x == 0 || y == 0 {
		return nil
	}
	if x >= y {
		for r := x - y; r >= 0; r -= y {
			out = append(out, [2]int{r, y})
		}
	} else {
		for r := y - x; r >= 0; r -= x {
			out = append(out, [2]int{x, r})
		}
	}
	return out
}

// MemoLookupsPerSecond is about how many memo lookups a second the search
// over Euclid's pairs makes, with the moves and sets it builds (measured on
// a 2-core x86-64 machine at n = 2000 and 4000: 0.11 to 0.13 µs each,
// growing with the memo).
const MemoLookupsPerSecond = 8e6

// cost is about how long the table of Euclid's game to n takes: every pair
// (x, y), x ≥ y, is searched once, and looks up each of its x/y options,
// (n+1)²·ln(n+1)/2 lookups in all, and each point of the board looks its
// pair up once more: about (n+1)²·ln(n+1).
func (euclid) cost(n int) time.Duration {
	x := float64(n + 1)
	return time.Duration(min(x*x*math.Log(x)/MemoLookupsPerSecond, 1e9) * float64(time.Second))
}

func (euclid) positions(n int) int64 { return int64(n+1) * int64(n+1) }

func (euclid) solve(ctx context.Context, n int, progress func(int64)) ([]uint32, *grid, error) {
	moves := func(s [2]int) [][2]int {
		out := EuclidMoves(s[0], s[1])
		for i, o := range out {
			out[i] = [2]int{max(o[0], o[1]), min(o[0], o[1])}
		}
		return out
	}
	memo := map[[2]int]uint32{}
	g := &grid{w: n + 1, h: n + 1, v: make([]uint32, (n+1)*(n+1))}
	for y := 0; y <= n; y++ {
		for x := 0; x <= n; x++ {
			v, err := searchSG(ctx, [2]int{max(x, y), min(x, y)}, moves, memo)
			if err != nil {
				return nil, nil, err
			}
			g.v[y*g.w+x] = v
		}
		if progress != nil {
			progress(int64(g.w)) // a row
		}
	}
	return nil, g, nil
}
