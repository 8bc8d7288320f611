package heap

import (
	"math/bits"
	"sync"
	"sync/atomic"

	"github.com/sgtab/sgtab/compute/internal/kernel"
	"github.com/sgtab/sgtab/compute/sg"
)

// Sparse space (Winning Ways ch. 4, "Sparse space spells speed"). With a
// mask m, a value v is rare when popcount(v & m) is even and common when it
// is odd. Parity is linear under XOR, so a two-heap option G(a) ⊕ G(b) is
// common exactly when one of a, b holds a rare value and the other a common
// one. Pairing every rare position with the rest of the heap therefore
// yields every common option value of a two-heap split, in O(#rare) instead
// of O(n). With every other kind of option added in full, call this the
// partial set, and let c be the least common value missing from it: no pair
// left out can produce c (such pairs give rare values), so G(n) is c unless
// some rare value below c is missing from every split. One pass over the
// pairs looks for the missing rare values at once and stops when all have
// turned up, which in sparse games takes a few thousand pairs however large
// the heap; only at a rare position does it run to the end.
//
// The result is exact for any mask; a mask under which rare positions are
// few only makes it fast. The mask is chosen from the value histogram by a
// Walsh–Hadamard transform (see FindRare) at every power of two from
// sparseFirstCheck on, and the engine scans every pair instead (scan.go)
// while that costs less (sparseCheaper).
//
// The split may count the heap's parity (Split.Pos): a position n of value
// v is rare when popcount(v & mask) + n + o is even (o = 0 or 1). The pair
// (a, b) of a split of M = N − k tokens then has one rare part exactly when
// popcount((G(a) ⊕ G(b)) & mask) + M is odd, the same test on the value
// with M's parity added: so the values that only mixed pairs give — the
// common-like ones, all found by pairing the rare positions — are those
// with popcount(x & mask) + M odd, and the rest are rare-like (rareOf).
// That is a class of values for a heap N when every two-heap split removes
// a number of tokens of the same parity k0, which the parity split needs.
//
// block.go evaluates heaps in sparse space, in runs of consecutive heaps on
// one worker or several.
type sparse struct {
	mask  uint32
	pos   sg.Parity    // whether and how the heap's parity counts (see below)
	k0    int          // with pos: the removal count of every two-heap split, mod 2
	rare  []rarePos    // positions ≥ 1 rare under mask and pos, increasing
	rareW [2]sg.Bitset // the rare-like values (rareOf), as far as they are needed
	hist  [2][]int64   // value histograms of G[0..seen-1] at even and odd n
	seen  int
	next  int // heap size of the next mask choice

	own   scratch     // for settling
	alone laneScratch // for heaps guessed alone
	one   [1]guess    // the guess of a heap guessed alone
	scan  scanState   // for scanValue, while no mask applies

	// Heaps guessed in blocks (block.go), a ring of them by sequence
	// number: block cur is being settled, those after it up to last are
	// published ahead, and the runs of blocks head to tail−1 may be left
	// to claim. With started, the pool's workers guess them (pipeWork)
	// until stop, parked on wake (under mu, parked of them) while no run
	// is left; gLen is the length of the table they were given.
	blocks     [ringBlocks]block
	cur, last  int
	head, tail atomic.Int64
	stop       atomic.Bool
	started    bool
	gLen       int
	mu         sync.Mutex
	wake       *sync.Cond
	parked     int
	scratch    []laneScratch // one per worker
	nw         narrowing     // byte copies of values for the guesses' searches
	again      int           // heaps guessed again, alone, because settling failed
	above      int           // heaps whose settling looked for values above the bound
}

// A rarePos is a rare position P and its value V, kept together so that
// the loop over rare positions reads them in order, from one array, in the
// layout the marking kernels take.
type rarePos = kernel.Part

const sparseFirstCheck = 1 << 10

// Costs of the engine's steps, in cycles (measured on a 2-core x86-64
// machine, Officers, Grundy's game and Treblecross, to 10^6): marking a
// rare position's pairs in sparse space, a mark; looking at a pair in a
// witness search or scan, by the AVX-512 kernels and by the pure-Go ones,
// hits included; marking a pair when no kernel takes the values. The AVX2
// kernels look at a pair of bytes, and of two-byte values below 512, 1024
// and 4096, in 2.6, 3.6, 5.4 and 3 times the AVX-512 kernels' time, and
// 0.08, 0.22, 0.35 and 0.23 times the pure-Go kernels' (go test -bench Hit
// ./compute/internal/kernel, on one CPU that runs all three): their costs
// lie between.
const (
	markCost           = 1.0
	vectorPairCost     = 0.34
	avx2Pair8Cost      = 0.9
	avx2Pair16Cost     = 1.3
	avx2Pair16WideCost = 1.5
	avx2Pair16LookCost = 1.4
	goPairCost         = 1.7
	markPairCost       = 1.9
)

// slowRareShare bounds the rare positions, as a share 1/slowRareShare of
// all, with which sparse space serves values the witness kernels do not
// take: its search then looks at pairs one by one, at a mark's cost, and
// at more heaps than sparseCheaper counts. Measured to 2^18 (values up to
// 2,800, one worker): 0.6617, 1.1% rare, 9.1 s in sparse space against
// 38.9 s marking every pair; 0.3016, whose best split at n = 182,720 has
// 31% rare, 22.9 s against 13.7 s.
const slowRareShare = 16

// sparseCheaper reports whether sparse space, with rare of the first n
// positions rare, costs less a heap than looking at each of its n/2 pairs
// at pairCost cycles a pair. A share s of rare positions costs s·n marks a
// heap, and at the heaps whose value is rare, a share s of them too, the
// witness search looks at every pair.
func sparseCheaper(rare int64, n int, pairCost float64) bool {
	s := float64(rare) / float64(n)
	return s*(markCost+pairCost/2) < pairCost/2
}

// pairCost returns the cost of looking at a pair, in cycles, in a scan or
// witness search of values below size.
func (e *evaluator[T]) pairCost(size int) float64 {
	if e.sparse == nil {
		return markPairCost
	}
	return searchCost[T](size)
}

// searchCost returns the cost of looking at a pair, in cycles, in a
// witness search of values of type T below size.
func searchCost[T sg.Value](size int) float64 {
	if !kernelsTake[T](size) {
		return markPairCost
	}
	switch kernel.Current() {
	case kernel.Go:
		return goPairCost
	case kernel.AVX2:
		if _, bytes := any(T(0)).(uint8); bytes {
			return avx2Pair8Cost
		}
		switch {
		case size <= 512:
			return avx2Pair16Cost
		case size <= 1024:
			return avx2Pair16WideCost
		}
		return avx2Pair16LookCost
	}
	return vectorPairCost
}

// sparseApplies reports whether the sparse path can serve e: two-heap
// splits with explicit removal counts, and no kind of move that the partial
// set could not hold in full cheaply (three-heap splits, a repeating tail).
func (e *evaluator[T]) sparseApplies() bool {
	return len(e.leave2) > 0 && len(e.leave3) == 0 && e.r == 0
}

// observe brings the histograms and rare list up to G[0..n-1], and at its
// checkpoints chooses the split again.
func (e *evaluator[T]) observe(n int, G []T) {
	s := e.sparse
	for ; s.seen < n; s.seen++ {
		v := uint32(G[s.seen])
		if int(v) >= len(s.hist[0]) {
			if bits.Len32(v) > sg.MaxRareBits {
				e.drain()
				s.mask, s.rare, s.next = 0, nil, 1<<62 // too wide: scan every pair for good
				return
			}
			for i := range s.hist {
				h := make([]int64, 1<<bits.Len32(v))
				copy(h, s.hist[i])
				s.hist[i] = h
			}
		}
		s.hist[s.seen&1][v]++
		if s.mask != 0 && s.seen >= 1 && s.split().RareAt(s.seen, v) {
			s.rare = append(s.rare, rarePos{P: s.seen, V: v})
		}
	}
	if n < s.next {
		return
	}
	e.drain()
	s.next = 2 * max(n, sparseFirstCheck/2)
	best := sg.BestSplit(s.hist, e.sameParity())
	size := valueSize(e.maxG)
	if best.Mask == 0 || !sparseCheaper(int64(best.Count), n, e.pairCost(size)) || !kernelsTake[T](size) && best.Count > n/slowRareShare {
		s.mask, s.rare = 0, nil
		return
	}
	if best.Mask != s.mask || best.Pos != s.pos {
		s.mask, s.pos = best.Mask, best.Pos
		s.rareW = [2]sg.Bitset{}
		s.rare = s.rare[:0]
		for p := 1; p < n; p++ {
			if v := uint32(G[p]); best.RareAt(p, v) {
				s.rare = append(s.rare, rarePos{P: p, V: v})
			}
		}
	}
}

// split returns the split in use.
func (s *sparse) split() sg.Split { return sg.Split{Mask: s.mask, Pos: s.pos} }

// sameParity reports whether every two-heap split removes a number of
// tokens of one parity, which a split counting the heap's parity needs,
// and sets it as e.sparse.k0.
func (e *evaluator[T]) sameParity() bool {
	for _, rm := range e.leave2 {
		if rm.k%2 != e.leave2[0].k%2 {
			return false
		}
	}
	e.sparse.k0 = e.leave2[0].k % 2
	return true
}

// bestMask returns the nonzero mask that makes the fewest values of the
// histogram h (whose length is a power of two) rare, and how many; the
// smallest such mask on ties. Under mask m, (Σh + H(m))/2 values are rare,
// H the Walsh–Hadamard transform of h (walsh).
func bestMask(h []int64) (uint32, int64) {
	if len(h) < 2 {
		return 0, 0
	}
	w, total := sg.Walsh(h)
	best := 1
	for m := 2; m < len(w); m++ {
		if w[m] < w[best] {
			best = m
		}
	}
	return uint32(best), (total + w[best]) / 2
}

// rareWords makes s.rareW hold the rare-like values below 64·words (see
// rareOf).
func (s *sparse) rareWords(words int) {
	for q := range s.rareW {
		for w := len(s.rareW[q]); w < words; w++ {
			var x uint64
			for j := range 64 {
				c := bits.OnesCount32(uint32(w<<6+j) & s.mask)
				if s.pos != sg.NoParity {
					c += q
				}
				if c%2 == 0 {
					x |= 1 << j
				}
			}
			s.rareW[q] = append(s.rareW[q], x)
		}
	}
}

// rareOf returns the rare-like values of heap n as bits: the values a pair
// of a split gives only when both its parts are rare or both common.
// Without the parity, the rare values; with it, those with
// popcount(x & mask) + (n − k0) even.
//
// w is s.rareW, or a copy of it taken when a block of guesses started.
func (s *sparse) rareOf(w [2]sg.Bitset, n int) sg.Bitset {
	if s.pos == sg.NoParity {
		return w[0]
	}
	return w[(n-s.k0)&1]
}
