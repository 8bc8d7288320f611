// Package sweep computes a whole family of games (a rules.Sweep) into a
// census: one row per game with its period and its standing, and the
// classes of games whose values are equal.
//
//  1. Plan expands the sweep into its games, gives each game's canonical
//     rule (rules.Game.Key) one job, so that games with the same move table
//     are computed once, and keeps the jobs of one shard: those whose rule
//     hashes (FNV-1a, 64 bits) to it modulo the number of shards.
//  2. Run computes the jobs of the plan that its journal does not hold yet,
//     each up to N or until its period is proved (by the rule of sgtab run
//     -heaps auto, ring and misère games too), and appends each result
//     to the journal as it ends (see Journal): a sweep interrupted in any
//     way and run again computes only what is missing.
//  3. Census turns the results into rows, one per game, and gives each game
//     its class (see Classify); Merge joins the censuses of the shards of a
//     sweep into one, checking each against the plan of its shard, with
//     classes across them.
//
// Classes. Two games fall into one class when their values are equal on
// 0 ≤ n < M, with the values of a proved period extended by it; M is the
// sweep's N less the largest shift of its games, the same for every shard.
// A game's values are compared shifted: a game in which a heap of one token
// has no move (and so on up to s tokens) is compared by its values from s
// on, the rule Winning Ways (ch. 4) and Czajka's census use to show that,
// say, 0.07 is 0.137 with one heap size more: G_0.07(n + 1) = G_0.137(n).
// Games are compared with games of the same start and play only, ring games
// by their ring values, extended by their rings' proved period.
//
// Quotients makes a census of another kind: the misère quotient of the
// heaps 1..N of each distinct rule of the plan's games on a line, each
// within CensusQuotientLimits, recorded as verified or as having outgrown a
// bound (QuotientReport says what it found).
package sweep
