package compute_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/sgtab/sgtab/compute"
)

// An edgeBrute plays undirected edge geography on a graph from the
// definition: a game-tree search over (the set of used edges, the token's
// vertex), memoized in a map. Edge k is the k-th pair u < w in the order
// of g's adjacency lists; a graph of at most 64 edges.
type edgeBrute struct {
	g    *compute.Graph
	id   map[[2]int32]uint // the edge u – w (u < w) → its number
	memo map[[2]uint64]bool
}

// newEdgeBrute numbers the edges of the undirected graph g.
func newEdgeBrute(g *compute.Graph) *edgeBrute {
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
func rankCriterion(g *compute.Graph, side []int, v int) bool {
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
func twoColour(g *compute.Graph) ([]int, bool) {
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
func randomBipartite(r *rand.Rand, a, b, k int) *compute.Graph {
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
	if compute.LongTests {
		trials = 50000
	}
	r := rand.New(rand.NewPCG(1993, 371))
	check := func(name string, g *compute.Graph) {
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
