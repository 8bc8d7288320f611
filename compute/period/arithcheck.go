package period

import (
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// The hypotheses of the lifting theorem (doc.go, "Arithmetic
// periodicity") that proveArith checks besides (a), the period on the
// window. A move is liftable when it leaves a heap c ≥ n0 whose partner
// (the other heap it leaves, if any) has a value below s: adding p to c
// adds s to its value.

// liftable reports whether the split into heaps a and b is liftable.
func (f *arithForm) liftable(a, b int) bool {
	return b >= f.n0 && f.at(a) < f.s || a >= f.n0 && f.at(b) < f.s
}

// noWildHit checks hypothesis (e): no wild split of a heap N ≥ n1 + p —
// into a ≤ b with b ≥ n0 + p and F(a) ≥ s, which no lifting accounts
// for — has the value F(N). Its value F(a) ⊕ F(b) equals F(N) only when
// lo(F(a)) ⊕ lo(F(b)) = lo(F(N)) and
//
//	δ = hi(F(a)) + hi(F(b)) − hi(F(N)) = 2·(hi(F(a)) AND hi(F(b))),
//
// an even number ≥ 0, for x ⊕ y = x + y − 2·(x AND y). For a ≥ n0 both
// depend only on a's and N's residues mod p and on the removal k (b's
// residue follows from them); for each a < n0 + p only on N's residue and
// k. δ falls by one when k grows by p, so no k above kmax gives δ ≥ 0.
// Every such kind of split is checked, whether a heap has one or not.
func (f *arithForm) noWildHit(r rules.Rule) bool {
	p, n0 := f.p, f.n0
	for k, kmax := 0, f.kmax(); k <= kmax; k++ {
		if r.Digit(k).Leave&rules.Leave2 == 0 {
			continue
		}
		for rn := range p {
			for ra := range p {
				rb := mod(rn-k-ra-n0, p)
				delta := int64((rn-k-ra-n0-rb)/p) + f.c(ra) + f.c(rb) - f.c(rn)
				if f.lam(ra)^f.lam(rb) == f.lam(rn) && evenAtLeast0(delta) {
					return false
				}
			}
			for a := 1; a < n0+p; a++ {
				v := f.base[a]
				if v < f.s {
					continue // liftable
				}
				rb := mod(rn-k-a, p)
				delta := f.hi(v) + int64((rn-k-a-rb)/p) + f.c(rb) - f.c(rn)
				if f.lo(v)^f.lam(rb) == f.lam(rn) && evenAtLeast0(delta) {
					return false
				}
			}
		}
	}
	return true
}

func evenAtLeast0(x int64) bool { return x >= 0 && x%2 == 0 }

// smallMovesCover checks hypothesis (c): for every heap N ≥ n1 + p, the
// moves of N that leave only heaps below B = n0 + 2p, and its balanced
// splits, give every value below s, and its liftable moves among the
// former every value from s to 2s − 1. Which small moves N has depends on
// N mod r.Period alone (see windowEnd). A balanced split leaves heaps
// a, b ≥ n0 with hi(F(a)) = hi(F(b)), so its value is below s; adding p
// to both heaps gives one of N + 2p, balanced too, with the same value.
// So the heaps N of one period L = lcm(r.Period, 2p) are looked at.
func (f *arithForm) smallMovesCover(r rules.Rule, n1 int) bool {
	B := f.n0 + 2*f.p
	if f.s > uint64(B*B) {
		return false // fewer moves than values to give
	}
	for N := n1 + f.p; N < n1+f.p+f.coverPeriod(r); N++ {
		var got sg.Bitset
		mark := func(v uint64, liftable bool) {
			if v < f.s || v < 2*f.s && liftable {
				got.Set(uint32(v))
			}
		}
		if r.Digit(N).Leave&rules.Leave0 != 0 {
			mark(0, false)
		}
		for m := 1; m < B; m++ {
			if r.Digit(N-m).Leave&rules.Leave1 != 0 {
				mark(f.at(m), m >= f.n0)
			}
		}
		for a := 1; a < B; a++ {
			for b := a; b < B; b++ {
				if r.Digit(N-a-b).Leave&rules.Leave2 != 0 {
					mark(f.at(a)^f.at(b), f.liftable(a, b))
				}
			}
		}
		if !got.Covers(0, f.s) {
			f.balanced(r, N, func(v uint64) { mark(v, false) })
		}
		if !got.Covers(0, 2*f.s) {
			return false
		}
	}
	return true
}

// coverPeriod returns lcm(r.Period, 2p), the period after which the small
// moves and the balanced splits of a heap recur (see smallMovesCover).
func (f *arithForm) coverPeriod(r rules.Rule) int {
	a, b := r.Period, 2*f.p
	for b != 0 {
		a, b = b, a%b
	}
	return r.Period / a * 2 * f.p
}

// balanced calls mark with the value of each balanced split of N (see
// smallMovesCover).
func (f *arithForm) balanced(r rules.Rule, N int, mark func(uint64)) {
	for k := 0; N-k >= 2*f.n0; k++ {
		if r.Digit(k).Leave&rules.Leave2 == 0 {
			continue
		}
		for a := f.n0; 2*a <= N-k; a++ {
			va, vb := f.at(a), f.at(N-k-a)
			if f.hi(va) == f.hi(vb) {
				mark(va ^ vb)
			}
		}
	}
}

// liftsCover checks hypothesis (b): for n1 ≤ n < n1 + p, the liftable
// moves of n give every value from s to F(n) − 1. They are the moves that
// leave one heap m ≥ n0, and the splits of n − k into a heap a with
// F(a) < s (all such a are below n0 + p) and a heap b ≥ n0.
func (f *arithForm) liftsCover(r rules.Rule, n1 int) bool {
	var low []int
	for a := 1; a < f.n0+f.p; a++ {
		if f.base[a] < f.s {
			low = append(low, a)
		}
	}
	for n := n1; n < n1+f.p; n++ {
		top := f.at(n)
		var got sg.Bitset
		mark := func(v uint64) {
			if v >= f.s && v < top {
				got.Set(uint32(v))
			}
		}
		for m := f.n0; m < n; m++ {
			if r.Digit(n-m).Leave&rules.Leave1 != 0 {
				mark(f.at(m))
			}
		}
		for k := 0; k+2 <= n; k++ {
			if r.Digit(k).Leave&rules.Leave2 == 0 {
				continue
			}
			for _, a := range low {
				if b := n - k - a; b >= f.n0 {
					mark(f.at(a) ^ f.at(b))
				}
			}
		}
		if !got.Covers(f.s, top) {
			return false
		}
	}
	return true
}
