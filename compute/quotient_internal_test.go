package compute

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
	r, err = engineRule(r, 24)
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
		q, err := MisereQuotient(context.Background(), r, tc.n, QuotientLimits{}, nil)
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
