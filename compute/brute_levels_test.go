package compute_test

import (
	"github.com/sgtab/sgtab/compute/internal/brute"
	"slices"
	"testing"
)

// The heap level and the multiset level agree on every random game, and the
// codes the generator writes read back as the digits it meant.
func TestBruteForceLevels(t *testing.T) {
	for i, rg := range bruteRandomGames(bruteNumGames) {
		g := &rg.game
		for _, f := range g.Families {
			if f.Kind != brute.Code {
				continue
			}
			back := brute.ParseCode(f.Text)
			if !slices.Equal(back.Digits, f.Digits) || !slices.Equal(back.Bang, f.Bang) ||
				back.Period != f.Period {
				t.Fatalf("game %d: code %q reads back as %v %v period %d, want %v %v period %d",
					i, f.Text, back.Digits, back.Bang, back.Period, f.Digits, f.Bang, f.Period)
			}
		}
		G := g.HeapValues(brute.MultisetN)
		R := g.RingValues(G)
		s := brute.NewMultiset(g)
		for n := range brute.MultisetN + 1 {
			if v := s.Value(brute.Row(n)); v != G[n] {
				t.Errorf("game %d: row of %d: multiset level %d, heap level %d\n%s", i, n, v, G[n], rg.yaml)
			}
			if !g.Ring {
				continue
			}
			if v := s.RingValue(n); v != R[n] {
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

	takeMinMax := func(lo, hi int, leave ...int) brute.Family {
		return brute.Family{Kind: brute.Take, TakeMin: lo, TakeMax: hi, Leave: leave}
	}
	takeList := func(ks ...int) brute.Family { return brute.Family{Kind: brute.Take, TakeList: ks} }
	split := func(parts int, distinct bool) brute.Family {
		return brute.Family{Kind: brute.Split, Parts: parts, Distinct: distinct}
	}
	line := func(fs ...brute.Family) *brute.Game { return &brute.Game{Families: fs} }
	tests := []struct {
		name string
		game *brute.Game
		want []uint32
	}{
		{"kayles 0.77", brute.CodeGame("0.77"), kayles},
		{"kayles take 1..2 leave 0-2", line(takeMinMax(1, 2, 0, 1, 2)), kayles},
		{"dawson 0.137", brute.CodeGame("0.137"), dawson},
		{"grundy 4!.0", brute.CodeGame("4!.0"), grundy},
		{"grundy split distinct", line(split(2, true)), grundy},
		{"lasker 4.(3)", brute.CodeGame("4.(3)"), lasker},
		{"lasker take+split", line(takeMinMax(1, -1), split(2, false)), lasker},
		{"subtraction 1,2,3", line(takeList(1, 2, 3)), sub123},
		{"bash 1..3", line(takeMinMax(1, 3)), sub123},
		{"subtraction 1,3,4", line(takeList(1, 3, 4)), sub134},
		{"nim 0.(3)", brute.CodeGame("0.(3)"), nim},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.game.HeapValues(40); !slices.Equal(got, tc.want) {
				t.Errorf("heap level:\n got %v\nwant %v", got, tc.want)
			}
			s := brute.NewMultiset(tc.game)
			for n := range brute.MultisetN + 1 {
				if got := s.Value(brute.Row(n)); got != tc.want[n] {
					t.Errorf("multiset level: SG(%d) = %d, want %d", n, got, tc.want[n])
				}
			}
		})
	}

	// Dawson's Kayles 0.07 is Dawson's chess shifted by one heap:
	// SG_0.07(n+1) = SG_0.137(n) (Winning Ways ch. 4).
	if got := brute.CodeGame("0.07").HeapValues(41)[1:]; !slices.Equal(got, dawson) {
		t.Errorf("0.07 shifted:\n got %v\nwant %v", got, dawson)
	}

	// HDU 3951 "Coin Game" (http://acm.hdu.edu.cn/showproblem.php?pid=3951):
	// n coins on a circle, a move removes 1..K contiguous coins (from a row,
	// that may leave it in two pieces). The first player wins iff K ≥ n, or
	// K = 1 and n is odd: otherwise the first move opens the circle into a
	// row, and the second player removes its middle to leave two equal rows
	// and mirrors (the problem's own sample: n = 3, K = 2 is "second").
	for K := 1; K <= 5; K++ {
		g := &brute.Game{Families: []brute.Family{takeMinMax(1, K, 0, 1, 2)}, Ring: true}
		R := g.RingValues(g.HeapValues(40))
		s := brute.NewMultiset(g)
		for n := range 41 {
			first := n >= 1 && (K >= n || K == 1 && n%2 == 1)
			if (R[n] != 0) != first {
				t.Errorf("coin ring K=%d n=%d: heap level SG %d, first player wins: %v", K, n, R[n], first)
			}
			if n <= brute.MultisetN {
				if v := s.RingValue(n); (v != 0) != first {
					t.Errorf("coin ring K=%d n=%d: multiset level SG %d, first player wins: %v", K, n, v, first)
				}
			}
		}
	}
}
