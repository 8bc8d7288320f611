// Package moves lists the moves of a heap game: every move of a heap or a
// ring (Of, EachOption), and the moves that lead to a position of a given
// value (To, CountTo, EachTo), which is how a winning move is found: in a
// sum whose values XOR to x ≠ 0, the winning moves are those of a heap of
// value v to an option of value v ⊕ x < v.
//
// A heap of 10¹⁸ tokens has about 10¹⁸ moves, too many to go through.
// When the rule's values are periodic from n0 with period p (and saltus
// s), the heaps a move leaves have values that repeat with their size, so
// the moves to a value are counted residue by residue instead of one by
// one; for an arithmetic period (s > 0, Lasker's Nim's), the heaps of
// each value are found from the period's closed form. Work says how many
// steps a listing takes beforehand, so that a caller can refuse one that
// would not end (MaxWork).
//
// The package knows rules and values; it computes no table. The engines
// under compute compute the values, and package compute/misere uses Of
// for misère play, where a sum's outcome is not the XOR of values.
package moves
