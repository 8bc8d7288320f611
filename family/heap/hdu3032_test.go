package heap_test

import (
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/configs"
	"github.com/sgtab/sgtab/family"
	_ "github.com/sgtab/sgtab/family/all"
	"github.com/sgtab/sgtab/positions"
	"github.com/sgtab/sgtab/rules"
)

// HDU 3032 "Nim or not Nim?" is Lasker's Nim: T test cases, each N heaps
// (N ≤ 10^6) of 1 to 2^31 − 1 tokens; print "Alice" when the first player
// wins, "Bob" otherwise. These tests answer it with the bundled config
// laskers-nim.yaml, whose period sgtab proves, against the problem's
// published solution, written here on its own.

// hduSG is the published Sprague-Grundy function of HDU 3032: SG(0) = 0;
// n mod 4 = 1 or 2: n; n mod 4 = 3: n + 1; n mod 4 = 0: n − 1.
func hduSG(n int) uint64 {
	switch {
	case n == 0:
		return 0
	case n%4 == 1 || n%4 == 2:
		return uint64(n)
	case n%4 == 3:
		return uint64(n) + 1
	}
	return uint64(n) - 1
}

// laskersNim returns the bundled Lasker's Nim, prepared to answer heaps up
// to need.
func laskersNim(t testing.TB, need int) *positions.Ref {
	t.Helper()
	return prepared(t, laskersNimGame(t), need)
}

// laskersNimGame returns the game of the bundled laskers-nim.yaml.
func laskersNimGame(t testing.TB) rules.Game {
	t.Helper()
	games, err := configs.Games()
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(games, func(g configs.Game) bool { return g.File == "laskers-nim.yaml" })
	if i < 0 {
		t.Fatal("no laskers-nim.yaml")
	}
	return games[i].Game
}

// prepared returns the source of g, prepared as a query prepares it to
// answer heaps up to need.
func prepared(t testing.TB, g rules.Game, need int) *positions.Ref {
	t.Helper()
	src, err := family.MustFor(g).Source(g, nil, "laskers-nim.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := src.Prepare(t.Context(), need); err != nil {
		t.Fatal(err)
	}
	return &positions.Ref{Name: "laskers-nim.yaml", Source: src}
}

// position returns the sum of heaps of Lasker's Nim.
func position(ref *positions.Ref, heaps []int) positions.Position {
	pos := make(positions.Position, len(heaps))
	for i, n := range heaps {
		pos[i] = positions.Part{Ref: ref, Component: positions.Component{N: n}}
	}
	return pos
}

// judge answers an input of HDU 3032 with sgtab, one line a test case.
func judge(t *testing.T, ref *positions.Ref, input string) string {
	words := strings.Fields(input)
	next := func() int {
		n, err := strconv.Atoi(words[0])
		if err != nil {
			t.Fatal(err)
		}
		words = words[1:]
		return n
	}
	var out []string
	for range next() {
		heaps := make([]int, next())
		for i := range heaps {
			heaps[i] = next()
		}
		a, err := positions.Solve(position(ref, heaps))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, map[bool]string{true: "Alice", false: "Bob"}[a.FirstPlayerWins])
	}
	return strings.Join(out, "\n")
}

// TestHDU3032Sample answers the problem's sample input.
func TestHDU3032Sample(t *testing.T) {
	const input, want = "2\n3\n2 2 3\n2\n3 3\n", "Alice\nBob"
	if got := judge(t, laskersNim(t, 1<<31-1), input); got != want {
		t.Errorf("sample: got %q, want %q", got, want)
	}
}

// TestHDU3032Random answers 10^4 random positions over the judge's whole
// range (1 to 8 heaps of 1 to 2^31 − 1 tokens, some small) against the
// published solution: each heap's value, who wins, and that each winning
// move listed is a move of its heap that leaves a nim-sum of 0, with as
// many listed as counted.
func TestHDU3032Random(t *testing.T) {
	ref := laskersNim(t, 1<<31-1)
	rng := rand.New(rand.NewPCG(3032, 1))
	for range 10_000 {
		heaps := make([]int, 1+rng.IntN(8))
		var x uint64
		for i := range heaps {
			heaps[i] = 1 + rng.IntN(1<<31-1)
			if rng.IntN(4) == 0 {
				heaps[i] = 1 + rng.IntN(20)
			}
			x ^= hduSG(heaps[i])
		}
		pos := position(ref, heaps)
		a, err := positions.Solve(pos)
		if err != nil {
			t.Fatal(err)
		}
		for i, n := range heaps {
			if a.SG[i] != hduSG(n) {
				t.Fatalf("%v: SG(%d) = %d, published %d", heaps, n, a.SG[i], hduSG(n))
			}
		}
		if a.FirstPlayerWins != (x != 0) {
			t.Fatalf("%v: first player wins %v, published nim-sum %d", heaps, a.FirstPlayerWins, x)
		}
		listed := int64(0)
		for m := range positions.WinningMoves(pos, a) {
			listed++
			checkWinning(t, heaps, m)
		}
		if listed != a.Count {
			t.Fatalf("%v: %d winning moves listed, %d counted", heaps, listed, a.Count)
		}
	}
}

// checkWinning fails the test unless the move m of the position heaps is
// a move of Lasker's Nim (take some tokens from one heap, or split it in
// two) that leaves a nim-sum of 0 by the published values.
func checkWinning(t *testing.T, heaps []int, m positions.Move) {
	t.Helper()
	n := heaps[m.Heap-1]
	sum := m.Take
	for _, h := range m.Leave {
		sum += h
	}
	legal := sum == n && (m.Take > 0 && len(m.Leave) <= 1 || m.Take == 0 && len(m.Leave) == 2)
	var x uint64
	for i, h := range heaps {
		if i != m.Heap-1 {
			x ^= hduSG(h)
		}
	}
	for _, h := range m.Leave {
		x ^= hduSG(h)
	}
	if !legal || x != 0 {
		t.Fatalf("%v: move %+v (legal %v) leaves a nim-sum of %d", heaps, m, legal, x)
	}
}

// TestHDU3032ManyHeaps answers a position of 10^5 heaps (10^6, the
// judge's most, with SGTAB_LONG), each heap's value from the proved period
// and its winning moves counted from it.
func TestHDU3032ManyHeaps(t *testing.T) {
	ref := laskersNim(t, 1<<31-1)
	rng := rand.New(rand.NewPCG(3032, 2))
	heaps := make([]int, 100_000)
	if os.Getenv("SGTAB_LONG") != "" {
		heaps = make([]int, 1_000_000)
	}
	var x uint64
	for i := range heaps {
		heaps[i] = 1 + rng.IntN(1<<31-1)
		x ^= hduSG(heaps[i])
	}
	a, err := positions.Solve(position(ref, heaps))
	if err != nil {
		t.Fatal(err)
	}
	if a.NimSum != x || a.FirstPlayerWins != (x != 0) {
		t.Errorf("nim-sum %d, first player wins %v; published nim-sum %d", a.NimSum, a.FirstPlayerWins, x)
	}
}

// BenchmarkHDU3032 answers a position of three heaps near the judge's
// largest, their winning moves listed: a query's work once its source is
// prepared.
func BenchmarkHDU3032(b *testing.B) {
	ref := laskersNim(b, 1<<31-1)
	pos := position(ref, []int{2147483647, 2147483000, 123456789})
	for b.Loop() {
		a, err := positions.Solve(pos)
		if err != nil {
			b.Fatal(err)
		}
		for range positions.WinningMoves(pos, a) {
		}
	}
}

// BenchmarkHDU3032Prepare prepares the source, as a query does once: the
// table computed until its period is proved (at 64), which then answers
// every heap.
func BenchmarkHDU3032Prepare(b *testing.B) {
	g := laskersNimGame(b)
	for b.Loop() {
		prepared(b, g, 1<<31-1)
	}
}
