package rules

import (
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"strings"
)

// A sweep is measured before it is expanded, by arithmetic alone, and the
// arithmetic saturates: a count that would pass math.MaxInt64 is
// math.MaxInt64 (see addCount, mulCount), so that no pattern, however
// long, wraps around below the limits.

// Count returns the number of codes of the pattern, at most
// math.MaxInt64.
func (c CodePattern) Count() int64 {
	n := int64(1)
	for _, d := range c.Digits {
		n = mulCount(n, int64(bits.OnesCount16(d)))
	}
	return n
}

// digits returns the digits of the rules of the pattern's codes, in all,
// at most math.MaxInt64: each code's rule has at most one digit per
// position of the pattern.
func (c CodePattern) digits() int64 {
	return mulCount(c.Count(), int64(len(c.Digits)))
}

// Count returns the number of sets of the family, at most math.MaxInt64.
func (f SubtractionFamily) Count() int64 {
	var n int64
	for k := f.MinSize; k <= f.MaxSize && n < math.MaxInt64; k++ {
		n = addCount(n, binomial(f.To-f.From+1, k))
	}
	return n
}

// digits returns the digits of the rules of the family's sets, in all, at
// most math.MaxInt64. A set whose largest count is m has a rule of m + 1
// digits, and of the k-sets of {from..to} (L = to − from + 1 counts),
// C(m − from, k − 1) have the largest count m; summed over m (j = m − from),
//
//	Σ_j C(j, k−1)·(j + from + 1) = k·C(L, k+1) + (k + from)·C(L, k),
//
// by the hockey-stick identity and j·C(j, k−1) = k·C(j, k) + (k−1)·C(j, k−1).
func (f SubtractionFamily) digits() int64 {
	l := f.To - f.From + 1
	var n int64
	for k := f.MinSize; k <= f.MaxSize && n < math.MaxInt64; k++ {
		n = addCount(n, mulCount(int64(k), binomial(l, k+1)))
		n = addCount(n, mulCount(int64(k+f.From), binomial(l, k)))
	}
	return n
}

// binomial returns C(n, k), exactly, or math.MaxInt64 when it is larger.
// It takes at most min(k, n − k) steps, fewer when the value saturates:
// C(n, i) grows with i up to n/2, so once past the limit it stays past it.
func binomial(n, k int) int64 {
	if k < 0 || k > n {
		return 0
	}
	k = min(k, n-k)
	r := uint64(1)
	for i := range k {
		// r·(n − i)/(i + 1) is C(n, i + 1), a whole number.
		hi, lo := bits.Mul64(r, uint64(n-i))
		if hi >= uint64(i+1) {
			return math.MaxInt64 // the quotient needs more than 64 bits
		}
		r, _ = bits.Div64(hi, lo, uint64(i+1))
		if r > math.MaxInt64 {
			return math.MaxInt64
		}
	}
	return int64(r)
}

// addCount returns a + b, or math.MaxInt64 when that is larger; a and b
// must be ≥ 0.
func addCount(a, b int64) int64 {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}

// mulCount returns a·b, or math.MaxInt64 when that is larger; a and b
// must be ≥ 0.
func mulCount(a, b int64) int64 {
	if hi, lo := bits.Mul64(uint64(a), uint64(b)); hi != 0 || lo > math.MaxInt64 {
		return math.MaxInt64
	}
	return a * b
}

// Count returns the number of games the sweep expands to, before games of
// the same name are merged and misère games on a ring start left out, at most
// math.MaxInt64.
func (s *Sweep) Count() int64 {
	n, _ := s.size()
	return n
}

// size returns the number of games the sweep expands to (as Count) and
// the digits of their rules in all, each at most math.MaxInt64.
func (s *Sweep) size() (games, digits int64) {
	for _, c := range s.Codes {
		games = addCount(games, c.Count())
		digits = addCount(digits, c.digits())
	}
	for _, f := range s.Subtraction {
		games = addCount(games, f.Count())
		digits = addCount(digits, f.digits())
	}
	cross := int64(len(s.Starts) * len(s.Plays))
	games, digits = mulCount(games, cross), mulCount(digits, cross)
	for _, g := range s.Listed {
		digits = addCount(digits, int64(len(g.Rule.Digits)))
	}
	return addCount(games, int64(len(s.Listed))), digits
}

// checkSize refuses a sweep of more than MaxSweepGames games or
// MaxSweepDigits digits of rules, counted before anything is expanded.
func (s *Sweep) checkSize() error {
	games, digits := s.size()
	switch {
	case games > MaxSweepGames:
		return fmt.Errorf("expands to %s games, more than %d; split it into several sweeps", countText(games), MaxSweepGames)
	case digits > MaxSweepDigits:
		return fmt.Errorf("the rules of its games hold %s digits in all, more than %d (a subtraction set's rule holds a digit for each count up to its largest); split it into several sweeps",
			countText(digits), MaxSweepDigits)
	}
	return nil
}

// countText writes a count; math.MaxInt64, which stands for any larger
// one (the counts saturate), as "more than 10^18".
func countText(n int64) string {
	if n == math.MaxInt64 {
		return "more than 10^18"
	}
	return strconv.FormatInt(n, 10)
}

// A SweepGame is one game of a sweep, and what generated it: "codes
// 0.***", "subtraction 1..12, size 1..4", or "listed".
type SweepGame struct {
	Game
	Family string
}

// Games returns the games of the sweep, in a fixed order: the codes of each
// pattern in increasing order, the sets of each subtraction family in
// increasing order of size, then lexicographically, each crossed with the
// starts and plays; then the listed games. Each generated game is named
// after what generated it ("0.137", "0.137-ring", "s1-3-4-misere"), and
// games of the same name are one game. A misère variant of a ring start
// is left out; skipped counts them.
func (s *Sweep) Games() (games []SweepGame, skipped int, err error) {
	if err := s.checkSize(); err != nil {
		return nil, 0, fmt.Errorf("%s:%d: sweep: %w", s.File, s.Line, err)
	}
	seen := map[string]bool{}
	add := func(name, family string, r Rule) {
		for _, start := range s.Starts {
			for _, misere := range s.Plays {
				if misere && !misereComputed(r, start) {
					skipped++
					continue
				}
				g := Game{Name: name, Rule: r, Start: start, Misere: misere, Heaps: s.Heaps,
					Config: s.Config, File: s.File, Line: s.Line}
				if start == StartRing {
					g.Name += "-ring"
				}
				if misere {
					g.Name += "-misere"
				}
				if !seen[g.Name] {
					seen[g.Name] = true
					games = append(games, SweepGame{g, family})
				}
			}
		}
	}
	for _, c := range s.Codes {
		err := c.each(func(code string) error {
			r, err := ParseCode(code, c.Base)
			if err != nil {
				return fmt.Errorf("%s:%d: sweep: codes: %q gives %q: %w", s.File, s.Line, c.Text, code, err)
			}
			add(code, "codes "+c.Text, r)
			return nil
		})
		if err != nil {
			return nil, 0, err
		}
	}
	for _, f := range s.Subtraction {
		d := takeDigit(f.Leave, f.Distinct)
		f.each(func(set []int) {
			names := make([]string, len(set))
			for i, k := range set {
				names[i] = strconv.Itoa(k)
			}
			add("s"+strings.Join(names, "-")+f.suffix(), f.String(), takeRule(set, d))
		})
	}
	for _, g := range s.Listed {
		if seen[g.Name] {
			return nil, 0, fmt.Errorf("%s:%d:%d: name: the game %q is also a game the sweep generates; rename it", g.File, g.Line, max(g.Col, 1), g.Name)
		}
		seen[g.Name] = true
		if s.Heaps > 0 {
			g.Heaps = s.Heaps
		}
		games = append(games, SweepGame{g, "listed"})
	}
	return games, skipped, nil
}

// each calls fn with every set of the family, by size, then in
// lexicographic order.
func (f SubtractionFamily) each(fn func(set []int)) {
	for size := f.MinSize; size <= f.MaxSize; size++ {
		set := make([]int, size)
		var rec func(i, from int)
		rec = func(i, from int) {
			if i == size {
				fn(set)
				return
			}
			for k := from; k <= f.To-(size-1-i); k++ {
				set[i] = k
				rec(i+1, k+1)
			}
		}
		rec(0, f.From)
	}
}
