// Package period finds the periods of a sequence of Sprague-Grundy values
// and proves them for every heap size where a theorem allows: Analyze and
// Observe return a table's analysis (period, proof, closed form, rare
// values), Prove and ProvePure turn a finite check into a proof, and
// ProofWindow and NextProofCheck say how much of a table a proof needs, so
// that an engine stops computing as soon as one holds.
//
// The package reads values and rules; it computes no table. The engines
// under compute ask it for proofs while they compute.
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
// (ringStart, in ring.go; ProveRing). The mirror strategy proves rings lost from the
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
package period
