package compute_test

import (
	"fmt"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/internal/testenv"
	"github.com/sgtab/sgtab/compute/period"
	"github.com/sgtab/sgtab/compute/sg"
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
			if c%testenv.Share(1, 5) != 0 {
				continue
			}
			code := fmt.Sprintf("%d.%d%d%d", d0, c>>6, c>>3&7, c&7)
			r, err := rules.ParseCode(code, 8)
			if err != nil {
				t.Fatal(err)
			}
			tab, err := compute.Sequence(t.Context(), rules.Game{Name: code, Rule: r}, N, sg.Options{Exhaustive: true, Plain: true})
			if err != nil {
				t.Fatal(err)
			}
			G := tab.G.Uint32s()
			for L := 1; L <= maxL; L++ {
				per, proof, ok := period.Prove(r, G[:L+1])
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
	if proved < testenv.Share(500, 100) {
		t.Errorf("only %d codes proved: the check says little", proved)
	}
}

// TestRingWindow checks the window of the rings' argument exactly: the coin
// ring 0.77 has rows of period 12 from 71 (largest removal 2), so its rings
// repeat with period 12 from r0 = 71 + 2 = 73; their own period, 1, is
// checked for 73 ≤ n < 85, which takes the ring values to 85.
func TestRingWindow(t *testing.T) {
	r, err := rules.ParseCode("0.77", 8)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := compute.Sequence(t.Context(), rules.Game{Name: "ring", Rule: r, Start: rules.StartRing}, 300, sg.Options{Exhaustive: true})
	if err != nil {
		t.Fatal(err)
	}
	R := tab.Ring.Uint32s()
	rows := sg.Period{Start: 71, Length: 12}
	if _, _, ok := period.ProveRing(r, rows, R[:85]); ok {
		t.Error("ring values to 84 prove the rings' period")
	}
	per, proof, ok := period.ProveRing(r, rows, R[:86])
	if !ok || per != (sg.Period{Start: 3, Length: 1}) || proof.WindowStart != 73 || proof.Need(per) != 85 {
		t.Errorf("ring values to 85: %+v, %+v, %v", per, proof, ok)
	}
	if need, _ := period.RingNeed(r, rows); need < 85 {
		t.Errorf("ringNeed = %d, below the 85 the proof reads", need)
	}
}
