// Package compute computes Sprague-Grundy values of heap games from their
// canonical move table (rules.Rule).
//
// Naming: n is a heap size, G a Grundy sequence indexed by n (G[n] = SG(n)),
// k the number of tokens a move removes, m = n − k what is left.
//
// # The values
//
// A position is a sum of heaps, and by the Sprague-Grundy theorem its value is
// the XOR (nim-sum) of the values of its heaps, so a table of single heaps
// answers every position. The value of a heap is the minimum excludant of its
// options' values:
//
//	G(n) = mex( {0 : d_n takes the whole heap}
//	          ∪ {G(n−k) : d_k leaves one heap}
//	          ∪ {G(a) ⊕ G(b) : d_k leaves two heaps, a + b = n − k, a, b ≥ 1}
//	          ∪ {G(a) ⊕ G(b) ⊕ G(c) : d_k leaves three heaps, a + b + c = n − k} )
//
// with a ≠ b (pairwise different parts) where d_k requires distinct parts.
// A ring start adds a column: the value of a circle of n tokens, whose
// options are the rows its first move leaves (see rules.StartRing).
//
// # The engine
//
// Option values are marked in a bitset ([]uint64) and the mex is the first
// zero bit (bits.TrailingZeros64 of the complemented word); clearing costs
// only the words in use. Moves with an explicit removal count k are
// enumerated. Moves of the repeating tail (removal counts t + j + r·i for all
// i ≥ 0, from a code's "(…)" group or take: {min: a}) would cost a loop over
// every k; instead the option values of each remainder m are added once to a
// growing union for m's residue class mod r, and a heap looks up the r
// classes it reaches. Unions keep summary levels of their full words, so the
// mex over a union of n values costs O(log₆₄ n) words where it is dense.
//
// Cost for N heap sizes: O(N·K) for moves that leave at most one heap (K
// explicit removal counts; a tail adds O(r) lookups a heap), O(N²·K/4) for
// two-heap splits (each heap scans its pairs), O(N³·K/12) for three-heap
// splits. Memory: 4 bytes a heap size (8 with a ring column), plus the
// unions of a tail, one bit per value and class.
//
// Results are deterministic: they do not depend on Options.Workers, which
// only runs independent games of a Batch at once.
package compute
