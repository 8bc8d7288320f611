package period

import (
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// minRepeats is how many full periods the periodic part of a table must
// hold before FindPeriod reports a period it has only observed; the periodic
// part must also cover at least half of the table and minSpan values. A run
// of equal values at the end of a short table is thus not "period 1".
const (
	minRepeats = 3
	minSpan    = 24
)

// FindPeriod returns the period of G with the smallest length p, and for it
// the smallest preperiod n0, such that
//
//	G(n+p) = G(n) + s   for all n0 ≤ n ≤ N−p   (N = len(G)−1, s ≥ 0)
//
// and the periodic part n0..N holds at least three full periods, at least
// half of the table and at least 24 values. It reports false when no p ≤ (N+1)/3 qualifies.
func FindPeriod[T sg.Value](G []T) (sg.Period, bool) {
	return findPeriod(G, nil, (len(G))/minRepeats, func(p sg.Period) bool { return observable(len(G), p) })
}

// observable reports whether the periodic part of a table of size heaps
// (N+1) is long enough to report p as observed.
func observable(size int, p sg.Period) bool {
	span := size - p.Start
	return span >= minRepeats*p.Length && 2*span >= size && span >= minSpan
}

// findPeriod returns the smallest length p ≤ maxP, with its smallest
// preperiod, that accept approves; with saltus, only periods whose saltus
// it approves are considered (it is asked before the period is scanned).
// Each length p costs a backward scan from the end of G to the first n
// with G(n+p) ≠ G(n) + s.
func findPeriod[T sg.Value](G []T, saltus func(s uint64) bool, maxP int, accept func(sg.Period) bool) (sg.Period, bool) {
	N := len(G) - 1
	for p := 1; p <= min(maxP, N); p++ {
		if G[N] < G[N-p] {
			continue // a saltus is never negative
		}
		s := uint64(G[N] - G[N-p])
		if saltus != nil && !saltus(s) {
			continue
		}
		n := N - p
		for n >= 0 && uint64(G[n+p]) == uint64(G[n])+s {
			n--
		}
		per := sg.Period{Start: n + 1, Length: p, Saltus: uint32(s)}
		if accept(per) {
			return per, true
		}
	}
	return sg.Period{}, false
}

// proofWindow returns the theorem that proves a pure period p of the game
// with rule r once G(n+p) = G(n) holds for every n in its window, or false
// when no theorem applies: the rule must have a largest removal k (no
// repeating tail) and must not require distinct parts. With h the most
// heaps a move may leave and M = max(n0, 1), the table must reach heap
//
//	L = h·M + h·p + k − h   (h ≥ 1),   L = p + k   (h = 0),
//
// so the window is n0 ≤ n < W = L − p + 1 (for h = 2 and n0 ≥ 1,
// W = 2·n0 + p + k − 1: the Guy–Smith theorem, as Czajka states it). A split
// that removes no token (d0) is a removal of k = 0 like any other. See
// doc.go.
func proofWindow(r rules.Rule, p sg.Period) (sg.Proof, bool) {
	k, bounded := r.MaxTake()
	if !bounded || p.Saltus != 0 {
		return sg.Proof{}, false
	}
	for i, d := range r.Digits {
		// Removing no token may only split the heap: leaving it whole,
		// or leaving nothing of it, is no move.
		if d.Distinct != 0 || i == 0 && d.Leave&(rules.Leave0|rules.Leave1) != 0 {
			return sg.Proof{}, false
		}
	}
	h := r.MaxParts()
	last := p.Length + k
	if h >= 1 {
		last = h*max(p.Start, 1) + h*p.Length + k - h
	}
	last = max(last, p.Start+p.Length-1)
	var theorem string
	switch h {
	case 0, 1:
		theorem = "subtraction-game periodicity (no splits)"
	case 2:
		theorem = "Guy–Smith octal periodicity theorem"
	default:
		theorem = "Guy–Smith periodicity theorem for splits into three heaps"
	}
	return sg.Proof{Theorem: theorem, WindowStart: p.Start, WindowEnd: last - p.Length + 1}, true
}

// FirstCheck is the first heap size at which an engine tries to prove
// the values periodic; it tries again at every power of two after it, and
// sooner where the period the table shows would be proved
// (NextProofCheck).
const FirstCheck = 64

// Provable reports whether some theorem can apply to r, so that a period
// of its values may be proved (and the values above the proof filled in
// from it): the periodicity theorems of proofWindow, or for a rule with a
// repeating tail the lifting theorem of proveArith.
func Provable(r rules.Rule) bool {
	_, ok := proofWindow(r, sg.Period{Length: 1})
	return ok || arithRule(r)
}

// prove returns the smallest period of the SG values G of a game with rule
// r that a theorem proves for every n, and the proof, or false when none
// does: a pure period (proofWindow) for a rule with a largest removal, an
// arithmetic one (proveArith) for a rule with a repeating tail.
func Prove[T sg.Value](r rules.Rule, G []T) (sg.Period, sg.Proof, bool) {
	if arithRule(r) {
		return proveArithmetic(r, G)
	}
	return ProvePure(r, G)
}

// ProvePure returns the smallest period of G with no saltus that a
// theorem of proofWindow proves, and the proof, or false when none does.
// Its theorems speak of the values' equality alone, which is why they also
// prove periods of misère outcomes (see misere).
func ProvePure[T sg.Value](r rules.Rule, G []T) (sg.Period, sg.Proof, bool) {
	if _, ok := proofWindow(r, sg.Period{Length: 1}); !ok {
		return sg.Period{}, sg.Proof{}, false
	}
	var proof sg.Proof
	per, ok := findPeriod(G, func(s uint64) bool { return s == 0 }, longestProvable(r, len(G)-1), func(p sg.Period) bool {
		pr, ok := proofWindow(r, p)
		if ok && pr.Need(p) <= len(G)-1 {
			proof = pr
			return true
		}
		return false
	})
	return per, proof, ok
}

// NextProofCheck returns the last heap size that the proof of the period
// the end of values G shows would need, when G already shows a pure period
// p (each value from the period's start on equal to the one p before it,
// over at least p/2 and an eighth of the table) and a theorem of
// proofWindow proves such periods; else 0. It only schedules the next
// search for a proof: the period it sees is proved (or not) by ProvePure
// once the table is that long.
func NextProofCheck[T sg.Value](r rules.Rule, G []T) int {
	if _, ok := proofWindow(r, sg.Period{Length: 1}); !ok {
		return 0
	}
	size, need := len(G), 0
	findPeriod(G, func(s uint64) bool { return s == 0 }, size/2, func(p sg.Period) bool {
		// The values matched their copies a period back at least half
		// a period and an eighth of the table long.
		matched := size - p.Start - p.Length
		if 2*matched < p.Length || 8*matched < size {
			return false
		}
		pr, ok := proofWindow(r, p)
		need = pr.Need(p)
		return ok
	})
	return need
}

// proveArithmetic returns the smallest arithmetic period of G that
// proveArith proves, and the proof, or false when none does. Only lengths
// whose saltus is a power of two and whose window fits the table are
// tried, and at most maxArithTries of them.
func proveArithmetic[T sg.Value](r rules.Rule, G []T) (sg.Period, sg.Proof, bool) {
	var proof sg.Proof
	tries := 0
	pow2 := func(s uint64) bool { return s != 0 && s&(s-1) == 0 }
	per, ok := findPeriod(G, pow2, len(G)/4, func(p sg.Period) bool {
		if tries == maxArithTries || !arithRoom(r, max(p.Start, 1), p.Length, len(G)) {
			return false
		}
		tries++
		pr, ok := proveArith(r, G, p)
		proof = pr
		return ok
	})
	if !ok {
		return sg.Period{}, sg.Proof{}, false
	}
	per, proof = smallestPeriod(G, per, proof)
	return per, proof, true
}

// smallestPeriod restates the proved arithmetic period per of G with the
// least length q dividing p for which G(n+q) = G(n) + s·q/p holds on the
// table from per.Start or earlier, when there is one: per's sequence then
// has that period too. (For n ≥ n0 = per.Start write n = n0 + ρ + p·j:
// the proved form adds s·j to G(n0 + ρ), and G(n0 + ρ + q) is
// G(n0 + ρ) + s·q/p on the table, or, past n0 + p, G(n0 + ρ + q − p) + s.)
// Its preperiod runs back as far as the table shows. The window keeps the
// heap sizes the proof reads.
func smallestPeriod[T sg.Value](G []T, per sg.Period, proof sg.Proof) (sg.Period, sg.Proof) {
	N, p, s := len(G)-1, per.Length, uint64(per.Saltus)
	if N < per.Start+2*p {
		return per, proof
	}
	for q := 1; q < p; q++ {
		if p%q != 0 || s*uint64(q)%uint64(p) != 0 {
			continue
		}
		sq := s * uint64(q) / uint64(p)
		n := N - q
		for n >= 0 && uint64(G[n+q]) == uint64(G[n])+sq {
			n--
		}
		if n+1 <= per.Start {
			short := sg.Period{Start: n + 1, Length: q, Saltus: uint32(sq)}
			return short, sg.Proof{Theorem: proof.Theorem, WindowStart: short.Start, WindowEnd: proof.Need(per) - q + 1}
		}
	}
	return per, proof
}

// proveGame is prove for the table values G of the game g: a misère
// game's values are outcomes, which only ProvePure's theorems speak of.
func proveGame[T sg.Value](g rules.Game, G []T) (sg.Period, sg.Proof, bool) {
	if g.Misere {
		return ProvePure(g.Rule, G)
	}
	return Prove(g.Rule, G)
}

// longestProvable returns the longest period whose proof window, from the
// earliest start, fits a table of heap sizes 0..n, 0 when none does: the
// window grows with the period, so no longer period is worth a scan. A
// rule whose removals reach past the table (a run of 10^9) has none.
func longestProvable(r rules.Rule, n int) int {
	fits := func(p int) bool {
		pr, ok := proofWindow(r, sg.Period{Length: p})
		return ok && pr.Need(sg.Period{Length: p}) <= n
	}
	lo, hi := 0, n // fits(lo) or lo = 0; !fits(hi+1)
	for lo < hi {
		mid := hi - (hi-lo)/2
		if fits(mid) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}
