package compute

import (
	"fmt"
	"testing"

	"github.com/sgtab/sgtab/rules"
)

// TestProofWindowExact checks the proof window against the values on every
// code d0.d1d2d3 with d0 = 0 or 4 (splits that remove no token included):
// at the first table size that proves a period, the period must hold on
// every value computed past it, to 1000 (0.004, with n0 = 0, was proved one
// value too early before max(n0, 1)), and for octal games the table it
// needs must be the one Czajka's solver checks, no longer.
func TestProofWindowExact(t *testing.T) {
	const N, maxL = 1000, 300
	proved := 0
	for _, d0 := range []int{0, 4} {
		for c := range 512 {
			code := fmt.Sprintf("%d.%d%d%d", d0, c>>6, c>>3&7, c&7)
			r, err := rules.ParseCode(code, 8)
			if err != nil {
				t.Fatal(err)
			}
			tab, err := Sequence(t.Context(), rules.Game{Name: code, Rule: r}, N, Options{Exhaustive: true, Plain: true})
			if err != nil {
				t.Fatal(err)
			}
			G := tab.G.Uint32s()
			for L := 1; L <= maxL; L++ {
				per, proof, ok := prove(r, G[:L+1])
				if !ok {
					continue
				}
				proved++
				// Czajka's condition for a table of n = L+1 values, with t
				// the largest removal (old/src/analyze_exec.cc,
				// check_period): n ≥ max(2·max(n0, 1) + 2p + t − 1, p + t + 1).
				if k, _ := r.MaxTake(); r.MaxParts() == 2 {
					want := max(2*max(per.Start, 1)+2*per.Length+k-1, per.Length+k+1) - 1
					if need := proof.Need(per); need != want {
						t.Errorf("%s: period %+v needs the table to %d, Czajka's condition to %d", code, per, need, want)
					}
				}
				for n := per.Start; n+per.Length <= N; n++ {
					if G[n+per.Length] != G[n] {
						t.Errorf("%s: period %+v proved at %d, but G(%d) = %d, G(%d) = %d",
							code, per, L, n+per.Length, G[n+per.Length], n, G[n])
						break
					}
				}
				break
			}
		}
	}
	if proved < 500 {
		t.Errorf("only %d codes proved: the check says little", proved)
	}
}
