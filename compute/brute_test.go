package compute_test

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
	"testing"
)

// A bruteKind is the kind of a move family.
type bruteKind int

const (
	bruteCode  bruteKind = iota // a take-and-break code "d0.d1d2…"
	bruteTake                   // take: list, {min, max} or {min}, with leave and distinct
	bruteSplit                  // split: {parts, distinct}
)

// A bruteFamily is one move family of a game, as the brute force understands it.
type bruteFamily struct {
	kind bruteKind

	// bruteCode: digits[k] is d_k (digits[0] is d0); when period > 0 the last
	// period digits repeat for ever, otherwise d_k = 0 beyond the written
	// digits. bang[k] is a "!" after d_k. text is the code as written.
	digits []uint8
	bang   []bool
	period int
	text   string

	// bruteTake: the removal counts are takeList when it is non-nil, otherwise
	// takeMin..takeMax (takeMax < 0: no upper bound). leave lists the numbers
	// of heaps a move may leave (nil: the default, [0, 1]).
	takeList         []int
	takeMin, takeMax int
	leave            []int

	// bruteTake and bruteSplit: the parts left must be pairwise different.
	distinct bool
	// bruteSplit: the number of parts.
	parts int
}

// A bruteGame is a union of move families, started on a row or on a ring.
type bruteGame struct {
	families []bruteFamily
	ring     bool
}

// takes reports whether a take family may remove k tokens.
func (f *bruteFamily) takes(k int) bool {
	if k < 1 {
		return false
	}
	if f.takeList != nil {
		return slices.Contains(f.takeList, k)
	}
	return k >= f.takeMin && (f.takeMax < 0 || k <= f.takeMax)
}

// digit returns d_k of a code family and whether a "!" follows it.
func (f *bruteFamily) digit(k int) (uint8, bool) {
	i := k
	if i >= len(f.digits) {
		if f.period == 0 {
			return 0, false
		}
		t := len(f.digits) - f.period
		i = t + (k-t)%f.period
	}
	return f.digits[i], f.bang[i]
}

// leaves reports whether f lets a move remove k tokens and leave h heaps
// (0 ≤ h ≤ 3), and whether those heaps must then be pairwise different.
// This is "d_k has bit 1<<h" of the code notation, read from the family's own
// terms: for a take family, k is in the take set and h in the leave list; for
// a split family, k = 0 and h is the number of parts.
func (f *bruteFamily) leaves(k, h int) (ok, distinct bool) {
	switch f.kind {
	case bruteCode:
		d, bang := f.digit(k)
		return d>>h&1 == 1, h >= 2 && bang
	case bruteTake:
		leave := f.leave
		if leave == nil {
			leave = []int{0, 1} // the default: take the whole heap, or leave one
		}
		return f.takes(k) && slices.Contains(leave, h), h >= 2 && f.distinct
	case bruteSplit:
		return k == 0 && h == f.parts, f.distinct
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
func (g *bruteGame) lineMoves(n int, yield func(parts []int)) {
	for i := range g.families {
		f := &g.families[i]
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
func (g *bruteGame) ringMoves(n int, yield func(rows []int)) {
	for i := range g.families {
		f := &g.families[i]
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

// leavesThree reports whether some family of g may leave three heaps.
func (g *bruteGame) leavesThree() bool {
	for i := range g.families {
		f := &g.families[i]
		switch f.kind {
		case bruteCode:
			if slices.ContainsFunc(f.digits, func(d uint8) bool { return d&8 != 0 }) {
				return true
			}
		case bruteTake:
			if slices.Contains(f.leave, 3) {
				return true
			}
		case bruteSplit:
			if f.parts == 3 {
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

// heapValues returns SG(0..n) of single rows, at the heap level: an option's
// value is the XOR of the values of the heaps it leaves.
func (g *bruteGame) heapValues(n int) []uint32 {
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

// ringValues returns SG of a ring of 0..len(G)-1 tokens, given the row values
// G: an option's value is the XOR of the values of the rows it leaves.
func (g *bruteGame) ringValues(G []uint32) []uint32 {
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
	g    *bruteGame
	memo map[string]uint32
}

func newBruteMultiset(g *bruteGame) *bruteMultiset {
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
func (s *bruteMultiset) value(heaps []int) uint32 {
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
			seen[s.value(next)] = true
		})
	}
	v := bruteMex(seen)
	s.memo[k] = v
	return v
}

// bruteRow returns the position of one row of n tokens (no heap when n = 0).
func bruteRow(n int) []int {
	if n == 0 {
		return nil
	}
	return []int{n}
}

// ringValue returns SG of a ring of n tokens: the mex of the values of the
// positions (multisets of rows) its first moves leave.
func (s *bruteMultiset) ringValue(n int) uint32 {
	seen := map[uint32]bool{}
	s.g.ringMoves(n, func(rows []int) {
		next := slices.Clone(rows)
		slices.Sort(next)
		seen[s.value(next)] = true
	})
	return bruteMex(seen)
}

// bruteParseCode reads a code such as "0.1(37)" or "4!.0" into a family, for the
// known-answer tests. It trusts its input.
func bruteParseCode(s string) bruteFamily {
	f := bruteFamily{kind: bruteCode, text: s}
	group := -1
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '.', ')':
		case '(':
			group = len(f.digits)
		case '!':
			f.bang[len(f.bang)-1] = true
		default:
			d, err := strconv.ParseUint(string(c), 16, 8)
			if err != nil {
				panic("brute: bad code " + s)
			}
			f.digits = append(f.digits, uint8(d))
			f.bang = append(f.bang, false)
		}
	}
	if group >= 0 {
		f.period = len(f.digits) - group
	}
	return f
}

// bruteCodeGame returns the line game of one code.
func bruteCodeGame(code string) *bruteGame {
	return &bruteGame{families: []bruteFamily{bruteParseCode(code)}}
}

// bruteMultisetN bounds the heap sizes the multiset level runs for: the number
// of positions below a heap of n is the sum of the partition numbers p(0..n).
const bruteMultisetN = 14

// The heap level and the multiset level agree on every random game, and the
// codes the generator writes read back as the digits it meant.
func TestBruteForceLevels(t *testing.T) {
	for i, rg := range bruteRandomGames(bruteNumGames) {
		g := &rg.game
		for _, f := range g.families {
			if f.kind != bruteCode {
				continue
			}
			back := bruteParseCode(f.text)
			if !slices.Equal(back.digits, f.digits) || !slices.Equal(back.bang, f.bang) ||
				back.period != f.period {
				t.Fatalf("game %d: code %q reads back as %v %v period %d, want %v %v period %d",
					i, f.text, back.digits, back.bang, back.period, f.digits, f.bang, f.period)
			}
		}
		G := g.heapValues(bruteMultisetN)
		R := g.ringValues(G)
		s := newBruteMultiset(g)
		for n := range bruteMultisetN + 1 {
			if v := s.value(bruteRow(n)); v != G[n] {
				t.Errorf("game %d: row of %d: multiset level %d, heap level %d\n%s", i, n, v, G[n], rg.yaml)
			}
			if !g.ring {
				continue
			}
			if v := s.ringValue(n); v != R[n] {
				t.Errorf("game %d: ring of %d: multiset level %d, heap level %d\n%s", i, n, v, R[n], rg.yaml)
			}
		}
	}
}

// The brute force reproduces published sequences, at both levels.
func TestBruteForceKnown(t *testing.T) {
	seq := func(f func(n int) uint32) []uint32 {
		s := make([]uint32, 41)
		for n := range s {
			s[n] = f(n)
		}
		return s
	}
	// OEIS A002186, Kayles: https://oeis.org/A002186
	kayles := []uint32{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1,
		4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1}
	// OEIS A002187, Dawson's chess (octal 0.137): https://oeis.org/A002187
	dawson := []uint32{0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0,
		1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1}
	// OEIS A002188, Grundy's game: https://oeis.org/A002188
	grundy := []uint32{0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0,
		4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1}
	// Lasker's Nim (Winning Ways ch. 15; HDU 3032 "Nim or not Nim?"):
	// SG(4k+1) = 4k+1, SG(4k+2) = 4k+2, SG(4k+3) = 4k+4, SG(4k+4) = 4k+3.
	lasker := seq(func(n int) uint32 {
		switch n % 4 {
		case 3:
			return uint32(n + 1)
		case 0:
			if n > 0 {
				return uint32(n - 1)
			}
		}
		return uint32(n)
	})
	// Subtraction {1, 2, 3}: SG(n) = n mod 4 (Winning Ways ch. 4).
	sub123 := seq(func(n int) uint32 { return uint32(n % 4) })
	// Subtraction {1, 3, 4}: period 7, 0 1 0 1 2 3 2 (Winning Ways ch. 4).
	sub134 := seq(func(n int) uint32 { return []uint32{0, 1, 0, 1, 2, 3, 2}[n%7] })
	// Nim, 0.(3): SG(n) = n.
	nim := seq(func(n int) uint32 { return uint32(n) })

	takeMinMax := func(lo, hi int, leave ...int) bruteFamily {
		return bruteFamily{kind: bruteTake, takeMin: lo, takeMax: hi, leave: leave}
	}
	takeList := func(ks ...int) bruteFamily { return bruteFamily{kind: bruteTake, takeList: ks} }
	split := func(parts int, distinct bool) bruteFamily {
		return bruteFamily{kind: bruteSplit, parts: parts, distinct: distinct}
	}
	line := func(fs ...bruteFamily) *bruteGame { return &bruteGame{families: fs} }
	tests := []struct {
		name string
		game *bruteGame
		want []uint32
	}{
		{"kayles 0.77", bruteCodeGame("0.77"), kayles},
		{"kayles take 1..2 leave 0-2", line(takeMinMax(1, 2, 0, 1, 2)), kayles},
		{"dawson 0.137", bruteCodeGame("0.137"), dawson},
		{"grundy 4!.0", bruteCodeGame("4!.0"), grundy},
		{"grundy split distinct", line(split(2, true)), grundy},
		{"lasker 4.(3)", bruteCodeGame("4.(3)"), lasker},
		{"lasker take+split", line(takeMinMax(1, -1), split(2, false)), lasker},
		{"subtraction 1,2,3", line(takeList(1, 2, 3)), sub123},
		{"bash 1..3", line(takeMinMax(1, 3)), sub123},
		{"subtraction 1,3,4", line(takeList(1, 3, 4)), sub134},
		{"nim 0.(3)", bruteCodeGame("0.(3)"), nim},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.game.heapValues(40); !slices.Equal(got, tc.want) {
				t.Errorf("heap level:\n got %v\nwant %v", got, tc.want)
			}
			s := newBruteMultiset(tc.game)
			for n := range bruteMultisetN + 1 {
				if got := s.value(bruteRow(n)); got != tc.want[n] {
					t.Errorf("multiset level: SG(%d) = %d, want %d", n, got, tc.want[n])
				}
			}
		})
	}

	// Dawson's Kayles 0.07 is Dawson's chess shifted by one heap:
	// SG_0.07(n+1) = SG_0.137(n) (Winning Ways ch. 4).
	if got := bruteCodeGame("0.07").heapValues(41)[1:]; !slices.Equal(got, dawson) {
		t.Errorf("0.07 shifted:\n got %v\nwant %v", got, dawson)
	}

	// HDU 3951 "Coin Game" (http://acm.hdu.edu.cn/showproblem.php?pid=3951):
	// n coins on a circle, a move removes 1..K contiguous coins (from a row,
	// that may leave it in two pieces). The first player wins iff K ≥ n, or
	// K = 1 and n is odd: otherwise the first move opens the circle into a
	// row, and the second player removes its middle to leave two equal rows
	// and mirrors (the problem's own sample: n = 3, K = 2 is "second").
	for K := 1; K <= 5; K++ {
		g := &bruteGame{families: []bruteFamily{takeMinMax(1, K, 0, 1, 2)}, ring: true}
		R := g.ringValues(g.heapValues(40))
		s := newBruteMultiset(g)
		for n := range 41 {
			first := n >= 1 && (K >= n || K == 1 && n%2 == 1)
			if (R[n] != 0) != first {
				t.Errorf("coin ring K=%d n=%d: heap level SG %d, first player wins: %v", K, n, R[n], first)
			}
			if n <= bruteMultisetN {
				if v := s.ringValue(n); (v != 0) != first {
					t.Errorf("coin ring K=%d n=%d: multiset level SG %d, first player wins: %v", K, n, v, first)
				}
			}
		}
	}
}
