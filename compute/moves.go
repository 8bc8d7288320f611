package compute

import (
	"iter"

	"github.com/sgtab/sgtab/rules"
)

// A Move is one move on a single heap: Take tokens removed, and the heaps
// left, as sizes in increasing order (none, one, two or three of them).
type Move struct {
	Take  int
	Leave []int
}

// Moves returns every move of the rule r on a heap of n tokens — on a ring
// of n tokens when ring is set, whose heaps left are rows — each distinct
// result once, by increasing Take, then by increasing first heap left.
// The value of a move is the XOR of the SG values of the heaps it leaves.
func Moves(r rules.Rule, n int, ring bool) iter.Seq[Move] {
	if ring {
		r = ringRule(r)
	}
	return func(yield func(Move) bool) {
		for k := 0; k <= n; k++ {
			d := r.Digit(k)
			m := n - k
			if d.Leave&rules.Leave0 != 0 && m == 0 {
				if !yield(Move{Take: k}) {
					return
				}
			}
			if d.Leave&rules.Leave1 != 0 && m >= 1 && (k >= 1 || ring) {
				if !yield(Move{Take: k, Leave: []int{m}}) {
					return
				}
			}
			if d.Leave&rules.Leave2 != 0 {
				distinct := d.Distinct&rules.Leave2 != 0
				for a := 1; 2*a <= m; a++ {
					if distinct && 2*a == m {
						continue
					}
					if !yield(Move{Take: k, Leave: []int{a, m - a}}) {
						return
					}
				}
			}
			if d.Leave&rules.Leave3 != 0 {
				distinct := d.Distinct&rules.Leave3 != 0
				for a := 1; 3*a <= m; a++ {
					for b := a; a+2*b <= m; b++ {
						c := m - a - b
						if distinct && (a == b || b == c) {
							continue
						}
						if !yield(Move{Take: k, Leave: []int{a, b, c}}) {
							return
						}
					}
				}
			}
		}
	}
}

// Value returns the SG value of the heaps a move leaves, from the row values
// G: the XOR of theirs.
func (mv Move) Value(G Values) uint32 {
	var v uint32
	for _, h := range mv.Leave {
		v ^= G.At(h)
	}
	return v
}
