// Package graph reads games played on a finite directed graph — a token on
// a node moves along an edge — into a graphgame.Graph with the names of its
// nodes: edge lists in CSV files, and the classic graphs built by name
// (the Calendar game, the boxes of HDU 3389).
package graph

import (
	"fmt"
	"hash/crc32"
	"strconv"

	"github.com/sgtab/sgtab/compute/graphgame"
	"github.com/sgtab/sgtab/rules"
)

// A Named graph is a graphgame.Graph whose nodes have names: integers when
// every name given was one (Ints), strings otherwise (Strings), one per
// node in the order they were first met.
type Named struct {
	*graphgame.Graph
	Strings []string
	Ints    []int64
	// CRC is the CRC-32C of the edge list as read: every edge's two names,
	// each followed by a zero byte, in order.
	CRC uint32

	index map[string]int // node by name, built by the first Lookup
}

// Name returns the name of node v.
func (g *Named) Name(v int) string {
	if g.Ints != nil {
		return strconv.FormatInt(g.Ints[v], 10)
	}
	return g.Strings[v]
}

// Lookup returns the node named name.
func (g *Named) Lookup(name string) (int, bool) {
	if g.index == nil {
		g.index = make(map[string]int, g.Nodes())
		for v := range g.Nodes() {
			g.index[g.Name(v)] = v
		}
	}
	v, ok := g.index[name]
	return v, ok
}

// A builder collects edges by node name.
type builder struct {
	ids      map[string]int32
	names    []string
	from, to []int32
	crc      uint32
}

func newBuilder() *builder { return &builder{ids: map[string]int32{}} }

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// node returns the number of the node named name, adding it if new.
func (b *builder) node(name string) (int32, error) { return intern(b.ids, &b.names, name) }

// intern returns the number of the node named k in ids, adding it, and its
// name to names, if new.
func intern[K comparable](ids map[K]int32, names *[]K, k K) (int32, error) {
	if v, ok := ids[k]; ok {
		return v, nil
	}
	if len(*names) == maxNodes {
		return 0, fmt.Errorf("more than %d nodes", maxNodes)
	}
	v := int32(len(*names))
	ids[k] = v
	*names = append(*names, k)
	return v, nil
}

// edge adds the edge from → to.
func (b *builder) edge(from, to string) error {
	v, err := b.node(from)
	if err != nil {
		return err
	}
	w, err := b.node(to)
	if err != nil {
		return err
	}
	b.from, b.to = append(b.from, v), append(b.to, w)
	b.crc = crc32.Update(b.crc, castagnoli, append([]byte(from), 0))
	b.crc = crc32.Update(b.crc, castagnoli, append([]byte(to), 0))
	return nil
}

// maxNodes bounds the nodes of a graph: node numbers are int32.
const maxNodes = 1<<31 - 1

// graph returns the graph built, its names integers when all are.
func (b *builder) graph() *Named {
	g := &Named{Graph: graphgame.NewGraph(len(b.names), b.from, b.to), CRC: b.crc}
	ints := make([]int64, len(b.names))
	for v, s := range b.names {
		x, err := strconv.ParseInt(s, 10, 64)
		if err != nil || strconv.FormatInt(x, 10) != s { // "007" stays a string
			g.Strings = b.names
			return g
		}
		ints[v] = x
	}
	g.Ints = ints
	return g
}

// An intBuilder collects edges between nodes named by integers.
type intBuilder struct {
	ids      map[int64]int32
	names    []int64
	from, to []int32
	crc      uint32
}

// node returns the number of the node named x, adding it if new.
func (b *intBuilder) node(x int64) (int32, error) { return intern(b.ids, &b.names, x) }

// Load builds the graph spec describes: an edge list read with ReadFile,
// or a built-in graph (a grid's edges go both ways). A game of geography
// takes every other graph as undirected (Undirected).
func Load(spec *rules.GraphSpec) (*Named, error) {
	var g *Named
	var err error
	switch spec.Generate {
	case "calendar":
		g, err = Calendar(spec.From, spec.To)
	case "boxes":
		g, err = Boxes(spec.Boxes)
	case "grid":
		return Grid(spec.Grid[0], spec.Grid[1])
	default:
		g, err = ReadFile(spec.Edges, spec.Nodes)
	}
	if err != nil || spec.Play == "" {
		return g, err
	}
	return Undirected(g)
}
