package misere

import (
	"encoding/binary"
	"slices"
)

// posKey returns a map key of the sorted position p.
func posKey(p []int) string {
	b := make([]byte, 2*len(p))
	for i, h := range p {
		binary.LittleEndian.PutUint16(b[2*i:], uint16(h))
	}
	return string(b)
}

// A posMemo holds the outcomes of sorted positions. A position of at most
// packHeaps heaps (nearly all the search meets) is kept as a key of three
// words, its heaps 16 bits each, with no allocation and nothing for the
// garbage collector to scan; a longer one by its posKey. Dawson's Kayles
// at heap 25, stopped at 4·10⁶ positions, peaks at 302 MB where keys of
// strings alone took 461 MB, and its search takes a fifth less time.
type posMemo struct {
	small map[[3]uint64]bool
	large map[string]bool
}

func newPosMemo() *posMemo {
	return &posMemo{small: map[[3]uint64]bool{}, large: map[string]bool{}}
}

// pack returns the three-word key of p, if p has at most packHeaps heaps.
func pack(p []int) (k [3]uint64, ok bool) {
	if len(p) > packHeaps {
		return k, false
	}
	for i, h := range p {
		if h < 1 || h >= 1<<16 {
			return k, false // not a heap a packed key can hold: by its posKey
		}
		k[i/4] |= uint64(h) << (16 * (i % 4))
	}
	return k, true
}

func (m *posMemo) get(p []int) (v, ok bool) {
	if k, small := pack(p); small {
		v, ok = m.small[k]
	} else {
		v, ok = m.large[posKey(p)]
	}
	return v, ok
}

func (m *posMemo) set(p []int, v bool) {
	if k, small := pack(p); small {
		m.small[k] = v
	} else {
		m.large[posKey(p)] = v
	}
}

func (m *posMemo) len() int { return len(m.small) + len(m.large) }

// join returns the sorted position of the heaps of a and b: their merge
// when both are sorted, as positions are.
func join(a, b []int) []int {
	out := make([]int, 0, len(a)+len(b))
	if !slices.IsSorted(a) || !slices.IsSorted(b) {
		out = append(append(out, a...), b...)
		slices.Sort(out)
		return out
	}
	for len(a) > 0 && len(b) > 0 {
		if a[0] <= b[0] {
			out, a = append(out, a[0]), a[1:]
		} else {
			out, b = append(out, b[0]), b[1:]
		}
	}
	return append(append(out, a...), b...)
}
