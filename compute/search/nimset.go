package search

import "math/bits"

// Set is a set of nimbers 0..255, the values a search asks a position
// about ("is your nimber in this set?") and the values still possible
// for a position whose children are being examined.
type Set [4]uint64

// Below returns the set {0, 1, ..., n-1}; n is capped at 256.
func Below(n int) Set {
	var s Set
	for i := range s {
		switch lo := i * 64; {
		case n >= lo+64:
			s[i] = ^uint64(0)
		case n > lo:
			s[i] = 1<<uint(n-lo) - 1
		}
	}
	return s
}

// Single returns {v}.
func Single(v uint8) Set {
	var s Set
	s[v>>6] = 1 << (v & 63)
	return s
}

// Has reports whether v is in s.
func (s Set) Has(v uint8) bool { return s[v>>6]>>(v&63)&1 != 0 }

// Add puts v in s.
func (s *Set) Add(v uint8) { s[v>>6] |= 1 << (v & 63) }

// Remove takes v out of s.
func (s *Set) Remove(v uint8) { s[v>>6] &^= 1 << (v & 63) }

// Empty reports whether s has no element.
func (s Set) Empty() bool { return s[0]|s[1]|s[2]|s[3] == 0 }

// Len returns the number of elements.
func (s Set) Len() int {
	return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) + bits.OnesCount64(s[2]) + bits.OnesCount64(s[3])
}

// Min returns the smallest element; ok is false for the empty set.
func (s Set) Min() (v uint8, ok bool) {
	for i, w := range s {
		if w != 0 {
			return uint8(i*64 + bits.TrailingZeros64(w)), true
		}
	}
	return 0, false
}

// Max returns the largest element; ok is false for the empty set.
func (s Set) Max() (v uint8, ok bool) {
	for i := 3; i >= 0; i-- {
		if w := s[i]; w != 0 {
			return uint8(i*64 + 63 - bits.LeadingZeros64(w)), true
		}
	}
	return 0, false
}

// And returns the intersection.
func (s Set) And(t Set) Set { return Set{s[0] & t[0], s[1] & t[1], s[2] & t[2], s[3] & t[3]} }

// Not returns the values not in s.
func (s Set) Not() Set { return Set{^s[0], ^s[1], ^s[2], ^s[3]} }

// AndNot returns the elements of s not in t.
func (s Set) AndNot(t Set) Set { return Set{s[0] &^ t[0], s[1] &^ t[1], s[2] &^ t[2], s[3] &^ t[3]} }

// Meets reports whether s and t share an element.
func (s Set) Meets(t Set) bool {
	return s[0]&t[0]|s[1]&t[1]|s[2]&t[2]|s[3]&t[3] != 0
}

// UpTo returns the elements of s that are at most m.
func (s Set) UpTo(m uint8) Set {
	return s.And(Below(int(m) + 1))
}

// Xor returns {v ^ x : v in s}: the values one part of a sum must take
// for the whole sum to take a value in s, when the other parts add up to x.
func (s Set) Xor(x uint8) Set {
	if x == 0 {
		return s
	}
	var t Set
	hi := int(x >> 6)
	for i := range s {
		t[i^hi] = s[i]
	}
	lo := x & 63
	for b := uint(0); b < 6; b++ {
		if lo>>b&1 == 0 {
			continue
		}
		sh := uint(1) << b
		m := swapMask[b]
		for i := range t {
			w := t[i]
			t[i] = (w&m)<<sh | (w>>sh)&m
		}
	}
	return t
}

// swapMask[b] selects the lower half of every block of 2^(b+1) bits, so
// that a swap of the halves maps bit i to bit i ^ 2^b.
var swapMask = [6]uint64{
	0x5555555555555555,
	0x3333333333333333,
	0x0f0f0f0f0f0f0f0f,
	0x00ff00ff00ff00ff,
	0x0000ffff0000ffff,
	0x00000000ffffffff,
}
