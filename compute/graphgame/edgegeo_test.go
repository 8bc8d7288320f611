package graphgame_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute/graphgame"
	"github.com/sgtab/sgtab/compute/internal/testenv"
)

// An edgeBrute plays undirected edge geography on a graph from the
// definition: a game-tree search over (the set of used edges, the token's
// vertex), memoized in a map. Edge k is the k-th pair u < w in the order
// of g's adjacency lists; a graph of at most 64 edges.
type edgeBrute struct {
	g    *graphgame.Graph
	id   map[[2]int32]uint // the edge u – w (u < w) → its number
	memo map[[2]uint64]bool
}

// newEdgeBrute numbers the edges of the undirected graph g.
func newEdgeBrute(g *graphgame.Graph) *edgeBrute {
	b := &edgeBrute{g: g, id: map[[2]int32]uint{}, memo: map[[2]uint64]bool{}}
	for v := range int32(g.Nodes()) {
		for _, w := range g.Successors(int(v)) {
			if v < w {
				b.id[[2]int32{v, w}] = uint(len(b.id))
			}
		}
	}
	if len(b.id) > 64 {
		panic("edgeBrute: more than 64 edges")
	}
	return b
}

// edge returns the bit of the edge v – w.
func (b *edgeBrute) edge(v, w int32) uint64 {
	return 1 << b.id[[2]int32{min(v, w), max(v, w)}]
}

// wins reports whether the player to move wins with the token on v, the
// edges in used gone.
func (b *edgeBrute) wins(v int32, used uint64) bool {
	k := [2]uint64{used, uint64(v)}
	if w, ok := b.memo[k]; ok {
		return w
	}
	win := false
	for _, u := range b.g.Successors(int(v)) {
		if e := b.edge(v, u); used&e == 0 && !b.wins(u, used|e) {
			win = true
			break
		}
	}
	b.memo[k] = win
	return win
}

// winningMoves returns the neighbours u of v such that the move along v – u
// leaves the opponent, at u without that edge, a lost game.
func (b *edgeBrute) winningMoves(v int32) []int32 {
	var moves []int32
	for _, u := range b.g.Successors(int(v)) {
		if !b.wins(u, b.edge(v, u)) {
			moves = append(moves, u)
		}
	}
	return moves
}

// rankCriterion decides edge geography from v on the bipartite graph g,
// whose sides side[x] are 0 and 1 (all its vertices below 64), by the rule
// under test, from the definition of rank: with M the biadjacency matrix
// over GF(2) whose rows are the vertices on v's side, the mover wins
// exactly when deleting v's row lowers M's rank.
func rankCriterion(g *graphgame.Graph, side []int, v int) bool {
	var with, without []uint64
	for x := range g.Nodes() {
		if side[x] != side[v] {
			continue
		}
		var row uint64
		for _, w := range g.Successors(x) {
			row |= 1 << w
		}
		with = append(with, row)
		if x != v {
			without = append(without, row)
		}
	}
	return gf2Rank(with) > gf2Rank(without)
}

// gf2Rank returns the rank over GF(2) of the rows, each a bit set, by
// elimination on the lowest set bit.
func gf2Rank(rows []uint64) int {
	var basis []uint64 // each with a distinct lowest bit
	for _, r := range rows {
		for _, b := range basis {
			if r&(b&-b) != 0 {
				r ^= b
			}
		}
		if r != 0 {
			for i, b := range basis { // keep the basis reduced on r's lowest bit
				if b&(r&-r) != 0 {
					basis[i] ^= r
				}
			}
			basis = append(basis, r)
		}
	}
	return len(basis)
}

// twoColour returns the sides (0, 1) of the vertices of g, and false
// when g has an odd cycle.
func twoColour(g *graphgame.Graph) ([]int, bool) {
	side := make([]int, g.Nodes())
	for i := range side {
		side[i] = -1
	}
	for s := range side {
		if side[s] >= 0 {
			continue
		}
		side[s] = 0
		queue := []int{s}
		for len(queue) > 0 {
			x := queue[0]
			queue = queue[1:]
			for _, w := range g.Successors(x) {
				switch {
				case side[w] < 0:
					side[w] = 1 - side[x]
					queue = append(queue, int(w))
				case side[w] == side[x]:
					return nil, false
				}
			}
		}
	}
	return side, true
}

// randomBipartite returns a random simple bipartite graph of k edges (or
// all a·b of them, when fewer) between a vertices on one side (0..a−1) and
// b on the other (a..a+b−1).
func randomBipartite(r *rand.Rand, a, b, k int) *graphgame.Graph {
	var edges [][2]int32
	for _, x := range r.Perm(a * b)[:min(k, a*b)] {
		edges = append(edges, [2]int32{int32(x / b), int32(a + x%b)})
	}
	return undirected(a+b, edges)
}

// TestEdgeGeographyRankCriterion checks, against the game-tree search from
// the definition, the rule for undirected edge geography on bipartite
// graphs that EdgeGeography builds on: the mover wins from v exactly when
// v's row of the biadjacency matrix (rows on v's side) is not in the
// GF(2) span of the other rows. From every start of 5000 random simple
// bipartite graphs of 6 to 14 edges (50000 with SGTAB_LONG=1) and of
// every grid of at most 16 edges.
func TestEdgeGeographyRankCriterion(t *testing.T) {
	trials := 5000
	if testenv.Long {
		trials = 50000
	}
	r := rand.New(rand.NewPCG(1993, 371))
	check := func(name string, g *graphgame.Graph) {
		t.Helper()
		side, ok := twoColour(g)
		if !ok {
			t.Fatalf("%s is not bipartite", name)
		}
		b := newEdgeBrute(g)
		for v := range g.Nodes() {
			if got, want := rankCriterion(g, side, v), b.wins(int32(v), 0); got != want {
				t.Fatalf("%s, start %d: the rank rule says %v, the game-tree search %v", name, v, got, want)
			}
		}
	}
	for trial := range trials {
		g := randomBipartite(r, 2+r.IntN(7), 2+r.IntN(7), 6+r.IntN(9))
		check(fmt.Sprintf("random bipartite graph %d", trial), g)
	}
	for n := 1; n <= 16; n++ {
		for m := 1; n*(m-1)+m*(n-1) <= 16; m++ {
			check(fmt.Sprintf("grid %d×%d", n, m), gridGraph(n, m))
		}
	}
}

// checkEdgeGeography checks EdgeGeography and EdgeGeographyMoves on g
// against the game-tree search from the definition: who wins from every
// start, the move EdgeGeography picks (the lowest winning one), and the
// set of winning moves, each one winning by the search.
func checkEdgeGeography(t *testing.T, name string, g *graphgame.Graph) {
	t.Helper()
	ctx := context.Background()
	win, move, err := graphgame.EdgeGeography(ctx, g)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	b := newEdgeBrute(g)
	for v := range int32(g.Nodes()) {
		want := b.winningMoves(v)
		if win[v] != b.wins(v, 0) || win[v] != (len(want) > 0) {
			t.Fatalf("%s, start %d: wins %v, but the game-tree search says %v", name, v, win[v], b.wins(v, 0))
		}
		if first := int32(-1); win[v] && move[v] != want[0] || !win[v] && move[v] != first {
			t.Fatalf("%s, start %d: move to %d, want %v (the winning moves are %v)", name, v, move[v], want[:min(1, len(want))], want)
		}
		got, err := graphgame.EdgeGeographyMoves(ctx, g, int(v))
		if err != nil || !slices.Equal(got, want) {
			t.Fatalf("%s, start %d: winning moves %v (%v), want %v", name, v, got, err, want)
		}
	}
}

// randomGraphEdges returns a random simple graph of n vertices and k
// edges (or all of them, when fewer).
func randomGraphEdges(r *rand.Rand, n, k int) *graphgame.Graph {
	var all [][2]int32
	for u := range n {
		for w := u + 1; w < n; w++ {
			all = append(all, [2]int32{int32(u), int32(w)})
		}
	}
	r.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	return undirected(n, all[:min(k, len(all))])
}

// TestEdgeGeographyMatchesGameTreeSearch checks EdgeGeography (the rank
// rule on bipartite components, the search on the others) against the
// game-tree search from the definition: random bipartite graphs of up to
// 14 edges, random graphs of up to 14 edges (most with odd cycles, so
// searched), graphs with components of both kinds, and every grid of at
// most 16 edges.
func TestEdgeGeographyMatchesGameTreeSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(112, 1993))
	trials := 400
	if testenv.Long {
		trials = 4000
	}
	for trial := range trials {
		checkEdgeGeography(t, fmt.Sprintf("bipartite graph %d", trial), randomBipartite(r, 1+r.IntN(8), 1+r.IntN(8), r.IntN(15)))
		checkEdgeGeography(t, fmt.Sprintf("graph %d", trial), randomGraphEdges(r, 1+r.IntN(10), r.IntN(15)))
	}
	// A triangle 0 1 2 with a tail 2 – 3, beside a path 4 – 5 – 6 and a
	// lone vertex 7: the triangle is searched, the path ruled.
	checkEdgeGeography(t, "triangle and path", undirected(8, [][2]int32{{0, 1}, {1, 2}, {2, 0}, {2, 3}, {4, 5}, {5, 6}}))
	for n := 1; n <= 16; n++ {
		for m := 1; n*(m-1)+m*(n-1) <= 16; m++ {
			checkEdgeGeography(t, fmt.Sprintf("grid %d×%d", n, m), gridGraph(n, m))
		}
	}
}

// TestEdgeGeographyRefusesLargeOddComponents checks the bounds of the
// search: a component with an odd cycle and more than MaxSearchEdges edges
// (the complete graph on 12 vertices, 66 edges) is refused before any
// search, naming a vertex of it; one whose game outgrows the positions
// bound (lowered here to 1000: K7, 21 edges) stops there; a bipartite
// component beside either is still decided.
func TestEdgeGeographyRefusesLargeOddComponents(t *testing.T) {
	complete := func(n, offset int) [][2]int32 {
		var edges [][2]int32
		for u := range n {
			for w := u + 1; w < n; w++ {
				edges = append(edges, [2]int32{int32(offset + u), int32(offset + w)})
			}
		}
		return edges
	}
	ctx := context.Background()
	path := [][2]int32{{0, 1}, {1, 2}} // 0 – 1 – 2, then the complete graph
	g := undirected(3+12, append(slices.Clone(path), complete(12, 3)...))
	_, _, err := graphgame.EdgeGeography(ctx, g)
	var e *graphgame.EdgeGeographyError
	if !errors.As(err, &e) || e.PositionsBound || e.Edges != 66 || e.Vertex != 3 || !strings.Contains(err.Error(), "more than the 64 edges") {
		t.Fatalf("K12: %v (%+v)", err, e)
	}
	if moves, err := graphgame.EdgeGeographyMoves(ctx, g, 1); err != nil || !slices.Equal(moves, []int32{0, 2}) {
		t.Errorf("the middle of the path beside K12: moves %v, %v; want [0 2] (either end, leaving no edge there)", moves, err)
	}
	graphgame.LowerSearchPositions(t, 1000)
	g = undirected(3+7, append(slices.Clone(path), complete(7, 3)...))
	if _, err := graphgame.EdgeGeographyMoves(ctx, g, 5); !errors.As(err, &e) || !e.PositionsBound || e.Vertex != 5 || !strings.Contains(err.Error(), "more than the 1000 positions") {
		t.Fatalf("K7 with 1000 positions: %v", err)
	}
	if moves, err := graphgame.EdgeGeographyMoves(ctx, g, 0); err != nil || len(moves) != 0 {
		t.Errorf("the end of the path beside K7: moves %v, %v; want none (lost: 0 → 1 → 2)", moves, err)
	}
}
