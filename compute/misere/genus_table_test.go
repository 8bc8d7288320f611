package misere_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/internal/brute"
	"github.com/sgtab/sgtab/compute/internal/testenv"
	"github.com/sgtab/sgtab/compute/misere"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// TestLineGeneraBruteForce checks the genus columns of misère tables of
// random games whose moves leave at most one heap, with and without a
// repeating tail, against the brute force of misère play: each heap's γ0,
// γ1, … against its misère value with 0, 1, … heaps *2 added, its g against
// its normal-play value; and the outcome column against γ0.
func TestLineGeneraBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 11))
	for trial := range testenv.Share(120, 30) {
		code := "0."
		for range 1 + rng.IntN(5) {
			code += fmt.Sprint(rng.IntN(4))
		}
		if rng.IntN(2) == 0 {
			code += fmt.Sprintf("(%d%d)", rng.IntN(4), rng.IntN(4))
		}
		bg := brute.CodeGame(code)
		G := bg.HeapValues(24)
		ref := brute.NewMisere(bg)
		tab, err := compute.Sequence(t.Context(), rules.Game{Name: "m", Rule: testenv.Rule(t, code), Misere: true}, 24, sg.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for n := range 25 {
			x := tab.Genus.At(n)
			if x.G != G[n] || (x.Misere() != 0) != (tab.G.At(n) == 1) {
				t.Fatalf("trial %d, %s: heap %d has genus %v, outcome %d; its SG value is %d", trial, code, n, x, tab.G.At(n), G[n])
			}
			for k := range len(x.Gamma) + 2 {
				if want := ref.Value(ref.Of(0, []int{n}, k)); x.At(k) != want {
					t.Fatalf("trial %d, %s: heap %d has genus %v, γ%d = %d, want %d", trial, code, n, x, k, x.At(k), want)
				}
			}
		}
	}
}

// TestMisereSplitTable checks the table of misère Kayles: its outcomes
// against the brute force, its genus columns against the search's genera,
// and that the search's bounds end it early with a warning that names the
// bound.
func TestMisereSplitTable(t *testing.T) {
	g := rules.Game{Name: "kayles-misere", Rule: testenv.Rule(t, "0.77"), Misere: true}
	tab, err := compute.Sequence(t.Context(), g, 30, sg.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ref := brute.NewMisere(brute.CodeGame("0.77"))
	s := misere.NewSearch([]rules.Rule{g.Rule}, sg.MisereLimits{})
	if tab.N() != 30 || tab.Genus.Len() != 31 || len(tab.Warnings) != 0 {
		t.Fatalf("table of %d heaps, %d genera, warnings %v", tab.N()+1, tab.Genus.Len(), tab.Warnings)
	}
	for n := range 31 {
		x, class, err := s.HeapGenus(t.Context(), 0, n)
		if err != nil {
			t.Fatal(err)
		}
		if !tab.Genus.At(n).Equal(x) || tab.Genus.Tameness(n) != class {
			t.Errorf("heap %d: table says %v (%v), the search %v (%v)", n, tab.Genus.At(n), tab.Genus.Tameness(n), x, class)
		}
		if n <= 14 && (tab.G.At(n) == 1) != ref.Won(ref.Of(0, []int{n}, 0)) {
			t.Errorf("heap %d: outcome %d, but the brute force disagrees", n, tab.G.At(n))
		}
	}
	if a := tab.Analysis; a.Status == sg.Proved {
		t.Errorf("the outcomes of misère Kayles claim a proved period: %+v", a.Period)
	}
	short, err := compute.Sequence(t.Context(), g, 100, sg.Options{Misere: sg.MisereLimits{Positions: 1000}})
	if err != nil {
		t.Fatal(err)
	}
	if short.N() >= 100 || short.Genus.Len() != short.G.Len() || len(short.Warnings) != 1 ||
		!strings.Contains(short.Warnings[0].Error(), "memory bound") || !strings.Contains(short.Warnings[0].Error(), fmt.Sprintf("ends at heap %d of 100", short.N())) {
		t.Errorf("bounded table: heaps 0..%d, warnings %v", short.N(), short.Warnings)
	}
}

// TestVerifyMisereTable checks that Verify accepts misère tables, of a game
// that splits heaps and of one that does not, and tells a wrong outcome and
// a wrong genus apart.
func TestVerifyMisereTable(t *testing.T) {
	for _, code := range []string{"0.77", "0.333"} {
		g := rules.Game{Name: "m", Rule: testenv.Rule(t, code), Misere: true}
		tab, err := compute.Sequence(t.Context(), g, 40, sg.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := compute.Verify(t.Context(), tab, sg.VerifyOptions{}); err != nil {
			t.Fatalf("%s: %v", code, err)
		}
		bad := *tab
		bad.G = changed(tab.G, 17, 1-tab.G.At(17))
		if _, err := compute.Verify(t.Context(), &bad, sg.VerifyOptions{}); !isMismatch(err, 17) {
			t.Errorf("%s: a wrong outcome of heap 17: %v", code, err)
		}
		bad = *tab
		cols := *tab.Genus
		cols.Gamma = append([]sg.Values(nil), cols.Gamma...)
		cols.Gamma[1] = changed(cols.Gamma[1], 23, cols.Gamma[1].At(23)^4)
		bad.Genus = &cols
		var gm *misere.GenusMismatchError
		if _, err := compute.Verify(t.Context(), &bad, sg.VerifyOptions{}); !errors.As(err, &gm) || gm.N != 23 {
			t.Errorf("%s: a wrong genus of heap 23: %v", code, err)
		}
	}
}

func isMismatch(err error, n int) bool {
	m, ok := errors.AsType[*sg.MismatchError](err)
	return ok && m.N == n
}

// changed returns a copy of v with v[n] = x.
func changed(v sg.Values, n int, x uint32) sg.Values {
	vs := v.Uint32s()
	vs[n] = x
	return sg.ValuesOf(vs)
}

// TestMisereEstimate checks that the estimate of a misère table of a game
// that splits heaps is the time its search's step bound allows, whatever
// the size asked: the table ends where the bounds stop it.
func TestMisereEstimate(t *testing.T) {
	g := rules.Game{Name: "m", Rule: testenv.Rule(t, "4!.0"), Misere: true}
	want := time.Duration(float64(sg.TableMisereLimits.Steps) / compute.MisereStepsPerSecond * float64(time.Second))
	for _, n := range []int{10, 1 << 24} {
		if got := compute.Estimate(g, n, 1); got != want {
			t.Errorf("misère Grundy's game to %d: estimate %v, want %v", n, got, want)
		}
	}
	if g.Misere = false; compute.Estimate(g, 1<<24, 1) <= want {
		t.Errorf("Grundy's game to 2^24 in normal play: estimate %v, no more than the misère table's", compute.Estimate(g, 1<<24, 1))
	}
}
