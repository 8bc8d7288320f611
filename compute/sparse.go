package compute

import "math/bits"

// Sparse space (Winning Ways ch. 4, "Sparse space spells speed"). With a
// mask m, a value v is rare when popcount(v & m) is even and common when it
// is odd. Parity is linear under XOR, so a two-heap option G(a) ⊕ G(b) is
// common exactly when one of a, b holds a rare value and the other a common
// one. Pairing every rare position with the rest of the heap therefore
// yields every common option value of a two-heap split, in O(#rare) instead
// of O(n). With every other kind of option added in full, let v be the mex
// of this partial set:
//
//   - if v is common, no pair left out can produce it (such pairs give rare
//     values), and every smaller value is present: G(n) = v;
//   - if v is rare, it may still come from a pair of two common positions.
//     Let c be the least common value missing from the partial set: G(n) is
//     c unless some rare value below c is missing from every split. One pass
//     over all pairs looks for the missing rare values at once and stops when
//     all have turned up, which in sparse games takes few pairs; only at a
//     rare position does it run to the end.
//
// The result is exact for any mask; a mask under which rare positions are
// few only makes it fast. The mask is chosen from the value histogram by a
// Walsh–Hadamard transform (see FindRare) at every power of two from
// sparseFirstCheck on, and the engine falls back to scanning every pair while
// no mask makes rare positions fewer than 1/sparseMaxShare of the table.
type sparse struct {
	mask uint32
	rare []int   // positions ≥ 1 with a rare value under mask, increasing
	hist []int64 // value histogram of G[0..seen-1]
	seen int
	next int // heap size of the next mask choice

	missing []uint32 // scratch for sparseMex
	want    []byte   // scratch for sparseMex
}

const (
	sparseFirstCheck = 1 << 10
	sparseMaxShare   = 8
)

// sparseApplies reports whether the sparse path can serve e: two-heap
// splits with explicit removal counts and no kind of move that the partial
// set could not hold in full cheaply (three-heap splits, tail splits).
func (e *evaluator) sparseApplies() bool {
	return len(e.leave2) > 0 && len(e.leave3) == 0 && len(e.tail2) == 0 && len(e.tail3) == 0
}

// observe brings the histogram and rare list up to G[0..n-1], and at its
// checkpoints chooses the mask again.
func (s *sparse) observe(n int, G []uint32) {
	for ; s.seen < n; s.seen++ {
		v := G[s.seen]
		if int(v) >= len(s.hist) {
			if bits.Len32(v) > maxRareBits {
				s.mask, s.rare, s.next = 0, nil, 1<<62 // too wide: scan every pair for good
				return
			}
			h := make([]int64, 1<<bits.Len32(v))
			copy(h, s.hist)
			s.hist = h
		}
		s.hist[v]++
		if s.mask != 0 && s.seen >= 1 && IsRare(v, s.mask) {
			s.rare = append(s.rare, s.seen)
		}
	}
	if n < s.next {
		return
	}
	s.next = 2 * max(n, sparseFirstCheck/2)
	mask, count := bestMask(s.hist)
	if mask == 0 || count*sparseMaxShare >= int64(n) {
		s.mask, s.rare = 0, nil
		return
	}
	if mask != s.mask {
		s.mask = mask
		s.rare = s.rare[:0]
		for p := 1; p < n; p++ {
			if IsRare(G[p], mask) {
				s.rare = append(s.rare, p)
			}
		}
	}
}

// bestMask returns the nonzero mask that makes the fewest values of the
// histogram h (whose length is a power of two) rare, and how many; the
// smallest such mask on ties. It takes the Walsh–Hadamard transform H of h:
// under mask m, (Σh + H(m))/2 values are rare.
func bestMask(h []int64) (uint32, int64) {
	if len(h) < 2 {
		return 0, 0
	}
	w := append([]int64(nil), h...)
	var total int64
	for _, c := range h {
		total += c
	}
	for half := 1; half < len(w); half *= 2 {
		for i := 0; i < len(w); i += 2 * half {
			for j := i; j < i+half; j++ {
				x, y := w[j], w[j+half]
				w[j], w[j+half] = x+y, x-y
			}
		}
	}
	best := 1
	for m := 2; m < len(w); m++ {
		if w[m] < w[best] {
			best = m
		}
	}
	return uint32(best), (total + w[best]) / 2
}

// sparseSplits adds G(r) ⊕ G(m−r) for every rare position r of every
// two-heap removal, and returns the work done.
func (e *evaluator) sparseSplits(n int, G []uint32) int64 {
	var work int64
	for _, rm := range e.leave2 {
		m := n - rm.k
		for _, r := range e.sparse.rare {
			b := m - r
			if b < 1 {
				break
			}
			if rm.distinct && r == b {
				continue
			}
			e.opts.set(G[r] ^ G[b])
		}
		work += int64(len(e.sparse.rare))
	}
	return work
}

// sparseMex returns G(n) from the partial option set (e.opts and e.us):
// c, the least common value missing from it, unless a rare value below c is
// missing from every split too. The rare values below c that the partial set
// lacks are looked for in one pass over the pairs of every two-heap removal,
// which stops as soon as all have turned up.
func (e *evaluator) sparseMex(n int, G []uint32) uint32 {
	mask := e.sparse.mask
	missing := e.sparse.missing[:0]
	var c uint32
	for v := uint32(0); ; v++ {
		if e.inPartial(v) {
			continue
		}
		if !IsRare(v, mask) {
			c = v
			break
		}
		missing = append(missing, v)
	}
	e.sparse.missing = missing
	if len(missing) == 0 {
		return c
	}
	// want[v] is 1 while the missing value v has not turned up in a split.
	if cap(e.sparse.want) < int(c) {
		e.sparse.want = make([]byte, c, 2*c)
	}
	want := e.sparse.want[:c]
	clear(want)
	for _, v := range missing {
		want[v] = 1
	}
	left := len(missing)
	for _, rm := range e.leave2 {
		m := n - rm.k
		if m < 2 {
			continue
		}
		hi := m / 2
		if rm.distinct && m%2 == 0 {
			hi--
		}
		lo, up := G[1:hi+1], G[m-hi:m]
		for i, g := range lo {
			v := g ^ up[len(up)-1-i]
			if v < c && want[v] != 0 {
				want[v] = 0
				left--
				if left == 0 {
					e.work += int64(i + 1)
					return c
				}
			}
		}
		e.work += int64(hi)
	}
	for _, v := range missing {
		if want[v] != 0 {
			return v // the least value no option has
		}
	}
	return c
}

// inPartial reports whether v is in the partial option set.
func (e *evaluator) inPartial(v uint32) bool {
	if e.opts.has(v) {
		return true
	}
	for _, u := range e.us {
		if len(u.levels) > 0 && u.levels[0].has(v) {
			return true
		}
	}
	return false
}
