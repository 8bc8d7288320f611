package graphgame_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sgtab/sgtab/compute/graphgame"
	"github.com/sgtab/sgtab/compute/internal/brute"
	"github.com/sgtab/sgtab/compute/sg"
)

// randomGraph returns a random directed graph of n nodes, each edge (self
// loops included) present with probability p.
func randomGraph(r *rand.Rand, n int, p float64) *graphgame.Graph {
	var from, to []int32
	for v := range n {
		for w := range n {
			if r.Float64() < p {
				from, to = append(from, int32(v)), append(to, int32(w))
			}
		}
	}
	return graphgame.NewGraph(n, from, to)
}

// bruteOutcomes returns the outcome of every position of k tokens on g
// (index Σ token_i·n^i), each move taking one token along one edge, by
// retrograde analysis of the game graph of positions: a position with no
// move is lost; one with a move to a lost position is won; one whose every
// move goes to a won position is lost; what is left is a draw.
func bruteOutcomes(g *graphgame.Graph, k int) []sg.Outcome {
	n := g.Nodes()
	size := 1
	for range k {
		size *= n
	}
	moves := func(s int) []int {
		var out []int
		for i, pw := 0, 1; i < k; i, pw = i+1, pw*n {
			v := s / pw % n
			for _, w := range g.Successors(v) {
				out = append(out, s+(int(w)-v)*pw)
			}
		}
		return out
	}
	next := make([][]int, size)
	for s := range size {
		next[s] = moves(s)
	}
	return brute.Outcomes(next)
}

// TestLoopySumsMatchRetrogradeAnalysis checks the generalized values and
// Smith's sum rule on random graphs with cycles: the outcome of every
// position of one, two and three tokens, from the sum of its tokens'
// values, is the outcome the retrograde analysis of its game graph finds.
func TestLoopySumsMatchRetrogradeAnalysis(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 1))
	draws := 0
	for trial := range 120 {
		n := 1 + r.IntN(6)
		g := randomGraph(r, n, []float64{0.15, 0.3, 0.5}[trial%3])
		vals, err := graphgame.LoopyValues(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		if err := graphgame.VerifyLoopy(g, vals); err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		for k := 1; k <= 3; k++ {
			brute := bruteOutcomes(g, k)
			for s, want := range brute {
				sum := sg.Generalized{}
				for i, x := 0, s; i < k; i, x = i+1, x/n {
					sum = sum.Plus(vals[x%n])
				}
				if got := sum.Outcome(); got != want {
					t.Fatalf("trial %d (%v), %d tokens, position %d: values %v sum to %v, outcome %c; retrograde analysis says %c",
						trial, g, k, s, vals, sum, got, want)
				}
				if want == sg.D {
					draws++
				}
			}
		}
	}
	if draws == 0 {
		t.Fatal("no drawn position met: the test tests nothing of ∞")
	}
}

// TestLoopyValuesSmallExamples pins hand-checked values: a lone self loop
// (the game never ends: ∞(∅), a draw); a 2-cycle with an exit (a → b → c
// sink, b → a): c = 0, a = 0 (its only move, to b, is answered by b → c),
// b = 1; a node that may enter a self loop or stop: ∞(0), a win; and on a
// graph with no cycle, the ordinary SG values.
func TestLoopyValuesSmallExamples(t *testing.T) {
	tests := []struct {
		name     string
		n        int
		from, to []int32
		want     []string
	}{
		{"self loop", 1, []int32{0}, []int32{0}, []string{"∞()"}},
		{"two-cycle with an exit", 3, []int32{0, 1, 1}, []int32{1, 0, 2}, []string{"0", "1", "0"}},
		{"two-cycle", 2, []int32{0, 1}, []int32{1, 0}, []string{"∞()", "∞()"}},
		{"loop or stop", 2, []int32{0, 0}, []int32{0, 1}, []string{"∞(0)", "0"}},
		{"acyclic", 4, []int32{1, 2, 2, 3, 3, 3}, []int32{0, 0, 1, 0, 1, 2}, []string{"0", "1", "2", "3"}},
		// A cycle 0 → 1 → 2 → 0 whose nodes each may also stop at 3:
		// each wins alone (move to 3), but none is 1: beside a heap of
		// one, both players go round the cycle rather than lose.
		{"triangle with exits", 4, []int32{0, 1, 2, 0, 1, 2}, []int32{1, 2, 0, 3, 3, 3}, []string{"∞(0)", "∞(0)", "∞(0)", "0"}},
	}
	for _, tt := range tests {
		g := graphgame.NewGraph(tt.n, tt.from, tt.to)
		vals, err := graphgame.LoopyValues(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, v := range vals {
			got = append(got, v.String())
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: values %v, want %v", tt.name, got, tt.want)
		}
	}
}
