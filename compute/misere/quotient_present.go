package misere

import (
	"encoding/binary"
	"slices"
)

// present finds q's presentation: its generators (Gens, each heap whose
// element is no product of the elements of the generators before it), the
// normal form of every element (Words: the least word giving it, words
// ordered by degree, then by the exponent of the last generator, then of
// the one before it, …, a monomial order), and the relations (Relations:
// every least word that is not a normal form while each word it is
// divisible by is, set equal to its element). Every word reduces to its
// normal form by them: they are the leading words of the monoid's
// Gröbner basis for that order.
func present(q *Quotient) {
	q.Gens = nil
	var elems []int
	for h := 1; h <= q.Heaps; h++ {
		x := q.Pretend[h]
		if x != 0 && !slices.Contains(reached(q, elems), x) {
			q.Gens = append(q.Gens, h)
			elems = append(elems, x)
		}
	}
	g := len(elems)
	q.Words = make([][]int, q.Order)
	q.Words[0] = make([]int, g)
	q.Relations = nil
	normal := map[string]bool{wordKey(q.Words[0]): true}
	layer := [][]int{q.Words[0]}
	value := map[string]int{wordKey(q.Words[0]): 0}
	for len(layer) > 0 {
		var cands [][]int
		seen := map[string]bool{}
		for _, w := range layer {
			for i := range g {
				c := slices.Clone(w)
				c[i]++
				if k := wordKey(c); !seen[k] {
					seen[k] = true
					cands = append(cands, c)
					value[k] = q.Times(value[wordKey(w)], elems[i])
				}
			}
		}
		slices.SortFunc(cands, compareWords)
		var next [][]int
		for _, c := range cands {
			e := value[wordKey(c)]
			if q.Words[e] == nil {
				q.Words[e] = c
				normal[wordKey(c)] = true
				next = append(next, c)
			} else if minimalWord(c, normal) {
				q.Relations = append(q.Relations, Relation{LHS: c, RHS: e})
			}
		}
		layer = next
	}
}

// renumber numbers q's elements in the order of their normal forms (by
// degree, then compareWords; present must have found them), so that a
// quotient's numbering depends on the monoid alone, not on the order in
// which it was learnt.
func renumber(q *Quotient) {
	old := make([]int, q.Order) // old[i]: the element numbered i now
	for e := range old {
		old[e] = e
	}
	slices.SortStableFunc(old, func(a, b int) int {
		if da, db := degree(q.Words[a]), degree(q.Words[b]); da != db {
			return da - db
		}
		return compareWords(q.Words[a], q.Words[b])
	})
	now := make([]int, q.Order) // now[e]: the new number of old element e
	for i, e := range old {
		now[e] = i
	}
	n := q.Order
	mul, p, words := make([]uint16, n*n), make([]bool, n), make([][]int, n)
	for i, a := range old {
		p[i], words[i] = q.P[a], q.Words[a]
		for j, b := range old {
			mul[i*n+j] = uint16(now[q.Mul[a*n+b]])
		}
	}
	pretend := make([]int, len(q.Pretend))
	for h, e := range q.Pretend {
		pretend[h] = now[e]
	}
	q.Mul, q.P, q.Words, q.Pretend = mul, p, words, pretend
	for i := range q.Relations {
		q.Relations[i].RHS = now[q.Relations[i].RHS]
	}
}

// degree returns the degree of a word: the sum of its exponents.
func degree(w []int) int {
	d := 0
	for _, e := range w {
		d += e
	}
	return d
}

// compareWords orders words of one degree: by the exponent of the last
// generator, then of the one before it, and so on.
func compareWords(a, b []int) int {
	for i := len(a) - 1; i >= 0; i-- {
		if a[i] != b[i] {
			return a[i] - b[i]
		}
	}
	return 0
}

// minimalWord reports whether every word c is divisible by, one generator
// less, is a normal form.
func minimalWord(c []int, normal map[string]bool) bool {
	for i, e := range c {
		if e == 0 {
			continue
		}
		d := slices.Clone(c)
		d[i]--
		if !normal[wordKey(d)] {
			return false
		}
	}
	return true
}

// wordKey returns a map key of a word.
func wordKey(w []int) string {
	b := make([]byte, 4*len(w))
	for i, e := range w {
		binary.LittleEndian.PutUint32(b[4*i:], uint32(e))
	}
	return string(b)
}

// Tame reports whether q is a tame quotient: isomorphic to the quotient
// T_k of misère Nim's heaps below 2^k for some k (Plambeck and Siegel,
// "Misère quotients for impartial games", JCTA 2008, §3; Siegel,
// Combinatorial Game Theory, ch. V). T_0 is {1} (no heap with a move),
// T_1 = {1, a}, a² = 1, P = {a} (heaps of *1), and for k ≥ 2 T_k is
// misère Nim's quotient: writing a position's nim-sum v and t for whether
// it holds a heap of 2 or more, the elements are (v, 0) for v = 0, 1 and
// (v, 1) for v < 2^k, multiplied as (v, t)(w, s) = (v⊕w, t∨s), with
// P = {(1, 0), (0, 1)}: order 2^k + 2.
//
// So q is T_k (k ≥ 2) exactly when its least ideal K (a group, q's
// product of all elements times q) has every square equal to its
// identity e (an elementary abelian 2-group, of order 2^k), the two
// elements outside K are 1 and an a with a² = 1, P = {a, e}, and a·e ≠ e:
// an isomorphism of K onto the vectors v maps a·e to 1, and then (v, t)
// ↦ the matching element is one of the bipartite monoids.
func (q *Quotient) Tame() bool {
	switch q.Order {
	case 1:
		return !q.P[0]
	case 2:
		return q.Times(1, 1) == 0 && q.P[1] && !q.P[0]
	}
	z := 0
	for a := range q.Order {
		z = q.Times(z, a)
	}
	inK := make([]bool, q.Order)
	size := 0
	for y := range q.Order {
		if k := q.Times(z, y); !inK[k] {
			inK[k] = true
			size++
		}
	}
	k := size
	if size != q.Order-2 || size < 4 || k&(k-1) != 0 || inK[0] {
		return false
	}
	e := z
	for q.Times(e, e) != e {
		e = q.Times(e, z)
	}
	a := slices.IndexFunc(inK[1:], func(b bool) bool { return !b }) + 1
	if q.Times(a, a) != 0 || q.Times(a, e) == e {
		return false
	}
	for y := range q.Order {
		if inK[y] && q.Times(y, y) != e {
			return false
		}
		if q.P[y] != (y == a || y == e) {
			return false
		}
	}
	return true
}

// Derive fills in what q's multiplication table and pretending function
// determine: Orders (the order at each heap bound) and the presentation
// (Gens, Words, Relations). A table read back is derived so, and
// VerifyQuotient compares what a quotient holds with it.
func (q *Quotient) Derive() {
	q.Orders = quotientOrders(q)
	present(q)
}
