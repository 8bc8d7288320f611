package compute

import (
	"context"
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
			if q.Order != last.Order || len(l.memo) != 0 {
				t.Errorf("heap %d: order %d after %d, %d positions searched; want the same order and none", m, q.Order, last.Order, len(l.memo))
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
