package compute_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/internal/brute"
	"github.com/sgtab/sgtab/compute/internal/testenv"
	"github.com/sgtab/sgtab/compute/period"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// lasker is Lasker's Nim: remove any number, or split a heap in two.
const lasker = "4.(3)"

// computed returns the values of code to n, every one computed.
func computed(t testing.TB, code string, n int) (rules.Rule, []uint32) {
	t.Helper()
	r, err := rules.ParseCode(code, 0)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := compute.Sequence(t.Context(), rules.Game{Name: code, Rule: r}, n, sg.Options{Exhaustive: true})
	if err != nil {
		t.Fatal(err)
	}
	return r, tab.G.Uint32s()
}

// TestArithProofLasker checks Lasker's Nim's proof and its window
// exactly: period 4, saltus 4 from n = 1 (Winning Ways ch. 4). Its rule's
// tail starts at t = 1, so the small moves of a heap N (heaps below
// n0 + 2p = 9) depend on N mod 1 from N = t + 2·8 = 17 on; the values below
// n0 + p = 5 are below 8 = 2^β, which F(N) reaches from N = 9 on. So
// n1 = 17 − p = 13, and the table must reach n1 + p − 1 = 16: one value
// fewer proves nothing.
func TestArithProofLasker(t *testing.T) {
	r, G := computed(t, lasker, 64)
	per, proof, ok := period.Prove(r, G[:17])
	want := sg.Period{Start: 1, Length: 4, Saltus: 4}
	if !ok || per != want || proof.Theorem != period.ArithTheorem || proof.WindowStart != 1 || proof.WindowEnd != 13 || proof.Need(per) != 16 {
		t.Fatalf("SG(0..16): %+v, %+v, %v; want %+v, window 1 ≤ n < 13", per, proof, ok, want)
	}
	if per, _, ok := period.Prove(r, G[:16]); ok {
		t.Errorf("SG(0..15) proves %+v", per)
	}
	for n := range 64 {
		if uint64(G[n]) != brute.LaskerSG(n) {
			t.Fatalf("SG(%d) = %d, want %d", n, G[n], brute.LaskerSG(n))
		}
	}
}

// TestArithProofsHold checks every proof of the lifting theorem on the
// codes d0.(d) and d0.d1(d) (d0 = 0 or 4; with SGTAB_LONG also
// d0.d1d2(d)) against values computed past it: at each table size that
// Sequence tries a proof at, and the first that proves, the proved period
// must hold on every value computed, to 3000 (6000). Fewer codes proved
// than sgtab proves today fails it too.
func TestArithProofsHold(t *testing.T) {
	N := testenv.Share(4000, 3000)
	var codes []string
	for _, d0 := range []int{0, 4} {
		for d := 1; d < 8; d++ {
			codes = append(codes, fmt.Sprintf("%d.(%d)", d0, d))
			for d1 := range 8 {
				codes = append(codes, fmt.Sprintf("%d.%d(%d)", d0, d1, d))
				for d2 := range testenv.Share(8, 0) {
					codes = append(codes, fmt.Sprintf("%d.%d%d(%d)", d0, d1, d2, d))
				}
			}
		}
	}
	proved := map[string]bool{}
	for _, code := range codes {
		r, G := computed(t, code, N)
		sizes := []int{64, 128, 256, 512, 1024}
		for L := 8; L < 64; L++ {
			if _, _, ok := period.Prove(r, G[:L+1]); ok {
				sizes = append(sizes, L)
				break
			}
		}
		for _, L := range sizes {
			per, _, ok := period.Prove(r, G[:L+1])
			if !ok {
				continue
			}
			proved[code] = true
			for n := per.Start; n+per.Length <= N; n++ {
				if G[n+per.Length] != G[n]+per.Saltus {
					t.Errorf("%s: %+v proved from SG(0..%d), but SG(%d) = %d, SG(%d) = %d",
						code, per, L, n+per.Length, G[n+per.Length], n, G[n])
					break
				}
			}
		}
	}
	// 91 of the 126 codes (758 of the 1022), as sgtab has proved them.
	if len(proved) < testenv.Share(758, 91) {
		t.Errorf("only %d of %d codes proved: the check says little", len(proved), len(codes))
	}
}

// TestLaskerProvedForm checks the proved form of Lasker's Nim against
// every value the engine computes, to 10^4 (10^5 with SGTAB_LONG; the
// engine's splits cost O(n) a heap here), and against the values of
// laskerMex, a direct mex computation of its own, to 10^5 (10^6).
func TestLaskerProvedForm(t *testing.T) {
	r, G := computed(t, lasker, testenv.Share(100_000, 10_000))
	per, proof, ok := period.Prove(r, G[:64])
	if !ok {
		t.Fatal("not proved")
	}
	P := sg.ValuesOf(G[:proof.Need(per)+1])
	for n, v := range G {
		if got, _ := per.Extend(P, n); got != uint64(v) {
			t.Fatalf("the proved form gives SG(%d) = %d, the engine %d", n, got, v)
		}
	}
	for n, v := range laskerMex(t, testenv.Share(1_000_000, 100_000)) {
		if got, _ := per.Extend(P, n); got != uint64(v) {
			t.Fatalf("the proved form gives SG(%d) = %d, the mex %d", n, got, v)
		}
	}
}

// laskerMex computes Lasker's Nim's values to n from the definition,
// SG(n) = mex({SG(m) : m < n} ∪ {SG(a) ⊕ SG(n − a) : 0 < a < n}), in
// sparse space (Winning Ways ch. 4): a position m ≥ 1 is common when bit 1
// of SG(m) and m have different parities. If every position below n is
// common, every split of n (two common parts, summing to n) has a value v
// with bit 1 of v and n of equal parity, so a common candidate for SG(n)
// is never a split's value and needs no search; a rare candidate is looked
// for among the splits. It fails the test if a position turns out rare.
func laskerMex(t *testing.T, n int) []uint32 {
	G := make([]uint32, n+1)
	taken := make([]bool, 2*n+2) // the values SG(m), m < the heap
	low := 0                     // the least value not taken
	for h := 1; h <= n; h++ {
		taken[G[h-1]] = true
		for taken[low] {
			low++
		}
		v := low
		for ; ; v++ {
			if taken[v] {
				continue
			}
			if (v>>1+h)%2 == 1 || !splitGives(G, h, uint32(v)) {
				break
			}
		}
		if (v>>1+h)%2 != 1 {
			t.Fatalf("SG(%d) = %d is rare: the shortcut does not hold", h, v)
		}
		G[h] = uint32(v)
	}
	return G
}

// splitGives reports whether some split of h into a and h − a has the
// value v.
func splitGives(G []uint32, h int, v uint32) bool {
	for a := 1; 2*a <= h; a++ {
		if G[a]^G[h-a] == v {
			return true
		}
	}
	return false
}

// TestArithFillWidens checks that a table filled from an arithmetic
// period is widened to hold the values: Lasker's Nim to 70000, proved at
// 64 with one-byte values, needs four bytes, and every value must be the
// formula's; with StopWhenProved the table ends where the proof needs it,
// and a table resumed from that one is the same.
func TestArithFillWidens(t *testing.T) {
	r, err := rules.ParseCode(lasker, 0)
	if err != nil {
		t.Fatal(err)
	}
	g := rules.Game{Name: "lasker", Rule: r}
	tab, err := compute.Sequence(t.Context(), g, 70000, sg.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if tab.G.Width() != 32 || tab.Analysis.Status != sg.Proved || tab.Analysis.Computed != 64 {
		t.Errorf("width %d, %s, computed to %d; want 32, proved, 64", tab.G.Width(), tab.Analysis.Status, tab.Analysis.Computed)
	}
	for n := range tab.G.Len() {
		if uint64(tab.G.At(n)) != brute.LaskerSG(n) {
			t.Fatalf("SG(%d) = %d, want %d", n, tab.G.At(n), brute.LaskerSG(n))
		}
	}
	short, err := compute.Sequence(t.Context(), g, 70000, sg.Options{StopWhenProved: true})
	if err != nil {
		t.Fatal(err)
	}
	if short.N() != 16 || short.Analysis.Status != sg.Proved {
		t.Errorf("StopWhenProved: SG(0..%d), %s; want SG(0..16), proved", short.N(), short.Analysis.Status)
	}
	// Going on from that table proves the period at once and fills the
	// rest, widened as well.
	resumed, err := compute.Sequence(t.Context(), g, 70000, sg.Options{From: short})
	if err != nil {
		t.Fatal(err)
	}
	if !resumed.G.Equal(tab.G) || resumed.Analysis.Status != sg.Proved {
		t.Errorf("resumed from SG(0..16): %s, values equal %v", resumed.Analysis.Status, resumed.G.Equal(tab.G))
	}
}

// TestVerifyArithmetic checks Verify on a table whose arithmetic period is
// proved: values to the proof's window against their options, the rest
// against the period and its saltus; a value changed past the window
// breaks the period, so the table proves none and that value fails its
// options.
func TestVerifyArithmetic(t *testing.T) {
	r, err := rules.ParseCode(lasker, 0)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := compute.Sequence(t.Context(), rules.Game{Name: "lasker", Rule: r}, 5000, sg.Options{})
	if err != nil {
		t.Fatal(err)
	}
	v, err := compute.Verify(t.Context(), tab, sg.VerifyOptions{})
	if err != nil || v.ByOptions != 16 || v.Through != 5000 {
		t.Fatalf("Verify: %+v, %v; want through 5000, by options to 16", v, err)
	}
	u := tab.G.Uint32s()
	u[4000]++
	tab.G = sg.ValuesOf(u)
	_, err = compute.Verify(t.Context(), tab, sg.VerifyOptions{})
	if m, ok := errors.AsType[*sg.MismatchError](err); !ok || m.N != 4000 || m.Want != 3999 {
		t.Errorf("Verify of a changed SG(4000): %v", err)
	}
}

// TestArithRingFilled checks a ring start whose rows' arithmetic period is
// proved at 64 with one-byte values: the rows past it are filled in at two
// bytes, the rings computed on from there at the new width (with
// StopWhenProved too), and every value equals the values computed without
// the proof.
func TestArithRingFilled(t *testing.T) {
	r, err := rules.ParseCode(lasker, 0)
	if err != nil {
		t.Fatal(err)
	}
	g := rules.Game{Name: "lasker-ring", Rule: r, Start: rules.StartRing}
	tab, err := compute.Sequence(t.Context(), g, 600, sg.Options{})
	if err != nil {
		t.Fatal(err)
	}
	full, err := compute.Sequence(t.Context(), g, 600, sg.Options{Exhaustive: true})
	if err != nil {
		t.Fatal(err)
	}
	a := tab.Analysis
	if a.Status != sg.Proved || a.Computed != 64 || tab.G.Width() != 16 {
		t.Errorf("%s, computed to %d, width %d; want proved, 64, 16", a.Status, a.Computed, tab.G.Width())
	}
	if !tab.G.Equal(full.G) || !tab.Ring.Equal(full.Ring) {
		t.Error("the values differ from those computed without the proof")
	}
	if a.Ring == nil || a.Ring.Status == sg.Proved {
		t.Errorf("rings: %+v; want them not proved (the rows' period has a saltus)", a.Ring)
	}
	// StopWhenProved ends no table whose rings the rows' period does not
	// answer: the rings are computed as far as asked.
	short, err := compute.Sequence(t.Context(), g, 600, sg.Options{StopWhenProved: true})
	if err != nil {
		t.Fatal(err)
	}
	if short.N() != 600 || !short.Ring.Equal(full.Ring) {
		t.Errorf("StopWhenProved: SG_ring(0..%d), equal %v; want 0..600, equal", short.N(), short.Ring.Equal(full.Ring))
	}
}
