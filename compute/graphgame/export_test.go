package graphgame

// LowerSearchPositions lowers the positions bound of edge geography's
// search to n until the test ends.
func LowerSearchPositions(t interface{ Cleanup(func()) }, n int) {
	old := searchPositions
	searchPositions = n
	t.Cleanup(func() { searchPositions = old })
}

// BlossomMatching is a maximum matching of g by Edmonds' blossom
// algorithm alone, bipartite or not.
func BlossomMatching(g *Graph) []int32 {
	m := newMatcher(g)
	m.maximize()
	return m.mate
}

// HopcroftKarpMatching is a maximum matching of the bipartite graph g by
// Hopcroft–Karp, and false when g is not bipartite.
func HopcroftKarpMatching(g *Graph) ([]int32, bool) {
	side, ok := bipartiteSides(g)
	if !ok {
		return nil, false
	}
	return hopcroftKarp(g, side), true
}
