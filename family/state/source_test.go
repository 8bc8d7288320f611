package state

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute/classical"
	"github.com/sgtab/sgtab/compute/sg"
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
			for _, to := range classical.EuclidMoves(x, y) {
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

// TestEuclidBeyondByTheorem checks that Euclid's game is answered beyond
// its board by Cole and Davie's theorem: HDU 1525's sample (34 12: Stan,
// who moves first, wins; 15 24: Ollie wins) and pairs at the judge's
// maximum (2³¹ − 1) and near 2⁶³, with the one winning move and the
// theorem named; in a sum such a pair is refused (its SG value is not
// known).
func TestEuclidBeyondByTheorem(t *testing.T) {
	src := source(t, rules.Game{Name: "euclid", State: "euclid", Heaps: 10}, 34)
	var out []string
	for _, p := range [][2]int{{34, 12}, {15, 24}} {
		a := answer(t, src, positions.Component{X: p[0], Y: p[1], Point: true})
		out = append(out, map[bool]string{true: "Stan wins", false: "Ollie wins"}[a.FirstPlayerWins])
	}
	if got := strings.Join(out, "\n"); got != "Stan wins\nOllie wins" {
		t.Errorf("HDU 1525 sample: %q", got)
	}
	for _, tc := range []struct {
		x, y int
		wins bool
		to   [2]int
	}{
		{34, 12, true, [2]int{10, 12}},                                 // to 34 − 2·12 = 10, and 10 < 12 < φ·10: lost
		{2147483647, 1327217884, true, [2]int{820265763, 1327217884}},  // 2³¹ − 1 > φ·1327217884
		{2147483647, 1327217885, false, [2]int{}},                      // 2³¹ − 1 < φ·1327217885
		{2147483647, 2, true, [2]int{3, 2}},                            // (3, 2) has the one move to (1, 2)
		{math.MaxInt64, 5700357982895460409, false, [2]int{}},          // the forced steps decide
		{1836311903, 2971215073, true, [2]int{1836311903, 1134903170}}, // consecutive Fibonacci numbers
		{math.MaxInt64, math.MaxInt64, true, [2]int{0, math.MaxInt64}},
	} {
		a := answer(t, src, positions.Component{X: tc.x, Y: tc.y, Point: true})
		if a.FirstPlayerWins != tc.wins || len(a.ProvedBy) != 1 || !strings.HasPrefix(a.ProvedBy[0].Theorem, "Cole and Davie's theorem") {
			t.Errorf("(%d, %d): wins %v, proved by %v; want %v, by Cole and Davie's theorem", tc.x, tc.y, a.FirstPlayerWins, a.ProvedBy, tc.wins)
			continue
		}
		if tc.wins && (len(a.WinningMoves) != 1 || *a.WinningMoves[0].To != tc.to) {
			t.Errorf("(%d, %d): winning moves %v, want one to %v", tc.x, tc.y, a.WinningMoves, tc.to)
		}
	}
	far := positions.Component{X: 1 << 40, Y: 3, Point: true}
	if err := src.Check(far, true); err == nil || !strings.Contains(err.Error(), "a sum needs SG values") {
		t.Errorf("a pair beyond the board in a sum: %v", err)
	}
}

// TestFibonacciByTheorem checks Fibonacci Nim's answers by Whinihan's
// theorem, which need no table: HDU 2516's sample (2, 13: Second win;
// 10000: First win) and heaps at the judge's maximum (2³¹ − 1) and near
// 2⁶³, with the winning takes and the theorem named.
func TestFibonacciByTheorem(t *testing.T) {
	src := source(t, rules.Game{Name: "fib", State: "fibonacci-nim", Heaps: 10}, math.MaxInt64)
	var out []string
	for _, n := range []int{2, 13, 10000} {
		a := answer(t, src, positions.Component{N: n})
		out = append(out, map[bool]string{true: "First win", false: "Second win"}[a.FirstPlayerWins])
	}
	if got := strings.Join(out, "\n"); got != "Second win\nSecond win\nFirst win" {
		t.Errorf("HDU 2516 sample: %q", got)
	}
	for _, tc := range []struct {
		n     int
		takes []int
	}{
		// 2³¹ − 1 = 5 + 13 + 89 + … + 1836311903: the takes are the sums of its
		// smallest terms that the next term exceeds twice, from 5 on.
		{2147483647, []int{5, 18, 107, 717, 2314, 9079, 130472, 644701, 4169279, 43257448, 311171744}},
		{1836311903, nil}, // a Fibonacci number: lost
		{math.MaxInt64, []int{2, 20, 164, 1761, 8526, 26237, 297680, 1643949, 7346836, 46435005, 416683456, 8195425505,
			28560436579, 114828007851, 2619558789812, 9177029109654, 54122599322507, 362184120492636, 2473669198470686,
			162974313014837774, 1683258232108429378}},
		{7540113804746346429, nil}, // the largest Fibonacci number below 2⁶³
	} {
		a := answer(t, src, positions.Component{N: tc.n})
		var takes []int
		for _, m := range a.WinningMoves {
			takes = append(takes, m.Take)
		}
		if !slices.Equal(takes, tc.takes) || a.FirstPlayerWins != (tc.takes != nil) || len(a.ProvedBy) != 1 || !strings.HasPrefix(a.ProvedBy[0].Theorem, "Whinihan's theorem") {
			t.Errorf("heap %d: wins %v, takes %v, proved by %v; want takes %v, by Whinihan's theorem", tc.n, a.FirstPlayerWins, takes, a.ProvedBy, tc.takes)
		}
	}
}

// TestFibonacciLosing checks what a run reports of Fibonacci Nim's table:
// the losing heaps, and where a table fails Whinihan's theorem (one value
// changed).
func TestFibonacciLosing(t *testing.T) {
	tab, _, err := classical.Solve(t.Context(), rules.Game{Name: "fib", State: "fibonacci-nim", Heaps: 30})
	if err != nil {
		t.Fatal(err)
	}
	if losing, check := fibonacciLosing(tab); losing != "1, 2, 3, 5, 8, 13, 21" || check != "" {
		t.Errorf("losing heaps %q, check %q", losing, check)
	}
	g := tab.G.Uint32s()
	g[20] = 0 // 20 = 13 + 5 + 2 is won
	tab.G = sg.ValuesOf(g)
	if losing, check := fibonacciLosing(tab); losing != "1, 2, 3, 5, 8, 13, 20, 21" || check != "at heap 20" {
		t.Errorf("a changed table: losing heaps %q, check %q", losing, check)
	}
}
