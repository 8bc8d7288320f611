package search

import (
	"fmt"
	"math/bits"
)

// NodeKayles is played on the vertices of a graph: a move deletes a
// vertex and its neighbours, and the player who cannot move loses. A
// position is the set of vertices left, a word of at most 64 bits; its
// components are those of the graph the vertices induce.
//
// On a grid the components are also moved to the top left corner and
// turned and reflected to a canonical form, as Cram's are; on any other
// graph a component is its own set of vertices.
type NodeKayles struct {
	N    int
	adj  [64]uint64
	grid *Cram // the layout of a grid graph, or nil
}

// NewNodeKayles returns node Kayles on the graph of n vertices (0..n-1)
// with the given edges.
func NewNodeKayles(n int, edges [][2]int) (*NodeKayles, error) {
	if n < 1 || n > 64 {
		return nil, fmt.Errorf("node kayles: %d vertices; from 1 to 64 are supported", n)
	}
	g := &NodeKayles{N: n}
	for _, e := range edges {
		a, b := e[0], e[1]
		if a < 0 || b < 0 || a >= n || b >= n {
			return nil, fmt.Errorf("node kayles: the edge %d-%d names a vertex outside 0..%d", a, b, n-1)
		}
		if a == b {
			continue // a loop changes nothing: a vertex deletes itself
		}
		g.adj[a] |= 1 << uint(b)
		g.adj[b] |= 1 << uint(a)
	}
	return g, nil
}

// NewNodeKaylesGrid returns node Kayles on the rows×cols grid graph.
func NewNodeKaylesGrid(rows, cols int) (*NodeKayles, error) {
	layout, err := NewCram(rows, cols)
	if err != nil {
		return nil, fmt.Errorf("node kayles: %w", err)
	}
	layout.small = nil
	var edges [][2]int
	for r := 0; r < layout.H; r++ {
		for c := 0; c < layout.W; c++ {
			v := r*layout.W + c
			if c+1 < layout.W {
				edges = append(edges, [2]int{v, v + 1})
			}
			if r+1 < layout.H {
				edges = append(edges, [2]int{v, v + layout.W})
			}
		}
	}
	g, err := NewNodeKayles(layout.W*layout.H, edges)
	if err != nil {
		return nil, err
	}
	g.grid = layout
	return g, nil
}

// Start returns the whole graph.
func (g *NodeKayles) Start() uint64 { return ^uint64(0) >> uint(64-g.N) }

// Size is the number of vertices.
func (g *NodeKayles) Size(c uint64) int { return bits.OnesCount64(c) }

// Moves appends the sets left by deleting each vertex with its neighbours.
func (g *NodeKayles) Moves(c uint64, dst []uint64) []uint64 {
	for rest := c; rest != 0; rest &= rest - 1 {
		v := bits.TrailingZeros64(rest)
		dst = append(dst, c&^(1<<uint(v)|g.adj[v]))
	}
	return dst
}

// Split appends the components of p: one or two vertices are worth 1
// (one move deletes them all), larger ones go in canonical form, equal
// pairs cancelled.
func (g *NodeKayles) Split(p uint64, dst []uint64) ([]uint64, uint8) {
	first := len(dst)
	var x uint8
	for p != 0 {
		comp := p & -p
		frontier := comp
		for frontier != 0 {
			var next uint64
			for f := frontier; f != 0; f &= f - 1 {
				next |= g.adj[bits.TrailingZeros64(f)]
			}
			next &= p &^ comp
			comp |= next
			frontier = next
		}
		p &^= comp
		if bits.OnesCount64(comp) <= 2 {
			x ^= 1
			continue
		}
		k := comp
		if g.grid != nil {
			k = g.gridCanonical(comp)
		}
		dup := false
		for i := first; i < len(dst); i++ {
			if dst[i] == k {
				dst[i] = dst[len(dst)-1]
				dst = dst[:len(dst)-1]
				dup = true
				break
			}
		}
		if !dup {
			dst = append(dst, k)
		}
	}
	return dst, x
}

// gridCanonical moves a component of a grid to the top left corner and
// takes its least image under the grid's symmetries.
func (g *NodeKayles) gridCanonical(c uint64) uint64 {
	l := g.grid
	W := uint(l.W)
	top := uint(l.row[bits.TrailingZeros64(c)])
	bottom := uint(l.row[63-bits.LeadingZeros64(c)])
	var cols uint64
	for r := top; r <= bottom; r++ {
		cols |= c >> (r * W)
	}
	cols &= l.rowMask
	left := uint(bits.TrailingZeros64(cols))
	w := bits.Len64(cols) - int(left)
	k, _ := l.canonical(c>>(top*W+left), int(bottom-top)+1, w, false)
	return k
}

// Closed returns vertex v with its neighbours: what a move at v deletes.
func (g *NodeKayles) Closed(v int) uint64 { return 1<<uint(v) | g.adj[v] }

// Grid returns the layout of a grid graph (row and column of a vertex by
// its Cell method), or nil for another graph.
func (g *NodeKayles) Grid() *Cram { return g.grid }
