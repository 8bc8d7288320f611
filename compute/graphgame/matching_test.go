package graphgame_test

import (
	"context"
	"fmt"
	"github.com/sgtab/sgtab/compute/graphgame"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
)

// undirected returns the graph of n vertices with the edges u – w given,
// each both ways.
func undirected(n int, edges [][2]int32) *graphgame.Graph {
	var from, to []int32
	for _, e := range edges {
		from, to = append(from, e[0], e[1]), append(to, e[1], e[0])
	}
	return graphgame.NewGraph(n, from, to)
}

// randomUndirected returns a random simple graph of n vertices, each edge
// present with probability p; bipartite, between the even and the odd
// vertices, when bip.
func randomUndirected(r *rand.Rand, n int, p float64, bip bool) *graphgame.Graph {
	var edges [][2]int32
	for u := range n {
		for w := u + 1; w < n; w++ {
			if (!bip || (u+w)%2 == 1) && r.Float64() < p {
				edges = append(edges, [2]int32{int32(u), int32(w)})
			}
		}
	}
	return undirected(n, edges)
}

// gridGraph returns the n×m grid, vertex (i, j) numbered i·m + j.
func gridGraph(n, m int) *graphgame.Graph {
	var edges [][2]int32
	for i := range n {
		for j := range m {
			v := int32(i*m + j)
			if j+1 < m {
				edges = append(edges, [2]int32{v, v + 1})
			}
			if i+1 < n {
				edges = append(edges, [2]int32{v, v + int32(m)})
			}
		}
	}
	return undirected(n*m, edges)
}

// bruteVertex reports whether the mover wins vertex geography at v with
// the vertices in visited (a bit set, v among them) used up: a game-tree
// search over the visited sets, memoized.
func bruteVertex(g *graphgame.Graph, v int32, visited uint32, memo map[[2]uint32]bool) bool {
	k := [2]uint32{uint32(v), visited}
	if w, ok := memo[k]; ok {
		return w
	}
	win := false
	for _, u := range g.Successors(int(v)) {
		if visited&(1<<u) == 0 && !bruteVertex(g, u, visited|1<<u, memo) {
			win = true
			break
		}
	}
	memo[k] = win
	return win
}

// checkGeography checks Geography and GeographyMoves on g against the
// game-tree searches: who wins from every start, the move Geography
// picks, and the set of winning moves.
func checkGeography(t *testing.T, name string, g *graphgame.Graph) {
	t.Helper()
	win, move, err := graphgame.Geography(context.Background(), g)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	memo := map[[2]uint32]bool{}
	// after returns who wins after the move v → u: the opponent moves.
	after := func(v, u int32) bool { return bruteVertex(g, u, 1<<v|1<<u, memo) }
	for v := range int32(g.Nodes()) {
		var want []int32
		for _, u := range g.Successors(int(v)) {
			if !after(v, u) {
				want = append(want, u)
			}
		}
		if win[v] != (len(want) > 0) {
			t.Fatalf("%s, start %d: wins %v, but the game-tree search says %v", name, v, win[v], len(want) > 0)
		}
		if win[v] && !slices.Contains(want, move[v]) {
			t.Fatalf("%s, start %d: move to %d, not a winning move (those are %v)", name, v, move[v], want)
		}
		if got := graphgame.GeographyMoves(g, int(v)); !slices.Equal(got, want) {
			t.Fatalf("%s, start %d: winning moves %v, want %v", name, v, got, want)
		}
	}
}

// TestGeographyMatchesGameTreeSearch checks vertex geography on random
// graphs of up to 12 vertices (with odd cycles, so blossoms), on random
// bipartite ones, and on every grid of at most 20 squares, against a
// game-tree search over the visited sets.
func TestGeographyMatchesGameTreeSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(1564, 23))
	for trial := range 200 {
		n := 1 + r.IntN(12)
		checkGeography(t, "random", randomUndirected(r, n, []float64{0.2, 0.35, 0.6}[trial%3], trial%4 == 3))
	}
	for n := 1; n <= 20; n++ {
		for m := 1; n*m <= 20; m++ {
			checkGeography(t, fmt.Sprintf("grid %d×%d", n, m), gridGraph(n, m))
		}
	}
}

// TestGridGeographyTheorem checks GridGeography's rule against Geography
// on every board up to 30×30 (the outcome from every square, and that the
// move Geography picks is among the rule's), and its winning moves against
// GeographyMoves on boards up to 8×8 (16×16 with SGTAB_LONG=1).
func TestGridGeographyTheorem(t *testing.T) {
	upTo, movesUpTo := 30, 8
	if os.Getenv("SGTAB_LONG") != "" {
		movesUpTo = 16
	}
	for n := 1; n <= upTo; n++ {
		for m := 1; m <= upTo; m++ {
			g := gridGraph(n, m)
			win, move, err := graphgame.Geography(context.Background(), g)
			if err != nil {
				t.Fatal(err)
			}
			for v := range g.Nodes() {
				i, j := v/m, v%m
				w, moves := graphgame.GridGeography(n, m, i, j)
				var got []int32
				for _, u := range moves {
					got = append(got, int32(u[0]*m+u[1]))
				}
				slices.Sort(got)
				if w != win[v] || w && !slices.Contains(got, move[v]) {
					t.Fatalf("%d×%d board, square %d,%d: the rule says %v with moves %v; Geography %v, moving to %d", n, m, i, j, w, got, win[v], move[v])
				}
				if n <= movesUpTo && m <= movesUpTo {
					if want := graphgame.GeographyMoves(g, v); !slices.Equal(got, want) {
						t.Fatalf("%d×%d board, square %d,%d: the rule's moves %v, Geography's %v", n, m, i, j, got, want)
					}
				}
			}
		}
	}
}

// checkMatching reports what is wrong with mate as a matching of g: a
// pair that is not mutual, or not an edge.
func checkMatching(g *graphgame.Graph, mate []int32) error {
	for v, w := range mate {
		if w >= 0 && (mate[w] != int32(v) || !slices.Contains(g.Successors(v), w)) {
			return fmt.Errorf("%d is matched to %d, whose mate is %d", v, w, mate[w])
		}
	}
	return nil
}

// matched returns how many vertices mate matches.
func matched(mate []int32) int {
	n := 0
	for _, w := range mate {
		if w >= 0 {
			n++
		}
	}
	return n
}

// TestHopcroftKarpMatchesBlossom checks the Hopcroft–Karp matching of
// random bipartite graphs (of up to 60 vertices, sparse and dense) and of
// grids against Edmonds' blossom algorithm: a matching of the graph, of
// the same size; and that it is not used on a graph with an odd cycle.
func TestHopcroftKarpMatchesBlossom(t *testing.T) {
	r := rand.New(rand.NewPCG(1973, 225))
	check := func(name string, g *graphgame.Graph) {
		t.Helper()
		hk, ok := graphgame.HopcroftKarpMatching(g)
		if !ok {
			t.Fatalf("%s: not found bipartite", name)
		}
		if err := checkMatching(g, hk); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got, want := matched(hk), matched(graphgame.BlossomMatching(g)); got != want {
			t.Fatalf("%s: Hopcroft–Karp matches %d vertices, the blossom algorithm %d", name, got, want)
		}
	}
	for trial := range 300 {
		check(fmt.Sprintf("random %d", trial), randomUndirected(r, 1+r.IntN(60), []float64{0.03, 0.08, 0.3}[trial%3], true))
	}
	for n := 1; n <= 12; n++ {
		for m := 1; m <= 12; m++ {
			check(fmt.Sprintf("grid %d×%d", n, m), gridGraph(n, m))
		}
	}
	if _, ok := graphgame.HopcroftKarpMatching(undirected(3, [][2]int32{{0, 1}, {1, 2}, {2, 0}})); ok {
		t.Error("the triangle found bipartite")
	}
}

// BenchmarkMaximumMatchingGrid compares the two maximum-matching engines
// on the 300×300 grid given as an edge list: Edmonds' blossom algorithm
// (greedy start, then a search from each exposed vertex) and
// Hopcroft–Karp (greedy start, then phases of shortest augmenting paths),
// which Geography uses on bipartite graphs. In row order ("rows") the
// greedy start matches every square, and what is left is to see that no
// augmenting path remains; with the squares numbered at random
// ("shuffled", as an edge list in any order names them) it leaves
// thousands exposed.
func BenchmarkMaximumMatchingGrid(b *testing.B) {
	const n = 300
	rows := gridGraph(n, n)
	perm := rand.New(rand.NewPCG(300, 300)).Perm(n * n)
	var edges [][2]int32
	for v := range n * n {
		for _, w := range rows.Successors(v) {
			if int(w) > v {
				edges = append(edges, [2]int32{int32(perm[v]), int32(perm[w])})
			}
		}
	}
	shuffled := undirected(n*n, edges)
	for _, g := range []struct {
		name string
		g    *graphgame.Graph
	}{{"rows", rows}, {"shuffled", shuffled}} {
		b.Run(g.name+"/blossom", func(b *testing.B) {
			for b.Loop() {
				graphgame.BlossomMatching(g.g)
			}
		})
		b.Run(g.name+"/hopcroft-karp", func(b *testing.B) {
			for b.Loop() {
				graphgame.HopcroftKarpMatching(g.g)
			}
		})
	}
}
