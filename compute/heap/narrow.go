package heap

import "github.com/sgtab/sgtab/compute/sg"

// The witness search of a guess (guessLane) looks at the pairs (a, m−a)
// from a = foldPairs+1 on, a few thousand of them in Grundy's game: small
// parts a and partners just below m. Where every value of both is below 256,
// as almost every value of Grundy's game is (287 is its largest to 2³²),
// the search runs on one-byte copies of them: a block of pairs holds twice
// as many pairs, and the kernels look them up in a set of 256 bits. The
// copies are the first positions (low) and the latest positions below the
// block being guessed (recent, a window of them); a search goes on in the
// table itself past the pairs the copies cover.

// narrowLow is the number of first positions copied, and narrowWindow the
// number of latest ones a block's window holds at least: a search past
// them goes on in the table. (Variables for the tests.)
var (
	narrowLow    = 1 << 16
	narrowWindow = 1 << 16
)

// A narrow holds byte copies of values for the witness searches of the
// guesses from the positions below n0. low holds G[0:len(low)], every
// value below 256; recent holds G[base:n0] (the slice ends at n0), and
// every position in [from, n0) has a value below 256. A narrow a block
// took is never written again: the engine's copies grow past it, or are
// made anew, so that the workers may read it while the settling goes on.
type narrow struct {
	low    []uint8
	recent []uint8
	base   int
	from   int
}

// narrowing keeps the engine's byte copies (sparse.nar) up to date.
type narrowing struct {
	nar    narrow
	buf    []uint8 // recent's array: position p at buf[p−base]
	top    int     // positions below top are copied into buf
	lowEnd int     // low is complete: the first position of value 256 or more, or narrowLow
}

// narrowTo brings the byte copies up to the positions below n0, all final,
// and returns them. It copies only values of tables wider than a byte.
func narrowTo[T sg.Value](nw *narrowing, n0 int, G []T) narrow {
	var zero T
	if any(zero) == any(uint8(0)) {
		return narrow{}
	}
	if len(nw.nar.low) < min(n0, nw.lowEnd) || nw.lowEnd == 0 {
		if nw.lowEnd == 0 {
			nw.lowEnd = narrowLow
		}
		for p := len(nw.nar.low); p < min(n0, nw.lowEnd); p++ {
			v := uint32(G[p])
			if v >= 256 {
				nw.lowEnd = p
				break
			}
			nw.nar.low = append(nw.nar.low, uint8(v))
		}
	}
	if nw.top > n0 || nw.top < n0-narrowWindow {
		// Far behind or past n0 (a new evaluator's first block): start
		// the window afresh.
		nw.top = max(0, n0-narrowWindow)
		nw.nar.base, nw.nar.from = nw.top, nw.top
		nw.buf = nil
	}
	if need := n0 - nw.nar.base; need > len(nw.buf) {
		// A new array, with the last narrowWindow positions: blocks in
		// flight keep reading the old one.
		keep := max(nw.nar.base, n0-narrowWindow)
		buf := make([]uint8, 4*narrowWindow+n0-keep)
		copy(buf, nw.buf[keep-nw.nar.base:nw.top-nw.nar.base])
		nw.buf, nw.nar.base = buf, keep
		nw.nar.from = max(nw.nar.from, keep)
	}
	for p := nw.top; p < n0; p++ {
		v := uint32(G[p])
		if v >= 256 {
			nw.nar.from = p + 1
			v = 0
		}
		nw.buf[p-nw.nar.base] = uint8(v)
	}
	nw.top = n0
	nw.nar.recent = nw.buf[:n0-nw.nar.base]
	return nw.nar
}

// searchNarrow looks at the pairs (a, m−a) for a from a0 on, in order, in
// the byte copies of nar, for the values want holds (all below 256), as
// findPairs does; it stops where the copies end (or at hi), and returns
// the number of pairs looked at.
func searchNarrow(nar *narrow, m, a0, hi int, want, set sg.Bitset, left *int) int {
	for _, w := range want[4:] {
		if w != 0 {
			return 0 // a value of 256 or more: no pair of bytes holds it
		}
	}
	// Parts a below len(low); partners m−a in [from, n0).
	end := min(hi+1, len(nar.low), m-nar.from+1)
	if end-a0 < 64 || m-a0 >= nar.base+len(nar.recent) {
		return 0
	}
	lo := nar.low[a0:end]
	up := nar.recent[m-end+1-nar.base : m-a0+1-nar.base]
	return findPairs(lo, up, want, set, left)
}
