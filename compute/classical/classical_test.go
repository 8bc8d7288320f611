package classical_test

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute/classical"
	"github.com/sgtab/sgtab/rules"
)

// The tests of this file check the classical theorems' answers against
// (a) brute force from each game's definition, (b) each contest problem's
// published formula, written here apart from sgtab's code and without
// floating point, over 10⁴ random inputs across the judge's whole range,
// and (c) the problems' sample data.

// wythoffBrute returns lost[x][y] of Wythoff's game on the board
// 0..n−1 × 0..n−1, from the definition: lost exactly when no move (take
// from one heap, or the same from both) leads to a lost point.
func wythoffBrute(n int) [][]bool {
	lost := make([][]bool, n)
	for x := range n {
		lost[x] = make([]bool, n)
		for y := range n {
			win := false
			for d := 1; d <= max(x, y) && !win; d++ {
				win = x >= d && lost[x-d][y] || y >= d && lost[x][y-d] || x >= d && y >= d && lost[x-d][y-d]
			}
			lost[x][y] = !win
		}
	}
	return lost
}

// wythoffJudge is the published rule of POJ 1067 / HDU 1527: with a ≤ b
// and k = b − a, the first player loses exactly when a = ⌊k·φ⌋, φ =
// (1 + √5)/2. a = ⌊kφ⌋ means 2a − k ≤ k√5 < 2a + 2 − k, decided here by
// squaring in math/big (k√5 is irrational for k ≥ 1).
func wythoffJudge(x, y int64) bool {
	a, b := min(x, y), max(x, y)
	k := big.NewInt(b - a)
	if k.Sign() == 0 {
		return a == 0
	}
	five := new(big.Int).Mul(big.NewInt(5), new(big.Int).Mul(k, k))
	lo := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(a), 1), k) // 2a − k
	hi := new(big.Int).Add(lo, big.NewInt(2))                     // 2a + 2 − k
	below := lo.Sign() < 0 || new(big.Int).Mul(lo, lo).Cmp(five) < 0
	above := hi.Sign() > 0 && new(big.Int).Mul(hi, hi).Cmp(five) > 0
	return below && above
}

// TestWythoffBruteForce checks WythoffLost and the winning moves on every
// point of a 200×200 board against the definition: lost or won, and
// exactly the moves to lost points.
func TestWythoffBruteForce(t *testing.T) {
	const n = 200
	lost := wythoffBrute(n)
	for x := range n {
		for y := range n {
			if classical.WythoffLost(x, y) != lost[x][y] {
				t.Fatalf("(%d, %d): lost %v, brute force %v", x, y, classical.WythoffLost(x, y), lost[x][y])
			}
			var want [][2]int
			for d := 1; d <= max(x, y); d++ {
				for _, to := range [][2]int{{x - d, y}, {x, y - d}, {x - d, y - d}} {
					if to[0] >= 0 && to[1] >= 0 && lost[to[0]][to[1]] {
						want = append(want, to)
					}
				}
			}
			got := classical.WythoffWinning(x, y)
			if !samePoints(got, want) {
				t.Fatalf("(%d, %d): winning moves to %v, brute force %v", x, y, got, want)
			}
		}
	}
}

// samePoints reports whether a and b hold the same points, in any order.
func samePoints(a, b [][2]int) bool {
	cmp := func(p, q [2]int) int { return p[0] - q[0] + (p[1]-q[1])*(1<<20) }
	a, b = slices.Clone(a), slices.Clone(b)
	slices.SortFunc(a, cmp)
	slices.SortFunc(b, cmp)
	return slices.Equal(a, b)
}

// TestWythoffJudge checks POJ 1067's sample (2 1 → 0, 8 4 → 1, 4 7 → 0:
// 1 when the first player wins) and 10⁴ random piles up to 10⁹ (the
// judge's range), half of them lost points near the judge's maximum,
// against the published rule.
func TestWythoffJudge(t *testing.T) {
	var out []string
	for _, p := range [][2]int{{2, 1}, {8, 4}, {4, 7}} {
		out = append(out, map[bool]string{true: "0", false: "1"}[classical.WythoffLost(p[0], p[1])])
	}
	if got := strings.Join(out, "\n"); got != "0\n1\n0" {
		t.Errorf("POJ 1067 sample: %q, want %q", got, "0\n1\n0")
	}
	r := rand.New(rand.NewPCG(1, 1067))
	for i := range 10000 {
		x, y := r.Int64N(1e9+1), r.Int64N(1e9+1)
		if i%2 == 1 { // a lost point, or one off it: random pairs are almost never lost
			x, y = lostNear(r, 1e9)
		}
		if got, want := classical.WythoffLost(int(x), int(y)), wythoffJudge(x, y); got != want {
			t.Fatalf("(%d, %d): lost %v, the judge's rule says %v", x, y, got, want)
		}
	}
}

// lostNear returns a random point that is lost in Wythoff's game, or one
// step off one, with coordinates at most limit: (a, a + k) with a = ⌊kφ⌋
// found by the judge's rule from an estimate of kφ.
func lostNear(r *rand.Rand, limit int64) (int64, int64) {
	k := r.Int64N(limit * 6 / 10 / 2)
	a := k * 1618033988 / 1000000000 // within 1 of kφ for k < 3·10⁸
	for !wythoffJudge(a, a+k) {
		a++
	}
	x, y := a+r.Int64N(2), a+k
	if r.IntN(2) == 0 {
		x, y = y, x
	}
	return x, y
}

// TestWythoffFullRange checks answers up to 2⁶³ − 1: lost or won as the
// judge's rule (in math/big) says, at random points and lost points near
// the largest; every winning move a legal move to a lost point, and at
// least one from every won point.
func TestWythoffFullRange(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 1527))
	check := func(x, y int64) {
		t.Helper()
		lost := classical.WythoffLost(int(x), int(y))
		if want := wythoffJudge(x, y); lost != want {
			t.Fatalf("(%d, %d): lost %v, the rule says %v", x, y, lost, want)
		}
		moves := classical.WythoffWinning(int(x), int(y))
		if lost != (len(moves) == 0) {
			t.Fatalf("(%d, %d): lost %v, but %d winning moves", x, y, lost, len(moves))
		}
		for _, m := range moves {
			dx, dy := x-int64(m[0]), y-int64(m[1])
			legal := m[0] >= 0 && m[1] >= 0 && (dx > 0 && dy == 0 || dx == 0 && dy > 0 || dx > 0 && dx == dy)
			if !legal || !wythoffJudge(int64(m[0]), int64(m[1])) {
				t.Fatalf("(%d, %d): the winning move to %v is not a move to a lost point", x, y, m)
			}
		}
	}
	for range 10000 {
		check(r.Int64N(math.MaxInt64), r.Int64N(math.MaxInt64))
		x := r.Int64N(math.MaxInt64)
		check(x, x+r.Int64N(min(x, math.MaxInt64-x)+1)) // up to twice x: across the lost points' lines
	}
	// The largest lost points: a_k + k ≤ 2⁶³ − 1 for k up to 3522651530702523289.
	for _, k := range []int64{3522651530702523289, 3522651530702523288, 1 << 61} {
		a := new(big.Int).Sqrt(new(big.Int).Mul(big.NewInt(5), new(big.Int).Mul(big.NewInt(k), big.NewInt(k))))
		a.Add(a, big.NewInt(k)).Rsh(a, 1)
		ak := a.Int64()
		for _, p := range [][2]int64{{ak, ak + k}, {ak + k, ak}, {ak + 1, ak + k}, {ak, ak + k - 1}, {ak + k, ak + 1}} {
			if p[0] >= 0 && p[1] >= 0 && p[0] <= math.MaxInt64-1 {
				check(p[0], p[1])
			}
		}
	}
	check(math.MaxInt64, math.MaxInt64)
	check(math.MaxInt64, 0)
	check(0, math.MaxInt64)
}

// TestWythoffPartner checks that every n up to 10⁵ has exactly the
// partner the brute force of a lost point in its row gives.
func TestWythoffPartner(t *testing.T) {
	const n = 100000
	partner := make([]int, 0, n) // by the mex construction: a_k = mex, b_k = a_k + k
	used := map[int]bool{0: true}
	partner = append(partner, 0)
	pairs := map[int]int{0: 0}
	for k, a := 1, 1; a < n; k++ {
		for used[a] {
			a++
		}
		used[a], used[a+k] = true, true
		pairs[a], pairs[a+k] = a+k, a
	}
	for m := range n {
		got, ok := classical.WythoffPartner(m)
		if !ok || got != pairs[m] {
			t.Fatalf("partner of %d: %d, %v; the mex construction gives %d", m, got, ok, pairs[m])
		}
	}
}

// euclidBrute returns wins[x][y] of Euclid's game for 0 ≤ x, y ≤ n, from
// the definition: subtract a positive multiple of the smaller from the
// larger, at least 0; a pair with a zero has no move.
func euclidBrute(n int) [][]bool {
	wins := make([][]bool, n+1)
	for x := range n + 1 {
		wins[x] = make([]bool, n+1)
	}
	for s := 0; s <= 2*n; s++ { // by increasing sum: every move lowers it
		for x := max(0, s-n); x <= min(s, n); x++ {
			y := s - x
			if x == 0 || y == 0 {
				continue
			}
			a, b := max(x, y), min(x, y)
			for r := a - b; r >= 0 && !wins[x][y]; r -= b {
				if x >= y {
					wins[x][y] = !wins[r][y]
				} else {
					wins[x][y] = !wins[x][r]
				}
			}
		}
	}
	return wins
}

// euclidJudge is the published solution of HDU 1525 / POJ 2348, the
// recursion as contest solutions write it: the player to move wins when
// a % b == 0 or a / b ≥ 2, and otherwise has the one move to (b, a − b).
func euclidJudge(a, b int64) bool {
	if a < b {
		a, b = b, a
	}
	if b == 0 {
		return false
	}
	if a%b == 0 || a/b >= 2 {
		return true
	}
	return !euclidJudge(b, a-b)
}

// euclidGolden is Cole and Davie's rule in φ: with x > y > 0 the player
// to move loses exactly when x < φy, i.e. (2x − y)² < 5y².
func euclidGolden(x, y int64) bool {
	a, b := max(x, y), min(x, y)
	if b == 0 {
		return false
	}
	if a == b {
		return true
	}
	l := new(big.Int).Lsh(big.NewInt(a), 1)
	l.Sub(l, big.NewInt(b))
	l.Mul(l, l)
	f := new(big.Int).Mul(big.NewInt(5), new(big.Int).Mul(big.NewInt(b), big.NewInt(b)))
	return l.Cmp(f) > 0
}

// TestEuclidBruteForce checks EuclidWins and EuclidWinning on every pair
// up to 300 against the definition: who wins, and that the winning moves
// are exactly the moves to lost pairs.
func TestEuclidBruteForce(t *testing.T) {
	const n = 300
	wins := euclidBrute(n)
	for x := range n + 1 {
		for y := range n + 1 {
			if classical.EuclidWins(x, y) != wins[x][y] {
				t.Fatalf("(%d, %d): wins %v, brute force %v", x, y, classical.EuclidWins(x, y), wins[x][y])
			}
			var want [][2]int
			for _, to := range classical.EuclidMoves(x, y) {
				if !wins[to[0]][to[1]] {
					want = append(want, to)
				}
			}
			if got := classical.EuclidWinning(x, y); !samePoints(got, want) {
				t.Fatalf("(%d, %d): winning moves to %v, brute force %v", x, y, got, want)
			}
		}
	}
}

// TestEuclidJudge checks HDU 1525's sample (34 12: Stan wins; 15 24:
// Ollie wins; Stan moves first) and 10⁴ random pairs below 2³¹ (the
// judge's range), and 10⁴ below 2⁶³, against the published recursion and
// Cole and Davie's rule in φ; every winning move is a legal move to a lost
// pair.
func TestEuclidJudge(t *testing.T) {
	var out []string
	for _, p := range [][2]int{{34, 12}, {15, 24}} {
		out = append(out, map[bool]string{true: "Stan wins", false: "Ollie wins"}[classical.EuclidWins(p[0], p[1])])
	}
	if got := strings.Join(out, "\n"); got != "Stan wins\nOllie wins" {
		t.Errorf("HDU 1525 sample: %q", got)
	}
	r := rand.New(rand.NewPCG(3, 1525))
	for i := range 20000 {
		limit := int64(1) << 31
		if i >= 10000 {
			limit = math.MaxInt64
		}
		x := 1 + r.Int64N(limit-1)
		y := 1 + r.Int64N(limit-1)
		if i%3 == 0 { // pairs of near ratio, which go through many forced steps
			q := new(big.Int).Mul(big.NewInt(x), big.NewInt(1000000))
			y = q.Div(q, big.NewInt(1618034)).Int64() + r.Int64N(3) + 1
		}
		got := classical.EuclidWins(int(x), int(y))
		if want := euclidJudge(x, y); got != want || got != euclidGolden(x, y) {
			t.Fatalf("(%d, %d): wins %v, the judge's recursion %v, the φ rule %v", x, y, got, want, euclidGolden(x, y))
		}
		moves := classical.EuclidWinning(int(x), int(y))
		if got != (len(moves) == 1) {
			t.Fatalf("(%d, %d): wins %v, %d winning moves", x, y, got, len(moves))
		}
		for _, m := range moves {
			legal := m[1] == int(y) && x >= y && (x-int64(m[0]))%y == 0 || m[0] == int(x) && y > x && (y-int64(m[1]))%x == 0
			if !legal || euclidJudge(int64(m[0]), int64(m[1])) {
				t.Fatalf("(%d, %d): the winning move to %v is not a move to a lost pair", x, y, m)
			}
		}
	}
}

// fibonacciBrute returns wins[n][k] of Fibonacci Nim for n ≤ size, k ≤ n,
// from the definition: take t, 1 ≤ t ≤ k, leaving n − t tokens with at
// most 2t to take.
func fibonacciBrute(size int) [][]bool {
	wins := make([][]bool, size+1)
	for n := range size + 1 {
		wins[n] = make([]bool, n+1)
		for k := 1; k <= n; k++ {
			wins[n][k] = wins[n][k-1] || !wins[n-k][min(2*k, n-k)]
		}
	}
	return wins
}

// TestFibonacciNimBruteForce checks FibonacciNimWins on every state
// (n, k), n ≤ 2000, against the definition, and the winning takes on
// every state with n ≤ 500, and beyond on the states where they change
// (k at a winning take and one below it) and the starting heap (k = n − 1).
func TestFibonacciNimBruteForce(t *testing.T) {
	const size, allTakes = 2000, 500
	wins := fibonacciBrute(size)
	for n := range size + 1 {
		var want []int // the winning takes up to k
		for k := 0; k <= n; k++ {
			if classical.FibonacciNimWins(n, k) != wins[n][k] {
				t.Fatalf("(%d, %d): wins %v, brute force %v", n, k, classical.FibonacciNimWins(n, k), wins[n][k])
			}
			change := k > 0 && !wins[n-k][min(2*k, n-k)]
			if change {
				want = append(want, k)
			}
			if n > allTakes && !change && k != n-1 && (k == n || wins[n-k-1][min(2*k+2, n-k-1)]) {
				continue
			}
			if got := classical.FibonacciNimWinning(n, k); !slices.Equal(got, want) {
				t.Fatalf("(%d, %d): winning takes %v, brute force %v", n, k, got, want)
			}
		}
	}
}

// TestFibonacciNimJudge checks HDU 2516's sample (2, 13: Second win;
// 10000: First win) and 10⁴ random heaps in 2..2³¹ − 1 (the judge's
// range), half of them Fibonacci numbers or next to one, against the
// published rule (the second player wins exactly when n is a Fibonacci
// number), with Fibonacci numbers generated here; and that taking the
// smallest Zeckendorf term always wins.
func TestFibonacciNimJudge(t *testing.T) {
	fib := map[int64]bool{}
	var fibs []int64
	for a, b := int64(1), int64(2); a > 0; a, b = b, a+b { // until it overflows
		fib[a] = true
		fibs = append(fibs, a)
	}
	answer := func(n int) string {
		if classical.FibonacciNimWins(n, n-1) {
			return "First win"
		}
		return "Second win"
	}
	var out []string
	for _, n := range []int{2, 13, 10000} {
		out = append(out, answer(n))
	}
	if got := strings.Join(out, "\n"); got != "Second win\nSecond win\nFirst win" {
		t.Errorf("HDU 2516 sample: %q", got)
	}
	r := rand.New(rand.NewPCG(4, 2516))
	for i := range 20000 {
		limit := int64(1)<<31 - 2
		if i >= 10000 {
			limit = math.MaxInt64 - 2
		}
		n := 2 + r.Int64N(limit)
		if i%2 == 0 {
			n = max(2, fibs[r.IntN(len(fibs))]+r.Int64N(3)-1)
		}
		if n > limit+1 {
			continue
		}
		want := map[bool]string{true: "Second win", false: "First win"}[fib[n]]
		if got := answer(int(n)); got != want {
			t.Fatalf("heap %d: %s, the rule says %s", n, got, want)
		}
		if want == "First win" {
			takes := classical.FibonacciNimWinning(int(n), int(n)-1)
			z := classical.Zeckendorf(int(n))
			if len(takes) == 0 || takes[0] != z[0] || classical.FibonacciNimWins(int(n)-z[0], 2*z[0]) {
				t.Fatalf("heap %d: winning takes %v, Zeckendorf sum %v", n, takes, z)
			}
		}
	}
}

// TestZeckendorf checks the Zeckendorf sums of 1..10⁵ and near 2⁶³: terms
// Fibonacci numbers, no two consecutive, summing to n.
func TestZeckendorf(t *testing.T) {
	fibIndex := map[int]int{}
	for i, a, b := 0, 1, 2; a > 0; i, a, b = i+1, b, a+b {
		fibIndex[a] = i
	}
	check := func(n int) {
		z := classical.Zeckendorf(n)
		sum := 0
		for j, f := range z {
			i, ok := fibIndex[f]
			if !ok || j > 0 && i <= fibIndex[z[j-1]]+1 {
				t.Fatalf("Zeckendorf(%d) = %v: not distinct non-consecutive Fibonacci numbers", n, z)
			}
			sum += f
		}
		if sum != n {
			t.Fatalf("Zeckendorf(%d) = %v sums to %d", n, z, sum)
		}
	}
	for n := 1; n <= 100000; n++ {
		check(n)
	}
	for d := range 1000 {
		check(math.MaxInt64 - d)
	}
}

// TestClassicalOf checks which games a classical theorem is applied to:
// Wythoff's moves in any order and spelling, and the two built-in games;
// not a near-Wythoff rule (a diagonal step that does not repeat, a
// missing step, a longer unit step, an extra move), nor other games.
func TestClassicalOf(t *testing.T) {
	for _, tc := range []struct {
		steps string
		want  string
	}{
		{"(-1,0)* (0,-1)* (-1,-1)*", "Wythoff's theorem"},
		{"(-1,-1)* (0,-1)* (-1,0)*", "Wythoff's theorem"},
		{"(-1,0)* (0,-1)* (-1,-1)* (-2,-2)* (-3,0) (0,-5)*", "Wythoff's theorem"}, // multiples add nothing
		{"(-1,0)* (-1,0) (0,-1)* (-1,-1)* (-1,-1)*", "Wythoff's theorem"},
		{"(-1,0)* (0,-1)* (-1,-1)", ""},           // the diagonal once: not Wythoff's
		{"(-1,0)* (0,-1)* (-2,-2)*", ""},          // even diagonals only
		{"(-1,0)* (0,-1)* (-1,-1)* (-1,-2)", ""},  // an extra move
		{"(-1,0)* (0,-1)* (-1,-1)* (-1,-2)*", ""}, // an extra move, repeating
		{"(-1,0)* (0,-1)*", ""},                   // Nim of two heaps
		{"(-1,0) (0,-1) (-1,-1)", ""},             // the corner walk
		{"(-1,0)* (0,-1)* (-1,-1) (-2,-2) (-3,-3)", ""},
		{"(-2,0)* (0,-1)* (-1,-1)*", ""},
	} {
		steps, err := rules.ParseSteps(tc.steps)
		if err != nil {
			t.Fatal(err)
		}
		g := rules.Game{Name: "g", Lattice: &rules.Lattice{Size: [2]int{10, 10}, Steps: steps}}
		got := ""
		if c := classical.Of(g); c != nil {
			got = c.Theorem
		}
		if got != tc.want {
			t.Errorf("%s: theorem %q, want %q", tc.steps, got, tc.want)
		}
	}
	kayles, err := rules.ParseOctal("0.77")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		g    rules.Game
		want string
	}{
		{rules.Game{State: "euclid"}, "Cole and Davie's theorem"},
		{rules.Game{State: "fibonacci-nim"}, "Whinihan's theorem"},
		{rules.Game{Rule: kayles}, ""},
	} {
		got := ""
		if c := classical.Of(tc.g); c != nil {
			got = c.Theorem
		}
		if got != tc.want {
			t.Errorf("%+v: theorem %q, want %q", tc.g, got, tc.want)
		}
	}
}

// The benchmarks time one answer — who wins and the winning moves — at
// the judge's maximum and near 2⁶³.
func BenchmarkWythoff1e9(b *testing.B) { benchWythoff(b, 1000000000, 1618033988) }
func BenchmarkWythoff2e18(b *testing.B) {
	benchWythoff(b, 2000000000000000000, 3236067977499789696)
}

func benchWythoff(b *testing.B, x, y int) {
	for b.Loop() {
		classical.WythoffLost(x, y)
		classical.WythoffWinning(x, y)
	}
}

func BenchmarkEuclid2e31(b *testing.B) { benchEuclid(b, 2147483647, 1327217884) }
func BenchmarkEuclid2e63(b *testing.B) { benchEuclid(b, math.MaxInt64, 5700357982895460409) }

func benchEuclid(b *testing.B, x, y int) {
	for b.Loop() {
		classical.EuclidWins(x, y)
		classical.EuclidWinning(x, y)
	}
}

func BenchmarkFibonacciNim2e31(b *testing.B) { benchFibonacci(b, 2147483647) }
func BenchmarkFibonacciNim2e63(b *testing.B) { benchFibonacci(b, math.MaxInt64) }

func benchFibonacci(b *testing.B, n int) {
	for b.Loop() {
		classical.FibonacciNimWins(n, n-1)
		classical.FibonacciNimWinning(n, n-1)
	}
}

func ExampleWythoffWinning() {
	fmt.Println(classical.WythoffLost(1000000000, 1618033989))
	fmt.Println(classical.WythoffLost(1000000000, 1618033988), classical.WythoffWinning(1000000000, 1618033988))
	// Output:
	// true
	// false [[999999998 1618033986]]
}
