package graphgame

import "context"

// A matcher finds maximum matchings of an undirected graph (a Graph whose
// every edge v → w has its reverse w → v) by Edmonds' blossom algorithm
// (J. Edmonds, "Paths, trees, and flowers", Canad. J. Math. 17 (1965)):
// a breadth-first search for an augmenting path from one exposed vertex,
// contracting each odd cycle (blossom) it meets into its base. A search
// costs O(V + E) plus O(V) a blossom; on a bipartite graph there are none.
//
// Vertices with out[v] set are not in the graph: the matchings are those
// of the graph without them.
type matcher struct {
	g                  *Graph
	mate, parent, base []int32
	used, blossom      []bool
	seen               []uint32 // seen[v] == stamp: v on the walk of lca
	stamp              uint32
	out                []bool
	queue              []int32
}

// newMatcher returns a matcher of g with the empty matching.
func newMatcher(g *Graph) *matcher {
	n := g.Nodes()
	m := &matcher{g: g, mate: make([]int32, n), parent: make([]int32, n), base: make([]int32, n),
		used: make([]bool, n), blossom: make([]bool, n), seen: make([]uint32, n), out: make([]bool, n)}
	for v := range m.mate {
		m.mate[v] = -1
	}
	return m
}

// maximize makes the matching maximum: it augments along a path from each
// exposed vertex in turn (a vertex that has none never gets one later).
func (m *matcher) maximize() {
	for v := range m.mate { // a greedy start saves most searches
		for _, w := range m.g.Successors(v) {
			if m.mate[v] < 0 && m.mate[w] < 0 && int(w) != v && !m.out[v] && !m.out[w] {
				m.mate[v], m.mate[w] = w, int32(v)
			}
		}
	}
	for v := range m.mate {
		if m.mate[v] >= 0 || m.out[v] {
			continue
		}
		if end := m.search(int32(v)); end >= 0 {
			m.augment(end)
		}
	}
}

// maximum makes the matching maximum: on a bipartite graph by
// Hopcroft–Karp (hopcroftKarp, O(E·√V)), else by maximize. The vertices
// out must be none.
func (m *matcher) maximum() {
	if side, ok := bipartiteSides(m.g); ok {
		copy(m.mate, hopcroftKarp(m.g, side))
		return
	}
	m.maximize()
}

// augment flips the matching along the augmenting path that search found,
// ending at end.
func (m *matcher) augment(end int32) {
	for v := end; v >= 0; {
		pv := m.parent[v]
		next := m.mate[pv]
		m.mate[v], m.mate[pv] = pv, v
		v = next
	}
}

// search looks for an augmenting path from the exposed vertex root, and
// returns its other end (the path follows parent and mate back to root),
// or -1 when there is none. It leaves the matching as it is.
func (m *matcher) search(root int32) int32 { return m.searchFrom([]int32{root}) }

// searchFrom is search from every exposed vertex of roots at once, a
// forest of alternating trees. When the matching is maximum, it finds no
// augmenting path, and the even vertices it reaches (used) are those that
// some maximum matching leaves exposed (the set D of the Gallai–Edmonds
// decomposition).
func (m *matcher) searchFrom(roots []int32) int32 {
	for v := range m.parent {
		m.parent[v], m.base[v], m.used[v] = -1, int32(v), false
	}
	m.queue = m.queue[:0]
	for _, r := range roots {
		m.used[r] = true
		m.queue = append(m.queue, r)
	}
	for head := 0; head < len(m.queue); head++ {
		v := m.queue[head]
		for _, w := range m.g.Successors(int(v)) {
			if m.out[w] || m.base[v] == m.base[w] || m.mate[v] == w {
				continue
			}
			if m.mate[w] < 0 && m.used[w] || m.mate[w] >= 0 && m.parent[m.mate[w]] >= 0 {
				m.contract(v, w)
				continue
			}
			if m.parent[w] < 0 {
				m.parent[w] = v
				if m.mate[w] < 0 {
					return w
				}
				m.used[m.mate[w]] = true
				m.queue = append(m.queue, m.mate[w])
			}
		}
	}
	return -1
}

// contract shrinks the blossom that the edge v – w closes (both ends
// even) into its base, and queues its odd vertices, now even.
func (m *matcher) contract(v, w int32) {
	b := m.lca(v, w)
	if b < 0 {
		return
	}
	clear(m.blossom)
	m.markPath(v, b, w)
	m.markPath(w, b, v)
	for u := range m.base {
		if m.blossom[m.base[u]] {
			m.base[u] = b
			if !m.used[u] {
				m.used[u] = true
				m.queue = append(m.queue, int32(u))
			}
		}
	}
}

// lca returns the base of the blossom closed by an edge between a and b:
// the first base their walks to the root share.
func (m *matcher) lca(a, b int32) int32 {
	m.stamp++
	for {
		a = m.base[a]
		m.seen[a] = m.stamp
		if m.mate[a] < 0 {
			break
		}
		a = m.parent[m.mate[a]]
	}
	for {
		b = m.base[b]
		if m.seen[b] == m.stamp {
			return b
		}
		if m.mate[b] < 0 { // another tree's root: an augmenting path, which contract never meets in a maximum matching
			return -1
		}
		b = m.parent[m.mate[b]]
	}
}

// markPath marks the blossoms on the walk from v down to the base b, and
// points the parents of its odd vertices the other way round the cycle,
// child being the vertex the walk came from.
func (m *matcher) markPath(v, b, child int32) {
	for m.base[v] != b {
		m.blossom[m.base[v]], m.blossom[m.base[m.mate[v]]] = true, true
		m.parent[v] = child
		child = m.mate[v]
		v = m.parent[m.mate[v]]
	}
}

// avoidable reports whether some maximum matching of the graph as it
// stands leaves v exposed, the matching being maximum: v is exposed, or
// its mate u can be matched elsewhere in the graph without v (an
// augmenting path from u once v and u are unmatched and v taken out).
func (m *matcher) avoidable(v int32) bool {
	u := m.mate[v]
	if u < 0 {
		return true
	}
	m.mate[v], m.mate[u], m.out[v] = -1, -1, true
	found := m.search(u) >= 0
	m.mate[v], m.mate[u], m.out[v] = u, v, false
	return found
}

// MaximumMatching returns a maximum matching of the undirected graph g
// (every edge given both ways): mate[v] is v's partner, or -1 when v is
// exposed. A bipartite graph is matched by Hopcroft–Karp, another by
// Edmonds' blossom algorithm.
func MaximumMatching(g *Graph) []int32 {
	m := newMatcher(g)
	m.maximum()
	return m.mate
}

// Geography returns who wins undirected vertex geography on g (an
// undirected graph: every edge given both ways, no loop) from each start
// vertex, and a winning move from each won start (-1 from a lost one). A
// token starts on a vertex; a move takes it along an edge to a vertex not
// visited yet; who cannot move loses. The mover wins from v exactly when
// every maximum matching of g covers v (A. S. Fraenkel, E. R. Scheinerman
// and D. Ullman, "Undirected edge geography", Theoret. Comput. Sci. 112
// (1993), the vertex game): then the move along the edge of such a
// matching leaves the opponent at a vertex that a maximum matching of g − v
// leaves exposed (the rest of one of g), from where the mover loses by the
// same rule; else every neighbour u is covered by every maximum matching of
// g − v. So the winning moves from v are to the neighbours that some
// maximum matching of g − v leaves exposed (GeographyMoves), and the move
// Geography returns is v's partner in a maximum matching. It costs a
// maximum matching (on a bipartite graph by Hopcroft–Karp, O(E·√V); else
// an augmenting-path search from each vertex left exposed by a greedy
// start: O(V·(V + E)) at worst) and one search from
// all the exposed vertices at once, whose even vertices are those that
// some maximum matching leaves exposed (Gallai–Edmonds).
func Geography(ctx context.Context, g *Graph) (win []bool, move []int32, err error) {
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	m := newMatcher(g)
	m.maximum()
	var exposed []int32
	for v, w := range m.mate {
		if w < 0 {
			exposed = append(exposed, int32(v))
		}
	}
	if len(exposed) > 0 {
		m.searchFrom(exposed) // marks used the vertices some maximum matching exposes
	}
	n := g.Nodes()
	win, move = make([]bool, n), make([]int32, n)
	for v := range n {
		win[v], move[v] = !m.used[v] || len(exposed) == 0, -1
		if win[v] {
			move[v] = m.mate[v]
		}
	}
	return win, move, ctx.Err()
}

// GeographyMoves returns the winning moves of vertex geography on g from
// the start v (see Geography), none when the mover loses.
func GeographyMoves(g *Graph, v int) []int32 {
	m := newMatcher(g)
	m.maximum()
	if m.avoidable(int32(v)) {
		return nil
	}
	return m.winningMoves(int32(v), false)
}

// winningMoves returns the neighbours u of v that some maximum matching of
// the graph without v leaves exposed (the first only, when first). The
// matching is maximum, and is left as it was.
func (m *matcher) winningMoves(v int32, first bool) []int32 {
	saved := append([]int32(nil), m.mate...)
	m.out[v] = true
	if x := m.mate[v]; x >= 0 {
		m.mate[v], m.mate[x] = -1, -1
		if end := m.search(x); end >= 0 {
			m.augment(end)
		}
	}
	var wins []int32
	for _, u := range m.g.Successors(int(v)) {
		if u != v && m.avoidable(u) {
			if wins = append(wins, u); first {
				break
			}
		}
	}
	copy(m.mate, saved)
	m.out[v] = false
	return wins
}
