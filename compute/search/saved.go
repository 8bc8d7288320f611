package search

import (
	"fmt"
)

// A Saved is one entry of a table, as Save returns it to be kept in a
// file and Restore puts it back: the component's key and the entry's low
// 16 bits (exact flag, size, nimber or excluded values; see put).
type Saved struct {
	Key  uint64
	Word uint16
}

// Save returns the entries of the largest components the table holds, at
// most max of them: every entry of a component of size s or more, for
// the least s that keeps them within max. These are the facts that cost
// the search most to prove and the fewest to keep, the ones a search
// stopped midway wants back (Restore). It may run while workers write:
// each word is read whole, and every entry is a proved fact whenever it
// is read.
func (t *Table) Save(max int) []Saved {
	s := t.cur.Load()
	var count [sizeMax + 1]int
	for i := range s.words {
		if w := s.words[i].Load(); w != 0 {
			count[w>>8&sizeMax]++
		}
	}
	least, kept := sizeMax+1, 0
	for least > 1 && kept+count[least-1] <= max {
		least--
		kept += count[least]
	}
	out := make([]Saved, 0, kept)
	for i := range s.words {
		w := s.words[i].Load()
		if w == 0 || int(w>>8&sizeMax) < least || len(out) == kept {
			continue
		}
		h := (w>>16)<<s.shift | uint64(i/tableWays)
		out = append(out, Saved{Key: unmix(h), Word: uint16(w)})
	}
	return out
}

// Restore puts saved entries back into the table. A word that no table
// entry can hold (a size of 0, an inexact entry excluding nothing) is an
// error, and nothing after it is restored.
func (t *Table) Restore(saved []Saved) error {
	for _, e := range saved {
		size := int(e.Word >> 8 & sizeMax)
		if size == 0 || e.Word&exactBit == 0 && uint8(e.Word) == 0 {
			return fmt.Errorf("entry %#x of key %#x: not a table entry", e.Word, e.Key)
		}
		t.put(e.Key, uint64(e.Word)&(exactBit|0xff), size)
	}
	return nil
}

// unmix is the inverse of mix: each step undone in reverse order, the
// xor-shifts by xoring the shifted value back in until the shift passes
// 64 bits, the multiplications by the inverses of the odd factors modulo
// 2^64.
func unmix(x uint64) uint64 {
	x = unshift(x, 31)
	x *= mulInverse(0x94d049bb133111eb)
	x = unshift(x, 27)
	x *= mulInverse(0xbf58476d1ce4e5b9)
	return unshift(x, 30)
}

// unshift undoes x ^= x >> s.
func unshift(y uint64, s uint) uint64 {
	x := y
	for k := s; k < 64; k += s {
		x ^= y >> k
	}
	return x
}

// mulInverse returns the inverse of the odd a modulo 2^64 by Newton's
// iteration, each step doubling the bits that are right (a is its own
// inverse modulo 8).
func mulInverse(a uint64) uint64 {
	x := a
	for range 5 {
		x *= 2 - a*x
	}
	return x
}
