// Package search finds the nimber of one large position of an impartial
// game, where the positions it can reach are far too many to tabulate:
// Cram on a 5×8 board, Chomp on a rectangle, node Kayles on a graph.
//
// The game must fall apart into independent components (a Game): the
// nimber of a position is the XOR of its components' nimbers, by the
// Sprague-Grundy theorem, so the search is over components only, each
// in a canonical form that its symmetries share.
//
// # The search
//
// The nimber of a component is the least value none of its children
// has (the mex). Finding it exactly asks for every child's nimber; the
// search asks less. It tries the values 0, 1, 2, ... for the root in
// turn and asks each child only whether its nimber is the value tried.
// A child answers by the method of Beling and Rogalski [1]: it keeps the
// values its own mex can still take, and asks each of its children
// whether its nimber lies among those values (the largest left out, and
// none above what was asked): a yes removes that value, a no removes the
// largest, which then cannot be the mex unless it lies above the
// question. As soon as no value asked about can still be the mex the
// answer is no, without looking at the remaining children. A child that
// is a sum has the nimbers of all its parts but the biggest found
// exactly, and the biggest asked about the values XORed with theirs.
//
// Is asks the root the same kind of question: only whether a position's
// nimber is a given value, which is what a winning move needs (a move to
// a position of nimber 0).
//
// Children whose parts the table knows are settled first (enhanced
// transposition cut-offs); the rest are examined smallest first, where
// a search is cheapest and most likely to answer.
//
// # The table
//
// A Table keeps exact nimbers and, for components whose search ended in
// a no, the small values they are proved not to have, which answer the
// same question next time at once and narrow the values a new search of
// the component must consider. Its memory is bounded (Options.TableBytes);
// it starts small and doubles while there is room. Save returns what it
// knows of its largest components, the facts that cost most, and Restore
// puts them into another table: a search stopped midway and started again
// with them goes on from about where it stopped.
//
// # Workers
//
// With several workers the children of the root component are shared
// out for each value tried, all reading and writing one table, odd
// workers from the end of the list and even ones from its start (far
// apart, two children share little of their subtrees); when one finds a
// child with that value the others stop, and a worker with nothing left
// asks about the next value meanwhile. The nimber found does not depend
// on the number of workers.
//
// # Games
//
// Cram (dominoes on a board), Chomp (Young diagrams) and node Kayles
// (graphs, with the symmetries of a grid) are in this package. Cram
// comes with the reductions that keep its search small: dead cells,
// tufts and bridges, and links that no move needs, which can split a
// component; symmetric components with no self-symmetric domino are 0
// by the mirror strategy; and the nimbers of parts that fit a small box
// come from a table built by the definition. Chomp does not split and
// its nimbers are large: it is searched by the definition (Exact), each
// position found once.
//
// [1] P. Beling, M. Rogalski, On pruning search trees of impartial games,
// Artificial Intelligence 283 (2020) 103262,
// doi:10.1016/j.artint.2020.103262.
package search
