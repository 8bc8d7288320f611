package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/rules"
)

// TestQueryBruteForce checks sgtab query's answers on random positions of
// several games against a direct search of the game tree of the whole
// position (the sum of its heaps), which uses neither SG values nor the
// nim-sum: who wins, and that the winning moves listed are exactly the
// moves to a position the player to move then loses.
func TestQueryBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for _, code := range []string{"0.77", "0.07", "4!.0", "0.03003", "0.6", "4.(3)", "0.F6"} {
		r, err := rules.ParseCode(code, 0)
		if err != nil {
			t.Fatal(err)
		}
		g := rules.Game{Name: code, Rule: r}
		tab, err := compute.Sequence(t.Context(), g, 12, compute.Options{})
		if err != nil {
			t.Fatal(err)
		}
		src := &source{name: code, game: g, table: tab}
		search := newTreeSearch(r)
		for range 40 {
			heaps := make([]int, 1+rng.IntN(3))
			var pos []heapRef
			for i := range heaps {
				heaps[i] = rng.IntN(9)
				pos = append(pos, heapRef{src: src, n: heaps[i]})
			}
			a, err := solveListing(pos)
			if err != nil {
				t.Fatal(err)
			}
			if wins := search.wins(heaps); a.FirstPlayerWins != wins {
				t.Fatalf("%s %v: query says first player wins %v, the tree says %v", code, heaps, a.FirstPlayerWins, wins)
			}
			// Every move of the position, by the tree: winning exactly
			// when it leaves a lost position.
			var want []string
			for i, n := range heaps {
				for mv := range compute.Moves(r, n, false) {
					next := slices.Concat(heaps[:i], heaps[i+1:], mv.Leave)
					if !search.wins(next) {
						want = append(want, fmt.Sprintf("%d:%d:%v", i+1, mv.Take, mv.Leave))
					}
				}
			}
			var got []string
			for _, m := range a.WinningMoves {
				got = append(got, fmt.Sprintf("%d:%d:%v", m.Heap, m.Take, m.Leave))
			}
			if !slices.Equal(got, want) || a.Count != int64(len(want)) {
				t.Fatalf("%s %v: winning moves %v (count %d), the tree finds %v", code, heaps, got, a.Count, want)
			}
		}
	}
}

// solveListing answers the position pos with every winning move listed.
func solveListing(pos []heapRef) (answer, error) {
	a, err := solve(pos)
	if err == nil {
		a.WinningMoves = slices.Collect(winningMoves(pos, a))
	}
	return a, err
}

// A treeSearch decides sums of heaps by searching their game tree, with a
// memo keyed by the sorted heap sizes.
type treeSearch struct {
	rule rules.Rule
	memo map[string]bool
}

func newTreeSearch(r rules.Rule) *treeSearch { return &treeSearch{rule: r, memo: map[string]bool{}} }

// wins reports whether the player to move wins the sum of heaps.
func (s *treeSearch) wins(heaps []int) bool {
	h := slices.Clone(heaps)
	slices.Sort(h)
	key := fmt.Sprint(h)
	if w, ok := s.memo[key]; ok {
		return w
	}
	w := false
	for i, n := range h {
		for mv := range compute.Moves(s.rule, n, false) {
			if !s.wins(slices.Concat(h[:i], h[i+1:], mv.Leave)) {
				w = true
				break
			}
		}
		if w {
			break
		}
	}
	s.memo[key] = w
	return w
}

func TestDescribe(t *testing.T) {
	for _, tc := range []struct {
		mv   compute.Move
		n    int
		ring bool
		want string
	}{
		{compute.Move{Take: 7, Leave: []int{2}}, 9, false, "take 7 from the heap of 9, leaving a heap of 2"},
		{compute.Move{Take: 9}, 9, false, "take all 9"},
		{compute.Move{Take: 0, Leave: []int{2, 5}}, 7, false, "split the heap of 7, leaving heaps of 2 and 5"},
		{compute.Move{Take: 1, Leave: []int{1, 2, 3}}, 7, false, "take 1 from the heap of 7, leaving heaps of 1, 2 and 3"},
		{compute.Move{Take: 2, Leave: []int{5}}, 7, true, "take 2 from the ring of 7, leaving a row of 5"},
	} {
		if got := describe(tc.mv, tc.n, tc.ring); got != tc.want {
			t.Errorf("describe(%+v, %d) = %q, want %q", tc.mv, tc.n, got, tc.want)
		}
	}
}

// TestPerHeapExample runs examples/per-heap-positions.txt from the
// repository's root, as its comment says: S-Nim with a subtraction set per
// heap. The first position is won with two moves, the other two are lost.
func TestPerHeapExample(t *testing.T) {
	t.Chdir(filepath.Join("..", ".."))
	var stdout, stderr bytes.Buffer
	if code := run(t.Context(), []string{"query", "-json", "-positions", "examples/per-heap-positions.txt"}, &stdout, &stderr); code != 0 {
		t.Fatalf("status %d: %s", code, stderr.String())
	}
	var got []string
	sc := bufio.NewScanner(&stdout)
	for sc.Scan() {
		var a answer
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			t.Fatal(err)
		}
		got = append(got, fmt.Sprintf("%v:%d", a.FirstPlayerWins, a.Count))
	}
	if want := []string{"true:2", "false:0", "false:0"}; !slices.Equal(got, want) {
		t.Errorf("answers %v, want %v", got, want)
	}
}

// TestQueryEuclid checks query's answers on Euclid's game against Cole and
// Davie's rule (x ≥ y > 0 is lost exactly when x < φ·y; a zero is lost):
// who wins, and that the winning moves are exactly the moves to lost pairs.
func TestQueryEuclid(t *testing.T) {
	g := rules.Game{Name: "euclid", State: "euclid", Heaps: 60}
	_, lt, err := compute.SolveState(t.Context(), g)
	if err != nil {
		t.Fatal(err)
	}
	src := &source{name: "euclid", game: g, lattice: lt}
	phi := (1 + math.Sqrt(5)) / 2
	lost := func(x, y int) bool {
		a, b := max(x, y), min(x, y)
		return b == 0 || b < a && float64(a) < phi*float64(b)
	}
	for y := 0; y <= 60; y++ {
		for x := 0; x <= 60; x++ {
			a, err := solveListing([]heapRef{{src: src, pt: [2]int{x, y}, point: true}})
			if err != nil {
				t.Fatal(err)
			}
			if a.FirstPlayerWins == lost(x, y) {
				t.Fatalf("(%d, %d): query says first player wins %v", x, y, a.FirstPlayerWins)
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

// TestQueryFibonacci checks query's answers on Fibonacci Nim against a
// direct search of the states (heap, most the next move may take): from a
// starting heap (the first move takes all but one at most) and from states
// in play, who wins and exactly which takes win.
func TestQueryFibonacci(t *testing.T) {
	g := rules.Game{Name: "fib", State: "fibonacci-nim"}
	f, err := compute.FibonacciThresholds(t.Context(), 70)
	if err != nil {
		t.Fatal(err)
	}
	src := &source{name: "fib", game: g, fib: f}
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
			h := heapRef{src: src, n: n} // a starting heap: k = n−1
			kk := n - 1
			if k > 0 {
				h, kk = heapRef{src: src, pt: [2]int{n, k}, point: true}, k
			}
			a, err := solveListing([]heapRef{h})
			if err != nil {
				t.Fatal(err)
			}
			if a.FirstPlayerWins != wins(n, kk) {
				t.Fatalf("heap %d, at most %d: query says first player wins %v", n, kk, a.FirstPlayerWins)
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

// A limitWriter takes n bytes, then fails every write, as a pipe whose
// reader has gone does.
type limitWriter struct{ n int }

func (w *limitWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		w.n = 0
		return 0, errors.New("broken pipe")
	}
	w.n -= len(p)
	return len(p), nil
}

// TestQueryMovesStreamed checks that query lists the winning moves of a
// heap as it finds them, holding none: a heap of Kayles of 10^7 has
// 833,338, and a reader that goes away after 64 KiB of them stops query
// after allocating a few megabytes, not the hundreds that holding them
// takes.
func TestQueryMovesStreamed(t *testing.T) {
	chdir(t)
	for _, args := range [][]string{
		{"query", "-moves", "-1", "kayles.yaml", "10000000"},
		{"query", "-json", "-moves", "1000000000", "kayles.yaml", "10000000"},
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		var stderr bytes.Buffer
		code := run(t.Context(), args, &limitWriter{n: 64 << 10}, &stderr)
		runtime.ReadMemStats(&after)
		if code != 1 || !strings.Contains(stderr.String(), "broken pipe") {
			t.Errorf("%v: status %d, stderr %q; want 1 and the write error", args, code, stderr.String())
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 16<<20 {
			t.Errorf("%v: allocated %d MiB to write 64 KiB of moves", args, alloc>>20)
		}
	}
}
