package heap

import (
	"encoding/binary"
	"math/bits"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/sgtab/sgtab/compute/internal/kernel"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// Heaps in sparse space are evaluated in two steps.
//
// The guess (guessRun) of heap n uses only the positions below some n0 ≤ n,
// whose values are final. It collects the partial set of the options built
// from them (the leave-one-heap options and every pair of a rare position
// with a partner below n0), takes as its bound the least common value
// missing from it, and looks among the pairs with both parts below n0 for
// every rare value below the bound that the partial set lacks, in one pass
// that stops when all have turned up (a witness search: the kernels of
// compute/internal/kernel skip the pairs that hold none of them). Every
// value it collects is a real option of n.
//
// The settling (settle) of heap n, once every value below n is final, adds
// the options the guess could not see — those with a part at n0 or above,
// few when n − n0 is small — and finds c, the least common value missing
// from the full partial set (the bound, or above it when an added option
// holds the bound). Every rare value below the bound still missing was
// looked for, in vain, in every pair the guess saw, so only the pairs it did
// not see are searched for them. A missing rare value between the bound and
// c was never looked for: it is looked for first in the pairs the guess saw
// (at about one heap in a hundred). Only when c lies past the values the
// guess recorded is the heap guessed again, alone, with n0 = n.
//
// A worker guesses a run of consecutive heaps together (guessRun), which
// lets one load of partners serve the marks of every heap of the run; one
// worker guesses a block of one run, several workers a block of one run
// each, every heap into its own record. The settling pass is sequential:
// while it settles one block, the other workers already guess the next
// from the positions below the block being settled (the lookahead, see
// nextBlock), so the settling adds the pairs of two blocks' positions
// instead of one and no worker waits for it. Every step either decides
// exactly or falls back to one that does, so the values never depend on
// the number of workers, only the time does.

// A scratch holds the tables settle searches with: the values a search
// looks for, as bits, and the rare values missing.
type scratch struct {
	want    sg.Bitset
	missing []uint32
}

// A laneScratch holds one worker's tables for guessing a run of consecutive
// heaps together (guessRun). Row j of rows, size bytes from j·size, holds
// the partial set of the run's heap j: rows[j·size+v] == gen when it holds
// v. A mark is a byte store, independent of every other, where setting a bit
// would read and write a word the next mark may need again; one generation
// stamp for every row spares clearing them but once in 255 runs.
type laneScratch struct {
	rows    []byte
	folds   []kernel.Part // the first positions and their values
	gen     byte
	missing []uint32
	want    sg.Bitset // the values a witness search looks for
}

// start prepares rows for lanes heaps and values below size, a power of
// two, and starts a new generation of marks.
func (ls *laneScratch) start(lanes, size int) {
	if len(ls.rows) < lanes*size {
		ls.rows = make([]byte, lanes*size)
		ls.gen = 0
	}
	ls.gen++
	if ls.gen == 0 { // wrapped: old marks could match again
		clear(ls.rows)
		ls.gen = 1
	}
	if words := max(8, size/64); len(ls.want) < words {
		ls.want = make(sg.Bitset, words)
	}
}

// A guess is what guess found for one heap: set holds every option value
// found, as bits, for the values below 64·len(set), which covers bound.
type guess struct {
	set   sg.Bitset
	bound uint32
}

// A block is the state of the heaps [first, end) guessed from the
// positions below n0 ≤ first, by one worker or several: its runs of lanes
// consecutive heaps are taken in turn by whichever worker is free (claim).
// Everything a guess reads is fixed when the block is published: the rare
// positions below n0 and the rare-like values as slices of their own, so
// that the settling may go on appending to the engine's.
type block struct {
	n0, first, end int
	rare0          int // len(rare): the rare positions below n0
	rare           []rarePos
	rareW          [2]sg.Bitset // the rare-like values (sparse.rareW) when the block started
	size           int          // every value below n0, and every XOR of two, is below size
	lanes          int          // heaps a run
	runs           int
	guesses        []guess
	nar            narrow  // byte copies of values below n0 for the searches
	work           []int64 // by worker
	// state is the block's sequence number (mod 2^16), the next run to
	// claim and the number of runs, in one word that a claim changes by
	// compare-and-swap: a worker holding a stale sequence number never
	// claims a run of the block that reuses the slot.
	state atomic.Uint64
	done  atomic.Int64 // runs guessed
}

// blockState packs a block's sequence number, next run and runs.
func blockState(seq, next, runs int) uint64 {
	return uint64(seq&0xffff)<<48 | uint64(next)<<24 | uint64(runs)
}

// ringBlocks is the number of blocks a sparse space holds: the one being
// settled and those published ahead of it, with a slot to spare.
const ringBlocks = 4

// aheadBlocks is how many blocks are published ahead of the one being
// settled when a pool guesses them. With one, the other workers wait
// while a block is settled, which must go in order; with two, the block
// after next is guessed meanwhile, from the positions below the block
// being settled, and the settling adds the pairs of three blocks'
// positions instead of two.
var aheadBlocks = 2

// blockHeaps is the number of consecutive heaps a worker guesses together
// (a run, see guessRun). Settling adds the pairs of each heap that have a
// part in the block (a part below n − n0, the other at n0 or above): a
// block short enough keeps them few, and long enough that one load of
// partners serves many heaps.
var blockHeaps = 32

// maxRunBytes bounds the rows of one run (lanes × values): with wide
// values, runs are shorter, so that the rows stay in the fastest caches.
const maxRunBytes = 1 << 16

// foldPairs is the number of smallest parts a (pairs (a, m−a)) that a run
// marks in full along with the rare positions: most of the values a heap's
// witness search would look for turn up among the first few hundred pairs,
// and marking them costs one store a pair, where each value found by the
// search costs it a pass over the pairs before it.
var foldPairs = 512

// valueSize returns the power of two above every value up to maxG, and so
// above every XOR of two such values.
// It is at least 64, a whole word of bits.
func valueSize(maxG uint32) int { return max(64, 1<<bits.Len32(maxG)) }

// runLanes returns the number of heaps in a run for values below size.
func runLanes(size int) int { return max(1, min(blockHeaps, maxRunBytes/size)) }

// sparseValue returns G(n) in sparse space; e.opts holds the options of
// leaving no heap or one heap, G[0..n-1] are final and e.sparse.mask ≠ 0.
func (e *evaluator[T]) sparseValue(n int, G []T) uint32 {
	s := e.sparse
	b := s.curBlock()
	if n >= b.end || s.last < s.cur {
		e.nextBlock(n, G)
		b = s.curBlock()
	}
	if v, ok := e.settle(n, b.n0, b.rare0, G, &b.guesses[n-b.first]); ok {
		return v
	}
	s.again++
	// One heap, every position below it final.
	size := valueSize(e.maxG)
	s.rareWords(size/64 + 1)
	nar := narrowTo(&s.nw, n, G)
	e.work += e.guessRun(&s.alone, s.one[:], n, n, size, s.rare, s.rareW, &nar, G)
	v, ok := e.settle(n, n, len(s.rare), G, &s.one[0])
	if !ok {
		panic("compute: a heap guessed alone did not settle")
	}
	return v
}

// curBlock returns the block being settled.
func (s *sparse) curBlock() *block { return &s.blocks[s.cur%ringBlocks] }

// nextBlock makes the block of the heaps from n on the one being settled:
// the block published next, when it starts at n, once its runs are
// guessed; else a block guessed now, from the positions below n. With a
// pool it then publishes blocks ahead (aheadBlocks), guessed from the
// positions below n, which are final, by the pool's workers while this
// goroutine settles the heaps one by one; it joins them in the guessing
// whenever it has a block's heaps to wait for. The blocks ahead end where
// the mask may change and where the table ends, so that nothing a guess
// reads changes before it is joined.
func (e *evaluator[T]) nextBlock(n int, G []T) {
	s := e.sparse
	workers := 1
	if e.pool != nil {
		workers = e.pool.Workers
	}
	lanes := runLanes(valueSize(e.maxG))
	if s.last > s.cur && len(G) == s.gLen && s.blocks[(s.cur+1)%ringBlocks].first == n {
		s.cur++
		e.wait(s.curBlock(), G)
	} else {
		e.drain()
		end := n + 1
		if n >= 2*lanes*workers {
			end = min(n+lanes*workers, s.next, len(G))
		}
		s.cur++
		s.last = s.cur
		b := s.curBlock()
		e.publish(b, s.cur, n, n, end, G)
		e.guessAll(b, G)
	}
	b := s.curBlock()
	if e.pool == nil || !e.lookahead || b.end-b.first < lanes*workers {
		return
	}
	for s.last < s.cur+aheadBlocks {
		prev := &s.blocks[s.last%ringBlocks]
		end := min(prev.end+lanes*workers, s.next, len(G))
		if end <= prev.end {
			break
		}
		s.last++
		e.publish(&s.blocks[s.last%ringBlocks], s.last, n, prev.end, end, G)
		if !s.started {
			if s.wake == nil {
				s.wake = sync.NewCond(&s.mu)
			}
			s.stop.Store(false)
			s.gLen = len(G)
			e.pool.Start(func(w int) { pipeWork(e, w, G) })
			s.started = true
		}
	}
}

// publish makes b block seq, the heaps [first, end) guessed from the
// positions below n0, and opens its runs to the workers.
func (e *evaluator[T]) publish(b *block, seq, n0, first, end int, G []T) {
	s := e.sparse
	b.n0, b.first, b.end = n0, first, end
	b.size = valueSize(e.maxG)
	b.lanes = runLanes(b.size)
	b.runs = (end - first + b.lanes - 1) / b.lanes
	s.rareWords(b.size/64 + 1)
	b.rareW = s.rareW
	b.rare0 = firstAbove(s.rare, n0-1)
	b.rare = s.rare[:b.rare0]
	b.nar = narrowTo(&s.nw, n0, G)
	workers := 1
	if e.pool != nil {
		workers = e.pool.Workers
	}
	if len(s.scratch) < workers {
		s.scratch = make([]laneScratch, workers)
	}
	if len(b.guesses) < end-first {
		b.guesses = make([]guess, end-first)
	}
	if len(b.work) < workers {
		b.work = make([]int64, workers)
	}
	clear(b.work)
	b.done.Store(0)
	b.state.Store(blockState(seq, 0, b.runs))
	s.tail.Store(int64(seq) + 1)
	if s.started {
		s.signal()
	}
}

// guessAll guesses every run of b, the only block published: on the
// pool's workers, if there is a pool and b has more than one run.
func (e *evaluator[T]) guessAll(b *block, G []T) {
	s := e.sparse
	if e.pool == nil || b.runs < 2 {
		for {
			c, r := s.claim()
			if c == nil {
				break
			}
			e.guessClaimed(c, r, 0, G)
		}
	} else {
		e.pool.Run(func(w int) {
			for {
				c, r := s.claim()
				if c == nil {
					return
				}
				e.guessClaimed(c, r, w, G)
			}
		})
	}
	e.addWork(b)
}

// wait returns once every run of b is guessed, guessing the runs left to
// claim meanwhile, of b or of the blocks after it.
func (e *evaluator[T]) wait(b *block, G []T) {
	s := e.sparse
	for b.done.Load() < int64(b.runs) {
		if c, r := s.claim(); c != nil {
			e.guessClaimed(c, r, 0, G)
			continue
		}
		runtime.Gosched()
	}
	e.addWork(b)
}

// addWork adds the work of b's guesses to the evaluator's.
func (e *evaluator[T]) addWork(b *block) {
	for _, x := range b.work {
		e.work += x
	}
}

// claim takes the next run of the oldest published block that has one
// left: it returns the block and the run's index, or nil when no run is
// left.
func (s *sparse) claim() (*block, int) {
	for {
		h := s.head.Load()
		if h >= s.tail.Load() {
			return nil, 0
		}
		b := &s.blocks[h%ringBlocks]
		x := b.state.Load()
		next, runs := int(x>>24&0xffffff), int(x&0xffffff)
		if x>>48 != uint64(h&0xffff) || next >= runs {
			s.head.CompareAndSwap(h, h+1) // every run of block h is taken
			continue
		}
		if b.state.CompareAndSwap(x, x+1<<24) {
			return b, next
		}
	}
}

// guessClaimed guesses run r of b, as worker w.
func (e *evaluator[T]) guessClaimed(b *block, r, w int, G []T) {
	s := e.sparse
	first := b.first + r*b.lanes
	last := min(first+b.lanes, b.end)
	b.work[w] += e.guessRun(&s.scratch[w], b.guesses[first-b.first:last-b.first], first, b.n0, b.size, b.rare, b.rareW, &b.nar, G)
	b.done.Add(1)
}

// pipeWork guesses the runs of the blocks published ahead, as worker w,
// until drain stops it. With no run left it polls for a while, as the
// next block is usually published within microseconds, then parks until
// one is: while the settling goroutine writes a checkpoint, say.
func pipeWork[T sg.Value](e *evaluator[T], w int, G []T) {
	s := e.sparse
	idle := 0
	for !s.stop.Load() {
		if b, r := s.claim(); b != nil {
			e.guessClaimed(b, r, w, G)
			idle = 0
			continue
		}
		if idle++; idle < pipeSpins {
			runtime.Gosched()
			continue
		}
		s.mu.Lock()
		s.parked++
		for !s.stop.Load() && s.head.Load() >= s.tail.Load() {
			s.wake.Wait()
		}
		s.parked--
		s.mu.Unlock()
		idle = 0
	}
}

// pipeSpins is how many times a worker with no run to claim polls before
// it parks.
const pipeSpins = 1 << 12

// signal wakes the workers parked in pipeWork, if any.
func (s *sparse) signal() {
	s.mu.Lock()
	if s.parked > 0 {
		s.wake.Broadcast()
	}
	s.mu.Unlock()
}

// ahead reports whether blocks are published past the one being settled
// or the workers still run.
func (s *sparse) ahead() bool { return s.last > s.cur || s.started }

// drain stops the workers guessing the blocks published ahead, if any,
// once each has finished its run, and drops those blocks: before anything
// a guess reads may change, and before the evaluator is left.
func (e *evaluator[T]) drain() {
	s := e.sparse
	if s == nil {
		return
	}
	if s.started {
		s.stop.Store(true)
		s.signal()
		e.pool.Finish()
		s.started = false
	}
	s.last = s.cur
	s.head.Store(int64(s.cur) + 1)
	s.tail.Store(int64(s.cur) + 1)
}

// guessRun fills out[j] with the guess of heap first+j for every j (see the
// top of this file), from the positions below n0 ≤ first, with ls as
// scratch; every value below n0, and every XOR of two, is below size, and
// rare lists the rare positions below n0. It reads only what no one writes
// while the workers run, and returns the work done.
//
// The heaps of a run share their marks' loads: for a part a, the partners
// m − a of the run's heaps are consecutive positions, so one pass over them
// marks a's pairs in every heap's row. The parts are the first foldPairs
// positions and the rare positions above them.
func (e *evaluator[T]) guessRun(ls *laneScratch, out []guess, first, n0, size int, rare []rarePos, rareW [2]sg.Bitset, nar *narrow, G []T) int64 {
	lanes := len(out)
	ls.start(lanes, size)
	rows, gen, msk := ls.rows[:lanes*size], ls.gen, uint32(size-1)
	// The first positions, parts of every heap's pairs.
	folds := ls.folds[:0]
	for a := 1; a <= min(foldPairs, n0-1); a++ {
		folds = append(folds, kernel.Part{P: a, V: uint32(G[a])})
	}
	ls.folds = folds
	var work int64
	for _, rm := range e.leave2 {
		// Heap first+j leaves m0+j; a part a has a partner in [1, n0)
		// in some heap when m0−n0 < a ≤ m0+lanes−2.
		m0 := first - rm.k
		fold := min(foldPairs, m0+lanes-2, n0-1)
		fs := folds[min(max(0, m0-n0), len(folds)):max(0, fold)]
		rs := rare[firstAbove(rare, max(fold, m0-n0)):firstAbove(rare, m0+lanes-2)]
		markParts(rows, size, gen, msk, fs, m0, n0, rm.distinct, G, lanes)
		markParts(rows, size, gen, msk, rs, m0, n0, rm.distinct, G, lanes)
		work += int64((len(fs) + len(rs)) * lanes)
	}
	for j := range out {
		work += e.guessLane(ls, &out[j], rows[j*size:(j+1)*size], first+j, n0, size, e.sparse.rareOf(rareW, first+j), nar, G)
	}
	return work
}

// markParts marks the pairs of every part of parts, sorted by position, in
// the rows of a run (see markPart): the parts whose partners are positions
// below n0 in every heap of the run with the marking kernels, the others
// one heap at a time.
func markParts[T sg.Value](rows []byte, size int, gen byte, msk uint32, parts []kernel.Part, m0, n0 int, distinct bool, G []T, lanes int) {
	// Every partner m0+j−a of a is in [1, n0) when m0+lanes−n0 ≤ a < m0;
	// with distinct parts, a must not be a partner: m0 ≤ 2a < m0+lanes.
	from, to := firstAtLeast(parts, m0+lanes-n0), firstAtLeast(parts, m0)
	for _, p := range parts[:from] {
		markPart(rows, size, gen, msk, p.P, p.V, m0, n0, distinct, G, lanes)
	}
	for _, p := range parts[to:] {
		markPart(rows, size, gen, msk, p.P, p.V, m0, n0, distinct, G, lanes)
	}
	full := parts[from:to]
	if !distinct {
		markFull(rows, size, gen, msk, full, m0, G, lanes)
		return
	}
	mid, past := firstAtLeast(full, (m0+1)/2), firstAtLeast(full, (m0+lanes-1)/2+1)
	markFull(rows, size, gen, msk, full[:mid], m0, G, lanes)
	for _, p := range full[mid:past] {
		markPart(rows, size, gen, msk, p.P, p.V, m0, n0, distinct, G, lanes)
	}
	markFull(rows, size, gen, msk, full[past:], m0, G, lanes)
}

// firstAtLeast returns the index of the first part at position p or above.
func firstAtLeast(parts []kernel.Part, p int) int {
	return sort.Search(len(parts), func(i int) bool { return parts[i].P >= p })
}

// markFull marks G(a) ⊕ G(m0+j−a) in row j for every part a of parts and
// every heap j of the run; every partner must be a position.
func markFull[T sg.Value](rows []byte, size int, gen byte, msk uint32, parts []kernel.Part, m0 int, G []T, lanes int) {
	if len(parts) == 0 {
		return
	}
	if lanes <= kernel.MaxLanes {
		switch G := any(G).(type) {
		case []uint8:
			kernel.Mark8(rows, size, gen, msk, G, m0, parts, lanes)
			return
		case []uint16:
			kernel.Mark16(rows, size, gen, msk, G, m0, parts, lanes)
			return
		}
	}
	for _, p := range parts {
		off := 0
		for _, x := range G[m0-p.P : m0-p.P+lanes] {
			rows[off+int((uint32(x)^p.V)&msk)] = gen
			off += size
		}
	}
}

// markPart marks G(a) ⊕ G(m0+j−a), with va = G(a), in row j of rows for
// every heap j of the run whose partner m0+j−a is a position below n0 (and
// not a itself, when the parts must differ).
func markPart[T sg.Value](rows []byte, size int, gen byte, msk uint32, a int, va uint32, m0, n0 int, distinct bool, G []T, lanes int) {
	for j := range lanes {
		if b := m0 + j - a; b >= 1 && b < n0 && !(distinct && b == a) {
			rows[j*size+int((uint32(G[b])^va)&msk)] = gen
		}
	}
}

// guessLane finishes the guess g of heap n from its row of marks (see
// guessRun): it adds the options of leaving no heap or one, takes the
// bound, and searches the pairs not marked for the rare values below the
// bound that the row lacks. It returns the work done.
func (e *evaluator[T]) guessLane(ls *laneScratch, g *guess, row []byte, n, n0, size int, rareW sg.Bitset, nar *narrow, G []T) int64 {
	gen, msk := ls.gen, uint32(size-1)
	if e.rule.Digit(n).Leave&rules.Leave0 != 0 {
		row[0] = gen
	}
	for _, rm := range e.leave1 {
		if m := n - rm.k; m >= 1 && m < n0 {
			row[uint32(G[m])&msk] = gen
		}
	}
	// The partial set as bits, up to the word of the bound, and with the
	// lookahead two words more: settling may find the bound held by an
	// option the guess could not see, and then needs the values past it,
	// which a heap guessed far ahead of its settling often lacks (without
	// them it is guessed again, alone: 3,800 heaps of Officers to 3·10⁵ on
	// two workers, 730 with them, and 7% less time; one worker, which
	// guesses no block ahead, gains nothing from them).
	extra := 0
	if e.pool != nil && e.lookahead {
		extra = lookaheadWords
	}
	set := g.set[:0]
	var bound uint32
	for w := 0; ; w++ {
		// Values from size on are no option: treat them as common.
		var x, rw uint64
		if w<<6 < size {
			x = stamped(row[w<<6:w<<6+64], gen)
			rw = rareW[w]
		}
		set = append(set, x)
		if open := ^(x | rw); open != 0 { // common values missing
			bound = uint32(w<<6 + bits.TrailingZeros64(open))
			for w++; w<<6 < size && w <= int(bound>>6)+extra; w++ {
				set = append(set, stamped(row[w<<6:w<<6+64], gen))
			}
			break
		}
	}
	g.set, g.bound = set, bound

	// The rare values below the bound that the partial set lacks.
	want := ls.want
	left := 0
	for w, x := range set[:min(len(set), size>>6)] {
		for open := rareW[w] &^ x; open != 0; open &= open - 1 {
			if v := uint32(w<<6 + bits.TrailingZeros64(open)); v < bound {
				want[w] |= 1 << (v & 63)
				left++
			}
		}
	}
	if left == 0 {
		return 0
	}
	var work int64
	for _, rm := range e.leave2 {
		m := n - rm.k
		hi := pairsOf(m, rm.distinct)
		a0 := searchFrom(m, n0)
		if a0 > hi {
			continue
		}
		if k := searchNarrow(nar, m, a0, hi, want, set, &left); k > 0 {
			work += int64(k)
			if left == 0 {
				return work
			}
			if a0 += k; a0 > hi {
				continue
			}
		}
		lo, up := G[a0:hi+1], G[m-hi:m-a0+1]
		work += int64(findPairs(lo, up, want, set, &left))
		if left == 0 {
			return work
		}
	}
	clear(want[:min(len(set), len(want))])
	return work
}

// lookaheadWords is how many words of values past the bound's a guess
// records when blocks are guessed ahead of their settling.
const lookaheadWords = 2

// stamped returns the bits of the 64 bytes of row that equal gen.
func stamped(row []byte, gen byte) uint64 {
	const ones, low7 = 0x0101010101010101, 0x7f7f7f7f7f7f7f7f
	g := ones * uint64(gen)
	var x uint64
	for i := 0; i < 64; i += 8 {
		y := binary.LittleEndian.Uint64(row[i:]) ^ g // zero bytes where row holds gen
		nz := ((y & low7) + low7 | y) >> 7 & ones    // 1 in each nonzero byte
		x |= ((nz ^ ones) * 0x0102040810204080 >> 56) << i
	}
	return x
}

// firstAbove returns the index of the first rare position above p.
func firstAbove(rare []rarePos, p int) int {
	return sort.Search(len(rare), func(i int) bool { return rare[i].P > p })
}

// findPairs looks at the pairs (lo[i], up[len(up)−1−i]) in order for the
// values v of their XORs that want holds; it clears v from want and sets it
// in set for each it finds, counting left down, and stops when left reaches
// 0. It returns the number of pairs looked at. Every value of lo and up is
// below 64·len(want), and len(want) ≥ 8. The kernels (findBlocks) skip the
// blocks of pairs that hold no value wanted, as nearly all do, and look at
// a block that holds one pair by pair without returning; the pairs past
// the last whole block are looked at here.
func findPairs[T sg.Value](lo, up []T, want, set sg.Bitset, left *int) int {
	if *left == 0 {
		return 0
	}
	i := findBlocks(lo, up, want, set, left)
	if *left == 0 {
		return i
	}
	for ; i < len(lo); i++ {
		if v := uint32(lo[i] ^ up[len(up)-1-i]); want[v>>6]>>(v&63)&1 != 0 {
			want[v>>6] &^= 1 << (v & 63)
			set[v>>6] |= 1 << (v & 63)
			if *left--; *left == 0 {
				return i + 1
			}
		}
	}
	return len(lo)
}

// pairsOf returns the number of pairs (a, m−a) with 1 ≤ a ≤ m−a (a < m−a
// when distinct).
func pairsOf(m int, distinct bool) int {
	if m < 2 {
		return 0
	}
	hi := m / 2
	if distinct && m%2 == 0 {
		hi--
	}
	return hi
}

// settle decides G(n) from the guess g made with the positions below n0;
// rare0 is the number of rare positions below n0, and every value below n is
// final. It reports false when the least common value missing lies past
// the values the guess recorded, and then n must be guessed again.
func (e *evaluator[T]) settle(n, n0, rare0 int, G []T, g *guess) (uint32, bool) {
	s := e.sparse
	S := &e.opts // holds the leave-no-heap and leave-one-heap options
	if len(*S) < len(g.set) {
		S.Grow(len(g.set))
	}
	for w, x := range g.set {
		(*S)[w] |= x
	}
	// Pairs with a part at n0 or above: a rare position up to m − n0 (its
	// partner is at n0 or above), or one at n0 or above.
	for _, rm := range e.leave2 {
		m := n - rm.k
		for _, r := range s.rare[:rare0] {
			b := m - r.P
			if b < n0 {
				break // seen by the guess
			}
			if rm.distinct && r.P == b {
				continue
			}
			S.Set(r.V ^ uint32(G[b]))
		}
		for _, r := range s.rare[rare0:] {
			b := m - r.P
			if b < 1 {
				break
			}
			if rm.distinct && r.P == b {
				continue
			}
			S.Set(r.V ^ uint32(G[b]))
		}
	}
	// c: the least common value missing, within the words the guess
	// recorded; values from size on are no option, and count as common.
	size := valueSize(e.maxG)
	s.rareWords(len(g.set))
	rareW := s.rareOf(s.rareW, n)
	var c uint32
	found := false
	for w := range g.set {
		rw := rareW[w]
		if w<<6 >= size {
			rw = 0
		}
		if open := ^((*S)[w] | rw); open != 0 {
			c = uint32(w<<6 + bits.TrailingZeros64(open))
			found = true
			break
		}
	}
	if !found {
		return 0, false
	}
	// The rare values below c still missing. Those below the bound were
	// looked for in every pair with both parts below n0 (in vain); those
	// above it were not: look for them there first. Then look for all of
	// them in the pairs with a part at n0 or above.
	sc := &s.own
	words := max(8, size/64)
	if len(sc.want) < words {
		sc.want = make(sg.Bitset, words)
	}
	want := sc.want[:words]
	missing := sc.missing[:0]
	left := 0
	for w := 0; w <= int(c>>6) && w<<6 < size; w++ {
		for open := rareW[w] &^ (*S)[w]; open != 0; open &= open - 1 {
			v := uint32(w<<6 + bits.TrailingZeros64(open))
			if v >= c {
				break
			}
			missing = append(missing, v)
			if v > g.bound {
				want[w] |= 1 << (v & 63)
				left++
			}
		}
	}
	sc.missing = missing
	if len(missing) == 0 {
		return c, true
	}
	if left > 0 {
		s.above++
		for _, rm := range e.leave2 {
			m := n - rm.k
			hi, a0 := pairsOf(m, rm.distinct), searchFrom(m, n0)
			if a0 <= hi {
				e.work += int64(findPairs(G[a0:hi+1], G[m-hi:m-a0+1], want, *S, &left))
			}
			if left == 0 {
				break
			}
		}
		clear(want)
	}
	left = 0
	for _, v := range missing {
		if !S.Has(v) {
			want[v>>6] |= 1 << (v & 63)
			left++
		}
	}
	for _, rm := range e.leave2 {
		m := n - rm.k
		if hi := min(pairsOf(m, rm.distinct), m-n0); hi >= 1 && left > 0 { // partner at n0 or above
			e.work += int64(findPairs(G[1:hi+1], G[m-hi:m], want, *S, &left))
		}
	}
	clear(want)
	for _, v := range missing {
		if !S.Has(v) {
			return v, true
		}
	}
	return c, true
}

// searchFrom returns the first part a of the pairs (a, m−a) whose partner
// is below n0 that a guess from the positions below n0 did not mark but
// searched: the parts up to foldPairs are marked in full.
func searchFrom(m, n0 int) int {
	return max(1, m-n0+1, min(foldPairs, n0-1, m-1)+1)
}
