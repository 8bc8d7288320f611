package misere_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/internal/testenv"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// TestMisereBruteForce compares the misère outcomes with the definition on
// random rules whose moves leave at most one heap, with and without a
// repeating tail: a heap is won by the player to move when no move exists,
// or when some move leaves a heap (not the empty one) that is lost.
func TestMisereBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	for trial := range 300 {
		code := []byte("0.")
		for range 1 + rng.IntN(5) {
			code = append(code, byte('0'+rng.IntN(4)))
		}
		if rng.IntN(3) == 0 {
			code = append(code, '(', byte('0'+rng.IntN(4)), ')')
			if rng.IntN(2) == 0 {
				code = append(code[:len(code)-1], byte('0'+rng.IntN(4)), ')')
			}
		}
		r, err := rules.ParseCode(string(code), 8)
		if err != nil {
			t.Fatal(err)
		}
		const n = 120
		want := make([]uint32, n+1)
		want[0] = 1
		for h := 1; h <= n; h++ {
			moves, wins := false, false
			for k := 1; k <= h; k++ {
				d := r.Digit(k)
				if d.Leave&rules.Leave1 != 0 && h-k >= 1 {
					moves = true
					wins = wins || want[h-k] == 0
				}
				if d.Leave&rules.Leave0 != 0 && k == h {
					moves = true
				}
			}
			if !moves || wins {
				want[h] = 1
			}
		}
		tab, err := compute.Sequence(t.Context(), rules.Game{Name: "m", Rule: r, Misere: true}, n, sg.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for h, w := range want {
			if got := tab.G.At(h); got != w {
				t.Fatalf("trial %d, %s misère: outcome of %d is %d, want %d", trial, code, h, got, w)
			}
		}
	}
}

// TestMisereKnown checks two classic misère games: Bash's game (take 1 to
// m; whoever takes the last loses), lost exactly when (n − 1) mod (m + 1) =
// 0; and HDU 2897 (take p to q, a remainder below p taken whole; whoever
// takes the last loses), lost exactly when 1 ≤ n mod (p + q) ≤ p.
func TestMisereKnown(t *testing.T) {
	for m := 1; m <= 6; m++ {
		tab, err := compute.Sequence(t.Context(), testenv.Game(t, fmt.Sprintf("moves:\n  - take: {min: 1, max: %d}\nplay: misere", m)), 500, sg.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for n := 1; n <= 500; n++ {
			if lost := tab.G.At(n) == 0; lost != ((n-1)%(m+1) == 0) {
				t.Fatalf("misère Bash, m = %d: n = %d lost %v", m, n, lost)
			}
		}
		if tab.Analysis.Status != sg.Proved || tab.Analysis.Period.Length != m+1 {
			t.Errorf("misère Bash, m = %d: %s period %d, want proved period %d", m, tab.Analysis.Status, tab.Analysis.Period.Length, m+1)
		}
	}
	for p := 1; p <= 4; p++ {
		for q := p; q <= 6; q++ {
			// d_k = 1 (take k only if that empties the heap) below p,
			// d_k = 3 (take k, leaving one heap or none) from p to q.
			code := []byte("0.")
			for k := 1; k <= q; k++ {
				if k < p {
					code = append(code, '1')
				} else {
					code = append(code, '3')
				}
			}
			tab, err := compute.Sequence(t.Context(), testenv.Game(t, fmt.Sprintf("code: %q\nplay: misere", code)), 300, sg.Options{})
			if err != nil {
				t.Fatal(err)
			}
			for n := 1; n <= 300; n++ {
				r := n % (p + q)
				if lost := tab.G.At(n) == 0; lost != (r >= 1 && r <= p) {
					t.Fatalf("HDU 2897, p = %d, q = %d: n = %d lost %v", p, q, n, lost)
				}
			}
		}
	}
}

// TestMisereStopsWhenProved computes misère subtraction {1, 3, 4}, whose
// outcomes repeat with period 7 from n = 0 (1 0 1 0 1 1 1: lost exactly at
// n ≡ 1, 3 mod 7, Ferguson's Game Theory, part I), up to 100000 heap sizes
// with StopWhenProved: the table ends at 11, the last heap size of the
// proof (window 0 ≤ n < 5, then one period), after at most 65 positions
// (the first proof is tried at n = 64), and agrees with the table
// computed in full; a rule no theorem proves still runs to the end.
func TestMisereStopsWhenProved(t *testing.T) {
	g := testenv.Game(t, "moves:\n  - take: [1, 3, 4]\nplay: misere")
	var positions int64
	stopped, err := compute.Sequence(t.Context(), g, 100000, sg.Options{StopWhenProved: true, Progress: func(d int64) { positions += d }})
	if err != nil {
		t.Fatal(err)
	}
	full, err := compute.Sequence(t.Context(), g, 100000, sg.Options{})
	if err != nil {
		t.Fatal(err)
	}
	a := stopped.Analysis
	if stopped.N() != 11 || a.Status != sg.Proved || a.Period.Length != 7 || a.Period.Start != 0 || a.Computed != 11 || positions > 65 {
		t.Errorf("stopped at %d (%d positions): %s period %d from %d, computed %d; want 11, proved period 7 from 0",
			stopped.N(), positions, a.Status, a.Period.Length, a.Period.Start, a.Computed)
	}
	if full.N() != 100000 || full.Analysis.Status != sg.Proved {
		t.Errorf("full: %d heap sizes, %s", full.N(), full.Analysis.Status)
	}
	for n := range stopped.G.Len() {
		if stopped.G.At(n) != full.G.At(n) || stopped.G.At(n) != []uint32{1, 0, 1, 0, 1, 1, 1}[n%7] {
			t.Fatalf("n = %d: %d stopped, %d in full", n, stopped.G.At(n), full.G.At(n))
		}
	}
	// A rule with a repeating tail (0.(1): a heap may only be taken
	// whole) has no proof: it runs to the end.
	open := testenv.Game(t, "code: \"0.(1)\"\nplay: misere")
	tab, err := compute.Sequence(t.Context(), open, 1000, sg.Options{StopWhenProved: true})
	if err != nil {
		t.Fatal(err)
	}
	if tab.N() != 1000 {
		t.Errorf("0.(1) misère: stopped at %d, want 1000 (%s)", tab.N(), tab.Analysis.Status)
	}
}
