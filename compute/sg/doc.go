// Package sg holds what every engine of sgtab computes and every reader of
// a table uses: the Sprague-Grundy values of a game and what is known of
// them.
//
//   - Values: SG(0..N) packed one, two or four bytes a value, as wide as
//     the largest needs (a table of 10⁹ values below 256 takes 1 GB), and
//     its checksum (Checksum, a Fletcher-style sum the tables record).
//   - Period, Status and Proof: G(n+p) = G(n) + s for n ≥ n0, whether a
//     theorem proves it for every n (Proved) or the table only shows it
//     (Observed), and which theorem and window made the proof.
//   - Analysis: the period, its closed form, the rare and common values
//     (Rare, Split; FindRare, BestSplit) and, for rings, RingAnalysis.
//   - Table: a heap game's values with the above, and for misère play the
//     genus of each heap (Genus, GenusColumns, Tameness: Conway's genus
//     g^{γ0γ1…} and the tame, restive, restless and wild classes of
//     Winning Ways ch. 13), or for a game whose positions repeat the
//     generalized value of each start (Generalized, Outcome: Smith's
//     values a or ∞(K), and the outcomes P, N and D).
//   - LatticeTable: a game's values on a board of points (Wythoff's game
//     and its kin), with the pattern its lost points show when they pair
//     the numbers off (FindPairs: the pairs, whether they are Beatty
//     sequences ⌊kα⌋, ⌊kβ⌋, and the beams they lie along).
//   - Bitset, Union and Mex: the minimum excludant over a set of values,
//     word by word, which every engine's inner loop computes.
//   - Options, VerifyOptions and MisereLimits: what a caller may ask of an
//     engine (workers, memory, budgets); Verification, MismatchError,
//     BudgetError and MisereBoundError: what an engine or a check reports
//     back, so that every engine speaks the same language to the command
//     line.
//
// The package computes no table; the engines (packages heap, misere,
// graphgame, script, classical under compute) do, and package period finds
// and proves periods.
package sg
