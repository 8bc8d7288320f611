package heap

import (
	"math/bits"

	"github.com/sgtab/sgtab/compute/internal/pool"
	"github.com/sgtab/sgtab/compute/sg"
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
// leaving no heap or one heap, and G[0..n-1] are final.
func (e *evaluator[T]) scanValue(n int, G []T) uint32 {
	size := valueSize(e.maxG)
	words := size / 64
	if len(e.opts) < words {
		e.opts.Grow(words)
	}
	// Mark the first pairs of each split.
	prefix := scanPrefix(size)
	for _, rm := range e.leave2 {
		m := n - rm.k
		hi := pairsOf(m, rm.distinct)
		if hi < 1 {
			continue
		}
		markPairs(e.opts, G, m, 1, min(hi, prefix)+1, words)
		e.work += int64(min(hi, prefix))
	}
	s := e.sparse
	if len(s.scan.want) < max(8, words) {
		s.scan.want = make(sg.Bitset, max(8, words))
		s.scan.found = make(sg.Bitset, max(8, words))
	}
	want := s.scan.want
	for from, count := 0, scanWindow; from < size; count *= 2 {
		// The window: the next count values missing, from "from" on.
		left, to := 0, from
		for ; to < size && left < count; to++ {
			if !e.opts.Has(uint32(to)) {
				want.Set(uint32(to))
				left++
			}
		}
		if left == 0 {
			break // every value below size is an option
		}
		for _, rm := range e.leave2 {
			if left == 0 {
				break
			}
			m := n - rm.k
			hi := pairsOf(m, rm.distinct)
			a0 := prefix + 1
			if a0 > hi {
				continue
			}
			if e.pool != nil && hi-a0 >= pool.ParallelPairs {
				left = e.poolFind(G, m, a0, hi, words)
			} else {
				lo, up := G[a0:hi+1], G[m-hi:m-a0+1]
				e.work += int64(findPairs(lo, up, want, e.opts, &left))
			}
		}
		if left > 0 {
			clear(want[:words])
			break // no pair holds the values left: the least is the mex
		}
		from = to
	}
	return sg.Mex(e.opts[:words])
}

// A scanState holds the wanted values of scanValue and, for each of
// several workers, its own copy and what it found.
type scanState struct {
	want, found sg.Bitset
	workers     []scanWorker
}

type scanWorker struct {
	want, found sg.Bitset
	work        int64
}

// poolFind searches the pairs a0 ≤ a ≤ hi of m for the values of
// e.sparse.scan.want on the pool's workers, each a range of its own, adds
// what they found to e.opts and to nothing else, takes it out of want, and
// returns the number of values still wanted.
func (e *evaluator[T]) poolFind(G []T, m, a0, hi, words int) int {
	sc := &e.sparse.scan
	p := e.pool
	if len(sc.workers) < p.Workers {
		sc.workers = make([]scanWorker, p.Workers)
	}
	for i := range sc.workers[:p.Workers] {
		w := &sc.workers[i]
		if len(w.want) < len(sc.want) {
			w.want = make(sg.Bitset, len(sc.want))
			w.found = make(sg.Bitset, len(sc.want))
		}
		copy(w.want, sc.want)
		clear(w.found)
		w.work = 0
	}
	pairs := hi - a0 + 1
	p.Run(func(i int) {
		w := &sc.workers[i]
		from, to := a0+pairs*i/p.Workers, a0+pairs*(i+1)/p.Workers
		if from >= to {
			return
		}
		left := 0
		for _, x := range w.want[:words] {
			left += bits.OnesCount64(x)
		}
		lo, up := G[from:to], G[m-to+1:m-from+1]
		w.work = int64(findPairs(lo, up, w.want, w.found, &left))
	})
	left := 0
	for x := range words {
		var f uint64
		for i := range sc.workers[:p.Workers] {
			f |= sc.workers[i].found[x]
		}
		e.opts[x] |= f
		sc.want[x] &^= f
		left += bits.OnesCount64(sc.want[x])
	}
	for i := range sc.workers[:p.Workers] {
		e.work += sc.workers[i].work
	}
	return left
}
