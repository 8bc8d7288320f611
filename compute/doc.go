// Package compute is the entrance to sgtab's engines: it takes a game
// (rules.Game) and hands it to the engine of its kind, so that the rest of
// the program asks for a table, an estimate or a check without knowing
// which engine answers.
//
//   - Sequence (and Batch, Each for many games at once) computes a heap
//     game's table: in normal play by package compute/heap, in misère play
//     by package compute/misere.
//   - Estimate, LatticeEstimate: about how long a table takes, beforehand.
//   - Lattice computes a game on a board of points (Wythoff's game and its
//     kin), LatticeMoves lists a point's moves.
//   - Verify and VerifyTable check a stored table, whoever wrote it,
//     against the definition, with the check of its kind.
//
// The engines and what they share live in packages of their own, each
// with its theory and sources in its doc comment:
//
//   - compute/sg: the values, tables, periods, proofs and analyses every
//     engine writes and every reader uses, and the options and errors of
//     the engines.
//   - compute/heap: the normal-play engine of heap games (bitset mex,
//     unions of repeating tails, sparse space, the vector kernels of
//     compute/internal/kernel, the worker pool of compute/internal/pool).
//   - compute/period: finding periods and proving them (the periodicity
//     theorem with its exact window, arithmetic periods, rings, the mirror
//     strategy) and the analysis of a table.
//   - compute/moves: the moves of a heap and the winning moves of a sum, at
//     any heap size where the period is known.
//   - compute/misere: misère play: outcomes, genus, sums of heaps of
//     several games, misère quotients.
//   - compute/classical: the built-in games (Fibonacci Nim, Euclid's game)
//     and the classical theorems that solve games outright.
//   - compute/graphgame: games on a directed graph, with cycles or not,
//     and geography.
//   - compute/script: games written as Starlark programs.
//
// The tests check every engine against an independent brute force written
// from the definitions (compute/internal/brute) and against published
// sequences, and the parallel engines against the serial ones for any
// number of workers.
package compute
