package compute

import (
	"math"
	"time"

	"github.com/sgtab/sgtab/compute/sg"
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

// Estimate returns about how long the heap engine takes to compute the
// table of the heap game g to n on workers workers: the plain engine's
// time, from Work, PairsPerSecond and TriplesPerSecond. It reads g's Rule
// and Start only: the other kinds of game have their own estimates
// (LatticeEstimate, StateEstimate). A misère game that splits heaps is
// computed by the misère search within TableMisereLimits, whose steps
// bound its time whatever n is (MisereStepsPerSecond).
func Estimate(g rules.Game, n, workers int) time.Duration {
	if g.Misere && g.Rule.MaxParts() > 1 {
		_, steps := sg.TableMisereLimits.Bounds()
		return duration(float64(steps) / MisereStepsPerSecond)
	}
	workers = max(workers, 1)
	pairs, triples := work(g.Rule, g.Start == rules.StartRing, n)
	return duration(pairs/PairsPerSecond/float64(workers) + triples/TriplesPerSecond)
}

// MisereStepsPerSecond is about how many options the misère search visits
// a second, each a position formed, looked up and, the first time,
// searched: measured on a busy 2-core x86-64 machine, 0.4 to 1 million a
// second (go test -bench MisereSearchKayles ./compute/misere: 860,000 steps and
// 170,000 positions remembered, in 1 to 2 s).
const MisereStepsPerSecond = 1e6

// duration converts secs to a Duration, at most 10^9 seconds.
func duration(secs float64) time.Duration {
	return time.Duration(min(secs, 1e9) * float64(time.Second))
}

// About how many points a second the lattice engine settles (their single
// steps and mex), how many lookups of a point's line it makes a second
// (two a point and repeating step: naming the line, and finding its value
// set), and how many words of the lines' value sets it ORs a second.
// Measured on a 2-core x86-64 machine with Wythoff's game, the rook's game
// and a knight-like game on boards of 4000×4000 and 8000×8000: 25 ns a
// point, 85 ns a lookup, and 1.6 ns a word at 4000 but 3.7 ns at 8000,
// where the lines' sets outgrow the caches: the rate is that of the larger
// boards, which long runs have. Two workers sharing the anti-diagonals
// took longer than one there (20 s against 11 s at 4000, on a machine
// shared with other work), so the estimate counts one worker whatever
// their number.
const (
	LatticePointsPerSecond = 4e7
	LatticeLinesPerSecond  = 1.2e7
	LatticeWordsPerSecond  = 2.7e8
)

// LatticeWork returns about how much the lattice engine does to compute the
// board of l: its points; its line lookups, one per point and repeating
// step; and the words of the lines' value sets it ORs. A point ORs the set
// of each repeating step's line behind it, whose values are below the
// number of the point's options at most: a word per 64 options, at least
// one. The options along the step (−a, −b) from (x, y) number
// k = min(x/a, y/b), and over the board they add up to
//
//	Σ_{k=1..K} (W − k·a)(H − k·b),   K the most steps the board allows,
//
// the count of points from which k steps fit, over k.
func LatticeWork(l *rules.Lattice) (points, lines, words float64) {
	W, H := float64(l.Size[0]), float64(l.Size[1])
	points = W * H
	var repeats, options float64
	for _, s := range l.Steps {
		if !s.Repeat {
			options += max(W+float64(s.D[0]), 0) * max(H+float64(s.D[1]), 0) // the points it moves from
			continue
		}
		repeats++
		a, b := float64(-s.D[0]), float64(-s.D[1])
		K := math.Inf(1)
		if a > 0 {
			K = math.Floor((W - 1) / a)
		}
		if b > 0 {
			K = min(K, math.Floor((H-1)/b))
		}
		if math.IsInf(K, 1) {
			continue // no step at all: rules refuses it
		}
		// Σ (W − k·a)(H − k·b) for k = 1..K, in closed form.
		s1, s2 := K*(K+1)/2, K*(K+1)*(2*K+1)/6
		options += K*W*H - (W*b+H*a)*s1 + a*b*s2
	}
	return points, repeats * points, repeats * (points + options/64)
}

// LatticeEstimate returns about how long the lattice engine takes to
// compute the board of l, from LatticeWork and the rates above, on one
// worker or more alike.
func LatticeEstimate(l *rules.Lattice) time.Duration {
	points, lines, words := LatticeWork(l)
	return duration(points/LatticePointsPerSecond + lines/LatticeLinesPerSecond + words/LatticeWordsPerSecond)
}
