package compute

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"sync/atomic"

	"golang.org/x/sync/errgroup"

	"github.com/sgtab/sgtab/rules"
)

// Verification of a stored table (Verify). A table's checksums show that
// its values are those its writer wrote, and its first values that they
// are of its rule; neither shows that a writer told the truth past them.
// Verify checks every value against the definition: SG(n) = v exactly when
//
//	(a) no option of n has the value v, and
//	(b) every value below v is the value of some option of n,
//
// with the options' values taken from the table itself. By induction on n,
// a table that passes holds the values of its rule, whoever wrote it. Each
// n is checked on its own, so the heap sizes are shared among workers in
// chunks, in increasing order; the first value that fails is reported, and
// every value below it has passed.
//
// The cost of (b) is small: a search for witnesses stops at the first pair
// that gives each value wanted. (a) is the dear part, as it needs every
// pair of a two-heap split where sgtab's engine looks at few: under a
// rare/common split of the values (sparse.go, chosen from the table's own
// histogram), a value v that is common can only come from a pair with a
// rare part, and pairing the rare positions with the rest rules it out, or
// finds it, in O(#rare); only where v is rare must every pair be looked at
// (by the witness kernels, which skip the blocks holding no value sought).
// A table that sparse space serves is thus checked at about the cost of
// computing it; one it does not (Treblecross) at the cost of the scan, as
// the engine pays too: O(N²) pairs, at about 0.05 cycles a pair with the
// vector kernels. Rules with three-heap splits or a repeating tail, and
// ring values, have every option marked as the plain engine does.
//
// A period that a theorem proves from the values (prove) cuts the work: the
// values up to the last heap size its proof reads are checked as above,
// and those past it against the period, G(n) = G(n − p), which the theorem
// says the true values obey.

// VerifyOptions tune Verify. The zero value means defaults: every value of
// the table, on GOMAXPROCS workers, with no bound on the work.
type VerifyOptions struct {
	// Workers is the number of goroutines; 0 means GOMAXPROCS. The result
	// does not depend on it.
	Workers int
	// Through, when positive, checks the heap sizes 0..Through only (a
	// table's first values); 0 checks them all.
	Through int
	// MaxWork, when positive, bounds the work, in option values looked
	// at: a check that an estimate shows would look at more is refused
	// before it starts, and one that gets there is stopped, with a
	// *BudgetError either way.
	MaxWork int64
	// Progress, if not nil, is called from time to time with the number of
	// heap sizes checked since the previous call, from several goroutines.
	Progress func(delta int64)
}

func (opt VerifyOptions) workers() int { return Options{Workers: opt.Workers}.workers() }

// A Verification says what Verify checked and what it cost.
type Verification struct {
	// Through is the last heap size checked.
	Through int
	// ByOptions is the last heap size checked against its options; the
	// values above it, up to Through, were checked against the period
	// that the values up to it prove.
	ByOptions int
	// Work is the number of option values looked at.
	Work int64
}

// A MismatchError reports the first value of a table that its options do
// not give; every value below it is right.
type MismatchError struct {
	N        int
	Ring     bool   // the value is SG_ring(N), not SG(N)
	Quantity string // what the table holds: "SG" or "outcome"
	Got      uint32 // the table's value
	Want     uint32 // the value of N's options, from the table's own values
	// Period, when not nil, is the proved period the value breaks: Want
	// is the value the period gives.
	Period *Period
}

func (e *MismatchError) Error() string {
	f := e.Quantity
	if e.Ring {
		f = "SG_ring"
	}
	if e.Period != nil {
		return fmt.Sprintf("%s(%d) is %d, but the period %d that the values below it prove gives %d",
			f, e.N, e.Got, e.Period.Length, e.Want)
	}
	return fmt.Sprintf("%s(%d) is %d, but its options, with the table's own values, give %d", f, e.N, e.Got, e.Want)
}

// A BudgetError reports a check refused or stopped because it would look at
// more option values than VerifyOptions.MaxWork allows.
type BudgetError struct {
	Budget  int64
	Through int // the last heap size it was to check against its options
	// Estimate is about how many option values the check needs, when it
	// was refused before it started; 0 when it was stopped on the way.
	Estimate float64
}

func (e *BudgetError) Error() string {
	if e.Estimate > 0 {
		return fmt.Sprintf("checking SG(0..%d) against the rule would look at about %.2g option values, more than the budget of %d",
			e.Through, e.Estimate, e.Budget)
	}
	return fmt.Sprintf("checking SG(0..%d) against the rule was stopped at its budget of %d option values", e.Through, e.Budget)
}

// Verify checks the values of t, a heap game's table of G (and Ring)
// holding the game t.Game, against its rule (see the top of this file): a
// normal-play table value by value against its options, a misère or
// built-in game's by computing it again. It returns a *MismatchError for
// the first value that is wrong, a *BudgetError when opt.MaxWork is too
// small, and context.Cause(ctx) when ctx is cancelled first. It uses no
// analysis or metadata of t, only its game and values.
func Verify(ctx context.Context, t *Table, opt VerifyOptions) (Verification, error) {
	through := t.N()
	if opt.Through > 0 {
		through = min(through, opt.Through)
	}
	if through < 0 {
		return Verification{Through: -1, ByOptions: -1}, nil
	}
	if ctx.Err() != nil {
		return Verification{}, context.Cause(ctx)
	}
	if t.hasRing() && t.Ring.Len() != t.G.Len() {
		return Verification{}, fmt.Errorf("the table has %d ring values for %d heap sizes", t.Ring.Len(), t.G.Len())
	}
	if t.Game.Misere || t.Game.State != "" {
		return verifyAgain(ctx, t, through, opt)
	}
	switch t.G.Width() {
	case 8:
		return verifyHeaps(ctx, t, typed[uint8](t.G), through, opt)
	case 16:
		return verifyHeaps(ctx, t, typed[uint16](t.G), through, opt)
	}
	return verifyHeaps(ctx, t, typed[uint32](t.G), through, opt)
}

// verifyAgain checks the values of a misère or built-in game's table up to
// through by computing them again (a heap costs its rule's digits, or a
// few steps) and comparing.
func verifyAgain(ctx context.Context, t *Table, through int, opt VerifyOptions) (Verification, error) {
	v := Verification{Through: through, ByOptions: through}
	g := t.Game
	g.Heaps = through
	est := float64(through + 1)
	if g.Misere {
		est *= float64(len(g.Rule.Digits))
	}
	if opt.MaxWork > 0 && est > float64(opt.MaxWork) {
		return v, &BudgetError{Budget: opt.MaxWork, Through: through, Estimate: est}
	}
	var want *Table
	var err error
	if g.State != "" {
		want, _, err = SolveState(ctx, g)
	} else {
		want, err = misere(ctx, g, through, Options{Progress: opt.Progress})
	}
	if err != nil {
		return v, cause(ctx, err)
	}
	if want == nil || want.G.Len() != through+1 {
		return v, fmt.Errorf("no table of %d values for %s", through+1, g.RuleText())
	}
	v.Work = int64(est)
	for n := range through + 1 {
		if got, w := t.G.At(n), want.G.At(n); got != w {
			return v, &MismatchError{N: n, Quantity: g.Quantity(), Got: got, Want: w}
		}
	}
	return v, nil
}

// cause returns the cause of ctx's cancellation when err is ctx's error.
func cause(ctx context.Context, err error) error {
	if ctx.Err() != nil && err == ctx.Err() {
		return context.Cause(ctx)
	}
	return err
}

// verifyHeaps checks the values 0..through of a normal-play table whose
// values G are of type T.
func verifyHeaps[T Value](ctx context.Context, t *Table, G []T, through int, opt VerifyOptions) (Verification, error) {
	v := Verification{Through: through, ByOptions: through}
	var per *Period
	if p, proof, ok := prove(t.Game.Rule, G[:through+1]); ok {
		need := proof.Need(p)
		if t.hasRing() {
			if rn, ok := ringNeed(t.Game.Rule, p); ok {
				need = max(need, rn)
			}
		}
		if need < through {
			v.ByOptions, per = need, &p
		}
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
type verifier[T Value] struct {
	t        *Table
	G        []T // the values checked, and their options' values
	rule     rules.Rule
	maxG     uint32
	quantity string

	// sparse: every split is a two-heap split by an explicit removal
	// count, checked as (a) and (b) with the split below; otherwise every
	// option is marked.
	sparse bool
	split  Split     // Mask 0: none (every value missing is searched for)
	k0     int       // with the heap's parity in the split: the parity of the splits' removals
	rare   []rarePos // the positions ≥ 1 rare under split, in order
	mixed  [2]bitset // the values only mixed pairs give (see mixedOf), by the parity of n − k0
	words  int       // every value, and every XOR of two, is below 64·words
	serial bool      // one worker: a repeating tail's splits are summed over every remainder
}

// newVerifier returns the verifier of the values G of t.
func newVerifier[T Value](t *Table, G []T) *verifier[T] {
	vf := &verifier[T]{t: t, G: G, rule: t.Game.Rule, quantity: t.Game.Quantity()}
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
		vf.mixed[q] = make(bitset, vf.words) // none without a split
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
	if width == 0 || width > maxRareBits {
		return
	}
	var h [2][]int64
	h[0], h[1] = make([]int64, 1<<width), make([]int64, 1<<width)
	for n, x := range vf.G {
		h[n&1][x]++
	}
	probe.sparse = &sparse{}
	best := bestSplit(h, probe.sameParity())
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
			if best.Pos != NoParity {
				c += q
			}
			if c%2 == 1 {
				vf.mixed[q].set(x)
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
func (vf *verifier[T]) mixedOf(n int) bitset {
	if vf.split.Pos == NoParity {
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
	ring := vf.t.hasRing()
	est := Work(vf.rule, ring, last)
	if est <= float64(budget) {
		return nil
	}
	if step := est - Work(vf.rule, ring, last-1); !vf.sparse || float64(2*blockHeaps)*step > float64(budget)/4 {
		return &BudgetError{Budget: budget, Through: last, Estimate: est}
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
func (vf *verifier[T]) run(ctx context.Context, last int, opt VerifyOptions) (*MismatchError, int64, error) {
	workers := opt.workers()
	if vf.serial {
		workers = 1
	}
	var next, total atomic.Int64
	var first atomic.Int64 // the least heap size found wrong
	first.Store(math.MaxInt64)
	bad := make([]*MismatchError, workers)
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
		return nil, total.Load(), cause(ctx, err)
	}
	var worst *MismatchError
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
// period p: G(n) = G(n − p), and SG_ring(n) = SG_ring(n − p) too (see
// ringStart).
func (vf *verifier[T]) periodic(from int, p Period) *MismatchError {
	G, R := vf.G, vf.t.Ring
	for n := from; n < len(G); n++ {
		if G[n] != G[n-p.Length] {
			return &MismatchError{N: n, Quantity: vf.quantity, Got: uint32(G[n]), Want: uint32(G[n-p.Length]), Period: &p}
		}
		if R.Len() > 0 && R.At(n) != R.At(n-p.Length) {
			return &MismatchError{N: n, Ring: true, Quantity: vf.quantity, Got: R.At(n), Want: R.At(n - p.Length), Period: &p}
		}
	}
	return nil
}

// A checker is one worker of a verifier: plain evaluators of the rows'
// and the rings' options (their option lists, and the unions of a
// repeating tail, which grow as the worker goes up), and its scratch.
type checker[T Value] struct {
	vf         *verifier[T]
	line, ring *evaluator[T]
	lanes      laneScratch // the marks of a run of heaps (sparse)
	folds      []rarePos   // the first foldPairs positions, with their values
	want       bitset
	work       int64
}

func (vf *verifier[T]) newChecker() *checker[T] {
	c := &checker[T]{vf: vf, line: newEvaluator[T](vf.rule, false, nil, nil)}
	c.line.maxG = vf.maxG // values may be skipped: size the sets for all
	if vf.t.hasRing() {
		c.ring = newEvaluator[T](ringRule(vf.rule), false, nil, nil)
		c.ring.maxG = vf.maxG
	}
	c.want = make(bitset, max(8, vf.words))
	for a := 1; a <= min(foldPairs, len(vf.G)-1); a++ {
		c.folds = append(c.folds, rarePos{P: a, V: uint32(vf.G[a])})
	}
	return c
}

// chunk checks the heap sizes lo..hi−1, adding its work to total, and
// returns the first that fails; an error when the work passes budget (0:
// no bound) or ctx is done.
func (c *checker[T]) chunk(ctx context.Context, lo, hi int, total *atomic.Int64, budget int64, last int) (*MismatchError, error) {
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
				return nil, &BudgetError{Budget: budget, Through: last}
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
func (c *checker[T]) checkRun(first, lanes int) *MismatchError {
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
			return &MismatchError{N: n, Quantity: vf.quantity, Got: got, Want: want}
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
			return &MismatchError{N: n, Ring: true, Quantity: vf.quantity, Got: got, Want: want}
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
// removal count, by (a) and (b) of the top of this file, and returns a
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
	S.grow(vf.words)
	for w := range vf.words {
		(*S)[w] |= stamped(row[w<<6:w<<6+64], gen)
	}
	c.work += e.work
	if S.has(v) {
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
	if !mixed.has(v) {
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
	holds := !S.has(v)
	for w := range want {
		holds = holds && want[w] == 0
		want[w] = 0
	}
	return holds
}
