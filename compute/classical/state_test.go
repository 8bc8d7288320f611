package classical

import (
	"math"
	"testing"

	"github.com/sgtab/sgtab/rules"
)

// TestFibonacciNim checks the table against the Fibonacci numbers (the
// losing heaps, Whinihan 1963) to 10^4, and against a search of the whole
// state graph (n, k) with searchSG for small heaps, which does not rely on
// the collapse to one threshold a heap.
func TestFibonacciNim(t *testing.T) {
	tab, _, err := Solve(t.Context(), rules.Game{Name: "fib", State: "fibonacci-nim", Heaps: 10000})
	if err != nil {
		t.Fatal(err)
	}
	fib := map[int]bool{}
	for a, b := 1, 2; a <= 10000; a, b = b, a+b {
		fib[a] = true
	}
	for n := 1; n <= 10000; n++ {
		if lost := tab.G.At(n) == 0; lost != fib[n] {
			t.Fatalf("heap %d: lost %v, Fibonacci %v", n, lost, fib[n])
		}
	}
	moves := func(s [2]int) [][2]int {
		var out [][2]int
		for take := 1; take <= min(s[1], s[0]); take++ {
			out = append(out, [2]int{s[0] - take, min(2*take, s[0]-take)})
		}
		return out
	}
	memo := map[[2]int]uint32{}
	for n := 1; n <= 80; n++ {
		v, err := searchSG(t.Context(), [2]int{n, n - 1}, moves, memo)
		if err != nil {
			t.Fatal(err)
		}
		if (v != 0) != (tab.G.At(n) == 1) {
			t.Fatalf("heap %d: the state graph says SG %d, the table outcome %d", n, v, tab.G.At(n))
		}
	}
}

// TestEuclid checks Euclid's game against Cole and Davie's rule: with
// x ≥ y > 0 the player to move loses exactly when y < x < φ·y; a pair with
// a zero has no move and is lost.
func TestEuclid(t *testing.T) {
	_, tab, err := Solve(t.Context(), rules.Game{Name: "euclid", State: "euclid", Heaps: 150})
	if err != nil {
		t.Fatal(err)
	}
	phi := (1 + math.Sqrt(5)) / 2
	for y := 0; y <= 150; y++ {
		for x := 0; x <= 150; x++ {
			a, b := max(x, y), min(x, y)
			lost := b == 0 || b < a && float64(a) < phi*float64(b)
			if (tab.At(x, y) == 0) != lost {
				t.Fatalf("(%d, %d): SG %d, Cole and Davie say lost %v", x, y, tab.At(x, y), lost)
			}
		}
	}
}

// TestSearchSG checks the search on Nim (SG(n) = n), whose chains of
// moves are as long as the heap: far deeper than a recursion would like.
func TestSearchSG(t *testing.T) {
	memo := map[int]uint32{}
	moves := func(n int) []int {
		if n == 0 {
			return nil
		}
		return []int{n - 1} // one token at a time: SG alternates 0, 1
	}
	v, err := searchSG(t.Context(), 200001, moves, memo)
	if err != nil || v != 1 || memo[200000] != 0 {
		t.Fatalf("SG(200001) = %d (err %v), memo[200000] = %d", v, err, memo[200000])
	}
}
