package compute_test

import (
	"os"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/sg"
)

// TestRecord0_1777 reproduces the longest period known among octal games:
// 0.1777 is periodic with period 60,620,715, its last exception at n =
// 160,949,017 (A. Flammenkamp's octal game tables). The Guy–Smith theorem
// proves it with the table to 443,139,468. It takes about 4 minutes on two
// cores and 0.7 GB, without the race detector: SGTAB_RECORDS=1.
func TestRecord0_1777(t *testing.T) {
	if os.Getenv("SGTAB_RECORDS") == "" {
		t.Skip("minutes long: SGTAB_RECORDS=1 runs it")
	}
	g := game(t, "name: g\ncode: \"0.1777\"\n")
	tab, err := compute.Sequence(t.Context(), g, 5e8, sg.Options{StopWhenProved: true, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	a := tab.Analysis
	if a.Status != sg.Proved || a.Period.Length != 60620715 || a.Period.LastException() != 160949017 || a.Proof.Need(a.Period) != 443139468 || tab.N() != 443139468 {
		t.Errorf("%s, period %+v, proof %v, table to %d; want period 60620715 from 160949018 proved with the table to 443139468", a.Status, a.Period, a.Proof, tab.N())
	}
	if a.Checksum != "CFAF74F3" {
		t.Errorf("checksum %s, want CFAF74F3 (sgtab's first run)", a.Checksum)
	}
}
