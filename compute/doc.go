// Package compute computes Sprague-Grundy values of heap games from their
// canonical move table (rules.Rule), and of lattice games, built-in state
// games and games on a graph with engines of their own.
//
// Naming: n is a heap size, G a Grundy sequence indexed by n (G[n] = SG(n)),
// k the number of tokens a move removes, m = n − k what is left.
//
// Each kind of game (rules.Kind) has its engine's functions, which the
// game families call: heap games Sequence (and Batch, Each), Estimate,
// Verify; lattice games Lattice, LatticeEstimate; built-in games State,
// StateEstimate, VerifyState; games on a graph GraphValues, and on a
// graph with cycles LoopyValues and VerifyLoopy; undirected vertex
// geography Geography (maximum matchings, MaximumMatching) and, on a
// board, GridGeography; undirected edge geography EdgeGeography and
// EdgeGeographyMoves (GF(2) ranks on bipartite graphs, an exact search on
// small ones with odd cycles). VerifyTable checks a Table of either kind it may
// hold.
//
// # Graphs with cycles
//
// LoopyValues is the engine of any game given as an explicit graph of
// positions that may have cycles: build a Graph with NewGraph (nodes
// 0..n−1, an edge per move), call LoopyValues, and read each node's
// Generalized value (a number, or ∞(K)), its Outcome (P, N or D), and the
// value of a sum of positions by Plus. VerifyLoopy checks values against
// the definition. On an acyclic graph the values are the SG values.
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
// Each engine says beforehand about how long a computation takes: Estimate
// for a heap game, from Work (the moves the plain engine goes through);
// LatticeEstimate for a lattice game, from LatticeWork (its points, line
// lookups and the words of its lines' value sets, O(W·H·(W+H)/64) for
// Wythoff's game); StateEstimate for a built-in game, from its own count
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
// tail) and no distinct parts; h is the most heaps a move may leave (1 for
// subtraction games, 2 for octal games, 3 for hexadecimal ones) and
// M = max(n0, 1):
//
//	if G(n+p) = G(n) for all n0 ≤ n ≤ L − p,  L = h·M + h·p + k − h
//	(L = p + k when no move leaves a heap), then G(n+p) = G(n) for all n ≥ n0.
//
// For h = 2 this is the periodicity theorem of Guy and Smith (R. K. Guy and
// C. A. B. Smith, "The G-values of various games", Proc. Cambridge Philos.
// Soc. 52 (1956); Winning Ways ch. 4; A. N. Siegel, Combinatorial Game
// Theory, the octal periodicity theorem) with its window made exact: a table
// of N+1 values proves the period when N ≥ 2·max(n0, 1) + 2p + k − 2, the
// condition T. Czajka's octal-game solver checks. The proof, by induction on
// the first heap m not checked (m = L − p + 1 and on): a move from m+p
// removes j ≤ k tokens (j = 0 for a split that removes none, d0) and leaves
// at most h heaps summing to m+p−j, so the largest of them, c, has
// c ≥ ⌈(m+p−k)/h⌉ ≥ M + p. Then c−p ≥ M is a heap at or past n0, and
// G(c) = G(c−p) by induction (c < m+p): replacing c by c−p maps the
// options of m+p onto options of m with the same values. Back, the largest
// part c of an option of m has c ≥ ⌈(m−k)/h⌉ ≥ n0, and adding p to it gives
// an option of m+p with the same value. A move that leaves one heap leaves
// m−j ≥ n0, and m > k rules out taking a whole heap from either. M, not n0:
// with n0 = 0, c−p = 0 would leave no heap where c left one, so that (for
// 0.004: G = 0 0 0 0 0 1 1 …) the last of the values below the window may
// not repeat. Distinct parts break the correspondence (c−p may equal another
// part), and so does a saltus, so neither is proved here. Tests check both
// sides of the boundary, and every proof of the 1024 codes d0.d1d2d3
// (d0 = 0 or 4) against the values computed past it.
//
// # Arithmetic periodicity
//
// A rule with a repeating tail lets a move remove any number of tokens (of
// the tail's residue classes), and its values grow with the heap: Nim,
// 0.(3), has G(n) = n; Lasker's Nim, 4.(3), G(4k+1) = 4k+1,
// G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3. sgtab proves such
// arithmetic periods, G(n+p) = G(n) + s for n ≥ n0, with an argument of its
// own, the lifting theorem below, for rules whose moves leave at most two
// heaps, with no distinct parts, and a saltus that is a power of two,
// s = 2^e. Howse and Nowakowski prove an arithmetic-periodicity theorem
// for finite hexadecimal codes, also with a saltus 2^e (S. Howse and
// R. J. Nowakowski, "Periodicity and arithmetic-periodicity in hexadecimal
// games", Theoret. Comput. Sci. 313 (2004) 463–472); sgtab does not
// apply it: a finite code whose moves leave at most two heaps is never
// arithmetic periodic (D. G. Horrocks and R. J. Nowakowski, "Regularity in
// the G-sequences of octal games with a pass", INTEGERS 3 (2003) G1), and
// finite codes with three-heap splits stay observed, as do rules with a
// tail and three-heap splits or distinct parts.
//
// Write v = s·hi(v) + lo(v) with lo(v) < s. XOR acts on each part alone,
// hi(x ⊕ y) = hi(x) ⊕ hi(y) and lo(x ⊕ y) = lo(x) ⊕ lo(y), and adding s
// adds one to hi and leaves lo: so (x + s) ⊕ y = (x ⊕ y) + s when y < s.
// Let n0 ≥ 1 (a period from 0 holds from 1 too), and let F be the sequence
// with F = G below n0 + p and F(n + p) = F(n) + s for n ≥ n0. Call a move
// liftable when it leaves a heap c ≥ n0 whose partner, the other heap it
// leaves if any, has a value x < s: removing as many tokens from a heap
// p larger and leaving c + p instead is a move too, and its value is
// F(c + p) ⊕ x = (F(c) ⊕ x) + s, s more. The theorem: let n1 ≥ n0; if
//
//	(a) G(n + p) = G(n) + s for n0 ≤ n < n1, so that G = F below n1 + p;
//	(b) for n1 ≤ n < n1 + p, the liftable moves of n have every value in
//	    s..F(n)−1 among them;
//	(c) every heap N ≥ n1 + p has moves of every value below s, and
//	    liftable moves of every value in s..2s−1;
//	(d) F(N) ≥ 2^β for every N ≥ n1 + p, where 2^β exceeds every F(m),
//	    m < n0 + p;
//	(e) no split of a heap N ≥ n1 + p into heaps a ≤ b with b ≥ n0 + p and
//	    F(a) ≥ s has the value F(N);
//
// then G = F: G(n + p) = G(n) + s for every n ≥ n0.
//
// Proof, by induction on N ≥ n1 + p with n = N − p, given G = F below N
// and (b') the liftable moves of n have every value in s..F(n)−1 ((b) for
// n < n1 + p; shown below for N in turn). Every value below F(N) is that of
// a move of N: below 2s by (c); v ≥ 2s has v − s in s..F(n)−1, the value of
// a liftable move of n by (b'), whose lift is a liftable move of N of
// value v. So the liftable moves of N have every value in s..F(N)−1, (b')
// for N. And F(N) is the value of no move of N: a move that leaves a heap
// c ≥ n0 + p whose partner has a value below s is the lift of a move of n
// (leave c − p ≥ n0 instead), of value s less, and F(N) − s = F(n) = G(n)
// is the value of no move of n. Every other move either leaves only heaps
// below n0 + p — its value, a XOR of values below 2^β, is below 2^β ≤ F(N)
// by (d) — or splits into a ≤ b with b ≥ n0 + p and F(a) ≥ s (a heap
// a ≥ n0 + p has F(a) ≥ s), ruled out by (e). So G(N) = mex = F(N). □
//
// proveArith checks each hypothesis on the table, for all heaps at once,
// and leaves the period observed when one fails:
//
//   - (a) and (b) on the values, the latter going through the liftable
//     moves of the p heaps (the heaps a with F(a) < s are all below
//     n0 + p: those at n0 + p and beyond have F(a) ≥ s).
//   - (c) with the moves that leave only heaps below n0 + 2p (every
//     liftable move of a value below 2s is one), which remove at least t
//     tokens (t where the tail starts) once N ≥ t + 2·(n0 + 2p − 1), so
//     that which of them N has depends on N mod r alone, r the tail's
//     period; and with the balanced splits, into a, b ≥ n0 with
//     hi(F(a)) = hi(F(b)), of a value below s, which recur at N + 2p
//     (leave a + p and b + p). One period of lcm(r, 2p) heaps is checked.
//   - (d) by F's residue classes, each growing by s a period.
//   - (e) by residues: F(a) ⊕ F(b) = F(N) needs lo(F(a)) ⊕ lo(F(b)) =
//     lo(F(N)) and δ = hi(F(a)) + hi(F(b)) − hi(F(N)) =
//     2·(hi(F(a)) AND hi(F(b))), an even number ≥ 0 (x ⊕ y = x + y −
//     2·(x AND y)). For a ≥ n0 both depend only on the residues of a and N
//     mod p and on the removal k, for a < n0 + p on a, N's residue and k;
//     δ falls by one as k grows by p, so finitely many k are checked.
//
// n1 is the least heap ≥ n0 past the bounds of (c) and (d), and the proof's
// window is n0 ≤ n < n1: the table must reach n1 + p − 1. For Lasker's Nim
// (n0 = 1, p = s = 4, F(1..4) = 1, 2, 4, 3) that is n1 = 13, a table to 16:
// its takes give every value below F(N) but, at N = 4k + 3, the value
// 4k + 3, which the split into 1 and 4k + 2 gives (liftable: F(1) < 4);
// and every split of N has a lo other than F(N)'s — the classical proof,
// checked by the machine. proveArith tries the smallest few periods whose
// saltus is a power of two (0.355(2), period 9 and saltus 8 from 38, is
// proved with period 36, which then gives the period 9 from the values:
// smallestPeriod). Tests check every proof of the codes d0.(d) and
// d0.d1(d) against the values computed past it, that changing a value of
// Lasker's window or its saltus breaks its proof, and that each hypothesis
// is checked.
//
// # Rings
//
// The ring values of a ring start are periodic where the rows are: a
// ring's options are rows, so the rows' proved period proves the rings'
// (ringStart, in ring.go). The mirror strategy proves rings lost from the
// rule alone, periodic rows or not (RingMirror, in mirror.go): a sum of
// two equal games is lost for the player to move (Tweedledum and
// Tweedledee, Winning Ways), so a row with a move that leaves two equal
// rows — j ≡ m (mod 2) tokens removed from the middle of m ≥ j + 2, by a
// digit that may leave two heaps of any sizes — is won, and so is a row
// taken whole; a ring that cannot be taken whole, whose first moves leave
// one row each (never two: no digit may leave three heaps), every one of
// them won so, is lost. The rows of both parities split evenly from the
// largest of the least even and odd such removals plus 2; below it are
// finitely many exceptions, and a ring is lost when no first move leaves
// one. The first ring from which every ring is lost follows from the
// largest removal taking a ring whole and the largest leaving a row (the
// last of a run, Rule.Until, for removals up to 10^9): the coin rings
// 0.7…7 (k sevens, k ≥ 2) from k + 1. Analyze records that bound
// (RingAnalysis.MirrorFrom), and where the table reaches it and the rows'
// period says nothing, the rings' period 1 with the proof's name. Tests
// check every ring the argument proves lost against a brute force (every
// coin ring with k ≤ 8 to 200, random codes), and that it proves nothing
// outside its hypotheses.
//
// # Classical theorems and observed patterns
//
// Some games are solved outright by a classical theorem, at any size and
// with no table: ClassicalOf recognises them from the canonical rule (not
// the name) — Wythoff's game (a lattice game whose moves are exactly
// Wythoff's, IsWythoff), Euclid's game and Fibonacci Nim (the built-in
// games) — and names the theorem and its source. Their answers are exact
// integer arithmetic, O(1) or O(log n) for any position below 2⁶³:
// Wythoff's theorem (1907) by ⌊kφ⌋ = ⌊(k + ⌊√(5k²)⌋)/2⌋ with a 128-bit
// square root (WythoffLost, WythoffPartner, WythoffWinning); Cole and
// Davie's (1969) by the Euclidean algorithm's steps (EuclidWins,
// EuclidWinning); Whinihan's (1963) by Zeckendorf sums (Zeckendorf,
// FibonacciNimWins, FibonacciNimWinning). A variant of them (another step,
// a step that does not repeat) is another game: its table's pattern is only
// observed, never proved. FindPairs observes it for a lattice game whose lost
// points pair the numbers off, as Wythoff's do (every lattice table carries
// it, LatticeTable.Pairs): the rows the board shows whole, the pairs, whether
// they are Beatty sequences ⌊kα⌋, ⌊kβ⌋ and for which α and β (an interval of
// rationals, and the continued fraction it fixes), and the beams — clusters
// of the ratio b/a — the later pairs lie along.
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
// built-in game's (VerifyState), is computed again and compared;
// VerifyTable picks the check of a table's kind.
//
// # Misère play
//
// In misère play whoever makes the last move loses, and the value of a sum
// is no nim-sum. A misère table holds the outcome of each heap and its
// genus (Conway's g^{γ0γ1…}: Genus, GenusColumns), found from the genera of
// the positions its moves leave: single heaps for games whose moves leave
// one heap (in order of size, genus_line.go), sums of heaps for games that
// split them (by MisereSearch, which answers any position of heaps exactly
// by a memoized search, with the reductions the theory allows, within
// bounds: misere_sum.go). Heaps are classed tame, restive, restless or wild
// (Tameness); sums of tame heaps are answered from their genera.
//
// Once a period is proved, Sequence computes no further and fills the rest
// of the table from it, adding the saltus (and widening the values' storage
// first when they need it). FindRare splits the values into rare and common
// ones (Winning Ways ch. 4, "sparse space"); Checksum compares tables with
// other tools.
//
// # Misère quotients
//
// MisereQuotient finds the misère quotient of a heap game's heaps 1..n
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
//
// # Files
//
// The heap engine: sequence.go runs Sequence (its options, the widening of
// values, resume, checkpoints and the proofs on the way); evaluator.go
// finds a heap's value from its options, with the unions of a repeating
// tail; splits.go marks the pairs and triples of a split, pool.go shares a
// long pair scan among workers; sparse.go chooses the rare/common split,
// block.go guesses and settles runs of heaps in sparse space, scan.go
// searches a heap's pairs where no split pays, hit.go hands the searches to
// the kernels; mex.go holds the bitsets and unions, values.go the values'
// storage, table.go the Table; ring.go ring starts and mirror.go the
// mirror strategy's proof of lost rings, within.go the rule the engine
// steps through (a run within the table), misere.go misère play (with
// genus.go the genus and its arithmetic, genus_line.go the genera of games
// that leave one heap, genus_table.go the genus columns of a table and
// their check, misere_sum.go the search of sums), batch.go Batch and Each.
// The other engines: lattice.go (Lattice),
// state.go with fibonacci.go and euclid.go (the built-in games), graph.go
// (GraphValues), loopy.go (LoopyValues), matching.go and geogrid.go
// (vertex geography), edgegeo.go (edge geography); classical.go recognises the games a classical theorem
// solves, wythoff.go, euclidwin.go and zeckendorf.go answer them, pairs.go
// observes the pattern of a lattice table's lost points. Around them:
// period.go and analysis.go (with parity.go) find and prove periods and
// state the analysis, arith.go and arithcheck.go prove arithmetic ones;
// cost.go estimates the work; moves.go lists a position's moves,
// arithmoves.go those of a heap of an arithmetic period; verify.go,
// verifier.go and checker.go check stored tables; quotient.go (the
// Quotient), quotient_learn.go (its learning), quotient_verify.go (its
// proof) and quotient_present.go (its presentation, tameness) misère
// quotients.
package compute
