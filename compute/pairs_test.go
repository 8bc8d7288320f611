package compute_test

import (
	"math/big"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/classical"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// latticeOf computes the board side×side of the lattice game of the given
// steps (as rules.ParseSteps reads them).
func latticeOf(t *testing.T, steps string, side int) *sg.LatticeTable {
	t.Helper()
	st, err := rules.ParseSteps(steps)
	if err != nil {
		t.Fatal(err)
	}
	g := rules.Game{Name: "g", Lattice: &rules.Lattice{Size: [2]int{side, side}, Steps: st}}
	lt, err := compute.Lattice(t.Context(), g, sg.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	return lt
}

// checkPairs checks the pattern p against the table lt it was found in:
// every lost point of the rows below p.Rows is in it, once, and nothing
// else; each beam's ratios hold every later pair's ratio in turn.
func checkPairs(t *testing.T, lt *sg.LatticeTable, p *sg.Pairs) {
	t.Helper()
	listed := map[[2]int]bool{}
	for _, n := range p.Diagonal {
		listed[[2]int{n, n}] = true
	}
	for _, pr := range p.Pairs {
		if pr[0] >= pr[1] {
			t.Fatalf("pair %v: want a < b", pr)
		}
		listed[pr], listed[[2]int{pr[1], pr[0]}] = true, true
	}
	side := min(lt.W, lt.H)
	for y := range p.Rows {
		for x := range side {
			if (lt.At(x, y) == 0) != listed[[2]int{x, y}] {
				t.Fatalf("(%d, %d): SG %d, listed %v", x, y, lt.At(x, y), listed[[2]int{x, y}])
			}
		}
	}
	in := 0
	for _, pr := range p.Pairs {
		if pr[0] < p.Rows/4 {
			continue
		}
		r := big.NewRat(int64(pr[1]), int64(pr[0]))
		found := false
		for _, b := range p.Beams {
			found = found || r.Cmp(b.Lo) >= 0 && r.Cmp(b.Hi) <= 0
		}
		if !found {
			t.Fatalf("pair %v: its ratio is in no beam", pr)
		}
		in++
	}
	total := 0
	for _, b := range p.Beams {
		total += b.Count
	}
	if total != in {
		t.Fatalf("beams count %d pairs, want %d", total, in)
	}
}

// TestFindPairsWythoff checks the pattern of Wythoff's table (300×300):
// complementary Beatty pairs, b_k − a_k = k, and an interval of α holding
// φ (2α − 1 ≤ √5 < 2α' − 1, squared in whole numbers), with φ's continued
// fraction [1; 1, 1, …]; one beam.
func TestFindPairsWythoff(t *testing.T) {
	lt := latticeOf(t, "(-1,0)* (0,-1)* (-1,-1)*", 300)
	p := lt.Pairs
	if p == nil || p.Beatty == nil {
		t.Fatalf("pattern %v: want Beatty pairs", p)
	}
	checkPairs(t, lt, p)
	five := big.NewRat(5, 1)
	sq := func(r *big.Rat) *big.Rat { // (2r − 1)²
		d := new(big.Rat).Sub(new(big.Rat).Mul(r, big.NewRat(2, 1)), big.NewRat(1, 1))
		return d.Mul(d, d)
	}
	if a := p.Beatty.Alpha; sq(a[0]).Cmp(five) > 0 || sq(a[1]).Cmp(five) <= 0 {
		t.Errorf("α in [%s, %s): φ is not in it", a[0], a[1])
	}
	if p.Beatty.Diff != 1 || len(p.Beams) != 1 || len(p.Diagonal) != 1 {
		t.Errorf("diff %d, %d beams, diagonal %v: want 1, 1, [0]", p.Beatty.Diff, len(p.Beams), p.Diagonal)
	}
	if s := p.String(); !strings.Contains(s, "α in [1.61") || !strings.Contains(s, "[1; 1, 1, 1, 1, 1, 1,") || !strings.Contains(s, "observed") {
		t.Errorf("pattern %q", s)
	}
}

// TestFindPairsVariants checks the pattern found in the tables of
// variants of Wythoff's game against the tables: pairs and beams, but no
// Beatty sequences (no single α fits), and none for games whose lost
// points do not pair the numbers off.
func TestFindPairsVariants(t *testing.T) {
	for _, tc := range []struct {
		steps string
		beams int
		ratio string // the first beam's fitted ratio, as String prints it
	}{
		{"(-1,0)* (0,-1)* (-1,-1)* (-1,-2)* (-2,-1)*", 2, "1.48"}, // Wythoff with knight's moves, repeating
		{"(-1,0)* (0,-1)* (-1,-1)* (-1,-2) (-2,-1)", 1, "1.6"},    // and once
		{"(-1,0)* (0,-1)* (-2,-2)*", 1, "1.28"},                   // diagonal steps of even size
	} {
		lt := latticeOf(t, tc.steps, 300)
		p := lt.Pairs
		if p == nil {
			t.Errorf("%s: no pattern", tc.steps)
			continue
		}
		checkPairs(t, lt, p)
		if p.Beatty != nil || len(p.Beams) != tc.beams || !strings.HasPrefix(p.Beams[0].Fit.FloatString(4), tc.ratio) {
			t.Errorf("%s: %s; want %d beams, the first b/a ≈ %s, no Beatty sequences", tc.steps, p, tc.beams, tc.ratio)
		}
		if classical.Of(lt.Game) != nil {
			t.Errorf("%s: a theorem is claimed for a variant", tc.steps)
		}
	}
	for _, steps := range []string{
		"(-1,0) (0,-1) (-1,-1)", // the corner walk: lost where both are even, many in a row
		"(-1,0)* (0,-1)*",       // Nim: lost on the diagonal only, no pairs
	} {
		if p := latticeOf(t, steps, 64).Pairs; p != nil {
			t.Errorf("%s: pattern %s, want none", steps, p)
		}
	}
}

// TestFindPairsOneValueChanged checks that one value changed in Wythoff's
// table changes the pattern it shows: a lost point made won (with its
// mirror image) leaves its row empty, which ends the rows shown whole
// there; made won alone, the points are no longer symmetric; a won point
// made lost puts two lost points in a row.
func TestFindPairsOneValueChanged(t *testing.T) {
	lt := latticeOf(t, "(-1,0)* (0,-1)* (-1,-1)*", 100)
	find := func(change map[[2]int]uint32) *sg.Pairs {
		g := lt.G.Uint32s()
		for p, v := range change {
			g[p[1]*lt.W+p[0]] = v
		}
		return sg.FindPairs(&sg.LatticeTable{W: lt.W, H: lt.H, G: sg.ValuesOf(g)})
	}
	if p := find(nil); p == nil || p.Rows != 63 { // (63, 102) is off the board
		t.Fatalf("pattern %v, want rows below 63", p)
	}
	if p := find(map[[2]int]uint32{{12, 20}: 1, {20, 12}: 1}); p == nil || p.Rows != 12 || len(p.Pairs) != 7 {
		t.Errorf("(12, 20) won: pattern %v, want 7 pairs in rows below 12", p)
	}
	for _, change := range []map[[2]int]uint32{{{12, 20}: 1}, {{12, 21}: 0}, {{12, 21}: 0, {21, 12}: 0}} {
		if p := find(change); p != nil {
			t.Errorf("%v: pattern %v, want none", change, p)
		}
	}
}
