package compute

import (
	"fmt"
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
				ok := triples(m, d.Distinct&rules.Leave3 != 0, func(a, b, c int) bool {
					return yield(Move{Take: k, Leave: []int{a, b, c}})
				})
				if !ok {
					return
				}
			}
		}
	}
}

// triples calls fn with every a ≤ b ≤ c, a ≥ 1, a+b+c = m (all different
// when distinct), in increasing order of a then b, until fn returns false;
// it reports whether fn never did.
func triples(m int, distinct bool, fn func(a, b, c int) bool) bool {
	for a := 1; 3*a <= m; a++ {
		for b := a; a+2*b <= m; b++ {
			c := m - a - b
			if distinct && (a == b || b == c) {
				continue
			}
			if !fn(a, b, c) {
				return false
			}
		}
	}
	return true
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

// MaxMoveWork bounds the steps MovesTo takes: a heap whose moves would need
// more (three-heap splits of a large heap, say) is refused.
const MaxMoveWork = 4e9

// MovesTo counts the moves of rule r on a heap of n tokens (a ring of n
// when ring is set) that lead to a position of value target, and returns
// the first limit of them (all when limit < 0) in the order of Moves. The
// value of a move is the XOR of sg(h) over the heaps h it leaves, and empty
// when it leaves none (0 in normal play). sg must answer every heap size
// below n.
//
// With per, a period that holds for every n ≥ per.Start with no saltus (a
// proved one), the two-heap splits of a large heap are counted a residue
// class at a time: O(per.Start + per.Length) for each removal count
// instead of O(n), so that a heap of 10^12 in Kayles is answered at once.
// Otherwise every move is visited; when that would take more than
// MaxMoveWork steps, MovesTo returns an error saying so.
func MovesTo(r rules.Rule, n int, ring bool, sg func(int) uint32, empty uint32, per *Period, target uint32, limit int) (count int64, first []Move, err error) {
	if ring {
		r = ringRule(r)
	}
	if per != nil && (per.Saltus != 0 || per.Length < 1) {
		per = nil
	}
	found := func(mv Move) {
		count++
		if limit < 0 || len(first) < limit {
			first = append(first, mv)
		}
	}
	maxK := n
	if k, ok := r.MaxTake(); ok {
		maxK = min(k, n)
	}
	if w := moveWork(r, n, maxK, per); w > MaxMoveWork {
		return 0, nil, fmt.Errorf("the moves of a heap of %d take about %.1e steps to go through, more than %.0e", n, w, float64(MaxMoveWork))
	}
	for k := 0; k <= maxK; k++ {
		d := r.Digit(k)
		m := n - k
		if d.Leave&rules.Leave0 != 0 && m == 0 && empty == target {
			found(Move{Take: k})
		}
		if d.Leave&rules.Leave1 != 0 && m >= 1 && (k >= 1 || ring) && sg(m) == target {
			found(Move{Take: k, Leave: []int{m}})
		}
		if d.Leave&rules.Leave2 != 0 && m >= 2 {
			hi := m / 2
			if d.Distinct&rules.Leave2 != 0 && m%2 == 0 {
				hi--
			}
			c, as := splitsTo(sg, per, m, hi, target, limit-len(first))
			count += c
			for _, a := range as {
				if limit < 0 || len(first) < limit {
					first = append(first, Move{Take: k, Leave: []int{a, m - a}})
				}
			}
		}
		if d.Leave&rules.Leave3 != 0 {
			triples(m, d.Distinct&rules.Leave3 != 0, func(a, b, c int) bool {
				if sg(a)^sg(b)^sg(c) == target {
					found(Move{Take: k, Leave: []int{a, b, c}})
				}
				return true
			})
		}
	}
	return count, first, nil
}

// moveWork returns about how many steps MovesTo takes on a heap of n.
func moveWork(r rules.Rule, n, maxK int, per *Period) float64 {
	var w float64
	for k := 0; k <= maxK; k++ {
		d, m := r.Digit(k), float64(n-k)
		w++
		if d.Leave&rules.Leave2 != 0 {
			if per != nil && m > float64(2*(per.Start+per.Length)) {
				w += float64(per.Start + 2*per.Length)
			} else {
				w += m / 2
			}
		}
		if d.Leave&rules.Leave3 != 0 {
			w += m * m / 12
		}
	}
	return w
}

// splitsTo counts the a in 1..hi with sg(a) ⊕ sg(m−a) = target and returns
// the first limit of them (all when limit < 0). With per (see MovesTo) and
// m large, the a from per.Start on are counted by their residue mod the
// period, on which both parts' values depend alone.
func splitsTo(sg func(int) uint32, per *Period, m, hi int, target uint32, limit int) (int64, []int) {
	var count int64
	var as []int
	hit := func(a int) {
		count++
		if limit < 0 || len(as) < limit {
			as = append(as, a)
		}
	}
	if per == nil || m <= 2*(per.Start+per.Length) {
		for a := 1; a <= hi; a++ {
			if sg(a)^sg(m-a) == target {
				hit(a)
			}
		}
		return count, as
	}
	n0, p := per.Start, per.Length
	// a < n0: its part a is in the preperiod (and m − a > m/2 ≥ n0 is not).
	for a := 1; a < n0 && a <= hi; a++ {
		if sg(a)^sg(m-a) == target {
			hit(a)
		}
	}
	// a = n0 + r + j·p ≤ hi: sg(a) = sg(n0 + r) and sg(m − a) =
	// sg(n0 + (m − 2·n0 − r) mod p), both parts in the periodic part.
	var match []int
	for r := range p {
		b := n0 + ((m-2*n0-r)%p+p)%p
		if sg(n0+r)^sg(b) == target {
			match = append(match, r)
			count += int64((hi-n0-r)/p) + 1 // hi − n0 ≥ 2p > r
		}
	}
	for j := 0; len(match) > 0 && (limit < 0 || len(as) < limit); j++ {
		for _, r := range match {
			a := n0 + r + j*p
			if a > hi || limit >= 0 && len(as) >= limit {
				return count, as
			}
			as = append(as, a)
		}
		if limit < 0 && n0+j*p > hi {
			break
		}
	}
	return count, as
}
