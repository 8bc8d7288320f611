package search

import "sync/atomic"

// worker is one goroutine's search state: its stacks of positions and
// children, reused from node to node, and its counters.
type worker struct {
	g       Game
	t       *Table
	stop    *atomic.Bool // set when the round's answer is known
	cancel  *atomic.Bool // set when the context is done
	shared  *atomic.Int64
	aborted bool // the search was stopped: nothing found since may be stored
	tooMany bool // a component had more than 255 moves
	tooDeep bool // the search went deeper than maxDepth
	depth   int  // components on the path searched

	nodes, hits, published  int64
	expanded, found, stored int64

	all  Set
	buf  []uint64 // moves and the parts of children, a stack
	kids []kid    // children of the nodes on the path, a stack

	sink uint64 // what Table.Touch returned, kept so that its reads are made

	seen [512]seenKid // the children of the node being expanded, by hash
	gen  uint64       // which node the entries of seen belong to
}

// kid is a child of a node: the XOR of its known parts, and its unknown
// parts in buf[first:first+n], smallest first.
type kid struct {
	x        uint8
	first, n int32
	cost     int
	sig      uint64 // a hash of x and the parts, to find equal children
}

// seenBefore reports whether child k equals one of the children listed
// since km, found by its hash in a small table of the node's children.
func (w *worker) seenBefore(k kid, km int) bool {
	if len(w.kids) == km {
		w.gen++
	}
	mask := uint64(len(w.seen) - 1)
	for h := k.sig & mask; ; h = (h + 1) & mask {
		e := &w.seen[h]
		if e.gen != w.gen {
			*e = seenKid{sig: k.sig, gen: w.gen, at: int32(len(w.kids))}
			return false
		}
		if e.sig == k.sig && w.sameKid(w.kids[e.at], k) {
			return true
		}
	}
}

// seenKid is a slot of the table of a node's children by hash.
type seenKid struct {
	sig uint64
	gen uint64
	at  int32
}

// less orders parts smallest first, equal sizes by their words.
func (w *worker) less(a, b uint64) bool {
	sa, sb := w.g.Size(a), w.g.Size(b)
	return sa < sb || sa == sb && a < b
}

// sameKid reports whether two children are the same sum.
func (w *worker) sameKid(a, b kid) bool {
	if a.sig != b.sig || a.x != b.x || a.n != b.n || a.cost != b.cost {
		return false
	}
	for i := int32(0); i < a.n; i++ {
		if w.buf[a.first+i] != w.buf[b.first+i] {
			return false
		}
	}
	return true
}

const publishEvery = 1 << 14

// maxDepth bounds the depth of a search: a game with a move that repeats
// a position would recurse for ever.
const maxDepth = 4096

// settleParts finds the exact nimbers of all the parts of a root child
// but its biggest, folds them into k.x and returns it.
func (w *worker) settleParts(k *rootKid) (uint8, bool) {
	for len(k.parts) > 1 {
		v, _ := w.in(k.parts[0], w.all)
		if w.aborted {
			return 0, false
		}
		k.x ^= v
		k.parts = k.parts[1:]
	}
	return k.x, true
}

// in returns the nimber of component c if it is in r, and may return it
// when it is not; ok is false when the nimber is not in r and was not
// found, or when the search was stopped (w.aborted).
//
// The values the component can still have are kept in a set p, at first
// 0..moves. Each child is asked whether its nimber lies in p without
// its largest element (and no larger than the largest value of r): a
// yes takes the child's nimber out of p; a no takes out p's largest
// element, which cannot then be the answer unless it exceeds r. As soon
// as p and r have nothing in common, the nimber is not in r.
func (w *worker) in(c uint64, r Set) (uint8, bool) {
	if !w.visit() {
		return 0, false
	}
	var ex Set // values c is known not to have
	if e, ok := w.t.Get(c); ok {
		w.hits++
		if e.Exact {
			return e.Nimber, true
		}
		ex[0] = uint64(e.Excluded)
		if !r.AndNot(ex).Meets(r) {
			return 0, false
		}
	}
	bm, km := len(w.buf), len(w.kids)
	ok := w.deeper()
	defer func() { w.depth-- }()
	if !ok {
		return 0, false
	}
	w.expanded++
	p, ok := w.expand(c)
	if !ok {
		w.buf, w.kids = w.buf[:bm], w.kids[:km]
		return 0, false
	}
	maxR, _ := r.Max()
	exact := true
	for i := km; i < len(w.kids); i++ {
		if !p.AndNot(ex).Meets(r) {
			w.buf, w.kids = w.buf[:bm], w.kids[:km]
			w.exclude(c, uint8(r[0]|ex[0]), w.g.Size(c))
			return 0, false
		}
		top, _ := p.Max()
		q := p
		q.Remove(top)
		q = q.UpTo(maxR)
		x, ok := w.settleKid(i)
		if !ok {
			w.buf, w.kids = w.buf[:bm], w.kids[:km]
			return 0, false
		}
		k := w.kids[i]
		v, ok := w.in(w.buf[int(k.first)+int(k.n)-1], q.Xor(x))
		if w.aborted {
			w.buf, w.kids = w.buf[:bm], w.kids[:km]
			return 0, false
		}
		if ok {
			p.Remove(v ^ x)
		} else {
			p.Remove(top)
			exact = false
		}
	}
	w.buf, w.kids = w.buf[:bm], w.kids[:km]
	p = p.AndNot(ex)
	if v, ok := p.UpTo(maxR).Min(); ok {
		w.found++
		w.put(c, v, w.g.Size(c))
		return v, true
	}
	if exact {
		v, _ := p.Min()
		w.found++
		w.put(c, v, w.g.Size(c))
		return v, true
	}
	w.exclude(c, uint8(r[0]|ex[0]), w.g.Size(c))
	return 0, false
}

// settleKid finds the exact nimbers of all parts of child i but its
// biggest and folds them into its x.
func (w *worker) settleKid(i int) (uint8, bool) {
	for w.kids[i].n > 1 {
		k := &w.kids[i]
		part := w.buf[k.first]
		k.first++
		k.n--
		v, _ := w.in(part, w.all)
		if w.aborted {
			return 0, false
		}
		w.kids[i].x ^= v
	}
	return w.kids[i].x, true
}

// expand lists the children of c on the stacks: their parts are split
// off, the table asked for each (children wholly known are not listed
// but their values taken out of the returned set, which holds
// 0..moves otherwise), and the rest ordered cheapest first.
func (w *worker) expand(c uint64) (Set, bool) {
	ms := len(w.buf)
	w.buf = w.g.Moves(c, w.buf)
	me := len(w.buf)
	if me-ms > 255 {
		w.tooMany, w.aborted = true, true
		return Set{}, false
	}
	var known Set // values of children the table settles
	km := len(w.kids)
	w.splitAll(ms, me)
	for i := ms; i < me; i++ {
		first, end, x := w.parts(i, me)
		j, cost := first, 0
		for _, part := range w.buf[first:end] {
			if v, ok := w.t.Nimber(part); ok {
				x ^= v
				continue
			}
			w.buf[j] = part
			j++
			z := w.g.Size(part)
			cost += z * z
		}
		if j == first {
			known.Add(x)
			continue
		}
		// Parts smallest first, equal sizes by their words (insertion
		// sort: they are few), so that equal children list equal parts.
		parts := w.buf[first:j]
		sig := mix(uint64(x) + 1)
		for a := 1; a < len(parts); a++ {
			for b := a; b > 0 && w.less(parts[b], parts[b-1]); b-- {
				parts[b], parts[b-1] = parts[b-1], parts[b]
			}
		}
		for _, part := range parts {
			sig ^= mix(part)
		}
		k := kid{x: x, first: int32(first), n: int32(j - first), cost: cost, sig: sig}
		if w.seenBefore(k, km) {
			// The same sum as an earlier child (a symmetric move): it
			// adds nothing.
			continue
		}
		w.kids = append(w.kids, k)
	}
	// Cheapest first; among equals, in the game's order of moves (the
	// order they were listed in: the sort is stable).
	kids := w.kids[km:]
	for a := 1; a < len(kids); a++ {
		for b := a; b > 0 && kids[b].cost < kids[b-1].cost; b-- {
			kids[b], kids[b-1] = kids[b-1], kids[b]
		}
	}
	n := len(kids)
	// The mex is at most the number of different values the children
	// can have.
	p := Below(n + known.Len() + 1).AndNot(known)
	return p, true
}

// exact returns the nimber of component c by the definition: the mex of
// its children's nimbers, each found exactly. It suits games whose
// positions do not split and whose nimbers are large (Chomp), where
// asking about sets of values saves little and repeats much.
func (w *worker) exact(c uint64) (uint8, bool) {
	if !w.visit() {
		return 0, false
	}
	if v, ok := w.t.Nimber(c); ok {
		w.hits++
		return v, true
	}
	bm := len(w.buf)
	ok := w.deeper()
	defer func() { w.depth-- }()
	if !ok {
		return 0, false
	}
	w.buf = w.g.Moves(c, w.buf)
	me := len(w.buf)
	if me-bm > 255 {
		w.tooMany, w.aborted = true, true
		w.buf = w.buf[:bm]
		return 0, false
	}
	w.splitAll(bm, me)
	var seen Set
	for i := bm; i < me; i++ {
		first, end, x := w.parts(i, me)
		for j := first; j < end; j++ {
			v, ok := w.exact(w.buf[j])
			if !ok {
				w.buf = w.buf[:bm]
				return 0, false
			}
			x ^= v
		}
		seen.Add(x)
	}
	w.buf = w.buf[:bm]
	v, _ := seen.Not().Min()
	w.put(c, v, w.g.Size(c))
	return v, true
}

// sumExact returns the exact nimber of position p, the XOR of its parts'.
func (w *worker) sumExact(p uint64) (uint8, bool) {
	first := len(w.buf)
	var x uint8
	w.buf, x = w.g.Split(p, w.buf)
	for i := first; i < len(w.buf); i++ {
		v, ok := w.exact(w.buf[i])
		if !ok {
			w.buf = w.buf[:first]
			return 0, false
		}
		x ^= v
	}
	w.buf = w.buf[:first]
	return x, true
}

func (w *worker) put(c uint64, v uint8, size int) {
	w.stored++
	w.t.Put(c, v, size)
}

func (w *worker) exclude(c uint64, mask uint8, size int) {
	w.stored++
	w.t.Exclude(c, mask, size)
}

// visit counts a node, publishing the count now and then, and reports
// whether the search goes on (false: it was stopped, w.aborted).
func (w *worker) visit() bool {
	w.nodes++
	if w.nodes&(publishEvery-1) == 0 {
		w.shared.Add(w.nodes - w.published)
		w.published = w.nodes
	}
	if w.stop.Load() || w.cancel.Load() {
		w.aborted = true
		return false
	}
	return true
}

// deeper goes one component deeper (the caller undoes it with
// w.depth--) and reports whether the search goes on: past maxDepth it
// stops, w.tooDeep.
func (w *worker) deeper() bool {
	if w.depth++; w.depth > maxDepth {
		w.tooDeep, w.aborted = true, true
	}
	return !w.aborted
}

// splitAll splits the moves in w.buf[ms:me] into their parts, appended
// to w.buf, each move's word replaced by the offset of its parts and the
// XOR of its settled ones (see parts); then it fetches the table's
// buckets of all the parts at once, so that the lookups that follow find
// them in the cache.
func (w *worker) splitAll(ms, me int) {
	for i := ms; i < me; i++ {
		first := len(w.buf)
		var x uint8
		w.buf, x = w.g.Split(w.buf[i], w.buf)
		w.buf[i] = uint64(first)<<8 | uint64(x)
	}
	w.sink ^= w.t.Touch(w.buf[me:])
}

// parts returns where the parts of move i (of those splitAll split, the
// last at me-1) lie in w.buf, and the XOR of its settled parts.
func (w *worker) parts(i, me int) (first, end int, x uint8) {
	first, x = int(w.buf[i]>>8), uint8(w.buf[i])
	end = len(w.buf)
	if i+1 < me {
		end = int(w.buf[i+1] >> 8)
	}
	return first, end, x
}
