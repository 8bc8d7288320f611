package period

import (
	"testing"

	"github.com/sgtab/sgtab/compute/internal/brute"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// lasker is Lasker's Nim: remove any number, or split a heap in two.
const lasker = "4.(3)"

// laskerRule returns Lasker's Nim's rule.
func laskerRule(t *testing.T) rules.Rule {
	t.Helper()
	r, err := rules.ParseCode(lasker, 0)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// laskerValues returns Lasker's Nim's values SG(0..n) by its published
// formula (brute.LaskerSG).
func laskerValues(n int) []uint32 {
	G := make([]uint32, n+1)
	for i := range G {
		G[i] = uint32(brute.LaskerSG(i))
	}
	return G
}

// TestArithProofMutations checks that the proof of Lasker's Nim's period
// fails when one value of its window changes (each of 1..16, up or down by
// one or by the saltus), and when the saltus is not the one the values
// have, or not a power of two.
func TestArithProofMutations(t *testing.T) {
	r, G := laskerRule(t), laskerValues(16)
	per := sg.Period{Start: 1, Length: 4, Saltus: 4}
	if _, ok := proveArith(r, G, per); !ok {
		t.Fatal("the values themselves do not prove the period")
	}
	for n := 1; n <= 16; n++ {
		for _, d := range []int{-1, 1, 4} {
			bad := append([]uint32(nil), G...)
			if int(bad[n])+d < 0 {
				continue
			}
			bad[n] = uint32(int(bad[n]) + d)
			if _, ok := proveArith(r, bad, per); ok {
				t.Errorf("SG(%d) changed by %d: still proved", n, d)
			}
		}
	}
	for _, s := range []uint32{2, 3, 8} {
		p := per
		p.Saltus = s
		if _, ok := proveArith(r, G, p); ok {
			t.Errorf("saltus %d: proved", s)
		}
	}
	// A saltus that is no power of two is refused, whatever the values.
	three := make([]uint32, 64)
	for n := range three {
		three[n] = uint32(3 * n)
	}
	if _, ok := proveArith(r, three, sg.Period{Start: 0, Length: 1, Saltus: 3}); ok {
		t.Error("saltus 3: proved")
	}
}

// TestArithHypotheses checks that each hypothesis of the lifting theorem
// is checked on its own: values that break one are refused by its check.
func TestArithHypotheses(t *testing.T) {
	nim := func(n int) uint64 { return uint64(n) } // Nim's values, SG(n) = n
	form := func(f func(int) uint64, n0, p int, s uint64) *arithForm {
		G := make([]uint32, n0+p)
		for n := range G {
			G[n] = uint32(f(n))
		}
		return newArithForm(G, n0, p, s)
	}
	rule := func(code string) rules.Rule {
		r, err := rules.ParseCode(code, 0)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	// (e): with Nim's values, Lasker's split of N into a and N − a with no
	// carry (1 and 4k + 2, say) has the value a ⊕ (N − a) = N = F(N).
	if f := form(nim, 1, 1, 1); f.noWildHit(rule(lasker)) {
		t.Error("(e): Nim's values pass Lasker's splits")
	}
	if f := form(brute.LaskerSG, 1, 4, 4); !f.noWildHit(rule(lasker)) {
		t.Error("(e): Lasker's values fail Lasker's splits")
	}
	// (c): 0.(2) takes any number but never the whole heap, so with Nim's
	// values no move of a large heap has the value 0.
	if f := form(nim, 1, 1, 1); f.smallMovesCover(rule("0.(2)"), f.windowEnd(rule("0.(2)"))) {
		t.Error("(c): Nim's values pass 0.(2)")
	}
	if f := form(nim, 1, 1, 1); !f.smallMovesCover(rule("0.(3)"), f.windowEnd(rule("0.(3)"))) {
		t.Error("(c): Nim's values fail Nim")
	}
	// (b): values 2n under Nim's rule leave the odd values below F(n)
	// to no move.
	double := func(n int) uint64 { return uint64(2 * n) }
	if f := form(double, 1, 1, 2); f.liftsCover(rule("0.(3)"), 4) {
		t.Error("(b): the values 2n pass Nim's lifts")
	}
	if f := form(nim, 1, 1, 1); !f.liftsCover(rule("0.(3)"), 4) {
		t.Error("(b): Nim's values fail Nim's lifts")
	}
	// (d): F = 0, 9, 1, 2, 3, … (n0 = 2, p = 1, s = 1): the values below
	// n0 + p are below 16, which F(N) = N − 1 reaches at N = 17, so n1 is
	// 16, past the tail's bound t + 2·(n0 + 2p − 1) − p = 1 + 6 − 1 = 6.
	pre := func(n int) uint64 {
		if n < 2 {
			return []uint64{0, 9}[n]
		}
		return uint64(n - 1)
	}
	if f := form(pre, 2, 1, 1); f.windowEnd(rule("0.(3)")) != 16 || f.at(17) != 16 || f.at(16) != 15 {
		t.Errorf("(d): n1 = %d, F(16) = %d, F(17) = %d; want 16, 15, 16", f.windowEnd(rule("0.(3)")), f.at(16), f.at(17))
	}
}
