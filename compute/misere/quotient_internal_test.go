package misere

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sgtab/sgtab/rules"
)

// TestQuotientStableStageSearchesNothing checks that a heap that adds
// nothing to the quotient of the heaps below it is decided by checking the
// candidates in which it stands for one of their elements, with no outcome
// searched: Dawson's Kayles's quotient has order 24 from heap 14 to 24.
func TestQuotientStableStageSearchesNothing(t *testing.T) {
	r, err := rules.ParseCode("0.07", 0)
	if err != nil {
		t.Fatal(err)
	}
	r, err = rules.EngineRule(r, 24)
	if err != nil {
		t.Fatal(err)
	}
	l := newLearner(context.Background(), r, 24, QuotientLimits{})
	var last *Quotient
	for m := 1; m <= 24; m++ {
		q, err := l.stage(m, last)
		if err != nil {
			t.Fatal(err)
		}
		if m > 14 {
			if q.Order != last.Order || l.memo.len() != 0 {
				t.Errorf("heap %d: order %d after %d, %d positions searched; want the same order and none", m, q.Order, last.Order, l.memo.len())
			}
		}
		last = q
	}
}

// TestQuotientNumberedByNormalForms checks that a quotient's elements are
// numbered in the order of their normal forms, however it was learnt:
// 0.75's heaps to 16 (order 8, learnt by heap 5) and Kayles's to 20.
func TestQuotientNumberedByNormalForms(t *testing.T) {
	for _, tc := range []struct {
		code string
		n    int
	}{{"0.75", 16}, {"0.77", 20}, {"0.07", 20}} {
		r, err := rules.ParseCode(tc.code, 0)
		if err != nil {
			t.Fatal(err)
		}
		q, err := QuotientOf(context.Background(), r, tc.n, QuotientLimits{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for e := 1; e < q.Order; e++ {
			a, b := q.Words[e-1], q.Words[e]
			if da, db := degree(a), degree(b); da > db || da == db && compareWords(a, b) >= 0 {
				t.Errorf("%s: element %d is %s, element %d is %s: not in the order of normal forms", tc.code, e-1, WordText(a), e, WordText(b))
			}
		}
	}
}

// TestPosMemo checks that the memo of outcomes tells apart positions that
// differ in a heap, in their number of heaps (the empty one included), and
// on either side of packHeaps, where keys change from packed words to
// strings; and that join merges sorted positions as sorting would, and
// sorts positions that are not.
func TestPosMemo(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	m := newPosMemo()
	want := map[string]bool{}
	for range 20000 {
		p := make([]int, rng.IntN(2*packHeaps+2))
		for i := range p {
			p[i] = 1 + rng.IntN(4)
			if rng.IntN(8) == 0 {
				p[i] = MaxQuotientHeap - rng.IntN(3)
			}
		}
		slices.Sort(p)
		v := rng.IntN(2) == 0
		if old, ok := want[posKey(p)]; ok {
			v = old // a position has one outcome
		}
		m.set(p, v)
		want[posKey(p)] = v
	}
	if m.len() != len(want) {
		t.Fatalf("%d positions held, want %d", m.len(), len(want))
	}
	for k, v := range want {
		p := make([]int, len(k)/2)
		for i := range p {
			p[i] = int(k[2*i]) | int(k[2*i+1])<<8
		}
		if got, ok := m.get(p); !ok || got != v {
			t.Fatalf("position %v: %v, %v; want %v", p, got, ok, v)
		}
	}
	if _, ok := m.get([]int{3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3}); ok {
		t.Error("a position never set is found")
	}
	for range 2000 {
		a, b := make([]int, rng.IntN(6)), make([]int, rng.IntN(6))
		for i := range a {
			a[i] = rng.IntN(9)
		}
		for i := range b {
			b[i] = rng.IntN(9)
		}
		if rng.IntN(2) == 0 {
			slices.Sort(a)
			slices.Sort(b)
		}
		want := slices.Sorted(slices.Values(append(slices.Clone(a), b...)))
		if got := join(a, b); !slices.Equal(got, want) {
			t.Fatalf("join(%v, %v) = %v, want %v", a, b, got, want)
		}
	}
}

// TestQuotientExtendAgreesWithLearning checks the quotients found among
// candidates built from the quotient below (extend) against those learnt
// from searched outcomes alone, table for table, for codes that split and
// codes that do not; and that extend decided stages, by its first
// candidate and after freeing heaps (recalibrate).
func TestQuotientExtendAgreesWithLearning(t *testing.T) {
	tests := []struct {
		code string
		n    int
	}{
		{"0.(3)", 9}, {"0.75", 8}, {"0.07", 20}, {"0.77", 12}, {"0.137", 10},
		{"4.7", 7}, {"0.6", 8}, {"0.51", 8}, {"0.33", 8}, {"0.007", 10},
		{"0.17", 8}, {"0.26", 8}, {"0.35", 7}, {"4.07", 7}, {"0.16", 8},
		{"0.44", 8}, {"0.71", 8}, {"0.F", 7}, {"0.31", 8}, {"0.54", 8},
	}
	extended, recalibrated := 0, 0
	for _, tc := range tests {
		r, err := rules.ParseCode(tc.code, 0)
		if err != nil {
			t.Fatal(err)
		}
		if r, err = rules.EngineRule(r, tc.n); err != nil {
			t.Fatal(err)
		}
		l := newLearner(context.Background(), r, tc.n, QuotientLimits{})
		got, err := l.run(nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.code, err)
		}
		extended, recalibrated = extended+l.extended, recalibrated+l.recalibrated
		learn := newLearner(context.Background(), r, tc.n, QuotientLimits{})
		learn.learnOnly = true
		want, err := learn.run(nil)
		if err != nil {
			t.Fatalf("%s, learnt: %v", tc.code, err)
		}
		if !slices.Equal(got.Orders, want.Orders) || !slices.Equal(got.Mul, want.Mul) ||
			!slices.Equal(got.P, want.P) || !slices.Equal(got.Pretend, want.Pretend) {
			t.Errorf("%s to %d: built %v, learnt %v (orders by heap bound)", tc.code, tc.n, got.Orders, want.Orders)
		}
	}
	if extended == 0 || recalibrated == 0 {
		t.Errorf("extend decided %d stages, recalibrating %d times: want some of each", extended, recalibrated)
	}
}

// TestCyclicAndSumMonoid checks the monoids candidates are built from: a
// cyclic monoid's powers repeat with its index and period, and the direct
// sum multiplies part by part.
func TestCyclicAndSumMonoid(t *testing.T) {
	c := cyclic{index: 3, period: 2} // a^5 = a^3
	want := []int{0, 1, 2, 3, 4, 3, 4, 3}
	for k, w := range want {
		if got := c.add(k-k/2, k/2); got != w {
			t.Errorf("a^%d: exponent %d, want %d", k, got, w)
		}
		x := 0
		for range k {
			x = c.add(x, 1)
		}
		if x != w {
			t.Errorf("a^%d by steps: exponent %d, want %d", k, x, w)
		}
	}
	// Z/2 (base, as a table) ⊕ ⟨a | a^5 = a^3⟩ ⊕ ⟨b | b^4 = b^2⟩.
	s := newSumMonoid([]uint16{0, 1, 1, 0}, 2, []cyclic{c, {2, 2}})
	if s.size != 2*5*4 {
		t.Fatalf("size %d", s.size)
	}
	split := func(x int) [3]int { return [3]int{x % 2, x / 2 % 5, x / 10} }
	for x := range s.size {
		for y := range s.size {
			a, b, z := split(x), split(y), split(s.mul(x, y))
			w := [3]int{a[0] ^ b[0], c.add(a[1], b[1]), cyclic{2, 2}.add(a[2], b[2])}
			if z != w || s.mul(y, x) != s.mul(x, y) {
				t.Fatalf("%v·%v = %v, want %v", a, b, z, w)
			}
		}
	}
	if s.gen(0) != 2 || s.gen(1) != 10 {
		t.Errorf("generators %d, %d", s.gen(0), s.gen(1))
	}
}
