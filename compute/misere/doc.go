// Package misere computes misère play of heap games, in which whoever
// makes the last move loses: the outcome of each heap and its genus
// (Sequence, HeapGenus), the outcome and winning moves of any sum of heaps
// of several games (Search), and the misère quotient of a game's heaps
// (QuotientOf, VerifyQuotient). A sum's misère outcome is no nim-sum of
// values, so none of this follows from the normal-play tables; it is
// computed here from the moves (package compute/moves) with the theory's
// reductions, and checked against a brute force from the definition in the
// tests.
//
// # Misère play
//
// In misère play whoever makes the last move loses, and the value of a sum
// is no nim-sum. A misère table holds the outcome of each heap and its
// genus (Conway's g^{γ0γ1…}: Genus, GenusColumns), found from the genera of
// the positions its moves leave: single heaps for games whose moves leave
// one heap (in order of size, genus_line.go; Sequence), sums of heaps for games that
// split them (by Search, which answers any position of heaps exactly
// by a memoized search, with the reductions the theory allows, within
// bounds: misere_sum.go). Heaps are classed tame, restive, restless or wild
// (Tameness); sums of tame heaps are answered from their genera.
//
// # Misère quotients
//
// QuotientOf finds the misère quotient of a heap game's heaps 1..n
// (Plambeck and Siegel, "Misère quotients for impartial games", JCTA 2008):
// the commutative monoid of the positions of those heaps modulo
// indistinguishability, its P-portion and pretending function, heap bound
// by heap bound. Each is built from the one below (quotient_extend.go: the
// new heap as an old element, or as a new cyclic generator, with heaps
// freed at each position a candidate misjudges, in the way of Siegel's
// MisereSolver), or failing that learnt from exact outcomes as the least
// commutative automaton telling apart the positions found to differ
// (quotient_learn.go); every candidate is proved as VerifyQuotient proves:
// a search over the heaps, each up to its index plus period of copies, for
// the least position where the P-portion breaks the rule of misère
// outcomes, whose absence proves every outcome by induction.
// Quotient.Tame tells misère Nim's quotients from the others.
package misere
