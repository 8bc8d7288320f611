package period

import (
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// ringTheorem names the argument of ProveRing.
const ringTheorem = "a ring's options are rows: the rows' proved period"

// ringStart returns the ring size r0 from which SG_ring(n+p) = SG_ring(n)
// follows from a proved period p of the rows from n0, for rule r (the rule
// of the rows, whose proof window applies), or false when the argument
// does not apply (distinct parts, or no proved window for the rows).
//
// The first move on a ring of n removes k ≤ t contiguous tokens (t the
// largest removal) and leaves rows: one row of n − k (a cut, k = 0, leaves
// the row of n), or two rows summing to n − k where the rule splits a row
// in three, or nothing when k = n. Every option is thus a row value, and
// rows are periodic from n0 on. For n ≥ r0 = max(t + 1, n0 + t), the ring
// of n and the ring of n + p have the same moves of one row, whose rows of
// n − k and n + p − k ≥ n0 have equal values, and no move that takes the
// whole ring. With two rows, the larger of a pair summing to n + p − k is
// at least ⌈(n + p − t)/2⌉, at least max(n0, 1) + p once
// n ≥ 2·max(n0, 1) + p + t − 1: taking p from it gives a pair of n − k with
// the same value, and back (the larger part of a pair of n − k is at least
// n0). So r0 is the largest of these bounds, and SG_ring(n+p) = SG_ring(n)
// for every n ≥ r0 — an argument on the rows alone, with no induction on
// rings.
func ringStart(r rules.Rule, p sg.Period) (int, bool) {
	if _, ok := proofWindow(r, p); !ok {
		return 0, false
	}
	t, _ := r.MaxTake()
	r0 := max(t+1, p.Start+t)
	for _, d := range r.Digits {
		if d.Leave&rules.Leave3 != 0 {
			r0 = max(r0, 2*max(p.Start, 1)+p.Length+t-1)
		}
	}
	return r0, true
}

// RingNeed returns the largest ring size ProveRing reads for a rows' period
// p of rule r: a window of p ring sizes from r0 and one period past it.
func RingNeed(r rules.Rule, p sg.Period) (int, bool) {
	r0, ok := ringStart(r, p)
	return r0 + 2*p.Length - 1, ok
}

// ProveRing returns the period of the ring values R, with its smallest
// preperiod, proved from the rows' proved period rows (see ringStart), or
// false when R is too short for it. The ring's period q divides p: R is
// p-periodic from r0, so q is the least divisor of p with
// SG_ring(n+q) = SG_ring(n) for r0 ≤ n < r0 + p, which then holds for every
// n ≥ r0; the preperiod runs back from r0 while the equation holds.
func ProveRing[T sg.Value](r rules.Rule, rows sg.Period, R []T) (sg.Period, sg.Proof, bool) {
	r0, ok := ringStart(r, rows)
	if !ok {
		return sg.Period{}, sg.Proof{}, false
	}
	p := rows.Length
	for q := 1; q <= p; q++ {
		if p%q != 0 || r0+p-1+q >= len(R) {
			continue
		}
		holds := true
		for n := r0; n < r0+p && holds; n++ {
			holds = R[n+q] == R[n]
		}
		if !holds {
			continue
		}
		s := r0
		for s > 0 && R[s-1+q] == R[s-1] {
			s--
		}
		per := sg.Period{Start: s, Length: q}
		return per, sg.Proof{Theorem: ringTheorem, WindowStart: r0, WindowEnd: r0 + p}, true
	}
	return sg.Period{}, sg.Proof{}, false
}

// analyzeRing returns the analysis of the ring values R of t, whose rows
// have the analysis rows: proved from the rows' proved period where it
// applies (and proofs are claimed at all), else as observed in R.
func analyzeRing[T sg.Value](t *sg.Table, R []T, rows *sg.Analysis, proofs bool) *sg.RingAnalysis {
	a := &sg.RingAnalysis{Status: sg.None, Checksum: sg.Checksum(R)}
	if proofs && rows.Status == sg.Proved {
		if per, proof, ok := ProveRing(t.Game.Rule, rows.Period, R); ok {
			a.Status, a.Period, a.Proof = sg.Proved, per, proof
		}
	}
	if proofs {
		from, per, proof, ok := proveMirror(t.Game.Rule, R)
		a.MirrorFrom = from
		if ok && a.Status == sg.None {
			a.Status, a.Period, a.Proof = sg.Proved, per, proof
		}
	}
	if a.Status == sg.None {
		if per, ok := FindPeriod(R); ok {
			a.Status, a.Period = sg.Observed, per
		}
	}
	if a.Status != sg.None {
		a.ClosedForm = sg.ClosedFormOf(R, a.Period, "SG_ring")
	}
	return a
}

// proveMirror returns the ring size from which the mirror strategy proves
// every ring of rule r lost (RingMirror), 0 when it proves no such bound
// or the ring values R contradict it (a value past it is not 0), and,
// when R reaches it, the period it proves: 1, with the smallest preperiod,
// run back from the bound while the values are 0. The proof's window is
// the ring sizes below the bound read for the preperiod: none when the
// bound is the preperiod.
func proveMirror[T sg.Value](r rules.Rule, R []T) (int, sg.Period, sg.Proof, bool) {
	m, ok := RingMirror(r)
	if !ok || m.From == 0 {
		return 0, sg.Period{}, sg.Proof{}, false
	}
	from := m.From
	for n := from; n < len(R); n++ {
		if R[n] != 0 {
			return 0, sg.Period{}, sg.Proof{}, false
		}
	}
	if from >= len(R) {
		return from, sg.Period{}, sg.Proof{}, false
	}
	s := from
	for s > 0 && R[s-1] == 0 {
		s--
	}
	return from, sg.Period{Start: s, Length: 1}, sg.Proof{Theorem: MirrorTheorem, WindowStart: s, WindowEnd: from}, true
}
