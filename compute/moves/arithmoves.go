package moves

import (
	"cmp"
	"math/bits"
	"slices"

	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// An arithWalk finds the moves of a heap of n to a target value from a
// proved arithmetic period (saltus s = 2^e), without going through the
// heap's options one by one: a heap of 2^62 in Lasker's Nim is answered
// in microseconds. It serves rules whose splits remove a number of tokens
// from the digits before the repeating tail (Lasker's Nim: only d0), so
// that a heap has O(1) kinds of split whatever its size.
//
// With F(m) = s·hi + lo for m ≥ n0 given by m's residue ρ = (m − n0) mod p
// and q = (m − n0) div p as hi = q + c(ρ), lo = λ(ρ):
//
//   - the heaps m with F(m) = v are, for each ρ with λ(ρ) = lo(v) and
//     c(ρ) ≤ hi(v), m = n0 + ρ + p·(hi(v) − c(ρ)), and those below n0
//     with that value;
//   - the splits of M into a ≤ b, a = n0 + ρa + p·x, with F(a) ⊕ F(b) = v
//     have b's residue ρb and x + y = C fixed by ρa (b = n0 + ρb + p·y),
//     and need λ(ρa) ⊕ λ(ρb) = lo(v) and X ⊕ Y = hi(v) = V for
//     X = x + c(ρa), Y = y + c(ρb), X + Y = D = C + c(ρa) + c(ρb). Since
//     X + Y = (X ⊕ Y) + 2·(X AND Y), X AND Y = A = (D − V)/2, which must
//     be a whole number with A AND V = 0; then X = A + T for every T whose
//     bits are among V's, 2^popcount(V) pairs, of which those with
//     a ≤ M/2 count: a range of X, counted bit by bit.
type arithWalk struct {
	r      rules.Rule
	n      int
	sg     func(int) uint64
	empty  uint64
	target uint64
	n0, p  int
	s      uint64
	e      uint
}

// arithWalkable reports whether an arithWalk answers the heaps of rule r
// (not a ring's first move) from the period per: a saltus that is a power
// of two, and no split among the moves of the repeating tail, nor into
// three heaps.
func arithWalkable(r rules.Rule, ring bool, per *sg.Period) bool {
	if ring || per == nil || per.Length < 1 || per.Saltus == 0 || per.Saltus&(per.Saltus-1) != 0 {
		return false
	}
	for k, d := range r.Digits {
		if d.Leave&rules.Leave3 != 0 || k >= r.TailStart() && d.Leave&rules.Leave2 != 0 {
			return false
		}
	}
	return true
}

// arithWork returns about how many steps an arithWalk takes to count.
func arithWork(r rules.Rule, per *sg.Period) float64 {
	splits := 0
	for _, d := range r.Digits {
		if d.Leave&rules.Leave2 != 0 {
			splits++
		}
	}
	return float64(per.Start+per.Length) * float64(1+64*splits)
}

func newArithWalk(r rules.Rule, n int, sg func(int) uint64, empty uint64, per *sg.Period, target uint64) *arithWalk {
	s := uint64(per.Saltus)
	return &arithWalk{r: r, n: n, sg: sg, empty: empty, target: target,
		n0: max(per.Start, 1), p: per.Length, s: s, e: uint(bits.TrailingZeros64(s))}
}

func (w *arithWalk) c(rho int) uint64   { return w.sg(w.n0+rho) >> w.e }
func (w *arithWalk) lam(rho int) uint64 { return w.sg(w.n0+rho) & (w.s - 1) }

// walk counts the moves to the target value and, with yield, calls it on
// each in the order of Of (by increasing removal, then increasing first
// heap left) until it returns false.
func (w *arithWalk) walk(yield func(Move) bool) int64 {
	var count int64
	ones := w.heapsOfValue() // by decreasing m: increasing removal
	splitK := w.r.TailStart()
	for k := 0; ; {
		d := w.r.Digit(k)
		if d.Leave&rules.Leave0 != 0 && k == w.n && w.empty == w.target {
			count++
			if yield != nil && !yield(Move{Take: k}) {
				return count
			}
		}
		if len(ones) > 0 && w.n-ones[0] == k {
			m := ones[0]
			ones = ones[1:]
			if d.Leave&rules.Leave1 != 0 {
				count++
				if yield != nil && !yield(Move{Take: k, Leave: []int{m}}) {
					return count
				}
			}
		}
		if k < splitK && d.Leave&rules.Leave2 != 0 {
			c, more := w.splits(k, yield)
			if count += c; !more {
				return count
			}
		}
		if k == w.n {
			return count
		}
		k = w.nextRemoval(k, splitK, ones)
	}
}

// nextRemoval returns the next removal after k < n that may have a move:
// the next digit before the tail, the next heap of the target value, or
// the whole heap.
func (w *arithWalk) nextRemoval(k, splitK int, ones []int) int {
	next := w.n
	if k+1 < splitK {
		next = k + 1
	}
	if len(ones) > 0 {
		next = min(next, w.n-ones[0])
	}
	return max(next, k+1)
}

// heapsOfValue returns the heaps m, 1 ≤ m < n, with F(m) = target, by
// decreasing m.
func (w *arithWalk) heapsOfValue() []int {
	var ms []int
	hi, lo := w.target>>w.e, w.target&(w.s-1)
	for rho := w.p - 1; rho >= 0; rho-- {
		if c := w.c(rho); w.lam(rho) == lo && c <= hi {
			q := hi - c
			if q <= uint64(w.n/w.p) {
				if m := w.n0 + rho + w.p*int(q); m < w.n {
					ms = append(ms, m)
				}
			}
		}
	}
	for m := min(w.n0, w.n) - 1; m >= 1; m-- {
		if w.sg(m) == w.target {
			ms = append(ms, m)
		}
	}
	slices.SortFunc(ms, func(a, b int) int { return cmp.Compare(b, a) })
	return ms
}

// splits counts the splits of n − k into heaps a ≤ b with
// F(a) ⊕ F(b) = target and, with yield, calls it on each by increasing a;
// more is false when yield returned false.
func (w *arithWalk) splits(k int, yield func(Move) bool) (count int64, more bool) {
	m := w.n - k
	found := func(a int) bool {
		count++
		return yield == nil || yield(Move{Take: k, Leave: []int{a, m - a}})
	}
	for a := 1; a < w.n0 && 2*a <= m; a++ {
		if w.sg(a)^w.sg(m-a) == w.target && !found(a) {
			return count, false
		}
	}
	streams := w.splitStreams(m)
	if yield == nil {
		for _, st := range streams {
			count += int64(st.end - st.j)
		}
		return count, true
	}
	for {
		var next *splitStream
		for i := range streams {
			if st := &streams[i]; st.j < st.end && (next == nil || st.a() < next.a()) {
				next = st
			}
		}
		if next == nil {
			return count, true
		}
		if !found(next.a()) {
			return count, false
		}
		next.j++
	}
}

// A splitStream is the splits of one residue class ρa of the first heap
// (see arithWalk): a = n0 + ρa + p·(A + T − c(ρa)) for the subsets T of
// V's bits of ranks j ≤ rank < end, in increasing order.
type splitStream struct {
	first, p int // n0 + ρa, p
	ca, A, V uint64
	j, end   uint64
}

func (st *splitStream) a() int { return st.first + st.p*int(st.A+deposit(st.j, st.V)-st.ca) }

// splitStreams returns the streams of the splits of m into heaps
// n0 ≤ a ≤ b of value target.
func (w *arithWalk) splitStreams(m int) []splitStream {
	var out []splitStream
	half, V := m/2, w.target>>w.e
	for ra := 0; ra < w.p && w.n0+ra <= half; ra++ {
		rb := ((m-2*w.n0-ra)%w.p + w.p) % w.p
		if w.lam(ra)^w.lam(rb) != w.target&(w.s-1) {
			continue
		}
		ca := w.c(ra)
		D := uint64((m-2*w.n0-ra-rb)/w.p) + ca + w.c(rb)
		if D < V || (D-V)%2 != 0 || (D-V)/2&V != 0 {
			continue
		}
		A := (D - V) / 2
		xHi := ca + uint64((half-w.n0-ra)/w.p) // X = x + c(ρa), 0 ≤ x, a ≤ m/2
		if xHi < A {
			continue
		}
		st := splitStream{first: w.n0 + ra, p: w.p, ca: ca, A: A, V: V, end: subsetsUpTo(V, xHi-A)}
		if ca > A {
			st.j = subsetsUpTo(V, ca-A-1)
		}
		if st.j < st.end {
			out = append(out, st)
		}
	}
	return out
}

// subsetsUpTo returns how many T whose bits are among V's have T ≤ u.
func subsetsUpTo(V, u uint64) uint64 {
	var count uint64
	for i := 63; i >= 0; i-- {
		bit := uint64(1) << i
		if u&bit == 0 {
			continue // T's bit is 0, as u's
		}
		count += 1 << bits.OnesCount64(V&(bit-1)) // T's bit 0: below u whatever follows
		if V&bit == 0 {
			return count // T's bit cannot be 1
		}
	}
	return count + 1 // T = u
}

// deposit returns the subset of V's bits of rank j in increasing order:
// j's bits placed, from the lowest, on V's.
func deposit(j, V uint64) uint64 {
	var t uint64
	for ; V != 0 && j != 0; j >>= 1 {
		low := V & -V
		if j&1 != 0 {
			t |= low
		}
		V &^= low
	}
	return t
}
