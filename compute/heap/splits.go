package heap

import (
	"math/bits"

	"github.com/sgtab/sgtab/compute/internal/pool"
	"github.com/sgtab/sgtab/compute/sg"
)

// splits2 marks G[a]⊕G[b] for every a+b = m with 1 ≤ a ≤ b (a < b when
// distinct) and returns the number of pairs. Every part is below m, and
// the values of G[1..m-1] are below 2^bits.Len32(maxG) — and so are their
// XORs — so opts is grown once and the loop marks without bounds growth.
// With a pool, long scans are shared among its workers (see pool).
func splits2[T sg.Value](opts *sg.Bitset, G []T, m int, distinct bool, maxG uint32, p *pool.Pool) int64 {
	if m < 2 {
		return 0
	}
	hi := pairsOf(m, distinct)
	words := valueWords(maxG)
	if len(*opts) < words {
		opts.Grow(words)
	}
	if p != nil && hi >= pool.ParallelPairs {
		poolSplits2(p, *opts, G, m, hi, words)
	} else {
		markPairs(*opts, G, m, 1, hi+1, words)
	}
	return int64(hi)
}

// markPairs marks G[a]⊕G[m−a] in o for lo ≤ a < hi; every value is below
// words·64 ≤ len(o)·64.
func markPairs[T sg.Value](o sg.Bitset, G []T, m, lo, hi, words int) {
	left, right := G[lo:hi], G[m-hi+1:m-lo+1]
	n := len(left)
	right = right[:n]
	if words <= maxByteWords {
		// Few distinct values: a read-modify-write of a bitset word
		// serialises on that word, while byte stores do not; mark bytes,
		// then fold them into the bitset. Every value is below
		// len(mark), a power of two, so the mask only drops bounds checks.
		// Four pairs a step, their loads sliced once: a third less time
		// a pair than one pair a step (0.8 ns against 1.2).
		var seen [maxByteWords * 64]byte
		mark := seen[:words*64]
		msk := uint32(len(mark) - 1)
		i := 0
		for ; i+4 <= n; i += 4 {
			l, r := left[i:i+4:i+4], right[n-4-i:n-i:n-i]
			mark[uint32(l[0]^r[3])&msk] = 1
			mark[uint32(l[1]^r[2])&msk] = 1
			mark[uint32(l[2]^r[1])&msk] = 1
			mark[uint32(l[3]^r[0])&msk] = 1
		}
		for ; i < n; i++ {
			mark[uint32(left[i]^right[n-1-i])&msk] = 1
		}
		for w := range words {
			o[w] |= stamped(mark[w<<6:w<<6+64], 1)
		}
		return
	}
	for i, g := range left {
		v := uint32(g ^ right[n-1-i])
		o[v>>6] |= 1 << (v & 63)
	}
}

// maxByteWords bounds the value range, in 64-value words, that splits2
// marks in a byte array rather than straight into the bitset: values below
// 16384, whose 16 KiB of marks stay in the first-level cache. The array is
// cleared and folded once a call, a few microseconds against the marks of
// a heap whose values reach the thousands. Marking 65,536 pairs of random
// values below 8192 takes 1.2 ns a pair in bytes, 2.6 ns in bits.
const maxByteWords = 256

// valueWords returns the number of words a bitset needs to hold every XOR of
// values up to maxG.
func valueWords(maxG uint32) int {
	return max(1, (1<<bits.Len32(maxG))>>6)
}

// splits3 marks G[a]⊕G[b]⊕G[c] for every a+b+c = m with 1 ≤ a ≤ b ≤ c
// (strictly increasing when distinct) and returns the number of triples.
// It walks the triples as triples (moves.go) does, without its callback,
// which costs this inner loop about 2% more instructions.
func splits3[T sg.Value](opts *sg.Bitset, G []T, m int, distinct bool) int64 {
	var n int64
	for a := 1; 3*a <= m; a++ {
		for b := a; a+2*b <= m; b++ {
			c := m - a - b
			if distinct && (a == b || b == c) {
				continue
			}
			opts.Set(uint32(G[a] ^ G[b] ^ G[c]))
			n++
		}
	}
	return n
}

// poolSplits2 marks G[a]⊕G[m−a] for 1 ≤ a ≤ hi in o, the pairs cut into
// one range per worker of p.
func poolSplits2[T sg.Value](p *pool.Pool, o sg.Bitset, G []T, m, hi, words int) {
	for i := range p.Scratch {
		if len(p.Scratch[i]) < words {
			p.Scratch[i] = make(sg.Bitset, words)
		}
		p.Scratch[i] = p.Scratch[i][:words]
		clear(p.Scratch[i])
	}
	p.Run(func(i int) {
		markPairs(p.Scratch[i], G, m, p.Bound(i, hi), p.Bound(i+1, hi), words)
	})
	for i := range p.Scratch {
		for w, x := range p.Scratch[i] {
			o[w] |= x
		}
	}
}
