package compute

import "github.com/sgtab/sgtab/rules"

// RingRuleForTest is ringRule, for the tests of package compute_test.
var RingRuleForTest = ringRule

// PlainMisereSearch returns a MisereSearch of rs that uses no genus theory:
// only heaps of 0 and *1 are left out of positions, and a position's
// answer is the search's, never the tame rule's.
func PlainMisereSearch(rs []rules.Rule, lim MisereLimits) *MisereSearch {
	s := NewMisereSearch(rs, lim)
	s.plain = true
	return s
}

// HeapsFormed returns how many heaps the search has made canonical.
func (s *MisereSearch) HeapsFormed() int64 { return s.formed }

// LaskerSG is laskerSG, Lasker's Nim's published formula, for the tests of
// package compute_test.
var LaskerSG = laskerSG

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
