package compute_test

import (
	"testing"

	"github.com/sgtab/sgtab/compute"
)

// TestMovesMex checks Moves against the engine: on every heap (and ring) of
// a set of games with every kind of move, the mex of the values of the
// moves listed is the value the engine computed.
func TestMovesMex(t *testing.T) {
	for _, yaml := range []string{
		`code: "0.77"`, `code: "4!.0"`, `code: "0.6"`, `code: "0.007"`, `code: "4.(3)"`,
		`code: "0.F6"`, `code: "C!.(F)"`, `code: "0.3033"`,
		"code: \"0.777\"\nstart: ring", "code: \"4.07\"\nstart: ring", "code: \"8!.F\"\nstart: ring",
	} {
		g := game(t, yaml)
		tab, err := compute.Sequence(t.Context(), g, 60, compute.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for n := range 61 {
			for _, ring := range []bool{false, true} {
				if ring && tab.Ring.Len() == 0 {
					continue
				}
				seen := map[uint32]bool{}
				for mv := range compute.Moves(g.Rule, n, ring) {
					total := mv.Take
					for _, h := range mv.Leave {
						total += h
					}
					if total != n {
						t.Fatalf("%q: move %+v on %d does not add up", yaml, mv, n)
					}
					seen[mv.Value(tab.G)] = true
				}
				mex := uint32(0)
				for seen[mex] {
					mex++
				}
				want := tab.G.At(n)
				if ring {
					want = tab.Ring.At(n)
				}
				if mex != want {
					t.Fatalf("%q, n = %d, ring %v: mex of the moves %d, engine %d", yaml, n, ring, mex, want)
				}
			}
		}
	}
}
