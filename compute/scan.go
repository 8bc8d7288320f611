package compute

import "math/bits"

// Games with no mask that makes rare values few (Treblecross, 0.007, among
// them) take every pair of every heap into account. Most of a heap's option
// values turn up among its first pairs, so the scan marks the first
// scanMarkPairs pairs, which leaves few values below valueSize missing, then
// looks for those among the other pairs with the witness search of sparse
// space (findPairs), which skips blocks of pairs holding none of them at a
// fraction of a mark's cost. A value still missing after the last pair is
// none of the heap's options. The witness kernels take one- and two-byte
// values below 2048; other heaps are marked pair by pair (splits2).

// scanMarkPairs is the number of pairs of each split the scan marks before
// it searches.
var scanMarkPairs = 512

// scanApplies reports whether heap n of e, with values of type T below
// size, is evaluated by scanValue: two-heap splits only (no three-heap
// splits or repeating tail, as for sparse space), and values the witness
// kernels take.
func (e *evaluator[T]) scanApplies(size int) bool {
	return e.sparse != nil && kernelsTake[T](size)
}

// kernelsTake reports whether the witness kernels take values of type T
// below size.
func kernelsTake[T Value](size int) bool {
	switch any(T(0)).(type) {
	case uint8:
		return true
	case uint16:
		return size <= maxKernelSize
	}
	return false
}

// maxKernelSize bounds the values the two-byte witness kernel takes.
const maxKernelSize = 2048

// scanValue returns G(n) by the scan above; e.opts holds the options of
// leaving no heap or one heap, and G[0..n-1] are final.
func (e *evaluator[T]) scanValue(n int, G []T) uint32 {
	size := valueSize(e.maxG)
	words := size / 64
	if len(e.opts) < words {
		e.opts.grow(words)
	}
	// Mark the first pairs of each split.
	for _, rm := range e.leave2 {
		m := n - rm.k
		hi := pairsOf(m, rm.distinct)
		if hi < 1 {
			continue
		}
		markPairs(e.opts, G, m, 1, min(hi, scanMarkPairs)+1, words)
		e.work += int64(min(hi, scanMarkPairs))
	}
	s := e.sparse
	if len(s.scan.want) < max(8, words) {
		s.scan.want = make(bitset, max(8, words))
		s.scan.found = make(bitset, max(8, words))
	}
	want := s.scan.want
	left := 0
	for w := range words {
		want[w] = ^e.opts[w]
		left += bits.OnesCount64(want[w])
	}
	for _, rm := range e.leave2 {
		if left == 0 {
			break
		}
		m := n - rm.k
		hi := pairsOf(m, rm.distinct)
		a0 := scanMarkPairs + 1
		if a0 > hi {
			continue
		}
		if e.pool != nil && hi-a0 >= parallelPairs {
			left = e.poolFind(G, m, a0, hi, words)
		} else {
			lo, up := G[a0:hi+1], G[m-hi:m-a0+1]
			e.work += int64(findPairs(lo, up, want, e.opts, &left))
		}
	}
	clear(want[:words])
	return Mex(e.opts[:words])
}

// A scanState holds the wanted values of scanValue and, for each of
// several workers, its own copy and what it found.
type scanState struct {
	want, found bitset
	workers     []scanWorker
}

type scanWorker struct {
	want, found bitset
	work        int64
}

// poolFind searches the pairs a0 ≤ a ≤ hi of m for the values of
// e.sparse.scan.want on the pool's workers, each a range of its own, adds
// what they found to e.opts and to nothing else, takes it out of want, and
// returns the number of values still wanted.
func (e *evaluator[T]) poolFind(G []T, m, a0, hi, words int) int {
	sc := &e.sparse.scan
	p := e.pool
	if len(sc.workers) < p.workers {
		sc.workers = make([]scanWorker, p.workers)
	}
	for i := range sc.workers[:p.workers] {
		w := &sc.workers[i]
		if len(w.want) < len(sc.want) {
			w.want = make(bitset, len(sc.want))
			w.found = make(bitset, len(sc.want))
		}
		copy(w.want, sc.want)
		clear(w.found)
		w.work = 0
	}
	pairs := hi - a0 + 1
	p.run(func(i int) {
		w := &sc.workers[i]
		from, to := a0+pairs*i/p.workers, a0+pairs*(i+1)/p.workers
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
		for i := range sc.workers[:p.workers] {
			f |= sc.workers[i].found[x]
		}
		e.opts[x] |= f
		sc.want[x] &^= f
		left += bits.OnesCount64(sc.want[x])
	}
	for i := range sc.workers[:p.workers] {
		e.work += sc.workers[i].work
	}
	return left
}
