// Package heap is the normal-play engine of heap games: Sequence computes
// SG(0..n) of a game given by its canonical move table (rules.Rule), and of
// its rings when it starts on one; Verify checks a stored table against the
// definition; Work, Estimate and SparseMayApply say beforehand what a table
// costs. Package compute dispatches to it, and misère games to package
// compute/misere.
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
// The engines say beforehand about how long a computation takes: Estimate
// for a heap game, from Work (the moves the plain engine goes through);
// compute.LatticeEstimate for a lattice game, from LatticeWork (its points, line
// lookups and the words of its lines' value sets, O(W·H·(W+H)/64) for
// Wythoff's game); classical.StateEstimate for a built-in game, from its own count
// (Fibonacci Nim's period search, O(N²); Euclid's memo lookups,
// O(N²·log N)).
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
// in sparse space has each worker guess its own run of a block from the
// values below it, which a sequential pass then settles (see block.go),
// and where the scan applies has each worker scan its own heaps of a block
// alike (scan.go); nor on the kernels.
//
// Once a period is proved, Sequence computes no further and fills the rest
// of the table from it, adding the saltus (and widening the values' storage
// first when they need it). FindRare splits the values into rare and common
// ones (Winning Ways ch. 4, "sparse space"); Checksum compares tables with
// other tools.
//
// # Verification
//
// Verify checks a stored table, whoever wrote it, against the definition:
// each value is the mex of its options, taken from the table's own values,
// so that by induction a table that passes holds its rule's values. Each
// heap size is checked on its own, on every worker; (b) of the mex — every
// smaller value is an option — stops at the first witness, and (a) — the
// value itself is none — costs what computing the value costs, in sparse
// space O(#rare) pairs where the value is common. A period the values prove
// leaves the rest to the period. See verify.go. A misère table, or a
// built-in game's, is computed again and compared by its own package;
// compute.VerifyTable picks the check of a table's kind.
//
// # Files
//
// sequence.go runs Sequence (its options, the widening of values, resume,
// checkpoints and the proofs on the way); evaluator.go finds a heap's
// value from its options, with the unions of a repeating tail; splits.go
// marks the pairs and triples of a split, on the workers of
// compute/internal/pool for a long scan; sparse.go chooses the rare/common
// split, block.go guesses and settles runs of heaps in sparse space,
// scan.go searches a heap's pairs where no split pays, hit.go hands the
// searches to the kernels; gc.go tunes the garbage collector for a large
// table; heapcost.go estimates the work; verifier.go and checker.go check
// stored tables.
package heap
