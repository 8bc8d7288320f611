package sg

import "math/bits"

// A bitset is a set of Grundy values, one bit per value.
type Bitset []uint64

// set adds v, growing the set as needed.
func (b *Bitset) Set(v uint32) {
	w := int(v >> 6)
	if w >= len(*b) {
		b.Grow(w + 1)
	}
	(*b)[w] |= 1 << (v & 63)
}

func (b *Bitset) Grow(words int) {
	if words <= cap(*b) {
		*b = (*b)[:words]
		return
	}
	nb := make(Bitset, words, max(words, 2*cap(*b)))
	copy(nb, *b)
	*b = nb
}

// has reports whether v is in the set.
func (b Bitset) Has(v uint32) bool {
	w := int(v >> 6)
	return w < len(b) && b[w]&(1<<(v&63)) != 0
}

// covers reports whether every value v with lo ≤ v < hi is in the set.
func (b Bitset) Covers(lo, hi uint64) bool {
	for v := lo; v < hi; {
		w := v >> 6
		if w >= uint64(len(b)) {
			return false
		}
		// The bits of word w from v's on, up to hi.
		mask := ^uint64(0) << (v & 63)
		if end := (w + 1) << 6; hi < end {
			mask &= 1<<(hi&63) - 1
		}
		if b[w]&mask != mask {
			return false
		}
		v = (w + 1) << 6
	}
	return true
}

// reset empties the set, clearing only the words in use.
func (b *Bitset) Reset() {
	clear(*b)
	*b = (*b)[:0]
}

// Mex returns the minimum excludant of the values marked in b: the least
// value whose bit is clear.
func Mex(b []uint64) uint32 {
	for i, w := range b {
		if w != ^uint64(0) {
			return uint32(i<<6 + bits.TrailingZeros64(^w))
		}
	}
	return uint32(len(b) << 6)
}

// A union is a growing set of values with summaries that keep its mex, and
// the mex of its union with other sets, cheap at any size. levels[0] is the
// set, one bit per value; bit w of levels[i+1] is set when word w of
// levels[i] is all ones, so a scan for a missing value skips 64^i values at a
// time where the union is dense. mex is the union's own mex, kept up to date
// as values arrive (it never decreases, so keeping it costs time linear in the
// largest value).
type Union struct {
	levels []Bitset
	mex    uint32
}

func (u *Union) Add(v uint32) {
	if len(u.levels) == 0 {
		u.levels = []Bitset{nil}
	}
	u.levels[0].Set(v)
	u.update(int(v >> 6))
}

// AddAll adds every value of s.
func (u *Union) AddAll(s Bitset) {
	if len(u.levels) == 0 {
		u.levels = []Bitset{nil}
	}
	set := &u.levels[0]
	if len(*set) < len(s) {
		set.Grow(len(s))
	}
	for i, w := range s {
		if (*set)[i]|w != (*set)[i] {
			(*set)[i] |= w
			u.update(i)
		}
	}
}

// update refreshes the summaries after word w of the set changed.
func (u *Union) update(w int) {
	for l := 0; u.levels[l][w] == ^uint64(0); l++ {
		if l+1 == len(u.levels) {
			u.levels = append(u.levels, nil)
		}
		u.levels[l+1].Set(uint32(w))
		w >>= 6
	}
	set := u.levels[0]
	for set.Has(u.mex) {
		if set[u.mex>>6] == ^uint64(0) {
			u.mex = (u.mex | 63) + 1
			continue
		}
		u.mex++
	}
}

// word returns word w of level l, zero where the level is shorter.
func (u *Union) word(l, w int) uint64 {
	if l < len(u.levels) && w < len(u.levels[l]) {
		return u.levels[l][w]
	}
	return 0
}

// MexOf returns the mex of x ∪ us[0] ∪ us[1] ∪ …. Every value below the
// largest mex of the unions is present, so the scan starts there, and it
// skips the words that some union has full through the unions' summaries.
func MexOf(x Bitset, us []*Union) uint32 {
	var from uint32
	for _, u := range us {
		from = max(from, u.mex)
	}
	for w := int(from >> 6); ; w++ {
		if len(us) > 0 {
			w = nextOpen(us, 0, w)
		}
		var word uint64
		if w < len(x) {
			word = x[w]
		}
		for _, u := range us {
			word |= u.word(0, w)
		}
		if w == int(from>>6) {
			word |= 1<<(from&63) - 1 // values below from are present
		}
		if word != ^uint64(0) {
			return uint32(w<<6 + bits.TrailingZeros64(^word))
		}
	}
}

// nextOpen returns the first index i ≥ w such that no union has word i of
// level l full (bit i of level l+1 set).
func nextOpen(us []*Union, l, w int) int {
	for {
		block := w >> 6
		full := uint64(1)<<(w&63) - 1 // indices before w are not candidates
		for _, u := range us {
			full |= u.word(l+1, block)
		}
		if full != ^uint64(0) {
			return block<<6 + bits.TrailingZeros64(^full)
		}
		// Every index of this block is full in some union: go on from the
		// next block that no union has full as a whole.
		w = nextOpen(us, l+1, block+1) << 6
	}
}
