package misere

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/sgtab/sgtab/compute/moves"
	"github.com/sgtab/sgtab/rules"
)

// A learner finds the misère quotients of a game's heaps, one heap bound
// after another. It holds exact misère outcomes of positions (lost), the
// positions it tells classes apart by (exps, experiments), and the rows of
// outcomes of positions against them.
//
// Positions are sorted multisets of heap sizes without heaps that have no
// move: such a heap is the game 0.
type learner struct {
	ctx      context.Context
	rule     rules.Rule
	maxOrder int
	maxPos   int
	maxSteps int64
	steps    int64
	heap     int // the heap bound being learnt, for errors
	order    int // the order found at the bound before it

	opts     [][][]int // opts[h]: the positions the moves of a heap of h leave
	moveless []bool    // moveless[h]: a heap of h has no move
	isStar1  []bool    // isStar1[h]: a heap of h is *1, its only option the empty position
	star1    int       // the least heap that is *1, 0 if none is
	known    *Quotient // the quotient of the heaps below heap: answers their positions
	trusted  *Quotient // a candidate that judges right every position before trustTo
	trustTo  []int     // the least position where trusted breaks the rule
	memo     *posMemo
	exps     [][]int // exps[0] is the empty position
	expKeys  map[string]bool
	rows     map[string][]bool

	// learnOnly skips extend, so that every quotient the pretending does
	// not give is learnt from searched outcomes (for tests).
	learnOnly    bool
	extended     int // stages extend decided
	recalibrated int // candidates recalibrate built
}

// newLearner returns a learner of the quotients of r's heaps up to n.
func newLearner(ctx context.Context, r rules.Rule, n int, lim QuotientLimits) *learner {
	order, pos, steps := lim.bounds()
	l := &learner{ctx: ctx, rule: r, maxOrder: order, maxPos: pos, maxSteps: steps,
		opts: make([][][]int, n+1), moveless: make([]bool, n+1),
		exps: [][]int{nil}, expKeys: map[string]bool{"": true}}
	l.moveless[0] = true
	for h := 1; h <= n; h++ {
		l.opts[h], l.moveless[h] = heapOptions(r, h, l.moveless)
	}
	l.isStar1 = make([]bool, n+1)
	for h := n; h >= 1; h-- {
		if len(l.opts[h]) == 1 && len(l.opts[h][0]) == 0 {
			l.isStar1[h], l.star1 = true, h
		}
	}
	return l
}

// heapOptions returns the distinct positions the moves of rule r leave on a
// heap of h, without heaps that have no move (moveless, known below h), and
// whether h has no move at all.
func heapOptions(r rules.Rule, h int, moveless []bool) ([][]int, bool) {
	var out [][]int
	seen := map[string]bool{}
	none := true
	for mv := range moves.Of(r, h, false) {
		none = false
		var p []int
		for _, part := range mv.Leave {
			if !moveless[part] {
				p = append(p, part)
			}
		}
		slices.Sort(p)
		if k := posKey(p); !seen[k] {
			seen[k] = true
			out = append(out, p)
		}
	}
	return out, none
}

// packHeaps is the most heaps a position packed in three words holds: a
// heap is at most MaxQuotientHeap < 2^16 and never 0, so the words' unused
// fields (0) tell how many there are.
const packHeaps = 12

// bound returns the *QuotientBoundError of the bound named.
func (l *learner) bound(name string, limit int64) error {
	return &QuotientBoundError{Bound: name, Limit: limit, Heap: l.heap, Order: l.order}
}

// check is checkQuotient for a candidate of the heaps up to l.heap; a
// bound it meets is reported at that heap, beside the order of the
// quotient of the heaps below it (not the candidate's).
func (l *learner) check(q *Quotient) (*breach, error) {
	bad, err := checkQuotient(l.ctx, q, l.opts, l.moveless, l.maxPos, l.step)
	var be *QuotientBoundError
	if errors.As(err, &be) {
		be.Heap, be.Order = l.heap, l.order
	}
	return bad, err
}

// step counts one unit of work and checks the step bound and, now and
// then, the context.
func (l *learner) step(n int64) error {
	l.steps += n
	if l.steps > l.maxSteps {
		return l.bound("steps", l.maxSteps)
	}
	if l.steps&0xffff < n {
		if err := l.ctx.Err(); err != nil {
			return err
		}
	}
	return nil
}

// lost reports whether the position p (sorted, no moveless heaps) is lost
// for the player to move in misère play: p has a move and every move
// leaves a position won for the player to move then. The empty position is
// won: the opponent made the last move.
//
// Heaps that are the game *1 (their only move leaves nothing) are all
// equal, and *1 + *1 = 0 in misère play as in normal play (Winning Ways,
// ch. 13), so they are kept as a parity. A position of heaps below the
// bound being learnt is answered by that bound's quotient at once; the
// other positions are searched, their options looked up before any is
// searched, the largest heap's first.
func (l *learner) lost(p []int) (bool, error) {
	p = l.canonical(p)
	if len(p) == 0 {
		return false, nil
	}
	if v, ok := l.lookup(p); ok {
		return v, nil
	}
	if l.memo.len() >= l.maxPos {
		return false, l.bound("positions", int64(l.maxPos))
	}
	won := false
	var open [][]int // the options not answered at once, searched next in turn
	err := l.eachOption(p, func(o []int) (bool, error) {
		o = l.canonical(o)
		v, ok := l.lookup(o)
		if !ok {
			open = append(open, o)
		}
		won = ok && v
		return won, nil
	})
	if err != nil {
		return false, err
	}
	for _, o := range open {
		if won {
			break
		}
		if won, err = l.lost(o); err != nil {
			return false, err
		}
	}
	l.memo.set(p, !won)
	return !won, nil
}

// lookup answers a canonical position at once, if it can: from the
// quotient of the heaps below, or from the memo.
func (l *learner) lookup(p []int) (lost, ok bool) {
	if len(p) == 0 {
		return false, true
	}
	if l.known != nil && p[len(p)-1] <= l.known.Heaps {
		return l.known.Lost(p), true
	}
	if l.trusted != nil && before(p, l.trustTo) {
		return l.trusted.Lost(p), true
	}
	return l.memo.get(p)
}

// before reports whether the sorted position p comes before b in the
// order of checkQuotient: fewer heaps of the largest size where their
// numbers differ.
func before(p, b []int) bool {
	i, j := len(p)-1, len(b)-1
	for i >= 0 && j >= 0 {
		if p[i] != b[j] {
			return p[i] < b[j]
		}
		i, j = i-1, j-1
	}
	return i < 0 && j >= 0
}

// eachOption calls fn with each option of the position p, the moves of
// its largest heap first, until fn returns true or an error.
func (l *learner) eachOption(p []int, fn func(o []int) (bool, error)) error {
	for i := len(p) - 1; i >= 0; i-- {
		h := p[i]
		if i < len(p)-1 && p[i+1] == h {
			continue
		}
		rest := slices.Delete(slices.Clone(p), i, i+1)
		for _, o := range l.opts[h] {
			if err := l.step(1); err != nil {
				return err
			}
			if stop, err := fn(join(rest, o)); stop || err != nil {
				return err
			}
		}
	}
	return nil
}

// canonical returns the sorted position p with its heaps that are *1
// replaced by the least such heap, pairs of them removed.
func (l *learner) canonical(p []int) []int {
	if l.star1 == 0 {
		return p
	}
	stars, other := 0, false // heaps that are *1, and one of them not the least
	for _, h := range p {
		if l.isStar1[h] {
			stars++
			other = other || h != l.star1
		}
	}
	if stars == 0 || stars == 1 && !other {
		return p // canonical already: no copy
	}
	out := p[:0:0]
	odd := false
	for _, h := range p {
		if l.isStar1[h] {
			odd = !odd
		} else {
			out = append(out, h)
		}
	}
	if odd {
		out = append(out, l.star1)
		slices.Sort(out)
	}
	return out
}

// row returns the outcomes of p plus each experiment (true: lost).
func (l *learner) row(p []int) ([]bool, error) {
	key := posKey(p)
	r := l.rows[key]
	for len(r) < len(l.exps) {

		v, err := l.lost(join(p, l.exps[len(r)]))
		if err != nil {
			return nil, err
		}
		r = append(r, v)
	}
	l.rows[key] = r
	return r, nil
}

// addExperiment adds the position e to the experiments; it reports
// whether e was new.
func (l *learner) addExperiment(e []int) bool {
	k := posKey(e)
	if l.expKeys[k] {
		return false
	}
	l.expKeys[k] = true
	l.exps = append(l.exps, slices.Clone(e))
	return true
}

// A hypothesis is a commutative automaton learnt from the rows: its
// states are the distinct rows found, each with the first position found
// with it (rep), reached from the empty position by adding heaps (letters).
type hypothesis struct {
	letters []int     // the heaps with a move, in increasing order
	reps    [][]int   // reps[s]: a position of state s
	rows    [][]bool  // rows[s]: its row
	delta   [][]int32 // delta[s][i]: the state of reps[s] plus a heap of letters[i]
	parent  []int32   // the state reps[s] was reached from (−1 for the start)
	via     []int32   // and the letter that reached it
}

// explore builds the hypothesis of the current experiments by a breadth-
// first search from the empty position.
func (l *learner) explore(letters []int) (*hypothesis, error) {
	h := &hypothesis{letters: letters}
	index := map[string]int32{}
	add := func(p []int, r []bool, from, via int32) (int32, error) {
		k := rowKey(r)
		if s, ok := index[k]; ok {
			return s, nil
		}
		if len(h.reps) >= l.maxOrder {
			return 0, l.bound("order", int64(l.maxOrder))
		}
		s := int32(len(h.reps))
		index[k] = s
		h.reps, h.rows = append(h.reps, p), append(h.rows, r)
		h.parent, h.via = append(h.parent, from), append(h.via, via)
		h.delta = append(h.delta, make([]int32, len(letters)))
		return s, nil
	}
	r0, err := l.row(nil)
	if err != nil {
		return nil, err
	}
	if _, err := add(nil, r0, -1, -1); err != nil {
		return nil, err
	}
	for s := 0; s < len(h.reps); s++ {
		for i, x := range letters {
			p := join(h.reps[s], []int{x})
			r, err := l.row(p)
			if err != nil {
				return nil, err
			}
			t, err := add(p, r, int32(s), int32(i))
			if err != nil {
				return nil, err
			}
			h.delta[s][i] = t
		}
	}
	return h, nil
}

// rowKey returns a map key of a row.
func rowKey(r []bool) string {
	var b strings.Builder
	for _, v := range r {
		if v {
			b.WriteByte('1')
		} else {
			b.WriteByte('0')
		}
	}
	return b.String()
}

// commute looks for two heaps whose order of addition changes the state
// reached; when it finds them, it adds an experiment that tells apart the
// two positions the hypothesis took for one, and reports true.
func (l *learner) commute(h *hypothesis) (bool, error) {
	for s := range h.reps {
		for i := range h.letters {
			for j := i + 1; j < len(h.letters); j++ {
				t1 := h.delta[h.delta[s][i]][j]
				t2 := h.delta[h.delta[s][j]][i]
				if t1 == t2 {
					continue
				}
				x := 0
				for k := range h.rows[t1] {
					if h.rows[t1][k] != h.rows[t2][k] {
						x = k
						break
					}
				}
				whole := join(h.reps[s], join([]int{h.letters[i], h.letters[j]}, l.exps[x]))
				truth, err := l.lost(whole)
				if err != nil {
					return false, err
				}
				// rows[t1] is the row of reps[delta[s][i]] plus letters[j]: if it
				// is wrong at x, letters[j] + exps[x] tells reps[delta[s][i]]
				// from reps[s] + letters[i].
				e := join([]int{h.letters[j]}, l.exps[x])
				if h.rows[t1][x] == truth {
					e = join([]int{h.letters[i]}, l.exps[x])
				}
				if !l.addExperiment(e) {
					return false, fmt.Errorf("compute: misère quotient: experiment %v already held", e)
				}
				return true, nil
			}
		}
	}
	return false, nil
}

// monoid turns a commutative hypothesis into a candidate quotient of the
// heaps up to m: its states are the elements, and a·b is the state reached
// from a by the heaps that reach b from the start.
func (l *learner) monoid(h *hypothesis, m int) *Quotient {
	n := len(h.reps)
	q := &Quotient{Rule: l.rule, Heaps: m, Order: n, Mul: make([]uint16, n*n), P: make([]bool, n), Pretend: make([]int, m+1)}
	for a := range n {
		q.Mul[a*n] = uint16(a)
		q.P[a] = h.rows[a][0]
	}
	for b := 1; b < n; b++ { // states are numbered after their parents
		par, via := int(h.parent[b]), h.via[b]
		for a := range n {
			q.Mul[a*n+b] = uint16(h.delta[q.Mul[a*n+par]][via])
		}
	}
	for i, x := range h.letters {
		q.Pretend[x] = int(h.delta[0][i])
	}
	return q
}

// stage learns the quotient of the heaps up to m, the quotient of the heaps
// below m being known.
func (l *learner) stage(m int, known *Quotient) (*Quotient, error) {
	l.heap, l.known = m, known
	if known != nil {
		l.order = known.Order
	}
	l.memo, l.rows = newPosMemo(), map[string][]bool{}
	l.trusted, l.trustTo = nil, nil
	if q, err := l.pretend(m, known); q != nil || err != nil {
		return q, err
	}
	if known != nil && !l.learnOnly {
		if q, err := l.extend(m, known); q != nil || err != nil {
			if q != nil {
				l.extended++
			}
			return q, err
		}
	}
	var letters []int
	for x := 1; x <= m; x++ {
		if !l.moveless[x] {
			letters = append(letters, x)
		}
	}
	for {
		h, err := l.explore(letters)
		if err != nil {
			return nil, err
		}
		again, err := l.commute(h)
		if err != nil {
			return nil, err
		}
		if again {
			continue
		}
		q := l.monoid(h, m)
		bad, err := l.check(q)
		if err != nil {
			return nil, err
		}
		if bad == nil {
			return q, nil
		}
		// Every position before the breach is judged right, and so its
		// outcome is the rule's on its options as q judges them: the
		// opposite of q's.
		l.trusted, l.trustTo = q, bad.pos
		l.memo.set(l.canonical(bad.pos), !q.Lost(bad.pos))
		if err := l.refine(h, bad.pos); err != nil {
			return nil, err
		}
	}
}

// refine learns from a position w that the hypothesis misjudges: along
// the states the hypothesis passes through adding w's heaps, it finds the
// first step where outcomes part (Rivest and Schapire's search), whose
// rest of the heaps becomes a new experiment.
func (l *learner) refine(h *hypothesis, w []int) error {
	letter := map[int]int{}
	for i, x := range h.letters {
		letter[x] = i
	}
	states := []int{0}
	for _, x := range w {
		states = append(states, int(h.delta[states[len(states)-1]][letter[x]]))
	}
	beta := func(i int) (bool, error) { return l.lost(join(h.reps[states[i]], w[i:])) }
	truth, err := beta(0)
	if err != nil {
		return err
	}
	lo, hi := 0, len(w)
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		v, err := beta(mid)
		if err != nil {
			return err
		}
		if v == truth {
			lo = mid
		} else {
			hi = mid
		}
	}
	if !l.addExperiment(w[hi:]) {
		return fmt.Errorf("compute: misère quotient: experiment %v already held", w[hi:])
	}
	return nil
}

// spots returns positions at which a candidate quotient of the heaps up to
// m is tried first, a cheap test before checkQuotient's whole one: the heap
// of m alone, and one and two heaps of m beside a position of each element
// of the quotient of the heaps below (the first found from the empty
// position by adding heaps).
func (l *learner) spots(m int, known *Quotient) [][]int {
	var gens, heapOf []int
	for h := 1; h < m; h++ {
		if e := known.Pretend[h]; !l.moveless[h] && e != 0 && !slices.Contains(gens, e) {
			gens, heapOf = append(gens, e), append(heapOf, h)
		}
	}
	reps := map[int][]int{0: nil}
	els := []int{0}
	for i := 0; i < len(els); i++ {
		for j, g := range gens {
			if y := known.Times(els[i], g); reps[y] == nil && y != 0 {
				reps[y] = join(reps[els[i]], []int{heapOf[j]})
				els = append(els, y)
			}
		}
	}
	var out [][]int
	for _, x := range els {
		out = append(out, join(reps[x], []int{m}))
	}
	for _, x := range els {
		out = append(out, join(reps[x], []int{m, m}))
	}
	return out
}

// misjudges reports whether q breaks the rule of misère outcomes at one
// of the positions given (sorted, no moveless heaps): a position is lost
// exactly when it has a move and none of its options is lost.
func (l *learner) misjudges(q *Quotient, at [][]int) bool {
	for _, p := range at {
		lost := len(p) > 0
		for i := 0; i < len(p) && lost; i++ {
			if i > 0 && p[i] == p[i-1] {
				continue
			}
			rest := q.Of(slices.Delete(slices.Clone(p), i, i+1))
			for _, o := range l.opts[p[i]] {
				if q.P[q.Times(rest, q.Of(o))] {
					lost = false
					break
				}
			}
		}
		if lost != q.Lost(p) {
			return true
		}
	}
	return false
}

// pretend tries the quotient of the heaps below m with the heap of m
// standing for each of its elements in turn: a candidate that passes the
// check is the quotient of the heaps up to m (its elements stay told
// apart by the heaps below m, and the heap of m adds none). When none
// passes, the candidate that breaks the rule latest becomes trusted below
// its breach, so that the search that learns the larger quotient answers
// the positions before it at once. A heap with no move changes nothing.
func (l *learner) pretend(m int, known *Quotient) (*Quotient, error) {
	if known == nil {
		return nil, nil
	}
	var late *Quotient
	var lateAt []int
	spots := l.spots(m, known)
	for e := range known.Order {
		q := &Quotient{Rule: known.Rule, Heaps: m, Order: known.Order, Mul: known.Mul, P: known.P,
			Pretend: append(slices.Clone(known.Pretend[:m]), e)}
		if l.moveless[m] {
			q.Pretend[m] = 0
		} else if l.misjudges(q, spots) {
			continue
		}
		bad, err := l.check(q)
		if err != nil {
			return nil, err
		}
		if bad == nil {
			q.Mul, q.P = slices.Clone(q.Mul), slices.Clone(q.P)
			return q, nil
		}
		if late == nil || before(lateAt, bad.pos) {
			late, lateAt = q, bad.pos
		}
		if l.moveless[m] {
			break
		}
	}
	l.trusted, l.trustTo = late, lateAt
	return nil, nil
}
