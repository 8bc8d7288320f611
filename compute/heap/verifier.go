package heap

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"sync/atomic"

	"golang.org/x/sync/errgroup"

	"github.com/sgtab/sgtab/compute/period"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// Verify checks the values 0..through of a normal-play table whose
// values G are of type T.
func Verify[T sg.Value](ctx context.Context, t *sg.Table, G []T, through int, opt sg.VerifyOptions) (sg.Verification, error) {
	v := sg.Verification{Through: through, ByOptions: through}
	var per *sg.Period
	if p, proof, ok := period.Prove(t.Game.Rule, G[:through+1]); ok {
		need := proof.Need(p)
		ringsToo := true // the rings' period follows, where the rows' has no saltus
		if t.HasRing() {
			var rn int
			rn, ringsToo = period.RingNeed(t.Game.Rule, p)
			need = max(need, rn)
		}
		if need < through && ringsToo {
			v.ByOptions, per = need, &p
		}
	}
	if err := rules.CheckMemory(rules.RuleMemory(t.Game.Rule, int64(through))); err != nil {
		return v, fmt.Errorf("check %s: %w", t.Game.Rule.Describe(), err)
	}
	vf := newVerifier(t, G[:through+1])
	if err := vf.affordable(v.ByOptions, opt.MaxWork); err != nil {
		return v, err
	}
	bad, work, err := vf.run(ctx, v.ByOptions, opt)
	v.Work = work
	if err != nil || bad != nil {
		if bad != nil {
			return v, bad
		}
		return v, err
	}
	if per != nil {
		v.Work += int64(through - v.ByOptions)
		if bad := vf.periodic(v.ByOptions+1, *per); bad != nil {
			return v, bad
		}
		if opt.Progress != nil {
			opt.Progress(int64(through - v.ByOptions))
		}
	}
	return v, nil
}

// A verifier checks the values of one table (see Verify): what its workers
// share, read only.
type verifier[T sg.Value] struct {
	t        *sg.Table
	G        []T // the values checked, and their options' values
	rule     rules.Rule
	maxG     uint32
	quantity string

	// sparse: every split is a two-heap split by an explicit removal
	// count, checked as (a) and (b) with the split below; otherwise every
	// option is marked.
	sparse bool
	split  sg.Split     // Mask 0: none (every value missing is searched for)
	k0     int          // with the heap's parity in the split: the parity of the splits' removals
	rare   []rarePos    // the positions ≥ 1 rare under split, in order
	mixed  [2]sg.Bitset // the values only mixed pairs give (see mixedOf), by the parity of n − k0
	words  int          // every value, and every XOR of two, is below 64·words
	serial bool         // one worker: a repeating tail's splits are summed over every remainder
}

// newVerifier returns the verifier of the values G of t.
func newVerifier[T sg.Value](t *sg.Table, G []T) *verifier[T] {
	vf := &verifier[T]{t: t, G: G, rule: t.Game.Rule.Within(len(G) - 1), quantity: t.Game.Quantity()}
	for _, x := range G {
		vf.maxG = max(vf.maxG, uint32(x))
	}
	size := valueSize(vf.maxG)
	vf.words = size / 64
	probe := newEvaluator[T](vf.rule, true, nil, nil)
	vf.sparse = probe.sparseApplies()
	for _, d := range vf.rule.Digits[vf.rule.TailStart():] {
		vf.serial = vf.serial || d.Leave&(rules.Leave2|rules.Leave3) != 0
	}
	for q := range vf.mixed {
		vf.mixed[q] = make(sg.Bitset, vf.words) // none without a split
	}
	if vf.sparse {
		vf.chooseSplit(probe, size)
	}
	return vf
}

// chooseSplit chooses the rare/common split of the values from their
// histogram, where it pays (sparseCheaper), as the engine does; the check
// is exact under any split.
func (vf *verifier[T]) chooseSplit(probe *evaluator[T], size int) {
	width := bits.Len32(vf.maxG)
	if width == 0 || width > sg.MaxRareBits {
		return
	}
	var h [2][]int64
	h[0], h[1] = make([]int64, 1<<width), make([]int64, 1<<width)
	for n, x := range vf.G {
		h[n&1][x]++
	}
	probe.sparse = &sparse{}
	best := sg.BestSplit(h, probe.sameParity())
	if best.Mask == 0 || best.Count > maxRareList || !sparseCheaper(int64(best.Count), len(vf.G), searchCost[T](size)) {
		return
	}
	vf.split, vf.k0 = best, probe.sparse.k0
	for p := 1; p < len(vf.G); p++ {
		if x := uint32(vf.G[p]); best.RareAt(p, x) {
			vf.rare = append(vf.rare, rarePos{P: p, V: x})
		}
	}
	for q := range vf.mixed {
		for x := range uint32(64 * vf.words) {
			c := bits.OnesCount32(x & best.Mask)
			if best.Pos != sg.NoParity {
				c += q
			}
			if c%2 == 1 {
				vf.mixed[q].Set(x)
			}
		}
	}
}

// maxRareList bounds the rare positions a verifier lists (16 bytes each):
// with more, a heap's marks cost about what its scan does anyway.
const maxRareList = 1 << 24

// mixedOf returns the values that a pair of a split of heap n gives only
// when exactly one of its parts is rare: popcount(x & mask) odd, plus the
// parity of n − k0 when the split counts it (see sparse.go). Every such
// option comes from a pair with a rare part.
func (vf *verifier[T]) mixedOf(n int) sg.Bitset {
	if vf.split.Pos == sg.NoParity {
		return vf.mixed[0]
	}
	return vf.mixed[(n-vf.k0)&1]
}

// affordable returns a *BudgetError when the check up to last would look
// at more than budget option values (0: no bound), as far as an estimate
// tells before it starts: the plain engine's work (Work), unless sparse
// space may make it less, when only a run of heaps too dear to stop in
// time refuses it (its marks take a pair both ways: twice the plain
// engine's work a heap).
func (vf *verifier[T]) affordable(last int, budget int64) error {
	if budget <= 0 {
		return nil
	}
	ring := vf.t.HasRing()
	est := Work(vf.rule, ring, last)
	if est <= float64(budget) {
		return nil
	}
	if step := est - Work(vf.rule, ring, last-1); !vf.sparse || float64(2*blockHeaps)*step > float64(budget)/4 {
		return &sg.BudgetError{Budget: budget, Through: last, Estimate: est}
	}
	return nil
}

// verifyChunk is the number of heap sizes a worker checks at a time;
// flushWork the work a worker does between two looks at the budget and
// the context.
const (
	verifyChunk = 1 << 12
	flushWork   = 1 << 16
)

// run checks the values of heap sizes 0..last against their options on
// the workers, in chunks handed out in increasing order, and returns the
// first value that fails (nil when none does) and the work done.
func (vf *verifier[T]) run(ctx context.Context, last int, opt sg.VerifyOptions) (*sg.MismatchError, int64, error) {
	workers := opt.Goroutines()
	if vf.serial {
		workers = 1
	}
	var next, total atomic.Int64
	var first atomic.Int64 // the least heap size found wrong
	first.Store(math.MaxInt64)
	bad := make([]*sg.MismatchError, workers)
	g, gctx := errgroup.WithContext(ctx)
	for w := range workers {
		g.Go(func() error {
			c := vf.newChecker()
			for {
				lo := int(next.Add(1)-1) * verifyChunk
				if lo > last || int64(lo) >= first.Load() {
					return nil
				}
				hi := min(lo+verifyChunk, last+1)
				m, err := c.chunk(gctx, lo, hi, &total, opt.MaxWork, last)
				if err != nil {
					return err
				}
				if m != nil {
					bad[w] = m
					lower(&first, int64(m.N))
					return nil
				}
				if opt.Progress != nil {
					opt.Progress(int64(hi - lo))
				}
			}
		})
	}
	if err := g.Wait(); err != nil {
		return nil, total.Load(), sg.Cause(ctx, err)
	}
	var worst *sg.MismatchError
	for _, m := range bad {
		if m != nil && (worst == nil || m.N < worst.N) {
			worst = m
		}
	}
	return worst, total.Load(), nil
}

// lower sets x to v when v is less.
func lower(x *atomic.Int64, v int64) {
	for old := x.Load(); v < old; old = x.Load() {
		if x.CompareAndSwap(old, v) {
			return
		}
	}
}

// periodic checks the values from heap size from on against the proved
// period p: G(n) = G(n − p) + s, and SG_ring(n) = SG_ring(n − p) too (see
// ringStart; rings are checked so only for a period with no saltus).
func (vf *verifier[T]) periodic(from int, p sg.Period) *sg.MismatchError {
	G, R := vf.G, vf.t.Ring
	for n := from; n < len(G); n++ {
		if want := uint64(G[n-p.Length]) + uint64(p.Saltus); uint64(G[n]) != want {
			return &sg.MismatchError{N: n, Quantity: vf.quantity, Got: uint32(G[n]), Want: uint32(min(want, math.MaxUint32)), Period: &p}
		}
		if R.Len() > 0 && R.At(n) != R.At(n-p.Length) {
			return &sg.MismatchError{N: n, Ring: true, Quantity: vf.quantity, Got: R.At(n), Want: R.At(n - p.Length), Period: &p}
		}
	}
	return nil
}
