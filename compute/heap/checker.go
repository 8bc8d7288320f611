package heap

import (
	"context"
	"math/bits"
	"sync/atomic"

	"github.com/sgtab/sgtab/compute/sg"
)

// A checker is one worker of a verifier: plain evaluators of the rows'
// and the rings' options (their option lists, and the unions of a
// repeating tail, which grow as the worker goes up), and its scratch.
type checker[T sg.Value] struct {
	vf         *verifier[T]
	line, ring *evaluator[T]
	lanes      laneScratch // the marks of a run of heaps (sparse)
	folds      []rarePos   // the first foldPairs positions, with their values
	want       sg.Bitset
	work       int64
}

func (vf *verifier[T]) newChecker() *checker[T] {
	c := &checker[T]{vf: vf, line: newEvaluator[T](vf.rule, false, nil, nil)}
	c.line.maxG = vf.maxG // values may be skipped: size the sets for all
	if vf.t.HasRing() {
		c.ring = newEvaluator[T](vf.rule.RingOpening(), false, nil, nil)
		c.ring.maxG = vf.maxG
	}
	c.want = make(sg.Bitset, max(8, vf.words))
	for a := 1; a <= min(foldPairs, len(vf.G)-1); a++ {
		c.folds = append(c.folds, rarePos{P: a, V: uint32(vf.G[a])})
	}
	return c
}

// chunk checks the heap sizes lo..hi−1, adding its work to total, and
// returns the first that fails; an error when the work passes budget (0:
// no bound) or ctx is done.
func (c *checker[T]) chunk(ctx context.Context, lo, hi int, total *atomic.Int64, budget int64, last int) (*sg.MismatchError, error) {
	run := 1
	if c.vf.sparse {
		run = runLanes(valueSize(c.vf.maxG))
	}
	for n := lo; n < hi; {
		lanes := min(run, hi-n)
		if m := c.checkRun(n, lanes); m != nil {
			return m, nil
		}
		n += lanes
		if c.work >= flushWork || n >= hi || n%1024 < lanes {
			sum := total.Add(c.work)
			c.work = 0
			if budget > 0 && sum > budget {
				return nil, &sg.BudgetError{Budget: budget, Through: last}
			}
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
	}
	return nil, nil
}

// checkRun checks SG(n), and SG_ring(n) on a ring start, against the
// options of n, for n from first on, lanes heap sizes, and returns the
// first value that fails.
func (c *checker[T]) checkRun(first, lanes int) *sg.MismatchError {
	vf, G := c.vf, c.vf.G
	var holds uint64 // bit j: the value of heap first+j holds
	if vf.sparse {
		holds = c.splitsHold(first, lanes)
	}
	for j := range lanes {
		n := first + j
		got := uint32(G[n])
		ok := n == 0 && got == 0 || n > 0 && (vf.sparse && holds>>j&1 != 0 || !vf.sparse && c.lineHolds(n, got))
		if !ok {
			want := uint32(0)
			if n > 0 {
				want = c.line.value(n, G)
			}
			return &sg.MismatchError{N: n, Quantity: vf.quantity, Got: got, Want: want}
		}
		if c.ring == nil {
			continue
		}
		got, want := vf.t.Ring.At(n), uint32(0)
		if n > 0 {
			want = c.ring.value(n, G)
			c.work += c.ring.work + int64(len(c.ring.leave2)+len(c.ring.leave3))
		}
		if got != want {
			return &sg.MismatchError{N: n, Ring: true, Quantity: vf.quantity, Got: got, Want: want}
		}
	}
	return nil
}

// lineHolds reports whether v is the mex of the options of heap n ≥ 1, all
// marked.
func (c *checker[T]) lineHolds(n int, v uint32) bool {
	got := c.line.value(n, c.vf.G)
	c.work += c.line.work + int64(len(c.line.leave2)+len(c.line.leave3))
	return got == v
}

// splitsHold checks the values of the heaps first..first+lanes−1 (at most
// 64) for a rule whose splits are all two-heap splits by an explicit
// removal count, by (a) and (b) of the top of verify.go, and returns a
// bit for each that holds. The pairs of a run's heaps with a rare part
// (every value only mixed pairs give, if it is an option at all) or a part
// among the first positions (most of the values below v) are marked
// together, a load of partners serving every heap (markParts); then heap
// by heap (splitHolds) the rest is searched for.
func (c *checker[T]) splitsHold(first, lanes int) uint64 {
	vf, G := c.vf, c.vf.G
	size := 64 * vf.words
	c.lanes.start(lanes, size)
	rows, gen, msk := c.lanes.rows[:lanes*size], c.lanes.gen, uint32(size-1)
	for _, rm := range c.line.leave2 {
		m0 := first - rm.k
		top := m0 + lanes - 2 // the largest part with a partner in the run
		if top < 1 {
			continue
		}
		folds := c.folds[:min(len(c.folds), top)]
		rare := vf.rare[:firstAbove(vf.rare, top)]
		if vf.split.Mask == 0 {
			rare = nil
		}
		markParts(rows, size, gen, msk, folds, m0, m0+lanes, rm.distinct, G, lanes)
		markParts(rows, size, gen, msk, rare, m0, m0+lanes, rm.distinct, G, lanes)
		c.work += int64((len(folds) + len(rare)) * lanes)
	}
	var holds uint64
	for j := range lanes {
		if c.splitHolds(first+j, uint32(G[first+j]), rows[j*size:(j+1)*size], gen) {
			holds |= 1 << j
		}
	}
	return holds
}

// splitHolds reports whether v is the mex of the options of heap n, whose
// pairs with a rare part or a part among the first positions are marked in
// row: the values below v still missing, and v itself unless only mixed
// pairs give it, are searched for among the other pairs; (b) holds when
// the former all turn up, (a) when v does not.
func (c *checker[T]) splitHolds(n int, v uint32, row []byte, gen byte) bool {
	vf, e, G := c.vf, c.line, c.vf.G
	e.work = 0
	e.singles(n, G)
	S := &e.opts
	S.Grow(vf.words)
	for w := range vf.words {
		(*S)[w] |= stamped(row[w<<6:w<<6+64], gen)
	}
	c.work += e.work
	if S.Has(v) {
		return false
	}
	mixed, want := vf.mixedOf(n), c.want
	left := 0
	for w := 0; w <= int(v>>6); w++ {
		open := ^(*S)[w]
		if w == int(v>>6) {
			open &= 1<<(v&63) - 1
		}
		if open&mixed[w] != 0 {
			clear(want)
			return false // a value below v that no option gives
		}
		want[w] = open
		left += bits.OnesCount64(open)
	}
	if !mixed.Has(v) {
		want[v>>6] |= 1 << (v & 63)
		left++
	}
	for _, rm := range e.leave2 {
		m, hi, a0 := n-rm.k, pairsOf(n-rm.k, rm.distinct), len(c.folds)+1
		if left > 0 && a0 <= hi {
			c.work += int64(findPairs(G[a0:hi+1], G[m-hi:m-a0+1], want, *S, &left))
		}
	}
	want[v>>6] &^= 1 << (v & 63)
	holds := !S.Has(v)
	for w := range want {
		holds = holds && want[w] == 0
		want[w] = 0
	}
	return holds
}
