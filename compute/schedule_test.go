package compute_test

import (
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/sg"
)

// TestProofScheduled checks that a period the table shows before its proof
// fits is proved at the heap size the proof needs, not at the next power
// of two: 0.16 (period 149,459; Flammenkamp's tables, OEIS A071433's
// game) computed with StopWhenProved goes no further than its proof needs,
// where proof checks at powers of two alone would compute to 2^19.
func TestProofScheduled(t *testing.T) {
	g := game(t, "name: g\ncode: \"0.16\"\n")
	var computed int64 // the values computed, as the progress counts them
	tab, err := compute.Sequence(t.Context(), g, 1<<20, sg.Options{StopWhenProved: true, Progress: func(n int64) { computed += max(n, 0) }})
	if err != nil {
		t.Fatal(err)
	}
	a := tab.Analysis
	if a.Status != sg.Proved || a.Period.Length != 149459 {
		t.Fatalf("status %s, period %+v; want period 149459 proved", a.Status, a.Period)
	}
	need := a.Proof.Need(a.Period)
	if tab.N() != need || computed > int64(need)+1 {
		t.Errorf("table to %d, %d values computed; want the table and the work to end at %d, where the proof needs", tab.N(), computed, need)
	}
}
