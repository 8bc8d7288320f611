package compute

import "math/bits"

// A bitset is a set of Grundy values, one bit per value.
type bitset []uint64

// set adds v, growing the set as needed.
func (b *bitset) set(v uint32) {
	w := int(v >> 6)
	if w >= len(*b) {
		b.grow(w + 1)
	}
	(*b)[w] |= 1 << (v & 63)
}

func (b *bitset) grow(words int) {
	if words <= cap(*b) {
		*b = (*b)[:words]
		return
	}
	nb := make(bitset, words, max(words, 2*cap(*b)))
	copy(nb, *b)
	*b = nb
}

// has reports whether v is in the set.
func (b bitset) has(v uint32) bool {
	w := int(v >> 6)
	return w < len(b) && b[w]&(1<<(v&63)) != 0
}

// reset empties the set, clearing only the words in use.
func (b *bitset) reset() {
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

// A union is a growing set of values together with its own mex, kept up to
// date as values arrive (the mex of a growing set never decreases, so the
// total cost of keeping it is linear in the largest value).
type union struct {
	set bitset
	mex uint32
}

func (u *union) add(v uint32) {
	u.set.set(v)
	for u.set.has(u.mex) {
		u.mex++
	}
}

// mexOf returns the mex of x ∪ us[0] ∪ us[1] ∪ …. Every value below the
// largest mex of the unions is in the union of sets, so the scan starts there.
func mexOf(x bitset, us []*union) uint32 {
	var from uint32
	for _, u := range us {
		from = max(from, u.mex)
	}
	for w := int(from >> 6); ; w++ {
		var word uint64
		if w < len(x) {
			word = x[w]
		}
		for _, u := range us {
			if w < len(u.set) {
				word |= u.set[w]
			}
		}
		if w == int(from>>6) {
			word |= 1<<(from&63) - 1 // values below from are present
		}
		if word != ^uint64(0) {
			return uint32(w<<6 + bits.TrailingZeros64(^word))
		}
	}
}
