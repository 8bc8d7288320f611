// Package graphgame computes the values of games played on an explicit
// directed graph: a token on a node, a move along an edge.
//
// On an acyclic graph, GraphValues gives each node its Sprague-Grundy
// value, the mex of its followers', in topological order; it returns a
// *CycleError naming a cycle when there is one. On a graph with cycles a
// game may never end, and LoopyValues gives each node its generalized
// value (sg.Generalized): a number, or ∞(K) with K the finite values of
// its followers, found by the retrograde labelling of C. A. B. Smith
// ("Graphs and composite games", J. Combin. Theory 1, 1966) as A. S.
// Fraenkel and Y. Yesha state it ("The generalized Sprague-Grundy function
// and its invariance under certain mappings", J. Combin. Theory A 43,
// 1986); a value's outcome is P, N or D (a draw), and the value of a sum
// of tokens is sg.Generalized.Plus of theirs. VerifyLoopy checks values
// against the definition, node by node.
//
// Geography is played on an undirected graph, each move to a node (vertex
// geography) or along an edge (edge geography) not used before:
//
//   - vertex geography from v is won by the player to move exactly when v
//     is covered by every maximum matching (Fraenkel, Scheinerman and
//     Ullman, "Undirected edge geography", Theoret. Comput. Sci. 112,
//     1993, for vertices); Geography and GeographyMoves decide it with
//     Edmonds' blossom algorithm, and Hopcroft–Karp on bipartite graphs;
//     GridGeography answers an n×m board in O(1);
//   - edge geography on a bipartite graph is decided by ranks over GF(2)
//     (the same paper): EdgeGeography and EdgeGeographyMoves, one Gaussian
//     elimination a side; a component with an odd cycle by an exact search
//     of at most MaxSearchPositions positions, else an
//     *EdgeGeographyError.
//
// The tests check every engine against the definitions (brute-force
// game-tree searches) on thousands of random graphs.
package graphgame
