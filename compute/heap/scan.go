package heap

import (
	"sync/atomic"

	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// Games with no mask that makes rare values few (Treblecross, 0.007, among
// them) take every pair of every heap into account. Most of a heap's option
// values turn up among its first pairs, so the scan marks the first pairs of
// each split (scanPrefix), then looks for the values still missing among the
// other pairs with the witness search of sparse space (findPairs), which
// skips blocks of pairs holding none of them at a fraction of a mark's cost.
//
// Only values below the mex matter, and a witness search is fast only while
// the values it wants are rare among the pairs, so the search goes up the
// missing values a window at a time: the first scanWindow of them, then
// twice as many, and so on. A value of a window that no pair holds is none
// of the heap's options, and as every value below the window is one, the
// least such value is the mex: the search ends there. A window whose values
// all turn up sends the search on to the next. In a game whose values grow
// (0.3016's reach 1,649 by 2^17) most values missing after the first pairs
// are options above the mex, which the windows never ask for: at heap
// 131,067 of 0.3016, 126 below it and 529 above. The
// witness kernels take one- and two-byte values below 4096; other heaps
// are marked pair by pair (splits2).

// scanMarkPairs is the least number of pairs of each split the scan marks
// before it searches; scanPrefix says how many it marks.
var scanMarkPairs = 512

// scanWindow is the number of missing values the scan's first window
// wants; each window after it wants twice as many as the one before.
const scanWindow = 64

// scanPrefix returns the number of pairs of each split the scan marks
// first for values below size: eight for each value, so that most of the
// values present turn up without a search, and at least scanMarkPairs (a
// scanMarkPairs below its default, in tests, is taken as it is). A mark
// costs about fifteen times what a kernel's look at a pair does, and a
// value found by the search (a hit, which stops the kernel) about as much
// as fifteen marks. Measured on 0.3016 to 2^17 (values up to 1,649, one
// worker): two, four and eight marks a value took 2.6, 2.4 and 2.2 s,
// marking every pair 3.1 s.
func scanPrefix(size int) int {
	if scanMarkPairs < 512 {
		return scanMarkPairs
	}
	return max(scanMarkPairs, 8*size)
}

// scanApplies reports whether heap n of e, with values of type T below
// size, is evaluated by scanValue: two-heap splits only (no three-heap
// splits or repeating tail, as for sparse space), and values the witness
// kernels take.
func (e *evaluator[T]) scanApplies(size int) bool {
	return e.sparse != nil && kernelsTake[T](size)
}

// kernelsTake reports whether the witness kernels take values of type T
// below size.
func kernelsTake[T sg.Value](size int) bool {
	switch any(T(0)).(type) {
	case uint8:
		return true
	case uint16:
		return size <= maxKernelSize
	}
	return false
}

// maxKernelSize bounds the values the two-byte witness kernel takes.
const maxKernelSize = 4096

// scanValue returns G(n) by the scan above; e.opts holds the options of
// leaving no heap or one heap, and G[0..n-1] are final. With a pool, heaps
// from scanBlockFrom on are scanned several at a time (scanBlockValue).
func (e *evaluator[T]) scanValue(n int, G []T) uint32 {
	if e.pool != nil && n >= scanBlockFrom {
		return e.scanBlockValue(n, G)
	}
	size := valueSize(e.maxG)
	words := size / 64
	if len(e.opts) < words {
		e.opts.Grow(words)
	}
	s := e.sparse
	s.scan.wantWords(words)
	prefix := scanPrefix(size)
	e.work += e.markPrefix(e.opts, G, n, n, prefix, words)
	e.work += e.windows(e.opts, s.scan.want, G, n, n, 0, size, words, prefix, nil)
	return sg.Mex(e.opts[:words])
}

// partsFrom returns the least first part a of the pairs (a, m − a) of a
// split of m whose other part is below n0: the pairs from it on are built
// from positions below n0 only.
func partsFrom(m, n0 int) int { return max(1, m-n0+1) }

// markPrefix marks in opts the first prefix pairs of each two-heap split
// of heap n, those of them whose parts are below n0, and returns the work.
func (e *evaluator[T]) markPrefix(opts sg.Bitset, G []T, n, n0, prefix, words int) int64 {
	var work int64
	for _, rm := range e.leave2 {
		m := n - rm.k
		hi := min(pairsOf(m, rm.distinct), prefix)
		if a := partsFrom(m, n0); a <= hi {
			markPairs(opts, G, m, a, hi+1, words)
			work += int64(hi - a + 1)
		}
	}
	return work
}

// windows looks for the values missing from opts, from the value from
// on, a window at a time (see the top of this file), among the pairs of
// heap n's two-heap splits past the first prefix whose parts are below n0,
// and marks those it finds in opts; want is scratch, words long, and left
// empty. It returns the work done, and sets *to (when not nil) to the end
// of the last window: every value below it is in opts or is held by none
// of those pairs.
func (e *evaluator[T]) windows(opts, want sg.Bitset, G []T, n, n0, from, size, words, prefix int, to *int) int64 {
	var work int64
	end := from
	for count := scanWindow; from < size; count *= 2 {
		// The window: the next count values missing, from "from" on.
		left, upto := 0, from
		for ; upto < size && left < count; upto++ {
			if !opts.Has(uint32(upto)) {
				want.Set(uint32(upto))
				left++
			}
		}
		end = upto
		if left == 0 {
			break // every value below size is an option
		}
		for _, rm := range e.leave2 {
			if left == 0 {
				break
			}
			m := n - rm.k
			hi := pairsOf(m, rm.distinct)
			a0 := max(prefix+1, partsFrom(m, n0))
			if a0 > hi {
				continue
			}
			lo, up := G[a0:hi+1], G[m-hi:m-a0+1]
			work += int64(findPairs(lo, up, want, opts, &left))
		}
		if left > 0 {
			clear(want[:words])
			break // no pair holds the values left: the least is the mex
		}
		from = upto
	}
	if to != nil {
		*to = end
	}
	return work
}

// Several workers scan several heaps at once. A block of heaps [n0, end)
// is guessed, each heap by one worker, from the positions below n0: its
// options of leaving no heap, of leaving one heap below n0, and of the
// pairs with both parts below n0, found by the scan (guessScan). The
// heaps are then settled in order (settleScan), each once every value
// below it is final: the options the guess could not see are added — one
// heap at n0 or above, and the few pairs (a, m − a) with a part there,
// a ≤ m − n0 — and the least value below the guess's last window missing
// from them all is the mex; when every value below that window is an
// option, the scan goes on from there as for a heap alone. No pair of a
// heap of the block has both parts at n0 or above, so the guess is the
// whole scan but for a handful of marks, and the values never depend on
// the number of workers.
//
// Splitting one heap's scan among the workers instead costs more than it
// saves: a search that one worker ends at its first pairs, once every value
// sought has turned up, the others carry on over their whole range.

// scanBlockFrom is the least heap scanned in blocks: below it a heap's scan
// takes less than handing it to a worker.
var scanBlockFrom = 2048

// scanPerWorker is the number of heaps of a block each worker guesses.
var scanPerWorker = 16

// A scanGuess is what a guess found for one heap: opts holds its options
// seen from below n0; every value below to is in opts or is held by no
// pair with both parts below n0.
type scanGuess struct {
	opts sg.Bitset
	to   int
	work int64
}

// A scanBlock is the state of the heaps [n0, end) guessed from the
// positions below n0, with values below size, marking the first prefix
// pairs of each split.
type scanBlock struct {
	n0, end, size, prefix int
	guesses               []scanGuess
	wants                 []sg.Bitset // each worker's
	claimed               atomic.Int64
}

// A scanState holds the values a scan wants, and the block of heaps
// several workers scan.
type scanState struct {
	want  sg.Bitset
	block scanBlock
	// Counts, for the tests: blocks guessed, and heaps whose settling
	// went on past the guess's last window.
	blocks, beyond int
}

// wantWords makes the scan's want set words long at least.
func (sc *scanState) wantWords(words int) {
	if len(sc.want) < max(8, words) {
		sc.want = make(sg.Bitset, max(8, words))
	}
}

// scanBlockValue returns G(n) from the block of heaps n belongs to,
// guessing a new block from n on when it belongs to none.
func (e *evaluator[T]) scanBlockValue(n int, G []T) uint32 {
	b := &e.sparse.scan.block
	if n < b.n0 || n >= b.end {
		e.guessScanBlock(b, n, G)
	}
	return e.settleScan(n, G, b)
}

// guessScanBlock guesses the heaps from n on, as many as the workers take
// (scanPerWorker each) and the table holds, into b, on the pool's workers.
func (e *evaluator[T]) guessScanBlock(b *scanBlock, n int, G []T) {
	p := e.pool
	b.n0, b.end = n, min(n+p.Workers*scanPerWorker, len(G))
	b.size = valueSize(e.maxG)
	b.prefix = scanPrefix(b.size)
	words := b.size / 64
	if len(b.guesses) < b.end-n {
		b.guesses = make([]scanGuess, b.end-n)
	}
	for len(b.wants) < p.Workers {
		b.wants = append(b.wants, nil)
	}
	b.claimed.Store(0)
	e.sparse.scan.blocks++
	p.Run(func(w int) {
		want := b.wants[w]
		if len(want) < max(8, words) {
			want = make(sg.Bitset, max(8, words))
			b.wants[w] = want
		}
		for {
			h := n + int(b.claimed.Add(1)-1)
			if h >= b.end {
				return
			}
			e.guessScan(&b.guesses[h-n], want, G, h, n, b.size, words, b.prefix)
		}
	})
	for i := range b.guesses[:b.end-n] {
		e.work += b.guesses[i].work
	}
}

// guessScan fills g with the options of heap h seen from the positions
// below n0 (see scanBlock); it reads only values below n0, and writes only
// g and want.
func (e *evaluator[T]) guessScan(g *scanGuess, want sg.Bitset, G []T, h, n0, size, words, prefix int) {
	g.opts.Reset()
	g.opts.Grow(words)
	if e.rule.Digit(h).Leave&rules.Leave0 != 0 {
		g.opts.Set(0)
	}
	for _, rm := range e.leave1 {
		if m := h - rm.k; m >= 1 && m < n0 {
			g.opts.Set(uint32(G[m]))
		}
	}
	g.work = int64(len(e.leave1)) + e.markPrefix(g.opts, G, h, n0, prefix, words)
	g.work += e.windows(g.opts, want, G, h, n0, 0, size, words, prefix, &g.to)
}

// settleScan returns G(n) from its guess in b; every value below n is
// final.
func (e *evaluator[T]) settleScan(n int, G []T, b *scanBlock) uint32 {
	g := &b.guesses[n-b.n0]
	size := max(valueSize(e.maxG), b.size)
	words := size / 64
	e.opts.Reset()
	e.opts.Grow(words)
	copy(e.opts, g.opts)
	// What the guess could not see: one heap at n0 or above, and the
	// pairs with a part there.
	for _, rm := range e.leave1 {
		if m := n - rm.k; m >= b.n0 {
			e.opts.Set(uint32(G[m]))
		}
	}
	for _, rm := range e.leave2 {
		m := n - rm.k
		if a := partsFrom(m, b.n0); a > 1 {
			hi := min(a-1, pairsOf(m, rm.distinct))
			if hi >= 1 {
				markPairs(e.opts, G, m, 1, hi+1, words)
				e.work += int64(hi)
			}
		}
	}
	for v := range g.to {
		if !e.opts.Has(uint32(v)) {
			return uint32(v)
		}
	}
	// Every value below the guess's last window is an option: go on past
	// it over every pair, as for a heap alone.
	e.sparse.scan.beyond++
	e.sparse.scan.wantWords(words)
	e.work += e.windows(e.opts, e.sparse.scan.want, G, n, n, g.to, size, words, b.prefix, nil)
	return sg.Mex(e.opts[:words])
}
