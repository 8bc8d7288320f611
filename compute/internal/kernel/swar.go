package kernel

import (
	"encoding/binary"
	"math/bits"
)

// The pure-Go kernels look a pair's XOR up in the wanted set, a table
// lookup a pair. When few values are wanted, as at the end of a search
// that has found most of them, comparing eight bytes (or four words) at a
// time with each value wanted costs less: the XORs of a 64-bit word of
// pairs, XORed again with the value in every lane, hold a zero lane exactly
// where a pair holds it (SWAR: the zero-lane test of Mycroft, (t − 1…1) &^
// t & 8…8, is exact as a whole).

// swarMost8 and swarMost16 are the most values wanted for which the SWAR
// kernels run, for one-byte and two-byte values: up to them they are
// faster than the table lookups (go test -bench SWAR: one byte value 2.5
// times, two 1.6, three 1.2; one two-byte value 1.25 times, two none),
// past them slower; swarMost is the larger.
const (
	swarMost8  = 3
	swarMost16 = 1
	swarMost   = swarMost8
)

const (
	lanes8lo  = 0x0101010101010101
	lanes8hi  = 0x8080808080808080
	lanes16lo = 0x0001000100010001
	lanes16hi = 0x8000800080008000
)

// wantedValues returns the values want holds, at most max+1 of them: the
// caller tells from the count whether there were more than max.
func wantedValues(want []uint64, max int, vals *[swarMost + 1]uint64) int {
	k := 0
	for w, x := range want {
		for ; x != 0 && k <= max; x &= x - 1 {
			vals[k] = uint64(w<<6 + bits.TrailingZeros64(x))
			k++
		}
	}
	return k
}

// hit8SWAR is hit8Go for the k ≤ swarMost8 values of vals, each repeated in
// every byte of a word.
func hit8SWAR(lo, up []uint8, vals []uint64) int {
	n := len(lo) &^ (Block8 - 1)
	m := len(up)
	for i := 0; i < n; i += Block8 {
		l := lo[i : i+Block8]
		u := up[m-i-Block8 : m-i]
		var acc uint64
		for j := 0; j < Block8; j += 8 {
			x := binary.LittleEndian.Uint64(l[j:]) ^
				bits.ReverseBytes64(binary.LittleEndian.Uint64(u[Block8-8-j:]))
			for _, v := range vals {
				t := x ^ v
				acc |= (t - lanes8lo) &^ t
			}
		}
		if acc&lanes8hi != 0 {
			for t := i; ; t++ {
				x := uint64(lo[t] ^ up[m-1-t])
				for _, v := range vals {
					if x == v&0xff {
						return t
					}
				}
			}
		}
	}
	return n
}

// hit16SWAR is hit16Go for the k ≤ swarMost16 values of vals, each repeated
// in every word of a 64-bit word, the XORs taken modulo lim (a power of
// two, 64·len(want)) as hit16Go takes them.
func hit16SWAR(lo, up []uint16, vals []uint64, lim uint64) int {
	mask := (lim - 1) * lanes16lo
	n := len(lo) &^ (Block16 - 1)
	m := len(up)
	for i := 0; i < n; i += Block16 {
		l := lo[i : i+Block16]
		u := up[m-i-Block16 : m-i]
		var acc uint64
		for j := 0; j < Block16; j += 4 {
			a := uint64(l[j]) | uint64(l[j+1])<<16 | uint64(l[j+2])<<32 | uint64(l[j+3])<<48
			b := uint64(u[Block16-1-j]) | uint64(u[Block16-2-j])<<16 | uint64(u[Block16-3-j])<<32 | uint64(u[Block16-4-j])<<48
			x := (a ^ b) & mask
			for _, v := range vals {
				t := x ^ v
				acc |= (t - lanes16lo) &^ t
			}
		}
		if acc&lanes16hi != 0 {
			for t := i; ; t++ {
				x := uint64(lo[t]^up[m-1-t]) & (lim - 1)
				for _, v := range vals {
					if x == v&0xffff {
						return t
					}
				}
			}
		}
	}
	return n
}

// hit8Portable is Hit8 in Go: by SWAR when few values are wanted, by the
// table otherwise.
func hit8Portable(lo, up []uint8, want *[4]uint64) int {
	var vals [swarMost + 1]uint64
	if k := wantedValues(want[:], swarMost8, &vals); k <= swarMost8 {
		for i := range k {
			vals[i] *= lanes8lo
		}
		return hit8SWAR(lo, up, vals[:k])
	}
	return hit8Go(lo, up, want)
}

// hit16Portable is Hit16 in Go: by SWAR when few values are wanted, by the
// table otherwise.
func hit16Portable(lo, up []uint16, want []uint64) int {
	var vals [swarMost + 1]uint64
	if k := wantedValues(want, swarMost16, &vals); k <= swarMost16 {
		for i := range k {
			vals[i] *= lanes16lo
		}
		return hit16SWAR(lo, up, vals[:k], uint64(64*len(want)))
	}
	return hit16Go(lo, up, want)
}
