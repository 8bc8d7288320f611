package compute

import (
	"encoding/binary"
	"math/bits"
	"sort"

	"github.com/sgtab/sgtab/rules"
)

// Heaps in sparse space are evaluated in two steps.
//
// The guess (guess) of heap n uses only the positions below some n0 ≤ n,
// whose values are final. It collects the partial set of the options built
// from them (the leave-one-heap options and every pair of a rare position
// with a partner below n0), takes as its bound the least common value
// missing from it, and looks among the pairs with both parts below n0 for
// every rare value below the bound that the partial set lacks, in one pass
// that stops when all have turned up. Every value it collects is a real
// option of n.
//
// The settling (settle) of heap n, once every value below n is final, adds
// the options the guess could not see — those with a part at n0 or above,
// few when n − n0 is small — and finds c, the least common value missing
// from the full partial set (the bound, or above it when an added option
// holds the bound). Every rare value below the bound still missing was
// looked for, in vain, in every pair the guess saw, so only the pairs it did
// not see are searched for them. A missing rare value between the bound and
// c was never looked for: then the heap is guessed again, alone, with
// n0 = n. That happens at about one heap in a hundred.
//
// One worker guesses each heap alone, so settling only decides. Several
// workers guess a block of heaps [n0, n0+B) at once, each heap on one worker
// and into its own record; the settling pass is sequential and short. Every
// step either decides exactly or falls back to one that does, so the values
// never depend on the number of workers, only the time does.

// A scratch holds one worker's per-value tables. mark[v] == gen when the
// partial set of the current heap holds v: a mark is a store, independent of
// every other, where setting a bit would read and write a word that the next
// mark may need again. want[v] is 1 while a search looks for v, 0 otherwise.
type scratch struct {
	mark    []uint32
	gen     uint32
	want    []byte
	missing []uint32
}

// start prepares the tables for values below size, a power of two, and
// starts a new generation of marks.
func (sc *scratch) start(size int) {
	if len(sc.mark) < size {
		sc.mark = make([]uint32, size)
		sc.want = make([]byte, max(size, 256))
		sc.gen = 0
	}
	sc.gen++
	if sc.gen == 0 { // wrapped: old marks could match again
		clear(sc.mark)
		sc.gen = 1
	}
}

// A guess is what guess found for one heap: set holds every option value
// found, as bits, for the values below 64·len(set), which covers bound.
type guess struct {
	set   bitset
	bound uint32
}

// A block is the state of the heaps [n0, end) guessed ahead by several
// workers.
type block struct {
	n0, end int
	rare0   int // len(rare) when the block was guessed: the rare positions below n0
	size    int // every value below n0, and every XOR of two, is below size
	guesses []guess
	scratch []scratch // one per worker
	again   int       // heaps guessed again, alone, because settling failed
}

// blockHeaps is the number of heaps per worker in a block. Settling adds
// the pairs of each heap that have a part in the block (a part below
// n − n0, the other at n0 or above): a block short enough keeps them few,
// and long enough that handing it out costs little against the guesses.
var blockHeaps = 32

// valueSize returns the power of two above every value up to maxG, and so
// above every XOR of two such values.
// It is at least 64, a whole word of bits.
func valueSize(maxG uint32) int { return max(64, 1<<bits.Len32(maxG)) }

// sparseValue returns G(n) in sparse space; e.opts holds the options of
// leaving no heap or one heap, G[0..n-1] are final and e.sparse.mask ≠ 0.
func (e *evaluator[T]) sparseValue(n int, G []T) uint32 {
	s := e.sparse
	b := &s.block
	if n >= b.end {
		b.n0, b.end = n, n+1
		if e.pool != nil && n >= 2*blockHeaps*e.pool.workers {
			// Guess a block, ending where the mask may change and
			// where the table ends.
			b.end = min(n+blockHeaps*e.pool.workers, s.next, len(G))
		}
		if b.end-b.n0 > 1 {
			e.guessBlock(G)
		}
	}
	if b.end-b.n0 > 1 {
		if v, ok := e.settle(n, b.n0, b.rare0, G, &b.guesses[n-b.n0]); ok {
			return v
		}
		b.again++
	}
	// One heap, every position below it final.
	size := valueSize(e.maxG)
	s.rareWords(size/64 + 1)
	g := &s.one
	e.work += e.guess(&s.own, g, n, n, size, s.rare, G)
	v, ok := e.settle(n, n, len(s.rare), G, g)
	if !ok {
		panic("compute: a heap guessed alone did not settle")
	}
	return v
}

// guessBlock guesses the heaps [b.n0, b.end) on the pool's workers.
func (e *evaluator[T]) guessBlock(G []T) {
	s := e.sparse
	b := &s.block
	b.rare0 = len(s.rare)
	b.size = valueSize(e.maxG)
	s.rareWords(b.size/64 + 1)
	if len(b.scratch) < e.pool.workers {
		b.scratch = make([]scratch, e.pool.workers)
	}
	if len(b.guesses) < b.end-b.n0 {
		b.guesses = make([]guess, b.end-b.n0)
	}
	rare := s.rare[:b.rare0]
	work := make([]int64, e.pool.workers)
	e.pool.run(func(w int) {
		for n := b.n0 + w; n < b.end; n += e.pool.workers {
			work[w] += e.guess(&b.scratch[w], &b.guesses[n-b.n0], n, b.n0, b.size, rare, G)
		}
	})
	for _, x := range work {
		e.work += x
	}
}

// guess fills g for heap n from the positions below n0 (see the top of this
// file), with sc as scratch; every value below n0, and every XOR of two, is
// below size, and rare lists the rare positions below n0. It reads only
// what no one writes while the workers run, and returns the work done.
func (e *evaluator[T]) guess(sc *scratch, g *guess, n, n0, size int, rare []rarePos, G []T) int64 {
	s := e.sparse
	sc.start(size)
	mark, gen, msk := sc.mark, sc.gen, uint32(size-1)
	if e.rule.Digit(n).Leave&rules.Leave0 != 0 {
		mark[0] = gen
	}
	for _, rm := range e.leave1 {
		if m := n - rm.k; m >= 1 && m < n0 {
			mark[G[m]] = gen
		}
	}
	var work int64
	for _, rm := range e.leave2 {
		m := n - rm.k
		// Partners below n0 and above 0: rare positions above m − n0
		// and below m; with distinct parts, not m/2.
		rs := rare[firstAbove(rare, m-n0):firstAbove(rare, m-1)]
		if rm.distinct && m%2 == 0 {
			if t := firstAbove(rs, m/2-1); t < len(rs) && rs[t].p == m/2 {
				markRare(rs[:t], G, m, mark, gen, msk)
				rs = rs[t+1:]
			}
		}
		markRare(rs, G, m, mark, gen, msk)
		work += int64(len(rs))
	}

	// The partial set as bits, up to the word of the bound.
	set := g.set[:0]
	var bound uint32
	for w := 0; ; w++ {
		// Values from size on are no option: treat them as common.
		var x, rw uint64
		if w<<6 < size {
			for j, m := range mark[w<<6 : w<<6+64] {
				if m == gen {
					x |= 1 << j
				}
			}
			rw = s.rareW[w]
		}
		set = append(set, x)
		if open := ^(x | rw); open != 0 { // common values missing
			bound = uint32(w<<6 + bits.TrailingZeros64(open))
			break
		}
	}
	g.set, g.bound = set, bound

	// The rare values below the bound that the partial set lacks.
	missing := sc.missing[:0]
	for w, x := range set[:min(len(set), size>>6)] {
		for open := s.rareW[w] &^ x; open != 0; open &= open - 1 {
			if v := uint32(w<<6 + bits.TrailingZeros64(open)); v < bound {
				missing = append(missing, v)
			}
		}
	}
	sc.missing = missing
	if len(missing) == 0 {
		return work
	}
	want := sc.want
	for _, v := range missing {
		want[v] = 1
	}
	left := len(missing)
	for _, rm := range e.leave2 {
		m := n - rm.k
		hi := pairsOf(m, rm.distinct)
		a0 := max(1, m-n0+1) // partner m − a below n0
		if a0 > hi {
			continue
		}
		lo, up := G[a0:hi+1], G[m-hi:m-a0+1]
		seen := findPairs(lo, up, want, msk, set, &left)
		work += int64(seen)
		if left == 0 {
			return work
		}
	}
	for _, v := range missing {
		want[v] = 0
	}
	return work
}

// firstAbove returns the index of the first rare position above p.
func firstAbove(rare []rarePos, p int) int {
	return sort.Search(len(rare), func(i int) bool { return rare[i].p > p })
}

// markRare marks G(r) ⊕ G(m−r) for every rare position r of rs; each
// partner m − r must be a position.
func markRare[T Value](rs []rarePos, G []T, m int, mark []uint32, gen, msk uint32) {
	for _, r := range rs {
		mark[(r.v^uint32(G[m-r.p]))&msk] = gen
	}
}

// findPairs looks at the pairs (lo[i], up[len(up)−1−i]) in order for the
// values v of lo[i] ⊕ up[len(up)−1−i] (masked by msk) with want[v] = 1; it
// clears want[v] and sets v in set for each it finds, counting left down,
// and stops when left reaches 0. It returns the number of pairs looked at.
// want must have at least 256 entries.
func findPairs[T Value](lo, up []T, want []byte, msk uint32, set bitset, left *int) int {
	if lo8, ok := any(lo).([]uint8); ok {
		return findPairs8(lo8, any(up).([]uint8), want, set, left)
	}
	for i, x := range lo {
		// Most pairs hit no missing value: the only branch taken
		// rarely is the one that finds one.
		if v := uint32(x^up[len(up)-1-i]) & msk; want[v] != 0 {
			want[v] = 0
			set[v>>6] |= 1 << (v & 63)
			if *left--; *left == 0 {
				return i + 1
			}
		}
	}
	return len(lo)
}

// findPairs8 is findPairs for one-byte values, eight pairs at a time: one
// 64-bit load from each side (the upper side byte-reversed, as its pairs run
// downwards) gives eight XORs, and one branch on the OR of their eight
// lookups skips the eight when none is wanted, as nearly all are.
func findPairs8(lo, up []uint8, want []byte, set bitset, left *int) int {
	w := (*[256]byte)(want[:256])
	i := 0
	for ; i+8 <= len(lo); i += 8 {
		x := binary.LittleEndian.Uint64(lo[i:])
		y := bits.ReverseBytes64(binary.LittleEndian.Uint64(up[len(up)-8-i:]))
		v := x ^ y
		if w[byte(v)]|w[byte(v>>8)]|w[byte(v>>16)]|w[byte(v>>24)]|
			w[byte(v>>32)]|w[byte(v>>40)]|w[byte(v>>48)]|w[byte(v>>56)] == 0 {
			continue
		}
		for k := range 8 {
			if b := byte(v >> (8 * k)); w[b] != 0 {
				w[b] = 0
				set[b>>6] |= 1 << (b & 63)
				if *left--; *left == 0 {
					return i + k + 1
				}
			}
		}
	}
	for ; i < len(lo); i++ {
		if b := lo[i] ^ up[len(up)-1-i]; w[b] != 0 {
			w[b] = 0
			set[b>>6] |= 1 << (b & 63)
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
// final. It reports false when a rare value above the guess's bound may
// decide, and then n must be guessed again.
func (e *evaluator[T]) settle(n, n0, rare0 int, G []T, g *guess) (uint32, bool) {
	s := e.sparse
	S := &e.opts // holds the leave-no-heap and leave-one-heap options
	if len(*S) < len(g.set) {
		S.grow(len(g.set))
	}
	for w, x := range g.set {
		(*S)[w] |= x
	}
	// Pairs with a part at n0 or above: a rare position up to m − n0 (its
	// partner is at n0 or above), or one at n0 or above.
	for _, rm := range e.leave2 {
		m := n - rm.k
		for _, r := range s.rare[:rare0] {
			b := m - r.p
			if b < n0 {
				break // seen by the guess
			}
			if rm.distinct && r.p == b {
				continue
			}
			S.set(r.v ^ uint32(G[b]))
		}
		for _, r := range s.rare[rare0:] {
			b := m - r.p
			if b < 1 {
				break
			}
			if rm.distinct && r.p == b {
				continue
			}
			S.set(r.v ^ uint32(G[b]))
		}
	}
	// c: the least common value missing, within the words the guess
	// recorded; values from size on are no option, and count as common.
	size := valueSize(e.maxG)
	s.rareWords(len(g.set))
	var c uint32
	found := false
	for w := range g.set {
		rw := s.rareW[w]
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
	// The rare values below c still missing were looked for, up to the
	// bound, in every pair with both parts below n0; look in the others.
	// Above the bound, the guess did not look: guess again.
	sc := &s.own
	missing := sc.missing[:0]
	for w := 0; w <= int(c>>6) && w<<6 < size; w++ {
		for open := s.rareW[w] &^ (*S)[w]; open != 0; open &= open - 1 {
			v := uint32(w<<6 + bits.TrailingZeros64(open))
			if v >= c {
				break
			}
			if v > g.bound {
				return 0, false
			}
			missing = append(missing, v)
		}
	}
	sc.missing = missing
	if len(missing) == 0 {
		return c, true
	}
	sc.start(size)
	want, msk := sc.want, uint32(size-1)
	for _, v := range missing {
		want[v] = 1
	}
	left := len(missing)
	for _, rm := range e.leave2 {
		m := n - rm.k
		hi := min(pairsOf(m, rm.distinct), m-n0) // a ≤ m − n0: partner at n0 or above
		for a := 1; a <= hi && left > 0; a++ {
			if v := uint32(G[a]^G[m-a]) & msk; want[v] != 0 {
				want[v] = 0
				left--
			}
		}
		e.work += int64(max(hi, 0))
	}
	v := c
	for _, x := range missing {
		if want[x] != 0 {
			v = min(v, x)
			want[x] = 0
		}
	}
	return v, true
}
