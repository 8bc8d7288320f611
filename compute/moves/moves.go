package moves

import (
	"fmt"
	"iter"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// A Move is one move on a single heap: Take tokens removed, and the heaps
// left, as sizes in increasing order (none, one, two or three of them).
type Move struct {
	Take  int
	Leave []int
}

// Of returns every move of the rule r on a heap of n tokens — on a ring
// of n tokens when ring is set, whose heaps left are rows — each distinct
// result once, by increasing Take, then by increasing first heap left.
// The value of a move is the XOR of the SG values of the heaps it leaves.
func Of(r rules.Rule, n int, ring bool) iter.Seq[Move] {
	if ring {
		r = r.RingOpening()
	}
	return func(yield func(Move) bool) {
		EachOption(r, n, ring, func(take int, parts []int) bool {
			mv := Move{Take: take}
			if len(parts) > 0 {
				mv.Leave = slices.Clone(parts)
			}
			return yield(mv)
		})
	}
}

// EachOption calls fn with each move of the rule r on a heap of n tokens,
// in the order of Of: the tokens it takes and the heaps it leaves (none
// to three, in increasing order), until fn returns false; it reports
// whether fn never did. fn must not keep parts. With ring set, r is the
// ring's rule (rules.Rule.RingOpening), whose moves may take no token and leave one row.
func EachOption(r rules.Rule, n int, ring bool, fn func(take int, parts []int) bool) bool {
	var parts [3]int
	for k := 0; k <= n; k++ {
		d := r.Digit(k)
		m := n - k
		if d.Leave&rules.Leave0 != 0 && m == 0 && !fn(k, nil) {
			return false
		}
		if d.Leave&rules.Leave1 != 0 && m >= 1 && (k >= 1 || ring) {
			parts[0] = m
			if !fn(k, parts[:1]) {
				return false
			}
		}
		if d.Leave&rules.Leave2 != 0 {
			distinct := d.Distinct&rules.Leave2 != 0
			for a := 1; 2*a <= m; a++ {
				if distinct && 2*a == m {
					continue
				}
				parts[0], parts[1] = a, m-a
				if !fn(k, parts[:2]) {
					return false
				}
			}
		}
		if d.Leave&rules.Leave3 != 0 {
			ok := triples(m, d.Distinct&rules.Leave3 != 0, func(a, b, c int) bool {
				parts[0], parts[1], parts[2] = a, b, c
				return fn(k, parts[:3])
			})
			if !ok {
				return false
			}
		}
	}
	return true
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

// Describe says the move in words, made on a heap of n tokens (a ring
// when ring is set, whose heaps left are rows): "take 7 from the heap of
// 9, leaving a heap of 2", "take all 3", "split the heap of 8, leaving
// heaps of 3 and 5".
func (mv Move) Describe(n int, ring bool) string {
	what, unit := "heap", "heap"
	if ring {
		what, unit = "ring", "row"
	}
	var s string
	switch {
	case mv.Take == n:
		s = fmt.Sprintf("take all %d", n)
	case mv.Take == 0:
		s = fmt.Sprintf("split the %s of %d", what, n)
	default:
		s = fmt.Sprintf("take %d from the %s of %d", mv.Take, what, n)
	}
	parts := make([]string, len(mv.Leave))
	for i, p := range mv.Leave {
		parts[i] = strconv.Itoa(p)
	}
	switch len(parts) {
	case 0:
	case 1:
		s += fmt.Sprintf(", leaving a %s of %s", unit, parts[0])
	default:
		s += fmt.Sprintf(", leaving %ss of %s", unit, strings.Join(parts[:len(parts)-1], ", ")+" and "+parts[len(parts)-1])
	}
	return s
}

// Value returns the SG value of the heaps a move leaves, from the row values
// G: the XOR of theirs.
func (mv Move) Value(G sg.Values) uint32 {
	var v uint32
	for _, h := range mv.Leave {
		v ^= G.At(h)
	}
	return v
}

// MaxWork bounds the steps CountTo takes: a heap whose moves
// would need more (three-heap splits of a large heap, say) is refused, by
// EachTo too.
const MaxWork = 4e9

// To counts the moves of rule r on a heap of n tokens (a ring of n
// when ring is set) that lead to a position of value target, and returns
// the first limit of them (all when limit < 0) in the order of Of. The
// value of a move is the XOR of sg(h) over the heaps h it leaves, and empty
// when it leaves none (0 in normal play). sg must answer every heap size
// below n. It is CountTo and the first moves of EachTo: a heap
// with more moves than fit in memory is listed with EachTo.
func To(r rules.Rule, n int, ring bool, sg func(int) uint64, empty uint64, per *sg.Period, target uint64, limit int) (count int64, first []Move, err error) {
	count, err = CountTo(r, n, ring, sg, empty, per, target)
	if err != nil || limit == 0 {
		return count, nil, err
	}
	moves, err := EachTo(r, n, ring, sg, empty, per, target)
	if err != nil {
		return 0, nil, err
	}
	for mv := range moves {
		first = append(first, mv)
		if len(first) == limit {
			break
		}
	}
	return count, first, nil
}

// CountTo counts the moves of rule r on a heap of n tokens (a ring of
// n when ring is set) that lead to a position of value target (see To).
//
// With per, a period that holds for every n ≥ per.Start with no saltus (a
// proved one), the two-heap splits of a large heap are counted a residue
// class at a time: O(per.Start + per.Length) for each removal count
// instead of O(n), so that a heap of 10^12 in Kayles is answered at once.
// Otherwise every move is visited; when that would take more than
// MaxWork steps, CountTo returns an error saying so.
func CountTo(r rules.Rule, n int, ring bool, sg func(int) uint64, empty uint64, per *sg.Period, target uint64) (int64, error) {
	w, err := newMoveWalk(r, n, ring, sg, empty, per, target)
	if err != nil {
		return 0, err
	}
	return w.walk(nil), nil
}

// EachTo returns the moves of rule r on a heap of n tokens (a ring of n
// when ring is set) that lead to a position of value target, in the order
// of Of, one at a time as they are found: listing them takes no memory
// however many there are (a heap of 10^12 in Kayles has about 10^11). Its
// error is CountTo's.
func EachTo(r rules.Rule, n int, ring bool, sg func(int) uint64, empty uint64, per *sg.Period, target uint64) (iter.Seq[Move], error) {
	w, err := newMoveWalk(r, n, ring, sg, empty, per, target)
	if err != nil {
		return nil, err
	}
	return func(yield func(Move) bool) { w.walk(yield) }, nil
}

// A moveWalk goes through the moves of one heap to a target value, for
// CountTo and EachTo.
type moveWalk struct {
	r      rules.Rule
	n      int
	ring   bool
	sg     func(int) uint64
	empty  uint64
	per    *sg.Period
	target uint64
	maxK   int
	arith  *arithWalk // when not nil, the walk is its
}

// newMoveWalk prepares the walk, or returns an error when it would take
// more than MaxWork steps.
func newMoveWalk(r rules.Rule, n int, ring bool, sg func(int) uint64, empty uint64, per *sg.Period, target uint64) (*moveWalk, error) {
	if arithWalkable(r, ring, per) {
		return &moveWalk{arith: newArithWalk(r, n, sg, empty, per, target)}, nil
	}
	r, per, maxK := walkRule(r, n, ring, per)
	if w := moveWork(r, n, maxK, per); w > MaxWork {
		return nil, fmt.Errorf("the moves of a heap of %d take about %.1e steps to go through, more than %.0e", n, w, float64(MaxWork))
	}
	return &moveWalk{r: r, n: n, ring: ring, sg: sg, empty: empty, per: per, target: target, maxK: maxK}, nil
}

// walkRule returns the rule whose moves a walk on a heap of n goes
// through (a ring's first moves when ring is set), the period per when it
// serves (a pure one), and the largest removal.
func walkRule(r rules.Rule, n int, ring bool, per *sg.Period) (rules.Rule, *sg.Period, int) {
	if ring {
		r = r.RingOpening()
	}
	if per != nil && (per.Saltus != 0 || per.Length < 1) {
		per = nil
	}
	maxK := n
	if k, ok := r.MaxTake(); ok {
		maxK = min(k, n)
	}
	return r, per, maxK
}

// Work returns about how many steps CountTo takes on a heap of n,
// so that a caller may bound the work of many heaps together (see
// MaxWork).
func Work(r rules.Rule, n int, ring bool, per *sg.Period) float64 {
	if arithWalkable(r, ring, per) {
		return arithWork(r, per)
	}
	r, per, maxK := walkRule(r, n, ring, per)
	return moveWork(r, n, maxK, per)
}

// walk counts the moves to the target value and, with yield, calls it on
// each in order until it returns false; without yield, the two-heap splits
// of a large heap are counted a residue class at a time.
func (w *moveWalk) walk(yield func(Move) bool) int64 {
	if w.arith != nil {
		return w.arith.walk(yield)
	}
	var count int64
	found := func(take int, leave ...int) bool {
		count++
		return yield == nil || yield(Move{Take: take, Leave: slices.Clone(leave)})
	}
	sg, target := w.sg, w.target
	for k := 0; k <= w.maxK; k++ {
		d := w.r.Digit(k)
		m := w.n - k
		if d.Leave&rules.Leave0 != 0 && m == 0 && w.empty == target && !found(k) {
			return count
		}
		if d.Leave&rules.Leave1 != 0 && m >= 1 && (k >= 1 || w.ring) && sg(m) == target && !found(k, m) {
			return count
		}
		if d.Leave&rules.Leave2 != 0 && m >= 2 {
			hi := m / 2
			if d.Distinct&rules.Leave2 != 0 && m%2 == 0 {
				hi--
			}
			if yield == nil {
				count += countSplits(sg, w.per, m, hi, target)
			} else if !eachSplit(sg, w.per, m, hi, target, func(a int) bool { return found(k, a, m-a) }) {
				return count
			}
		}
		if d.Leave&rules.Leave3 != 0 {
			ok := triples(m, d.Distinct&rules.Leave3 != 0, func(a, b, c int) bool {
				return sg(a)^sg(b)^sg(c) != target || found(k, a, b, c)
			})
			if !ok {
				return count
			}
		}
	}
	return count
}

// moveWork returns about how many steps CountTo takes on a heap of n,
// with removals up to maxK: for each k, one step, m/2 for the two-heap
// splits of m = n − k (or per.Start + 2·per.Length where the period serves)
// and m²/12 for the three-heap ones. It takes O(len(r.Digits)) steps
// however large n is: the removals from where the digits repeat, or run
// on, are summed a residue class at a time.
func moveWork(r rules.Rule, n, maxK int, per *sg.Period) float64 {
	var w float64
	for k := 0; k <= min(maxK, len(r.Digits)-1); k++ {
		w += digitWork(r.Digit(k), float64(n-k), 1, 0, per)
	}
	if a := len(r.Digits); r.Until > 0 && a <= maxK {
		// A run: the removals a..min(maxK, Until), one apart.
		last := min(maxK, r.Until)
		w += digitWork(r.Digit(a), float64(n-a), last-a+1, 1, per)
		return w + float64(maxK-last) // digits with no move
	}
	if r.Period == 0 {
		return w + float64(max(maxK-len(r.Digits)+1, 0)) // digits with no move
	}
	for a := len(r.Digits); a < len(r.Digits)+r.Period && a <= maxK; a++ {
		// k = a + j·q for j < c: m = n − a − j·q.
		q := r.Period
		w += digitWork(r.Digit(a), float64(n-a), (maxK-a)/q+1, float64(q), per)
	}
	return w
}

// digitWork returns the steps of moveWork for the c removals k of digit d
// whose remainders are m = m0, m0 − q, …, m0 − (c−1)·q.
func digitWork(d rules.Digit, m0 float64, c int, q float64, per *sg.Period) float64 {
	// sum(j0, j1, p) is the sum of (m0 − j·q)^p for j0 ≤ j < j1.
	sum := func(j0, j1 int, p int) float64 {
		s1 := func(j int) float64 { return float64(j) * float64(j-1) / 2 }
		s2 := func(j int) float64 { return float64(j-1) * float64(j) * float64(2*j-1) / 6 }
		n := float64(j1 - j0)
		if p == 1 {
			return n*m0 - q*(s1(j1)-s1(j0))
		}
		return n*m0*m0 - 2*m0*q*(s1(j1)-s1(j0)) + q*q*(s2(j1)-s2(j0))
	}
	w := float64(c)
	if d.Leave&rules.Leave2 != 0 {
		// The first c1 remainders are above the period's window.
		c1 := 0
		if per != nil {
			above := m0 - float64(2*(per.Start+per.Length)) // m > 2·(n0 + p) while j·q < above
			switch {
			case above <= 0:
			case q == 0 || above > float64(c-1)*q:
				c1 = c
			default:
				c1 = int(math.Ceil(above / q))
			}
			w += float64(c1) * float64(per.Start+2*per.Length)
		}
		w += sum(c1, c, 1) / 2
	}
	if d.Leave&rules.Leave3 != 0 {
		w += sum(0, c, 2) / 12
	}
	return w
}

// periodic reports whether per (see CountTo) gives the values of
// both parts of every split of m from per.Start on.
func periodic(per *sg.Period, m int) bool { return per != nil && m > 2*(per.Start+per.Length) }

// splitStart is where splits of a large heap are found by residues: the
// period's start, and at least 1, the least part of a split.
func splitStart(per *sg.Period) int { return max(per.Start, 1) }

// countSplits counts the a in 1..hi with sg(a) ⊕ sg(m−a) = target. With
// per (see CountTo) and m large, the a from splitStart(per) on are
// counted by their residue mod the period, on which both parts' values
// depend alone.
func countSplits(sg func(int) uint64, per *sg.Period, m, hi int, target uint64) int64 {
	var count int64
	counted := func(int) bool { count++; return true }
	if !periodic(per, m) {
		splitsIn(sg, m, 1, hi, target, counted)
		return count
	}
	n0, p := splitStart(per), per.Length
	splitsIn(sg, m, 1, n0-1, target, counted)
	for _, r := range splitResidues(sg, per, m, target) {
		count += int64((hi-n0-r)/p) + 1 // hi − n0 ≥ 2p > r
	}
	return count
}

// splitsIn calls yield with each a in lo..hi, in increasing order, such
// that sg(a) ⊕ sg(m−a) = target, until yield returns false; it reports
// whether yield never did.
func splitsIn(sg func(int) uint64, m, lo, hi int, target uint64, yield func(a int) bool) bool {
	for a := lo; a <= hi; a++ {
		if sg(a)^sg(m-a) == target && !yield(a) {
			return false
		}
	}
	return true
}

// splitResidues returns, for n0 = splitStart(per) and a large heap m, the
// residues r < p such that every a = n0 + r + j·p ≤ m/2 has sg(a) ⊕
// sg(m−a) = target: then sg(a) = sg(n0 + r) and sg(m − a) = sg(n0 + (m −
// 2·n0 − r) mod p), both parts being in the periodic part.
func splitResidues(sg func(int) uint64, per *sg.Period, m int, target uint64) []int {
	n0, p := splitStart(per), per.Length
	var match []int
	for r := range p {
		b := n0 + ((m-2*n0-r)%p+p)%p
		if sg(n0+r)^sg(b) == target {
			match = append(match, r)
		}
	}
	return match
}

// eachSplit calls yield with each a in 1..hi, in increasing order, such
// that sg(a) ⊕ sg(m−a) = target, until yield returns false; it reports
// whether yield never did. With per and m large, the a from
// splitStart(per) on are found by their residues, so that the first costs
// O(per.Start + per.Length) whatever m.
func eachSplit(sg func(int) uint64, per *sg.Period, m, hi int, target uint64, yield func(a int) bool) bool {
	if !periodic(per, m) {
		return splitsIn(sg, m, 1, hi, target, yield)
	}
	n0 := splitStart(per)
	if !splitsIn(sg, m, 1, n0-1, target, yield) {
		return false
	}
	match := splitResidues(sg, per, m, target)
	for base := n0; len(match) > 0 && base <= hi; base += per.Length {
		for _, r := range match {
			if a := base + r; a > hi || !yield(a) {
				return a > hi
			}
		}
	}
	return true
}
