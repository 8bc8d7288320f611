package state

import (
	"math"
	"slices"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/positions"
	"github.com/sgtab/sgtab/rules"
)

// answer answers the position of the one component c of the prepared
// source src, with every winning move listed.
func answer(t *testing.T, src positions.Source, c positions.Component) positions.Answer {
	t.Helper()
	pos := positions.Position{{Ref: &positions.Ref{Name: src.Game().Name, Source: src}, Component: c}}
	if err := positions.Check(pos); err != nil {
		t.Fatal(err)
	}
	a, err := positions.Solve(pos)
	if err != nil {
		t.Fatal(err)
	}
	a.WinningMoves = slices.Collect(positions.WinningMoves(pos, a))
	return a
}

// source returns the prepared source of the built-in game g, computed.
func source(t *testing.T, g rules.Game, need int) positions.Source {
	t.Helper()
	src, err := Family{}.Source(g, nil, g.Name)
	if err != nil {
		t.Fatal(err)
	}
	if err := src.Prepare(t.Context(), need); err != nil {
		t.Fatal(err)
	}
	return src
}

// TestEuclidAnswers checks the answers on Euclid's game against Cole and
// Davie's rule (x ≥ y > 0 is lost exactly when x < φ·y; a zero is lost):
// who wins, and that the winning moves are exactly the moves to lost pairs.
func TestEuclidAnswers(t *testing.T) {
	src := source(t, rules.Game{Name: "euclid", State: "euclid", Heaps: 60}, 60)
	phi := (1 + math.Sqrt(5)) / 2
	lost := func(x, y int) bool {
		a, b := max(x, y), min(x, y)
		return b == 0 || b < a && float64(a) < phi*float64(b)
	}
	for y := 0; y <= 60; y++ {
		for x := 0; x <= 60; x++ {
			a := answer(t, src, positions.Component{X: x, Y: y, Point: true})
			if a.FirstPlayerWins == lost(x, y) {
				t.Fatalf("(%d, %d): first player wins %v", x, y, a.FirstPlayerWins)
			}
			want := 0
			for _, to := range compute.EuclidMoves(x, y) {
				if lost(to[0], to[1]) {
					want++
				}
			}
			for _, m := range a.WinningMoves {
				if !lost(m.To[0], m.To[1]) {
					t.Fatalf("(%d, %d): the winning move to %v leaves a won pair", x, y, *m.To)
				}
			}
			if a.Count != int64(want) {
				t.Fatalf("(%d, %d): %d winning moves, want %d", x, y, a.Count, want)
			}
		}
	}
}

// TestFibonacciAnswers checks the answers on Fibonacci Nim against a
// direct search of the states (heap, most the next move may take): from a
// starting heap (the first move takes all but one at most) and from states
// in play, who wins and exactly which takes win.
func TestFibonacciAnswers(t *testing.T) {
	src := source(t, rules.Game{Name: "fib", State: "fibonacci-nim"}, 70)
	memo := map[[2]int]bool{}
	var wins func(n, k int) bool
	wins = func(n, k int) bool {
		k = min(k, n)
		if w, ok := memo[[2]int{n, k}]; ok {
			return w
		}
		w := false
		for take := 1; take <= k && !w; take++ {
			w = !wins(n-take, 2*take)
		}
		memo[[2]int{n, k}] = w
		return w
	}
	for n := 1; n <= 70; n++ {
		for k := 0; k <= n; k++ {
			c, kk := positions.Component{N: n}, n-1 // a starting heap: k = n−1
			if k > 0 {
				c, kk = positions.Component{X: n, Y: k, Point: true}, k
			}
			a := answer(t, src, c)
			if a.FirstPlayerWins != wins(n, kk) {
				t.Fatalf("heap %d, at most %d: first player wins %v", n, kk, a.FirstPlayerWins)
			}
			var want, got []int
			for take := 1; take <= min(kk, n); take++ {
				if !wins(n-take, 2*take) {
					want = append(want, take)
				}
			}
			for _, m := range a.WinningMoves {
				got = append(got, m.Take)
			}
			if a.FirstPlayerWins && !slices.Equal(got, want) {
				t.Fatalf("heap %d, at most %d: winning takes %v, the search finds %v", n, kk, got, want)
			}
		}
	}
}
