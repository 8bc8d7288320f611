package graphgame

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// A Graph is a finite directed graph whose nodes are positions of a game
// and whose edges are its moves: a token on node v may move to any w with
// an edge v → w. Nodes are 0..N−1; the successors of v are
// Succ[Start[v]:Start[v+1]], sorted, each once.
type Graph struct {
	Start []int64
	Succ  []int32
}

// Nodes returns the number of nodes.
func (g *Graph) Nodes() int { return len(g.Start) - 1 }

// Edges returns the number of edges.
func (g *Graph) Edges() int64 { return g.Start[len(g.Start)-1] }

// Successors returns the successors of v.
func (g *Graph) Successors(v int) []int32 { return g.Succ[g.Start[v]:g.Start[v+1]] }

// NewGraph builds the graph of n nodes with the edges from[i] → to[i]:
// duplicate edges count once. Every node must be below n.
func NewGraph(n int, from, to []int32) *Graph {
	g := &Graph{Start: make([]int64, n+1)}
	for _, v := range from {
		g.Start[v+1]++
	}
	for v := range n {
		g.Start[v+1] += g.Start[v]
	}
	g.Succ = make([]int32, len(from))
	next := slices.Clone(g.Start[:n])
	for i, v := range from {
		g.Succ[next[v]] = to[i]
		next[v]++
	}
	// Sort each node's successors and drop the duplicates, in place.
	w := int64(0)
	for v := range n {
		s := g.Succ[g.Start[v]:g.Start[v+1]]
		slices.Sort(s)
		s = slices.Compact(s)
		g.Start[v] = w
		w += int64(copy(g.Succ[w:], s))
	}
	g.Start[n] = w
	g.Succ = slices.Clip(g.Succ[:w])
	return g
}

// Reverse returns the graph of g's edges reversed: the successors of v in
// it are v's predecessors in g, in increasing order.
func (g *Graph) Reverse() *Graph {
	n := g.Nodes()
	pred := &Graph{Start: make([]int64, n+1)}
	for _, w := range g.Succ {
		pred.Start[w+1]++
	}
	for v := range n {
		pred.Start[v+1] += pred.Start[v]
	}
	pred.Succ = make([]int32, len(g.Succ))
	next := slices.Clone(pred.Start[:n])
	for v := range n {
		for _, w := range g.Successors(v) {
			pred.Succ[next[w]] = int32(v)
			next[w]++
		}
	}
	return pred
}

// A CycleError says that a graph has a cycle, and names one: Nodes[0] →
// Nodes[1] → … → Nodes[len−1] → Nodes[0]. Games on graphs with cycles
// (loopy games) have positions that SG values do not describe.
type CycleError struct {
	Nodes []int
	// Name, when not nil, names a node in Error's message.
	Name func(v int) string
	// Parts says that the cycle goes through a position's parts (a
	// scripted game's): a sum that is part of itself.
	Parts bool
}

// cycleEnds is how many nodes Error names at each end of a long cycle, and
// cycleName how many bytes of a node's name it shows.
const (
	cycleEnds = 4
	cycleName = 64
)

// Error names the nodes of the cycle in order, back to the first, on one
// line of bounded length: a cycle of more than 2·cycleEnds nodes by its
// first and last few (with its length), each name cut to cycleName bytes.
func (e *CycleError) Error() string {
	name := func(v int) string {
		if e.Name == nil {
			return fmt.Sprint(v)
		}
		s := e.Name(v)
		if len(s) <= cycleName {
			return s
		}
		cut := cycleName
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		return s[:cut] + "…"
	}
	var parts []string
	what := "a cycle"
	for i, v := range e.Nodes {
		if len(e.Nodes) > 2*cycleEnds && i >= cycleEnds && i < len(e.Nodes)-cycleEnds {
			if i == cycleEnds {
				parts = append(parts, "…")
				what = fmt.Sprintf("a cycle of %d nodes", len(e.Nodes))
			}
			continue
		}
		parts = append(parts, name(v))
	}
	parts = append(parts, name(e.Nodes[0]))
	if e.Parts {
		return fmt.Sprintf("the graph has %s, %s, through a position's parts: a sum that is part of itself, which no value describes (a sum of games must be well founded)", what, strings.Join(parts, " → "))
	}
	return fmt.Sprintf("the graph has %s, %s: its game may never end, and has no SG values (LoopyValues gives its generalized ones)", what, strings.Join(parts, " → "))
}

// GraphValues returns the SG value of every node of g: the mex of its
// successors' values. It visits the nodes in reverse topological order
// (Kahn's algorithm, on the predecessors: a node is ready once every
// successor has its value), with no recursion, so that chains of any
// length cost no stack. A graph with a cycle returns a *CycleError naming
// one. It returns ctx.Err() when ctx is cancelled first.
func GraphValues(ctx context.Context, g *Graph) ([]uint32, error) {
	n := g.Nodes()
	left := make([]int32, n) // successors without a value yet
	for v := range n {
		left[v] = int32(g.Start[v+1] - g.Start[v])
	}
	pred := g.Reverse()

	sg := make([]uint32, n)
	ready := make([]int32, 0, 1024) // a stack: any order of ready nodes will do
	for v := range n {
		if left[v] == 0 {
			ready = append(ready, int32(v))
		}
	}
	// seen[x] == stamp when a successor of the node at hand has value x;
	// a node of d successors has a value at most d.
	var seen []uint32
	stamp := uint32(0)
	done := 0
	for len(ready) > 0 {
		v := ready[len(ready)-1]
		ready = ready[:len(ready)-1]
		succ := g.Successors(int(v))
		if len(seen) <= len(succ) {
			seen = make([]uint32, 2*len(succ)+1)
			stamp = 0
		}
		stamp++
		for _, w := range succ {
			if x := sg[w]; int(x) < len(seen) {
				seen[x] = stamp
			}
		}
		m := uint32(0)
		for seen[m] == stamp {
			m++
		}
		sg[v] = m
		for _, u := range pred.Successors(int(v)) {
			if left[u]--; left[u] == 0 {
				ready = append(ready, u)
			}
		}
		if done++; done%(1<<20) == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
	}
	if done < n {
		return nil, &CycleError{Nodes: findCycle(g, left)}
	}
	return sg, nil
}

// findCycle returns a cycle among the nodes v with left[v] > 0, the nodes
// that Kahn's algorithm could not finish: each has a successor among them,
// so a walk along such successors must come back to a node it met.
func findCycle(g *Graph, left []int32) []int {
	start := slices.IndexFunc(left, func(x int32) bool { return x > 0 })
	at := map[int]int{} // node → its index on the walk
	var walk []int
	for v := start; ; {
		if i, ok := at[v]; ok {
			return walk[i:]
		}
		at[v] = len(walk)
		walk = append(walk, v)
		for _, w := range g.Successors(v) {
			if left[w] > 0 {
				v = int(w)
				break
			}
		}
	}
}

// A GraphTable holds the SG value of every node of a game on a graph, with
// the nodes' names: Ints when every name is an integer, Strings otherwise.
type GraphTable struct {
	Game    rules.Game
	Ints    []int64
	Strings []string
	G       sg.Values
	// Loopy, when not nil, holds every node's generalized SG value: the
	// graph has cycles (LoopyValues). G then holds the finite values, and
	// 0 for a node of value ∞.
	Loopy []sg.Generalized
	// Moves, when not nil, holds a winning move from every node of a game
	// of geography (whose G holds outcomes): the node to move to, or -1
	// from a node the player to move loses from.
	Moves []int32
	// Edges is the number of the graph's edges (each once), EdgesCRC the
	// CRC-32C of its edge list as read.
	Edges    int64
	EdgesCRC uint32
	Elapsed  time.Duration
	Created  time.Time
}

// Nodes returns the number of nodes.
func (t *GraphTable) Nodes() int { return t.G.Len() }

// Name returns the name of node v.
func (t *GraphTable) Name(v int) string {
	if t.Ints != nil {
		return strconv.FormatInt(t.Ints[v], 10)
	}
	return t.Strings[v]
}
