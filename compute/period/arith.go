package period

import (
	"math"
	"math/bits"

	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// ArithTheorem names the argument of proveArith (doc.go, "Arithmetic
// periodicity").
const ArithTheorem = "arithmetic-periodicity lifting theorem"

// arithRule reports whether the lifting theorem speaks of rule r: a
// repeating tail (a move may remove any number of tokens of the tail's
// residue classes), moves that leave at most two heaps, no distinct parts,
// and a d0 that only splits.
func arithRule(r rules.Rule) bool {
	if r.Period == 0 || r.MaxParts() > 2 {
		return false
	}
	for i, d := range r.Digits {
		if d.Distinct != 0 || i == 0 && d.Leave&(rules.Leave0|rules.Leave1) != 0 {
			return false
		}
	}
	return true
}

// maxArithWork bounds the steps of one proveArith check, and
// maxArithTries the periods proveArithmetic tries on one table: a proof
// that would take longer is not attempted (the period stays observed).
const (
	maxArithWork  = 2e8
	maxArithTries = 4
)

// An arithForm is the sequence F an arithmetic period claims: the table's
// values below n0 + p, and F(n + p) = F(n) + s for n ≥ n0, with s = 2^e.
// XOR acts on hi(v) = v >> e and lo(v) = v mod s each on its own.
type arithForm struct {
	base  []uint64 // F(0..n0+p−1)
	n0, p int
	s     uint64
	e     uint
}

func newArithForm[T sg.Value](G []T, n0, p int, s uint64) *arithForm {
	f := &arithForm{base: make([]uint64, n0+p), n0: n0, p: p, s: s, e: uint(bits.TrailingZeros64(s))}
	for n := range f.base {
		f.base[n] = uint64(G[n])
	}
	return f
}

// at returns F(n), n ≥ 0.
func (f *arithForm) at(n int) uint64 {
	if n < len(f.base) {
		return f.base[n]
	}
	return f.base[f.n0+(n-f.n0)%f.p] + uint64((n-f.n0)/f.p)*f.s
}

func (f *arithForm) hi(v uint64) int64  { return int64(v >> f.e) }
func (f *arithForm) lo(v uint64) uint64 { return v & (f.s - 1) }

// c and lam return hi and lo of F(n0 + ρ): for every n ≥ n0 of residue
// ρ = (n − n0) mod p, hi(F(n)) = (n − n0) div p + c(ρ), lo(F(n)) = lam(ρ).
func (f *arithForm) c(rho int) int64    { return f.hi(f.base[f.n0+rho]) }
func (f *arithForm) lam(rho int) uint64 { return f.lo(f.base[f.n0+rho]) }

// mod returns x mod p in 0..p−1.
func mod(x, p int) int { return (x%p + p) % p }

// proveArith reports whether the lifting theorem proves that the values
// G, those of a game with rule r, are arithmetic periodic with period per
// (saltus > 0) for every n, and its proof: the window n0 ≤ n < n1 on which
// G(n+p) = G(n) + s was checked, which takes the table to n1 + p − 1. Each
// hypothesis of the theorem (doc.go) is checked on the values; a failed one
// leaves the period unproved.
func proveArith[T sg.Value](r rules.Rule, G []T, per sg.Period) (sg.Proof, bool) {
	s := uint64(per.Saltus)
	if !arithRule(r) || s == 0 || s&(s-1) != 0 || per.Length < 1 {
		return sg.Proof{}, false
	}
	n0, p := max(per.Start, 1), per.Length
	if !arithRoom(r, n0, p, len(G)) {
		return sg.Proof{}, false
	}
	f := newArithForm(G, n0, p, s)
	n1 := f.windowEnd(r)
	if n1+p > len(G) || f.work(r, n1) > maxArithWork {
		return sg.Proof{}, false
	}
	for n := n0; n < n1; n++ { // (a): F = G below n1 + p
		if uint64(G[n+p]) != uint64(G[n])+s {
			return sg.Proof{}, false
		}
	}
	if !f.noWildHit(r) || !f.smallMovesCover(r, n1) || !f.liftsCover(r, n1) {
		return sg.Proof{}, false
	}
	return sg.Proof{Theorem: ArithTheorem, WindowStart: per.Start, WindowEnd: n1}, true
}

// arithRoom reports whether a table of size values can hold the window of
// a period p from n0 at all: it reaches t + 2·(n0 + 2p − 1) (see
// windowEnd), a cheap test that rules out most lengths p at once.
func arithRoom(r rules.Rule, n0, p, size int) bool {
	return r.TailStart()+2*(n0+2*p-1) <= size
}

// windowEnd returns n1, the first heap of the window's last period: the
// least n1 ≥ n0 such that every heap N ≥ n1 + p
//
//   - has each move whose heaps are all below n0 + 2p remove at least t
//     tokens (t = r.TailStart()), so that which of them N has depends on
//     N mod r.Period alone: N ≥ t + 2·(n0 + 2p − 1);
//   - has F(N) ≥ 2^β, where 2^β exceeds every F(m), m < n0 + p, and so
//     every value of a move that leaves only such heaps (their XOR).
func (f *arithForm) windowEnd(r rules.Rule) int {
	n1 := max(f.n0, r.TailStart()+2*(f.n0+2*f.p-1)-f.p)
	var top uint64
	for _, v := range f.base {
		top = max(top, v)
	}
	bound := uint64(1) << bits.Len64(top)
	for rho := range f.p {
		first := f.n0 + rho // the first N of the class with F(N) ≥ bound
		if v := f.base[first]; v < bound {
			first += f.p * int((bound-v+f.s-1)/f.s)
		}
		n1 = max(n1, first-f.p) // every N ≥ n1 + p of the class is past it
	}
	return n1
}

// work returns about how many steps the checks of proveArith take.
func (f *arithForm) work(r rules.Rule, n1 int) float64 {
	small, top := float64(f.n0+2*f.p), float64(n1+f.p+f.coverPeriod(r))
	wild := float64(f.kmax()+1) * float64(f.p) * float64(f.p+f.n0+f.p)
	lifts := float64(f.p) * float64(n1+f.p) * float64(1+f.n0+f.p)
	return float64(f.coverPeriod(r))*(small*small/2+top*top/4) + wild + lifts
}

// kmax returns the largest removal k for which a split can be wild and
// its δ (see noWildHit) non-negative.
func (f *arithForm) kmax() int {
	var hiSmall, cmax int64
	for _, v := range f.base {
		hiSmall = max(hiSmall, f.hi(v))
	}
	for rho := range f.p {
		cmax = max(cmax, f.c(rho))
	}
	k := int64(f.p) * (hiSmall + 2*cmax + 1)
	return int(min(k, math.MaxInt32))
}
