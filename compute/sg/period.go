package sg

import (
	"fmt"
	"math/bits"
)

// A Period says that G(n+Length) = G(n) + Saltus for every n ≥ Start: Start
// is the preperiod n0, Length the period p and Saltus the increase s per
// period (0 for pure periodicity, positive for arithmetic periodicity).
type Period struct {
	Start  int
	Length int
	Saltus uint32
}

// LastException returns the last heap size before the periodic part, or -1
// when the sequence is periodic from 0.
func (p Period) LastException() int { return p.Start - 1 }

// Status is the standing of a reported period.
type Status string

// A Proof says which theorem makes a period hold for every n, and the
// window of heap sizes it needed checked.
type Proof struct {
	Theorem string
	// G(n+p) = G(n) was checked for WindowStart ≤ n < WindowEnd, which takes
	// the table up to heap WindowEnd−1+p.
	WindowStart, WindowEnd int
}

// Need returns the largest heap size the proof's window reads.
func (pr Proof) Need(p Period) int { return pr.WindowEnd - 1 + p.Length }

// String writes the window, "n0 ≤ n < W"; a proof that reads no values
// (the mirror strategy's from the rule alone, RingMirror) has an empty
// window, written "n ≥ W, from the rule alone".
func (pr Proof) String() string {
	if pr.WindowStart >= pr.WindowEnd {
		return fmt.Sprintf("n ≥ %d, from the rule alone", pr.WindowEnd)
	}
	return fmt.Sprintf("%d ≤ n < %d", pr.WindowStart, pr.WindowEnd)
}

// Extend returns the value at heap size n ≥ 0 of values G that the period
// p holds for (a proved one) beyond them: G's own where G holds n, else
//
//	G(n0 + (n − n0) mod p) + s·⌊(n − n0)/p⌋
//
// with n0 = p.Start. G must hold at least the values below p.Start +
// p.Length. It reports false when the value does not fit in 64 bits.
func (p Period) Extend(G Values, n int) (uint64, bool) {
	if n < G.Len() {
		return uint64(G.At(n)), true
	}
	q := uint64((n - p.Start) / p.Length)
	hi, add := bits.Mul64(q, uint64(p.Saltus))
	v, carry := bits.Add64(uint64(G.At(p.Start+(n-p.Start)%p.Length)), add, 0)
	return v, hi == 0 && carry == 0
}

const (
	// Proved: a theorem turns the finite check into a proof for all n.
	Proved Status = "proved"
	// Observed: the table shows the period with the required margin, but no
	// theorem applied (or the table is too short for its window).
	Observed Status = "observed"
	// None: no period was found in the table.
	None Status = "none"
)
