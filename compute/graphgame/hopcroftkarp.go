package graphgame

// hopcroftKarp returns a maximum matching of the bipartite graph g (every
// edge given both ways), side[v] being v's side (0 or 1): mate[v] is v's
// partner, or -1. J. E. Hopcroft and R. M. Karp, "An n^{5/2} algorithm
// for maximum matchings in bipartite graphs", SIAM J. Comput. 2 (1973):
// each phase layers the graph by a breadth-first search from the exposed
// vertices of side 0, then augments along a maximal set of vertex-disjoint
// shortest augmenting paths (depth-first, with an explicit stack); O(√V)
// phases of O(V + E) each, after a greedy start.
func hopcroftKarp(g *Graph, side []int8) []int32 {
	h := &hkState{g: g, side: side, mate: make([]int32, g.Nodes()), dist: make([]int32, g.Nodes()), next: make([]int64, g.Nodes())}
	for v := range h.mate {
		h.mate[v] = -1
	}
	for v := range h.mate { // a greedy start saves most phases
		for _, w := range g.Successors(v) {
			if side[v] == 0 && h.mate[v] < 0 && h.mate[w] < 0 {
				h.mate[v], h.mate[w] = w, int32(v)
			}
		}
	}
	for h.layer() {
		for v := range h.mate {
			if side[v] == 0 && h.mate[v] < 0 {
				h.augmentFrom(int32(v))
			}
		}
	}
	return h.mate
}

// hkState is the state of Hopcroft–Karp: the matching, each side-0
// vertex's layer (-1: none), the next edge each one's search tries, and
// the layer at which the shortest augmenting paths end.
type hkState struct {
	g     *Graph
	side  []int8
	mate  []int32
	dist  []int32
	next  []int64 // v → the index in g.Succ of the next edge to try
	limit int32
	queue []int32
	stack []int32 // the side-0 vertices of the path being searched
	via   []int32 // via[i]: the side-1 vertex through which stack[i] was reached
}

// layer numbers the side-0 vertices by their distance from the exposed
// ones along alternating paths, up to the first layer with an edge to an
// exposed side-1 vertex, and reports whether there is such a layer (an
// augmenting path).
func (h *hkState) layer() bool {
	h.queue, h.limit = h.queue[:0], -1
	for v := range h.mate {
		h.dist[v], h.next[v] = -1, h.g.Start[v]
		if h.side[v] == 0 && h.mate[v] < 0 {
			h.dist[v] = 0
			h.queue = append(h.queue, int32(v))
		}
	}
	for head := 0; head < len(h.queue); head++ {
		v := h.queue[head]
		if h.limit >= 0 && h.dist[v] >= h.limit {
			break
		}
		for _, w := range h.g.Successors(int(v)) {
			switch x := h.mate[w]; {
			case x < 0:
				if h.limit < 0 {
					h.limit = h.dist[v]
				}
			case h.dist[x] < 0:
				h.dist[x] = h.dist[v] + 1
				h.queue = append(h.queue, x)
			}
		}
	}
	return h.limit >= 0
}

// augmentFrom searches, depth-first along the layers, for a shortest
// augmenting path from the exposed side-0 vertex root, and flips the
// matching along it when found. A vertex whose edges are all tried leaves
// the layers: no later path of the phase goes through it.
func (h *hkState) augmentFrom(root int32) {
	h.stack, h.via = append(h.stack[:0], root), append(h.via[:0], -1)
	for len(h.stack) > 0 {
		top := len(h.stack) - 1
		v := h.stack[top]
		if h.next[v] == h.g.Start[v+1] {
			h.dist[v] = -1
			h.stack, h.via = h.stack[:top], h.via[:top]
			continue
		}
		w := h.g.Succ[h.next[v]]
		h.next[v]++
		switch x := h.mate[w]; {
		case x < 0 && h.dist[v] == h.limit:
			for i := top; i >= 0; i-- { // flip the path, w then each via
				l := h.stack[i]
				h.mate[l], h.mate[w] = w, l
				w = h.via[i]
			}
			return
		case x >= 0 && h.dist[x] == h.dist[v]+1:
			h.stack, h.via = append(h.stack, x), append(h.via, w)
		}
	}
}

// bipartiteSides returns the side (0 or 1) of each vertex of g, found by
// breadth-first search, and false when g has an odd cycle.
func bipartiteSides(g *Graph) ([]int8, bool) {
	side := make([]int8, g.Nodes())
	for v := range side {
		side[v] = -1
	}
	var queue []int32
	for s := range int32(len(side)) {
		if side[s] >= 0 {
			continue
		}
		side[s] = 0
		queue = append(queue[:0], s)
		for head := 0; head < len(queue); head++ {
			v := queue[head]
			for _, w := range g.Successors(int(v)) {
				if side[w] < 0 {
					side[w] = 1 - side[v]
					queue = append(queue, w)
				} else if side[w] == side[v] {
					return nil, false
				}
			}
		}
	}
	return side, true
}
