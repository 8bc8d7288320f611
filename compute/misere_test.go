package compute_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/sgtab/sgtab/compute"
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
		tab, err := compute.Sequence(t.Context(), rules.Game{Name: "m", Rule: r, Misere: true}, n, compute.Options{})
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
		tab, err := compute.Sequence(t.Context(), game(t, fmt.Sprintf("moves:\n  - take: {min: 1, max: %d}\nplay: misere", m)), 500, compute.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for n := 1; n <= 500; n++ {
			if lost := tab.G.At(n) == 0; lost != ((n-1)%(m+1) == 0) {
				t.Fatalf("misère Bash, m = %d: n = %d lost %v", m, n, lost)
			}
		}
		if tab.Analysis.Status != compute.Proved || tab.Analysis.Period.Length != m+1 {
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
			tab, err := compute.Sequence(t.Context(), game(t, fmt.Sprintf("code: %q\nplay: misere", code)), 300, compute.Options{})
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
