package heap

import (
	"github.com/sgtab/sgtab/compute/internal/pool"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// A removal is one removal count k (or tail residue j) whose move leaves h
// heaps, and whether they must be distinct.
type removal struct {
	k        int
	distinct bool
}

// An evaluator finds the value of heap n from the values of smaller heaps,
// for one digit table. Moves with an explicit removal count are enumerated
// directly. Moves of the repeating tail (removal counts T+j+r·i for i ≥ 0)
// leave remainders m ≤ n−T−j with m ≡ n−T−j (mod r); their option values are
// kept as one growing union per residue class of m, so a tail costs one
// union lookup per heap instead of a loop over every k.
type evaluator[T sg.Value] struct {
	rule rules.Rule
	t, r int // tail start and period (r = 0: no tail)

	// explicit removal counts k < t, by the number of heaps left.
	leave1, leave2, leave3 []removal
	// tail residues j in [0, r), by the number of heaps left.
	tail1, tail2, tail3 []removal
	// unions[h-1][distinct][c]: option values of leaving m ≡ c (mod r) tokens
	// as h heaps, over every m added so far.
	unions [3][2][]sg.Union
	added  int // remainders 0..added-1 are in the unions

	opts   sg.Bitset
	us     []*sg.Union
	sparse *sparse    // the sparse-space state; nil where it does not apply
	pool   *pool.Pool // workers that share long pair scans; nil for one worker
	// lookahead lets sparse space guess a block of heaps on the pool's
	// workers while it settles the block before (block.go); off when
	// another evaluator shares the pool between this one's calls.
	lookahead bool
	maxG      uint32 // the largest of G[0..n-1] seen so far
	work      int64  // work of the last call, for cancellation checks
}

// newEvaluator returns an evaluator of r; with sparse, it uses the
// sparse-space path (sparse.go) where it applies; with a pool, it shares
// long pair scans among the pool's workers. done holds the values already
// computed, from which the evaluator's first call rebuilds its state.
func newEvaluator[T sg.Value](r rules.Rule, sparseSpace bool, p *pool.Pool, done []T) *evaluator[T] {
	e := &evaluator[T]{rule: r, r: r.Period, t: r.TailStart(), pool: p, lookahead: true}
	for _, v := range done {
		e.maxG = max(e.maxG, uint32(v))
	}
	for k := 0; k < e.t; k++ {
		addRemovals(r.Digits[k], k, &e.leave1, &e.leave2, &e.leave3)
	}
	for j := 0; j < e.r; j++ {
		addRemovals(r.Digits[e.t+j], j, &e.tail1, &e.tail2, &e.tail3)
	}
	if e.r > 0 {
		for h := range e.unions {
			for d := range e.unions[h] {
				e.unions[h][d] = make([]sg.Union, e.r)
			}
		}
	}
	if sparseSpace && e.sparseApplies() {
		e.sparse = &sparse{next: sparseFirstCheck}
	}
	return e
}

func addRemovals(d rules.Digit, k int, one, two, three *[]removal) {
	if d.Leave&rules.Leave1 != 0 {
		*one = append(*one, removal{k: k})
	}
	if d.Leave&rules.Leave2 != 0 {
		*two = append(*two, removal{k: k, distinct: d.Distinct&rules.Leave2 != 0})
	}
	if d.Leave&rules.Leave3 != 0 {
		*three = append(*three, removal{k: k, distinct: d.Distinct&rules.Leave3 != 0})
	}
}

// value returns the mex of the options of heap n. G[0..n-1] must be final;
// G[n] is read only by rules whose d_0 leaves one heap (ring cuts).
func (e *evaluator[T]) value(n int, G []T) uint32 {
	e.work = 0
	e.maxG = max(e.maxG, uint32(G[n-1]))
	e.singles(n, G)
	if e.sparse != nil {
		e.observe(n, G)
		if e.sparse.mask == 0 && e.scanApplies(valueSize(e.maxG)) {
			return e.scanValue(n, G)
		}
		e.sparse.scan.block.end = 0 // a block guessed is not taken up again
		if e.sparse.mask != 0 {
			return e.sparseValue(n, G)
		}
	}
	for _, rm := range e.leave2 {
		e.work += splits2(&e.opts, G, n-rm.k, rm.distinct, e.maxG, e.pool)
	}
	for _, rm := range e.leave3 {
		e.work += splits3(&e.opts, G, n-rm.k, rm.distinct)
	}
	e.us = e.us[:0]
	if e.r > 0 {
		// Remainders up to n−t may come from the tail; bring the unions up to date.
		for ; e.added <= n-e.t; e.added++ {
			e.addRemainder(e.added, G)
		}
		e.useTail(n, 0, e.tail1)
		e.useTail(n, 1, e.tail2)
		e.useTail(n, 2, e.tail3)
	}
	return sg.MexOf(e.opts, e.us)
}

// singles sets e.opts to the options of heap n that leave no heap or one
// heap by an explicit removal count, and counts them as work.
func (e *evaluator[T]) singles(n int, G []T) {
	e.opts.Reset()
	if e.rule.Digit(n).Leave&rules.Leave0 != 0 {
		e.opts.Set(0)
	}
	for _, rm := range e.leave1 {
		if m := n - rm.k; m >= 1 {
			e.opts.Set(uint32(G[m]))
		}
	}
	e.work += int64(len(e.leave1))
}

func (e *evaluator[T]) useTail(n, h int, tail []removal) {
	for _, rm := range tail {
		top := n - e.t - rm.k // largest remainder of this residue
		if top < h+1 {
			continue
		}
		d := 0
		if rm.distinct {
			d = 1
		}
		e.us = append(e.us, &e.unions[h][d][top%e.r])
	}
}

// addRemainder adds the option values of leaving m tokens as 1, 2 or 3
// heaps to the unions of m's residue class, for the kinds the tail uses.
func (e *evaluator[T]) addRemainder(m int, G []T) {
	c := m % e.r
	if len(e.tail1) > 0 && m >= 1 {
		e.unions[0][0][c].Add(uint32(G[m]))
	}
	for d, distinct := range []bool{false, true} {
		if has(e.tail2, distinct) && m >= 2 {
			var s sg.Bitset
			e.work += splits2(&s, G, m, distinct, e.maxG, e.pool)
			e.unions[1][d][c].AddAll(s)
		}
		if has(e.tail3, distinct) && m >= 3 {
			var s sg.Bitset
			e.work += splits3(&s, G, m, distinct)
			e.unions[2][d][c].AddAll(s)
		}
	}
}

func has(rs []removal, distinct bool) bool {
	for _, rm := range rs {
		if rm.distinct == distinct {
			return true
		}
	}
	return false
}
