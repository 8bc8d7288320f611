package search

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// bruteNodeKayles is node Kayles by the definition, on sets of vertices.
func bruteNodeKayles(adj []uint64, p uint64, memo map[uint64]int) int {
	if v, ok := memo[p]; ok {
		return v
	}
	seen := map[int]bool{}
	for rest := p; rest != 0; rest &= rest - 1 {
		v := bits.TrailingZeros64(rest)
		seen[bruteNodeKayles(adj, p&^(1<<uint(v)|adj[v]), memo)] = true
	}
	n := 0
	for seen[n] {
		n++
	}
	memo[p] = n
	return n
}

func TestNodeKaylesRandomGraphs(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for trial := 0; trial < 40; trial++ {
		n := 3 + rng.IntN(14)
		var edges [][2]int
		adj := make([]uint64, n)
		for a := 0; a < n; a++ {
			for b := a + 1; b < n; b++ {
				if rng.IntN(100) < 25 {
					edges = append(edges, [2]int{a, b})
					adj[a] |= 1 << uint(b)
					adj[b] |= 1 << uint(a)
				}
			}
		}
		g, err := NewNodeKayles(n, edges)
		if err != nil {
			t.Fatal(err)
		}
		memo := map[uint64]int{}
		for i := 0; i < 5; i++ {
			p := g.Start()
			if i > 0 {
				p &= rng.Uint64()
			}
			if got, want := solve(t, g, p, 1+i%2), bruteNodeKayles(adj, p, memo); int(got) != want {
				t.Errorf("graph %v, vertices %b: nimber %d, the definition gives %d", edges, p, got, want)
			}
		}
	}
}

func TestNodeKaylesGrids(t *testing.T) {
	for rows := 1; rows <= 4; rows++ {
		for cols := 1; rows*cols <= 20; cols++ {
			g, err := NewNodeKaylesGrid(rows, cols)
			if err != nil {
				t.Fatal(err)
			}
			adj := g.adj[:g.N]
			if got, want := solve(t, g, g.Start(), 1), bruteNodeKayles(adj, g.Start(), map[uint64]int{}); int(got) != want {
				t.Errorf("%d×%d grid: nimber %d, the definition gives %d", rows, cols, got, want)
			}
		}
	}
}

// On a path, node Kayles is Dawson's chess, the octal game 0.137 (OEIS
// A002187), and Cram on a strip is Dawson's Kayles, 0.07, whose values
// are those of 0.137 one place later (Berlekamp, Conway and Guy, Winning
// Ways, ch. 4): both checked against sgtab's heap engine.
func TestPathsAreOctalGames(t *testing.T) {
	octal := func(code string, n int) *sg.Table {
		r, err := rules.ParseOctal(code)
		if err != nil {
			t.Fatal(err)
		}
		tab, err := compute.Sequence(context.Background(), rules.Game{Rule: r}, n, sg.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return tab
	}
	chess, dawson := octal("0.137", 64), octal("0.07", 64)
	for n := 1; n <= 64; n++ {
		var edges [][2]int
		for v := 0; v+1 < n; v++ {
			edges = append(edges, [2]int{v, v + 1})
		}
		g, _ := NewNodeKayles(n, edges)
		if got, want := solve(t, g, g.Start(), 1), chess.G.At(n); int(got) != int(want) {
			t.Errorf("path of %d: node Kayles %d, 0.137 gives %d", n, got, want)
		}
		c, _ := NewCram(1, n)
		if got, want := solve(t, c, c.Start(), 1), dawson.G.At(n); int(got) != int(want) {
			t.Errorf("strip of %d: Cram %d, 0.07 gives %d", n, got, want)
		}
	}
}
