package heap

import (
	"math"
	"time"

	"github.com/sgtab/sgtab/rules"
)

// About how many option values a second one worker marks scanning
// two-heap splits, and the engine marks scanning three-heap splits, which
// it does on one worker (measured on a 2-core x86-64 machine: 1.2 to
// 1.8·10^9 pairs, 0.6·10^9 triples).
const (
	PairsPerSecond   = 1.2e9
	TriplesPerSecond = 0.6e9
)

// Work returns about how many option values the plain engine marks to
// compute heap sizes 1..n of rule r (and the rings of 1..n when ring is
// set): one per single-heap option, one per two-heap split, one per
// three-heap split, and for a repeating tail the splits of every remainder
// once. It is what a table costs at most: a proved period ends the work
// early, and sparse space (SparseMayApply) can make two-heap splits cost a
// few thousand marks a heap instead of n/2.
func Work(r rules.Rule, ring bool, n int) float64 {
	pairs, triples := work(r, ring, n)
	return pairs + triples
}

// work returns Work in two parts: the single-heap options and two-heap
// splits, which several workers share, and the three-heap splits, which
// one worker scans.
func work(r rules.Rule, ring bool, n int) (pairs, triples float64) {
	pairs, triples = work1(r, n)
	if ring {
		p, t := work1(r.RingOpening(), n)
		pairs, triples = pairs+p, triples+t
	}
	return pairs, triples
}

func work1(r rules.Rule, n int) (pairs, triples float64) {
	N := float64(n)
	// Σ over m = k+1..n of (m − k)^p, about (n − k)^(p+1)/(p+1).
	sum := func(k, p int) float64 {
		x := max(N-float64(k), 0)
		switch p {
		case 0:
			return x
		case 1:
			return x * x / 2
		}
		return x * x * x / 3
	}
	t := r.TailStart()
	for k := range t {
		p, q := digitCost(r.Digits[k], k, k, n)
		pairs, triples = pairs+p, triples+q
	}
	if r.Until > 0 {
		// A run costs what its removals spelled out would, summed at once.
		p, q := digitCost(r.Digit(t), t, r.Until, n)
		pairs, triples = pairs+p, triples+q
	}
	if r.Period > 0 {
		// A tail costs a union lookup a heap, and the splits of every
		// remainder once, for each kind of move it allows.
		var leave uint8
		for _, d := range r.Digits[t:] {
			leave |= d.Leave
		}
		pairs += N
		if leave&rules.Leave2 != 0 {
			pairs += sum(t, 1) / 2
		}
		if leave&rules.Leave3 != 0 {
			triples += sum(t, 2) / 12
		}
	}
	return pairs, triples
}

// digitCost returns the single-heap options and two-heap splits, and the
// three-heap splits, that the digit d of the removal counts k0..k1 gives
// heap sizes 1..n: for each k, one option a heap of m > k, (m − k)/2 pairs
// and (m − k)²/12 triples, summed over the counts at once.
func digitCost(d rules.Digit, k0, k1, n int) (pairs, triples float64) {
	// xs(p) is Σ x^p over x = n − k for k0 ≤ k ≤ min(k1, n − 1).
	hi, lo := float64(n-k0), float64(n-min(k1, n-1))
	if lo > hi || hi <= 0 {
		return 0, 0
	}
	xs := func(p int) float64 {
		if lo == hi {
			return math.Pow(hi, float64(p))
		}
		return powerSum(hi, p) - powerSum(lo-1, p)
	}
	if d.Leave&(rules.Leave0|rules.Leave1) != 0 {
		pairs += xs(1)
	}
	if d.Leave&rules.Leave2 != 0 {
		pairs += xs(2) / 4 // each of the x heaps splits x/2 ways, about
	}
	if d.Leave&rules.Leave3 != 0 {
		triples += xs(3) / 36
	}
	return pairs, triples
}

// powerSum returns 1^p + 2^p + … + x^p, for p from 1 to 3 (0 when x < 1).
func powerSum(x float64, p int) float64 {
	if x < 1 {
		return 0
	}
	switch p {
	case 1:
		return x * (x + 1) / 2
	case 2:
		return x * (x + 1) * (2*x + 1) / 6
	}
	s := x * (x + 1) / 2
	return s * s
}

// SparseMayApply reports whether sparse space may serve the rule r, so that
// Work overstates its cost, perhaps by far: two-heap splits with explicit
// removal counts, and no three-heap split or repeating tail (nor a run,
// which the engine steps through as a tail where it reaches the table's
// end).
func SparseMayApply(r rules.Rule) bool {
	if r.Until > 0 {
		return false
	}
	e := newEvaluator[uint8](r, true, nil, nil)
	return e.sparseApplies()
}

// Estimate is Estimate in normal play: the plain engine's time, from
// Work, PairsPerSecond and TriplesPerSecond.
func Estimate(g rules.Game, n, workers int) time.Duration {
	workers = max(workers, 1)
	pairs, triples := work(g.Rule, g.Start == rules.StartRing, n)
	return time.Duration(min(pairs/PairsPerSecond/float64(workers)+triples/TriplesPerSecond, 1e9) * float64(time.Second))
}
