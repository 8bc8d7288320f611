package positions_test

import (
	"strings"
	"testing"

	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/positions"
	"github.com/sgtab/sgtab/rules"
)

// benchQuery times one query of the game of the config text at the
// component c, as sgtab query answers it: check, solve, list the winning
// moves.
func benchQuery(b *testing.B, text string, c positions.Component) {
	games, err := rules.Parse(strings.NewReader(text), "game.yaml")
	if err != nil {
		b.Fatal(err)
	}
	src, err := family.MustFor(games[0]).Source(games[0], nil, "game.yaml")
	if err != nil {
		b.Fatal(err)
	}
	if err := src.Prepare(b.Context(), max(c.N, c.X)); err != nil {
		b.Fatal(err)
	}
	pos := positions.Position{{Ref: &positions.Ref{Name: "game.yaml", Source: src}, Component: c}}
	for b.Loop() {
		if err := positions.Check(pos); err != nil {
			b.Fatal(err)
		}
		a, err := positions.Solve(pos)
		if err != nil {
			b.Fatal(err)
		}
		for range positions.WinningMoves(pos, a) {
		}
	}
}

// The judges' largest inputs, answered by the classical theorems with no
// table: POJ 1067 (piles up to 10⁹), HDU 1525 and HDU 2516 (below 2³¹).
func BenchmarkQueryWythoff1e9(b *testing.B) {
	benchQuery(b, "lattice:\n  size: [10, 10]\n  moves:\n    - {step: [-1, 0], repeat: true}\n"+
		"    - {step: [0, -1], repeat: true}\n    - {step: [-1, -1], repeat: true}\n",
		positions.Component{X: 1e9, Y: 999999999, Point: true})
}

func BenchmarkQueryEuclid2e31(b *testing.B) {
	benchQuery(b, "state: euclid\nheaps: 300\n", positions.Component{X: 2147483647, Y: 1327217884, Point: true})
}

func BenchmarkQueryFibonacci2e31(b *testing.B) {
	benchQuery(b, "state: fibonacci-nim\n", positions.Component{N: 2147483647})
}
