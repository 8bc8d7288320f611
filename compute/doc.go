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
// splits. Memory: one byte a heap size while every value is below 256, two
// below 65536, four beyond (see Values; twice that with a ring column), plus
// the unions of a tail, one bit per value and class. The engine is generic in
// the width: when a value outgrows it, the table is widened and the engine
// starts again at that heap size with its state rebuilt from the values.
//
// Two-heap splits with explicit removal counts use sparse space where the
// values split into rare and common ones (see sparse.go): every common
// option value comes from a pair with a rare position, so a heap costs
// O(#rare) pairs plus a short search for the rare values below its mex,
// instead of O(n). Heaps are guessed in runs of 32 consecutive heaps, which
// share each load of partners among their marks (block.go). Where no mask
// makes rare values few enough for that to pay, a heap marks its first
// pairs and searches the rest for the values still missing (scan.go). Both
// searches run on the kernels of compute/internal/kernel: AVX-512 assembly
// that skips 32 or 64 pairs holding none of the values sought in a few
// instructions, or its pure-Go twin ($SGTAB_KERNEL=go, or another CPU).
// Options.Plain turns all of it off.
//
// Results are deterministic: they do not depend on Options.Workers, which
// runs independent games of a Batch at once, shares the pair scan of a
// large heap among workers (each marks its own bitset; the bitsets are ORed),
// and in sparse space has each worker guess its own run of a block from
// the values below it, which a sequential pass then settles (see block.go);
// nor on the kernels.
//
// # Periodicity
//
// FindPeriod looks for the smallest period p, and for it the smallest
// preperiod n0, with
//
//	G(n+p) = G(n) + s   for all n0 ≤ n ≤ N − p
//
// (s = 0: pure periodicity; s > 0: arithmetic periodicity, s the saltus). It
// reports a period it has only observed when the periodic part n0..N holds at
// least three periods, at least 24 values and at least half of the table.
//
// A period is proved when a theorem turns the finite check into a proof for
// every n. sgtab uses one, for rules with a largest removal k (no repeating
// tail), no split without removal (d0 = 0) and no distinct parts; h is the
// most heaps a move may leave (1 for subtraction games, 2 for octal games, 3
// for hexadecimal ones):
//
//	if G(n+p) = G(n) for all n0 ≤ n < W,  W = max(h·n0 + (h−1)·p + k, k + 1),
//	then G(n+p) = G(n) for all n ≥ n0.
//
// For h = 2 this is the periodicity theorem of Guy and Smith (R. K. Guy and
// C. A. B. Smith, "The G-values of various games", Proc. Cambridge Philos.
// Soc. 52 (1956); Winning Ways ch. 4; A. N. Siegel, Combinatorial Game
// Theory, the octal periodicity theorem), whose window is n0 ≤ n < 2n0 + p + k.
// The proof, by induction on n ≥ W: a move from n+p removes j ≤ k tokens and
// leaves at most h heaps summing to n+p−j, so the largest of them, c, has
// c ≥ (n+p−k)/h ≥ n0 + p, and G(c) = G(c−p) by induction; replacing c by
// c−p maps the options of n+p onto those of n with the same values (and back,
// adding p to the largest part), while n > k rules out taking a whole heap
// from either. With h = 1 the window is a run of k values after n0
// (k + 1 when n0 = 0). Distinct parts break the correspondence (c−p may equal
// another part), and so does a saltus, so neither is proved. A table of N+1
// values proves the period when W − 1 + p ≤ N; tests check both sides of
// that boundary.
//
// Once a period is proved, Sequence computes no further and fills the rest
// of the table from it. FindRare splits the values into rare and common
// ones (Winning Ways ch. 4, "sparse space"); Checksum compares tables with
// other tools.
package compute
