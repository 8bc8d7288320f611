package search

import (
	"context"
	"sync"
)

// A Young diagram of at most r rows of at most c cookies is a path of r
// steps up and c steps right, and such paths are numbered 0 ..
// C(r+c, r) − 1 by the combinatorial number system: the k-th step up
// (k = 1..r, from the bottom row) at place l + k − 1 of the path, l the
// length of its row, adds C(l+k−1, k). A table of one byte a diagram,
// indexed so, holds the nimber of every diagram of the box; each is found
// by the definition from its children's, once, with no hashing: Chomp
// does not split, so a table of the whole box is the fastest way to the
// nimber of a rectangle (8×10: 43,758 diagrams, 1.5 million moves, in
// 24 ms on one core of this project's machines, where the search took 47).

// chompBox is the table of nimbers of the diagrams of a rows×cols box.
type chompBox struct {
	rows  int
	binom [32][17]uint32 // binom[n][k] = C(n, k)
	nim   []uint8        // by rank; unknown marks a diagram not yet found
	mu    sync.Mutex     // held while the table is filled
}

const unknownNimber = 0xff

// maxBoxDiagrams bounds the diagrams of a box that is tabulated: one
// byte each. Larger boxes are searched with a transposition table.
const maxBoxDiagrams = 1 << 26

// newChompBox returns the table of a rows×cols box, or nil when it has
// more than maxBoxDiagrams diagrams.
func newChompBox(rows, cols int) *chompBox {
	b := &chompBox{rows: rows}
	for n := range b.binom {
		b.binom[n][0] = 1
		for k := 1; k <= min(n, 16); k++ {
			b.binom[n][k] = b.binom[n-1][k-1]
			if k < n {
				b.binom[n][k] += b.binom[n-1][k]
			}
		}
	}
	size := uint64(b.binom[rows+cols][rows])
	if size > maxBoxDiagrams {
		return nil
	}
	b.nim = make([]uint8, size)
	for i := range b.nim {
		b.nim[i] = unknownNimber
	}
	return b
}

// rank returns the number of diagram p in the box.
func (b *chompBox) rank(p uint64) uint32 {
	var r uint32
	for k := b.rows; k >= 1; k-- {
		l := int(p & 15)
		r += b.binom[l+k-1][k]
		p >>= 4
	}
	return r
}

// fits reports whether diagram p lies in the box.
func (b *chompBox) fits(g *Chomp, p uint64) bool {
	return p>>(4*uint(b.rows)) == 0 && int(p&15) <= g.Cols
}

// nimber returns the nimber of diagram p of the box, filling the table
// with those of every diagram it reaches, and counts the diagrams
// examined in *nodes; it stops with false once ctx is done.
func (b *chompBox) nimber(ctx context.Context, g *Chomp, p uint64, nodes *int64) (uint8, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	var buf []uint64
	stopped := false
	var walk func(p uint64) uint8
	walk = func(p uint64) uint8 {
		*nodes++
		r := b.rank(p)
		if v := b.nim[r]; v != unknownNimber {
			return v
		}
		if *nodes&(1<<16-1) == 0 && ctx.Err() != nil {
			stopped = true
		}
		if stopped {
			return 0
		}
		bm := len(buf)
		buf = g.Moves(p, buf)
		var seen Set
		for i := bm; i < len(buf); i++ {
			seen.Add(walk(buf[i]))
		}
		buf = buf[:bm]
		if stopped {
			return 0
		}
		v, _ := seen.Not().Min()
		b.nim[r] = v
		return v
	}
	v := walk(p)
	return v, !stopped
}
