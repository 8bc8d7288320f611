package brute

// This file holds a brute force of heap games, written independently from
// the definition of the games: it uses neither the engine's code nor the
// move table that package rules compiles a config to, and
// sequence_brute_test.go checks compute.Sequence against it. Each random
// game is described twice, once as YAML text for rules.Parse and once as
// the list of move families it was generated from; the brute force reads
// only the list.
//
// The brute force has two levels.
//
//   - Multiset level: a position is a multiset of heap sizes (plus, at the
//     start of a ring game, one ring). Its options are enumerated literally
//     from the move families, and its value is the mex of its options' values,
//     memoised by a canonical key. It relies on nothing but the definition of
//     SG values, but the number of positions grows like the partition numbers,
//     so it runs only for small n.
//   - Heap level: by the Sprague-Grundy theorem the value of a sum of heaps is
//     the XOR of the heaps' values, so only single heaps need a value. A heap's
//     options are still enumerated literally (remove k tokens, cut what is left
//     into h non-empty parts in every way), an option's value is the XOR of its
//     parts' values, and a ring's options are the rows its first move leaves.
//     This is fast enough for n ≤ 40.
//
// The two levels are checked against each other where both run, and both
// against published sequences, before the heap level is used as the reference
// for the engine. Every mex here is taken over a map, never a bitset.

import (
	"slices"
	"strconv"
)

// A bruteKind is the kind of a move family.
type bruteKind int

const (
	Code  bruteKind = iota // a take-and-break code "d0.d1d2…"
	Take                   // take: list, {min, max} or {min}, with leave and distinct
	Split                  // split: {parts, distinct}
)

// A Family is one move family of a game, as the brute force understands it.
type Family struct {
	Kind bruteKind

	// bruteCode: digits[k] is d_k (digits[0] is d0); when period > 0 the last
	// period digits repeat for ever, otherwise d_k = 0 beyond the written
	// digits. bang[k] is a "!" after d_k. text is the code as written.
	Digits []uint8
	Bang   []bool
	Period int
	Text   string

	// bruteTake: the removal counts are takeList when it is non-nil, otherwise
	// takeMin..takeMax (takeMax < 0: no upper bound). leave lists the numbers
	// of heaps a move may leave (nil: the default, [0, 1]).
	TakeList         []int
	TakeMin, TakeMax int
	Leave            []int

	// bruteTake and bruteSplit: the parts left must be pairwise different.
	Distinct bool
	// bruteSplit: the number of parts.
	Parts int
}

// A Game is a union of move families, started on a row or on a ring.
type Game struct {
	Families []Family
	Ring     bool
}

// takes reports whether a take family may remove k tokens.
func (f *Family) takes(k int) bool {
	if k < 1 {
		return false
	}
	if f.TakeList != nil {
		return slices.Contains(f.TakeList, k)
	}
	return k >= f.TakeMin && (f.TakeMax < 0 || k <= f.TakeMax)
}

// digit returns d_k of a code family and whether a "!" follows it.
func (f *Family) digit(k int) (uint8, bool) {
	i := k
	if i >= len(f.Digits) {
		if f.Period == 0 {
			return 0, false
		}
		t := len(f.Digits) - f.Period
		i = t + (k-t)%f.Period
	}
	return f.Digits[i], f.Bang[i]
}

// leaves reports whether f lets a move remove k tokens and leave h heaps
// (0 ≤ h ≤ 3), and whether those heaps must then be pairwise different.
// This is "d_k has bit 1<<h" of the code notation, read from the family's own
// terms: for a take family, k is in the take set and h in the leave list; for
// a split family, k = 0 and h is the number of parts.
func (f *Family) leaves(k, h int) (ok, distinct bool) {
	switch f.Kind {
	case Code:
		d, bang := f.digit(k)
		return d>>h&1 == 1, h >= 2 && bang
	case Take:
		leave := f.Leave
		if leave == nil {
			leave = []int{0, 1} // the default: take the whole heap, or leave one
		}
		return f.takes(k) && slices.Contains(leave, h), h >= 2 && f.Distinct
	case Split:
		return k == 0 && h == f.Parts, f.Distinct
	}
	panic("brute: unknown family kind")
}

// brutePartitions calls yield with every way to write m as h ≥ 1 positive parts,
// each once as a non-decreasing slice (strictly increasing when distinct).
// The slice is reused between calls.
func brutePartitions(m, h int, distinct bool, yield func([]int)) {
	parts := make([]int, h)
	var rec func(i, rest, lo int)
	rec = func(i, rest, lo int) {
		if i == h-1 {
			if rest >= lo {
				parts[i] = rest
				yield(parts)
			}
			return
		}
		for p := lo; p*(h-i) <= rest; p++ {
			parts[i] = p
			next := p
			if distinct {
				next = p + 1
			}
			rec(i+1, rest-p, next)
		}
	}
	rec(0, m, 1)
}

// lineMoves calls yield with the heaps left by every move of g on one row of
// n tokens (the same option may come more than once): remove k tokens,
// 0 ≤ k ≤ n, and leave h heaps: h = 0 only when k = n ≥ 1 (the whole heap is
// taken), otherwise h non-empty heaps summing to n−k.
func (g *Game) lineMoves(n int, yield func(parts []int)) {
	for i := range g.Families {
		f := &g.Families[i]
		for k := 0; k <= n; k++ {
			for h := 0; h <= 3; h++ {
				ok, distinct := f.leaves(k, h)
				switch {
				case !ok:
				case h == 0:
					if k == n && k >= 1 {
						yield(nil)
					}
				case k == 0 && h == 1:
					// Not a move (d0 has no bit 2); the generator never makes it.
					panic("brute: a move that removes nothing and leaves one heap")
				default:
					brutePartitions(n-k, h, distinct, yield)
				}
			}
		}
	}
}

// ringMoves calls yield with the rows left by every first move of g on a ring
// of n tokens. Removing k contiguous tokens, 0 ≤ k < n, leaves one row of n−k
// when d_k has bit 2 or bit 4 (for k = 0: bit 4 cuts the ring open), or two
// rows a+b = n−k when d_k has bit 8 (pairwise different if flagged); removing
// all n ≥ 1 tokens needs bit 1 of d_n.
func (g *Game) ringMoves(n int, yield func(rows []int)) {
	for i := range g.Families {
		f := &g.Families[i]
		for k := 0; k < n; k++ {
			one, _ := f.leaves(k, 1)
			two, _ := f.leaves(k, 2)
			if one || two {
				yield([]int{n - k})
			}
			if ok, distinct := f.leaves(k, 3); ok {
				brutePartitions(n-k, 2, distinct, yield)
			}
		}
		if ok, _ := f.leaves(n, 0); ok && n >= 1 {
			yield(nil)
		}
	}
}

// LeavesThree reports whether some family of g may leave three heaps.
func (g *Game) LeavesThree() bool {
	for i := range g.Families {
		f := &g.Families[i]
		switch f.Kind {
		case Code:
			if slices.ContainsFunc(f.Digits, func(d uint8) bool { return d&8 != 0 }) {
				return true
			}
		case Take:
			if slices.Contains(f.Leave, 3) {
				return true
			}
		case Split:
			if f.Parts == 3 {
				return true
			}
		}
	}
	return false
}

// bruteMex returns the least value not in seen.
func bruteMex(seen map[uint32]bool) uint32 {
	v := uint32(0)
	for seen[v] {
		v++
	}
	return v
}

// HeapValues returns SG(0..n) of single rows, at the heap level: an option's
// value is the XOR of the values of the heaps it leaves.
func (g *Game) HeapValues(n int) []uint32 {
	G := make([]uint32, n+1) // the memo, one value per heap size
	for m := range n + 1 {
		seen := map[uint32]bool{}
		g.lineMoves(m, func(parts []int) {
			x := uint32(0)
			for _, p := range parts {
				x ^= G[p] // p < m: a move removes a token or leaves ≥ 2 heaps
			}
			seen[x] = true
		})
		G[m] = bruteMex(seen)
	}
	return G
}

// RingValues returns SG of a ring of 0..len(G)-1 tokens, given the row values
// G: an option's value is the XOR of the values of the rows it leaves.
func (g *Game) RingValues(G []uint32) []uint32 {
	R := make([]uint32, len(G))
	for m := range G {
		seen := map[uint32]bool{}
		g.ringMoves(m, func(rows []int) {
			x := uint32(0)
			for _, p := range rows {
				x ^= G[p]
			}
			seen[x] = true
		})
		R[m] = bruteMex(seen)
	}
	return R
}

// A bruteMultiset computes SG values of positions that are multisets of
// rows, with no theory beyond the definition: an option replaces one heap by
// the heaps a move leaves, and a position's value is the mex of its options'.
type bruteMultiset struct {
	g    *Game
	memo map[string]uint32
}

func NewMultiset(g *Game) *bruteMultiset {
	return &bruteMultiset{g: g, memo: map[string]uint32{}}
}

// multisetKey returns the canonical key of a sorted multiset of heap sizes (< 256).
func multisetKey(heaps []int) string {
	b := make([]byte, len(heaps))
	for i, h := range heaps {
		b[i] = byte(h)
	}
	return string(b)
}

// value returns SG of the position made of the rows heaps (sorted, ≥ 1 each).
func (s *bruteMultiset) Value(heaps []int) uint32 {
	k := multisetKey(heaps)
	if v, ok := s.memo[k]; ok {
		return v
	}
	seen := map[uint32]bool{}
	for i, n := range heaps {
		if i > 0 && heaps[i-1] == n {
			continue // the same moves as on the equal heap before it
		}
		rest := slices.Delete(slices.Clone(heaps), i, i+1)
		s.g.lineMoves(n, func(parts []int) {
			next := append(slices.Clone(rest), parts...)
			slices.Sort(next)
			seen[s.Value(next)] = true
		})
	}
	v := bruteMex(seen)
	s.memo[k] = v
	return v
}

// Row returns the position of one row of n tokens (no heap when n = 0).
func Row(n int) []int {
	if n == 0 {
		return nil
	}
	return []int{n}
}

// RingValue returns SG of a ring of n tokens: the mex of the values of the
// positions (multisets of rows) its first moves leave.
func (s *bruteMultiset) RingValue(n int) uint32 {
	seen := map[uint32]bool{}
	s.g.ringMoves(n, func(rows []int) {
		next := slices.Clone(rows)
		slices.Sort(next)
		seen[s.Value(next)] = true
	})
	return bruteMex(seen)
}

// ParseCode reads a code such as "0.1(37)" or "4!.0" into a family, for the
// known-answer tests. It trusts its input.
func ParseCode(s string) Family {
	f := Family{Kind: Code, Text: s}
	group := -1
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '.', ')':
		case '(':
			group = len(f.Digits)
		case '!':
			f.Bang[len(f.Bang)-1] = true
		default:
			d, err := strconv.ParseUint(string(c), 16, 8)
			if err != nil {
				panic("brute: bad code " + s)
			}
			f.Digits = append(f.Digits, uint8(d))
			f.Bang = append(f.Bang, false)
		}
	}
	if group >= 0 {
		f.Period = len(f.Digits) - group
	}
	return f
}

// CodeGame returns the line game of one code.
func CodeGame(code string) *Game {
	return &Game{Families: []Family{ParseCode(code)}}
}

// MultisetN bounds the heap sizes the multiset level runs for: the number
// of positions below a heap of n is the sum of the partition numbers p(0..n).
const MultisetN = 14
