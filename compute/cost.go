package compute

import (
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
		p, t := work1(ringRule(r), n)
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
		d := r.Digits[k]
		if d.Leave&(rules.Leave0|rules.Leave1) != 0 {
			pairs += sum(k, 0)
		}
		if d.Leave&rules.Leave2 != 0 {
			pairs += sum(k, 1) / 2 // a heap of m splits m/2 ways
		}
		if d.Leave&rules.Leave3 != 0 {
			triples += sum(k, 2) / 12 // and into three, m²/12 ways
		}
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

// SparseMayApply reports whether sparse space may serve the rule r, so that
// Work overstates its cost, perhaps by far: two-heap splits with explicit
// removal counts, and no three-heap split or repeating tail.
func SparseMayApply(r rules.Rule) bool {
	e := newEvaluator[uint8](r, true, nil, nil)
	return e.sparseApplies()
}

// Estimate returns about how long the plain engine takes to compute the
// game g to n on workers workers, from Work, PairsPerSecond and
// TriplesPerSecond; it is 0 for lattice and built-in games, whose cost is
// small or known.
func Estimate(g rules.Game, n, workers int) time.Duration {
	if g.Lattice != nil || g.State != "" {
		return 0
	}
	pairs, triples := work(g.Rule, g.Start == rules.StartRing, n)
	secs := pairs/PairsPerSecond/float64(max(workers, 1)) + triples/TriplesPerSecond
	return time.Duration(min(secs, 1e9) * float64(time.Second))
}
