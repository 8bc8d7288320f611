package misere

import (
	"encoding/binary"
	"slices"
)

// The quotient of the heaps up to m is first sought without the outcome of
// any position it does not already know: built from the quotient of the
// heaps below m, it is only ever checked (checkQuotient), never learnt
// from searched outcomes. This is the way of Siegel's MisereSolver
// (Plambeck and Siegel, "Misère quotients for impartial games", JCTA 115,
// 2008, §6), in a form of our own:
//
//   - A candidate is a monoid through which heaps map (the images of the
//     heaps below m, and a new cyclic generator for heap m), whose P-portion
//     is marked by the rule of misère outcomes itself: positions are visited
//     in the order checkQuotient uses, every option before the position, and
//     each element takes the outcome the rule gives the first position found
//     with it (markP). The monoid is then reduced to its classes of
//     indistinguishable elements (Moore's refinement), so that it is the
//     least one with that P-portion.
//   - checkQuotient finds the least position the candidate misjudges, if
//     any. When there is none, the candidate is the quotient: it predicts
//     every outcome, and no two of its elements are alike.
//   - When there is one, its true outcome is the opposite of the
//     candidate's (every position before it is judged right). The heaps of
//     that position are freed, one, then two, … at a time: each freed heap
//     becomes a cyclic generator of its own, long enough to count its copies
//     in the failure, beside the monoid the other heaps generate, and the
//     P-portion is marked again. Of the candidates that free the fewest
//     heaps and judge the failure right, the least is checked next (the
//     smaller the candidate, the cheaper its check: Dawson's Kayles to
//     heap 33 takes 16 s so, 28 s taking the first).
//
// Every step that decides is checkQuotient's, so a candidate found this way
// is as sure as one learnt from outcomes; the construction only chooses
// what to check. When it runs out of candidates (extendTries), the learner
// falls back to learning from searched outcomes.

// extendTries bounds the candidates extend checks before it gives up;
// extendRaw bounds the elements of a candidate before its reduction.
const (
	extendTries = 200
	extendRaw   = 1 << 17
)

// A cyclic is the cyclic monoid of a generator a with a^(index+period) =
// a^index: its elements are a⁰ … a^(index+period−1).
type cyclic struct{ index, period int }

func (c cyclic) order() int { return c.index + c.period }

// add returns the exponent of a^i · a^j.
func (c cyclic) add(i, j int) int {
	k := i + j
	if k >= c.order() {
		k = c.index + (k-c.index)%c.period
	}
	return k
}

// A sumMonoid is the direct sum of a finite commutative monoid, given by its
// table, and cyclic monoids. Element x is the base element x mod n with the
// exponents of the cyclic parts after it, in mixed radix.
type sumMonoid struct {
	base  []uint16 // n×n
	n     int
	parts []cyclic
	size  int
}

func newSumMonoid(base []uint16, n int, parts []cyclic) *sumMonoid {
	s := &sumMonoid{base: base, n: n, parts: parts, size: n}
	for _, c := range parts {
		s.size *= c.order()
	}
	return s
}

// gen returns the generator of cyclic part i.
func (s *sumMonoid) gen(i int) int {
	x := s.n
	for _, c := range s.parts[:i] {
		x *= c.order()
	}
	return x
}

func (s *sumMonoid) mul(x, y int) int {
	out := int(s.base[(x%s.n)*s.n+y%s.n])
	x, y = x/s.n, y/s.n
	scale := s.n
	for _, c := range s.parts {
		o := c.order()
		out += scale * c.add(x%o, y%o)
		x, y, scale = x/o, y/o, scale*o
	}
	return out
}

// markP marks the P-portion of a candidate monoid of size elements (mul,
// identity 0) through which the heaps letters (with a move, largest first)
// map to pre[h], the options of heap h to opt[h]. Positions are visited in
// the order of checkQuotient, options first: the number of copies of the
// largest heap, then of the next, and so on; a position's options are the
// products pre(rest)·opt[h] of each heap h it holds. An element takes the
// outcome the rule gives the first position found with it; a position whose
// element was found before is not extended further, so every element is
// visited once. It returns the P-portion.
func markP(size int, mul func(x, y int) int, letters []int, pre []int, opt [][]int, step func(int64) error) ([]bool, error) {
	p, found := make([]bool, size), make([]bool, size)
	stamp := make([]int32, size)
	var gen int32
	// union returns tr·a ∪ x·o for o in opts, without repeats.
	union := func(tr []int, a, x int, opts []int) []int {
		gen++
		out := make([]int, 0, len(tr)+len(opts))
		add := func(y int) {
			if stamp[y] != gen {
				stamp[y] = gen
				out = append(out, y)
			}
		}
		for _, t := range tr {
			add(mul(t, a))
		}
		for _, o := range opts {
			add(mul(x, o))
		}
		return out
	}
	var visit func(i, x int, tr []int) error
	visit = func(i, x int, tr []int) error {
		for {
			if i == len(letters) {
				if !found[x] {
					found[x] = true
					lost := len(tr) > 0
					for _, t := range tr {
						if found[t] && p[t] {
							lost = false
							break
						}
					}
					p[x] = lost
				}
				return nil
			}
			if err := visit(i+1, x, tr); err != nil {
				return err
			}
			h := letters[i]
			y := mul(x, pre[h])
			if found[y] {
				return nil
			}
			if err := step(int64(len(tr) + len(opt[h]))); err != nil {
				return err
			}
			tr = union(tr, pre[h], x, opt[h])
			x = y
		}
	}
	return p, visit(0, 0, nil)
}

// reduce returns the quotient of heaps up to m of a candidate monoid (mul,
// identity 0) with P-portion p and heaps mapping to pre: the elements that
// products of heaps reach, in classes of indistinguishable ones, the
// identity's class numbered 0. It returns nil when the classes are more
// than maxOrder.
func reduce(mul func(x, y int) int, p []bool, pre []int, m, maxOrder int) *Quotient {
	gens := distinctEls(pre[1 : m+1])
	among := closure(len(p), mul, gens)
	class, n := moore(len(p), mul, func(x int) bool { return p[x] }, gens, among)
	if n > maxOrder {
		return nil
	}
	// Number the classes as the identity's first, then in order found.
	num := map[int32]int{class[0]: 0}
	rep := []int{0}
	for _, x := range among {
		if _, ok := num[class[x]]; !ok {
			num[class[x]] = len(rep)
			rep = append(rep, x)
		}
	}
	q := &Quotient{Heaps: m, Order: n, Mul: make([]uint16, n*n), P: make([]bool, n), Pretend: make([]int, m+1)}
	for a, x := range rep {
		q.P[a] = p[x]
		for b, y := range rep {
			q.Mul[a*n+b] = uint16(num[class[mul(x, y)]])
		}
	}
	for h := 1; h <= m; h++ {
		q.Pretend[h] = num[class[pre[h]]]
	}
	return q
}

// closure returns the elements, below size, that products of gens reach
// from the identity 0, in breadth-first order.
func closure(size int, mul func(x, y int) int, gens []int) []int {
	seen := make([]bool, size)
	seen[0] = true
	out := []int{0}
	for i := 0; i < len(out); i++ {
		for _, g := range gens {
			if y := mul(out[i], g); !seen[y] {
				seen[y] = true
				out = append(out, y)
			}
		}
	}
	return out
}

// moore returns the class of each element among those given (closed
// under the action of gens), of elements below size, and the number of
// classes: Moore's refinement of {P, not P} by the action of gens, whose
// classes are the elements no product of gens tells apart.
func moore(size int, mul func(x, y int) int, p func(x int) bool, gens []int, among []int) ([]int32, int) {
	class := make([]int32, size)
	for _, a := range among {
		if p(a) {
			class[a] = 1
		}
	}
	count := 0
	key := make([]byte, 4*(len(gens)+1))
	next := make([]int32, size)
	for {
		index := map[string]int32{}
		for _, a := range among {
			binary.LittleEndian.PutUint32(key, uint32(class[a]))
			for i, x := range gens {
				binary.LittleEndian.PutUint32(key[4*(i+1):], uint32(class[mul(a, x)]))
			}
			c, ok := index[string(key)]
			if !ok {
				c = int32(len(index))
				index[string(key)] = c
			}
			next[a] = c
		}
		class, next = next, class
		if len(index) == count {
			return class, count
		}
		count = len(index)
	}
}

// candidate builds a candidate quotient of the heaps up to m from q, whose
// Pretend covers them: the heaps of free become the generators of the
// cyclic parts, beside the submonoid of q the other heaps generate, and the
// P-portion is marked (markP) and the whole reduced (reduce). It returns
// nil when the candidate is too large.
func (l *learner) candidate(q *Quotient, m int, free []int, parts []cyclic) (*Quotient, error) {
	var gens []int
	for h := 1; h <= m; h++ {
		if e := q.Pretend[h]; !l.moveless[h] && !slices.Contains(free, h) && e != 0 && !slices.Contains(gens, e) {
			gens = append(gens, e)
		}
	}
	els := reached(q, gens)
	n := len(els)
	at := make(map[int]int, n)
	for i, e := range els {
		at[e] = i
	}
	base := make([]uint16, n*n)
	for i, a := range els {
		for j, b := range els {
			base[i*n+j] = uint16(at[q.Times(a, b)])
		}
	}
	s := newSumMonoid(base, n, parts)
	if s.size > extendRaw {
		return nil, nil
	}
	pre := make([]int, m+1)
	var letters []int
	for h := m; h >= 1; h-- {
		if l.moveless[h] {
			continue
		}
		letters = append(letters, h)
		if i := slices.Index(free, h); i >= 0 {
			pre[h] = s.gen(i)
		} else {
			pre[h] = at[q.Pretend[h]]
		}
	}
	opt := make([][]int, m+1)
	for _, h := range letters {
		for _, o := range l.opts[h] {
			x := 0
			for _, k := range o {
				x = s.mul(x, pre[k])
			}
			if !slices.Contains(opt[h], x) {
				opt[h] = append(opt[h], x)
			}
		}
	}
	p, err := markP(s.size, s.mul, letters, pre, opt, l.step)
	if err != nil {
		return nil, err
	}
	c := reduce(s.mul, p, pre, m, l.maxOrder)
	if c != nil {
		c.Rule = l.rule
	}
	return c, nil
}

// extend seeks the quotient of the heaps up to m from the quotient of the
// heaps below (see the top of this file). It returns nil, with the
// candidate that judged right the most positions trusted below its breach,
// when it gives up.
func (l *learner) extend(m int, known *Quotient) (*Quotient, error) {
	q := &Quotient{Order: known.Order, Mul: known.Mul, P: known.P, Pretend: append(slices.Clone(known.Pretend[:m]), 0)}
	c, err := l.candidate(q, m, []int{m}, []cyclic{{2, 2}})
	if c == nil || err != nil {
		return nil, err
	}
	for range extendTries {
		bad, err := l.check(c)
		if err != nil {
			return nil, err
		}
		if bad == nil {
			return c, nil
		}
		if l.trusted == nil || before(l.trustTo, bad.pos) {
			l.trusted, l.trustTo = c, bad.pos
		}
		if c, err = l.recalibrate(c, m, bad.pos); c == nil || err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// recalibrate returns a candidate that judges right the position w, which
// c misjudges, built from c by freeing the fewest of w's heaps (candidate),
// the least of those, or nil when none does.
func (l *learner) recalibrate(c *Quotient, m int, w []int) (*Quotient, error) {
	lost := !c.Lost(w)
	heaps := slices.Compact(slices.Clone(w))
	var best *Quotient
	for k := 1; k <= len(heaps); k++ {
		for _, free := range subsets(heaps, k) {
			parts := make([]cyclic, len(free))
			for i, h := range free {
				pows := powers(c, c.Pretend[h])
				last := pows[len(pows)-1]
				index := slices.Index(pows, last)
				period := len(pows) - 1 - index
				copies := 0
				for _, x := range w {
					if x == h {
						copies++
					}
				}
				parts[i] = cyclic{max(index, copies-1), max(2, period)}
			}
			next, err := l.candidate(c, m, free, parts)
			if err != nil {
				return nil, err
			}
			if next != nil && next.Lost(w) == lost && (best == nil || next.Order < best.Order) {
				best = next
			}
		}
		if best != nil {
			l.recalibrated++
			return best, nil
		}
	}
	return nil, nil
}

// subsets returns the subsets of k elements of xs, in lexicographic order
// of their positions in xs.
func subsets(xs []int, k int) [][]int {
	var out [][]int
	var pick func(from int, cur []int)
	pick = func(from int, cur []int) {
		if len(cur) == k {
			out = append(out, slices.Clone(cur))
			return
		}
		for i := from; i <= len(xs)-(k-len(cur)); i++ {
			pick(i+1, append(cur, xs[i]))
		}
	}
	pick(0, nil)
	return out
}
