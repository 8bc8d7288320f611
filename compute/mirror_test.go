package compute_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute/internal/brute"
	"github.com/sgtab/sgtab/compute/internal/testenv"
	"github.com/sgtab/sgtab/compute/moves"
	"github.com/sgtab/sgtab/compute/period"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// coinRing is the coin ring of HDU 3951 from its definition, apart from
// sgtab's rules: n coins on a circle, a move takes 1 to k adjacent coins;
// the first move leaves one row (or nothing), and a move on a row of m
// takes 1 to k adjacent coins of it, leaving the coins on either side as
// up to two rows. It returns whether the player to move loses each ring of
// 0..n coins, from the rows' SG values (a position of rows is lost when the
// XOR of their values is 0).
func coinRing(k, n int) (lost []bool) {
	row := make([]int, n+1)
	for m := 1; m <= n; m++ {
		seen := map[int]bool{}
		for take := 1; take <= min(k, m); take++ {
			for left := 0; left+take <= m; left++ {
				seen[row[left]^row[m-take-left]] = true
			}
		}
		for row[m] = 0; seen[row[m]]; row[m]++ {
		}
	}
	lost = make([]bool, n+1)
	for c := range n + 1 {
		lost[c] = true // no move at all: lost
		for take := 1; take <= min(k, c); take++ {
			if row[c-take] == 0 { // a move to a lost position (the empty one too)
				lost[c] = false
			}
		}
	}
	return lost
}

// coinRule returns the rule of the coin ring with k, through a config as
// a user writes it.
func coinRule(t testing.TB, k int) rules.Rule {
	t.Helper()
	return game(t, fmt.Sprintf("moves:\n  - take: {min: 1, max: %d}\n    leave: [0, 1, 2]\nstart: ring", k)).Rule
}

// TestMirrorCoinRings checks the mirror strategy on every coin ring with
// k ≤ 8 coins taken at once against the game from its definition, for
// rings of up to 200 coins: the rings it proves lost are lost, and for
// k ≥ 2 they are exactly the rings of more than k coins, as HDU 3951's
// solution says; for k = 1, whose rows of even length never split into
// two equal rows, it proves nothing.
func TestMirrorCoinRings(t *testing.T) {
	const n = 200
	for k := 1; k <= 8; k++ {
		lost := coinRing(k, n)
		m, ok := period.RingMirror(coinRule(t, k))
		if k == 1 {
			if ok {
				t.Errorf("k = 1: the mirror proves rings lost from %d, but rows of two coins never split evenly", m.From)
			}
			continue
		}
		if !ok || m.From != k+1 {
			t.Fatalf("k = %d: RingMirror = %+v, %v; want every ring from %d on lost", k, m, ok, k+1)
		}
		for c := 1; c <= n; c++ {
			if m.Lost(c) && !lost[c] {
				t.Errorf("k = %d: the mirror proves the ring of %d lost, but its first player wins", k, c)
			}
			if m.Lost(c) != (c > k) || m.Whole(c) != (c <= k) {
				t.Errorf("k = %d, ring of %d: Lost %v, Whole %v; want lost exactly past k", k, c, m.Lost(c), m.Whole(c))
			}
		}
	}
}

// TestMirrorAgainstBrute checks every ring the mirror strategy proves
// lost, for random codes (finite, with a repeating tail, or a run), against
// the brute force's ring values up to 200, and that the rings from From on
// are all lost there.
func TestMirrorAgainstBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 3))
	const far = 200
	applied, bounded := 0, 0
	for range testenv.Share(400, 120) {
		code := "0."
		if rng.IntN(4) == 0 {
			code = "4."
		}
		for range 1 + rng.IntN(4) {
			code += fmt.Sprint(rng.IntN(8))
		}
		switch rng.IntN(3) {
		case 0:
			code = code[:len(code)-1] + "(" + code[len(code)-1:] + ")"
		case 1:
			code += fmt.Sprintf("{%d}", 1+rng.IntN(12))
		}
		r, err := rules.ParseCode(code, 8)
		if err != nil {
			t.Fatalf("%s: %v", code, err)
		}
		m, ok := period.RingMirror(r)
		if !ok {
			continue
		}
		applied++
		bg := brute.CodeGame(r.String())
		bg.Ring = true
		want := bg.RingValues(bg.HeapValues(far))
		for c := 1; c <= far; c++ {
			if m.Lost(c) && want[c] != 0 {
				t.Fatalf("%s: the mirror proves the ring of %d lost, but the brute force has SG_ring = %d", r, c, want[c])
			}
			if m.From > 0 && c >= m.From && !m.Lost(c) {
				t.Fatalf("%s: Lost(%d) is false past From = %d", r, c, m.From)
			}
		}
		if m.From > 0 {
			bounded++
		}
	}
	if applied < testenv.Share(100, 30) || bounded < testenv.Share(40, 12) {
		t.Errorf("the mirror applied to %d codes, with a bound to %d: the check says little", applied, bounded)
	}
}

// TestMirrorRefuses checks rules outside the argument's hypotheses: no
// split into two heaps, splits into different sizes only, rows of one
// parity never split evenly, first moves that leave two rows; and a rule
// whose rings are taken whole for ever, which has no bound.
func TestMirrorRefuses(t *testing.T) {
	for _, tc := range []struct {
		code, why string
		from      int // -1: refused
	}{
		{"0.3{1000000000}", "take 1..k, no split", -1},
		{"0.7", "k = 1: even rows never split evenly", -1},
		{"0.07", "only even removals split", -1},
		{"0.7!7!7!", "splits into different sizes only", -1},
		{"0.F", "a removal may leave three heaps: two rows from a ring", -1},
		{"8.7", "d0 cuts a ring into two rows", -1},
		{"0.(7)", "every ring is taken whole", 0},
		{"0.777", "coin ring, k = 3", 4},
		{"0.777{1000000000}", "coin ring, k = 10^9 + 2", 1000000003},
		// Rows of 1 and 2 neither split nor go whole: a ring leaving one is won.
		{"0.6{1000000000}", "no whole take: rows of 1 and 2 are exceptions", 1000000003},
		{"0.(6)", "exceptions reached by removals for ever", 0},
		{"4.7", "d0 splits evenly, d1 takes 1", 2},
	} {
		r, err := rules.ParseCode(tc.code, 0)
		if err != nil {
			t.Fatal(err)
		}
		m, ok := period.RingMirror(r)
		switch {
		case tc.from < 0 && ok:
			t.Errorf("%s (%s): proved from %d, want refused", tc.code, tc.why, m.From)
		case tc.from >= 0 && (!ok || m.From != tc.from):
			t.Errorf("%s (%s): RingMirror = %+v, %v; want From = %d", tc.code, tc.why, m, ok, tc.from)
		}
	}
}

// TestMirrorProofMutations checks that 0.777's rings are proved by the
// mirror strategy, and that one ring value changed past its bound, or the
// rule changed so that the hypotheses fail, leaves them unproved; and that
// a table too short for the bound records the bound and proves nothing.
func TestMirrorProofMutations(t *testing.T) {
	tab := sequence(t, "code: \"0.777\"\nstart: ring", 300)
	r := tab.Analysis.Ring
	if r.Status != sg.Proved || r.MirrorFrom != 4 || !strings.HasPrefix(r.Proof.Theorem, "Tweedledum") ||
		r.Proof.String() != "n ≥ 4, from the rule alone" {
		t.Fatalf("0.777 on a ring: %+v, want proved by the mirror from 4", r)
	}
	ring := tab.Ring.Uint32s()
	ring[250] = 3
	bad := &sg.Table{Game: tab.Game, G: tab.G, Ring: sg.ValuesOf(ring)}
	if r := period.Analyze(bad).Ring; r.Status == sg.Proved || r.MirrorFrom != 0 {
		t.Errorf("0.777 with SG_ring(250) = 3: %+v, want no proof", r)
	}
	// The same values under a rule that forbids splitting into two
	// heaps: no symmetric split, no proof (the values are not its own,
	// but the hypotheses are checked on the rule).
	other := tab.Game
	other.Rule, _ = rules.ParseCode("0.333", 0)
	if r := period.Analyze(&sg.Table{Game: other, G: tab.G, Ring: tab.Ring}).Ring; strings.HasPrefix(r.Proof.Theorem, "Tweedledum") || r.MirrorFrom != 0 {
		t.Errorf("0.777's values under 0.333: %+v, want no mirror proof", r)
	}
	huge := sequence(t, "code: \"0.7{1000000000}\"\nstart: ring", 300)
	if r := huge.Analysis.Ring; r.Status == sg.Proved || r.MirrorFrom != 1000000001 {
		t.Errorf("0.7{1000000000} to 300: %+v, want the bound 1000000001 recorded and nothing proved", r)
	}
}

// TestMirrorMovesAndDecided checks, on random codes the argument applies
// to, the winning moves it lists for rings past a short table against
// every move of the ring valued by the brute force, and Decided against
// Lost and Whole ring by ring.
func TestMirrorMovesAndDecided(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 4))
	const far = 120
	checked := 0
	for range testenv.Share(300, 100) {
		code := "0."
		for range 1 + rng.IntN(4) {
			code += fmt.Sprint(rng.IntN(8))
		}
		if rng.IntN(2) == 0 {
			code += fmt.Sprintf("{%d}", 1+rng.IntN(10))
		}
		r, err := rules.ParseCode(code, 8)
		if err != nil {
			t.Fatal(err)
		}
		m, ok := period.RingMirror(r)
		if !ok {
			continue
		}
		checked++
		bg := brute.CodeGame(r.String())
		rows := bg.HeapValues(far)
		short := sg.ValuesOf(rows[:max(m.Known(), 1)])
		if _, err := m.MovesToLost(far, sg.ValuesOf(rows[:m.Known()-1])); err == nil {
			t.Fatalf("%s: moves listed from rows short of the exceptions", r)
		}
		for n := 1; n <= far; n++ {
			if !m.Lost(n) && !m.Whole(n) {
				continue
			}
			var want []moves.Move
			for mv := range moves.Of(r, n, true) {
				if xorOf(rows, mv.Leave) == 0 {
					want = append(want, mv)
				}
			}
			moves, err := m.MovesToLost(n, short)
			if err != nil {
				t.Fatal(err)
			}
			got := slices.Collect(moves)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("%s, ring of %d: moves to a lost position %v, want %v", r, n, got, want)
			}
		}
		for range 20 {
			lo := rng.IntN(far)
			hi := lo + rng.IntN(far-lo+1)
			want := true
			for n := lo + 1; n <= hi; n++ {
				want = want && (n < 1 || m.Lost(n) || m.Whole(n))
			}
			if got := m.Decided(lo, hi); got != want {
				t.Fatalf("%s: Decided(%d, %d) = %v, want %v", r, lo, hi, got, want)
			}
		}
	}
	if checked < testenv.Share(60, 20) {
		t.Errorf("only %d codes checked", checked)
	}
	// A run's rings taken whole are decided at once, up to 10^18.
	r, _ := rules.ParseCode("0.7{1000000000000000000}", 8)
	m, _ := period.RingMirror(r)
	if !m.Decided(64, 1<<62) || !m.Whole(1e18) || !m.Lost(1e18+1) {
		t.Errorf("0.7{10^18}: Decided %v, Whole(10^18) %v, Lost(10^18 + 1) %v", m.Decided(64, 1<<62), m.Whole(1e18), m.Lost(1e18+1))
	}
}

// xorOf returns the XOR of the values G of the heaps hs.
func xorOf(G []uint32, hs []int) uint32 {
	var x uint32
	for _, h := range hs {
		x ^= G[h]
	}
	return x
}
