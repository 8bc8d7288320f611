package compute_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute/internal/brute"
	"github.com/sgtab/sgtab/compute/internal/testenv"
	"github.com/sgtab/sgtab/compute/sg"
)

// TestRingPeriods checks the rings' own analysis of the coin rings: removing
// one (0.7), up to two (0.77) or up to three (0.777) contiguous coins.
// 0.7's rings alternate 0, 1 from the start; 0.77's are 0 from 3 on, proved
// from the rows' period 12 from 71; 0.777's rows have no known period, and
// its rings' (0 from 4 on) is proved by the mirror strategy.
func TestRingPeriods(t *testing.T) {
	for _, c := range []struct {
		code           string
		status         sg.Status
		start, length  int
		closedFormPart string
	}{
		{"0.7", sg.Proved, 0, 2, "SG_ring(n) = [0, 1][n mod 2]"},
		{"0.77", sg.Proved, 3, 1, "for n ≥ 3: SG_ring(n) = 0; SG_ring(0..2) = [0, 1, 2]"},
		{"0.777", sg.Proved, 4, 1, "for n ≥ 4: SG_ring(n) = 0"},
	} {
		tab := sequence(t, fmt.Sprintf("code: %q\nstart: ring", c.code), 1000)
		r := tab.Analysis.Ring
		if r == nil || r.Status != c.status || r.Period.Start != c.start || r.Period.Length != c.length ||
			!strings.Contains(r.ClosedForm, c.closedFormPart) {
			t.Errorf("%s on a ring: %+v, want %s period %d from %d (%s)", c.code, r, c.status, c.length, c.start, c.closedFormPart)
		}
	}
	if tab := sequence(t, `code: "0.77"`, 300); tab.Analysis.Ring != nil {
		t.Error("a game on a line has a ring analysis")
	}
}

// TestRingProofsAgainstBrute computes random ring games at several table
// sizes and checks every ring period proved against the brute force's ring
// values well past the table, and that a ring period is proved wherever the
// rows' is and the table reaches the window of the ring's argument.
func TestRingProofsAgainstBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	const far = 400
	proved := 0
	for range testenv.Share(60, 30) {
		code := "0."
		for range 1 + rng.IntN(3) {
			code += fmt.Sprint(rng.IntN(8))
		}
		if rng.IntN(3) == 0 { // three rows from a line: two from a ring
			code = fmt.Sprintf("0.%X%X", rng.IntN(16), 8+rng.IntN(8))
		}
		yaml := fmt.Sprintf("code: %q\nstart: ring", code)
		bg := brute.CodeGame(code)
		bg.Ring = true
		want := bg.RingValues(bg.HeapValues(far))
		for _, n := range []int{60, 120, 250} {
			tab := sequence(t, yaml, n)
			a, r := tab.Analysis, tab.Analysis.Ring
			if r.Status == sg.Proved {
				proved++
				if a.Status != sg.Proved && !strings.HasPrefix(r.Proof.Theorem, "Tweedledum") {
					t.Errorf("%s to %d: rings proved without the rows' proof or the mirror strategy", code, n)
				}
				p := r.Period
				for m := p.Start; m+p.Length < far; m++ {
					if want[m+p.Length] != want[m] {
						t.Errorf("%s to %d: ring period %d from %d proved, but the brute force has SG_ring(%d) = %d, SG_ring(%d) = %d",
							code, n, p.Length, p.Start, m+p.Length, want[m+p.Length], m, want[m])
						break
					}
				}
			}
			// The rings' argument reads at most p values past the rows'.
			if a.Status == sg.Proved && r.Status != sg.Proved && a.Proof.Need(a.Period)+a.Period.Length <= n {
				t.Errorf("%s to %d: rows proved, rings %s", code, n, r.Status)
			}
		}
	}
	if proved < testenv.Share(20, 10) {
		t.Errorf("only %d ring periods proved: the check says little", proved)
	}
}
