package lattice

import (
	"math"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/positions"
	"github.com/sgtab/sgtab/rules"
)

// TestBoardWythoff checks the answers on Wythoff's game, computed on a
// board of 40×40, against Wythoff's rule (the lost points are
// (⌊kφ⌋, ⌊kφ⌋ + k) and their mirror images; Winning Ways, ch. 3): who
// wins, and that the winning moves are exactly the moves to lost points;
// and that a heap, or a point off the board, is refused.
func TestBoardWythoff(t *testing.T) {
	games, err := rules.Parse(strings.NewReader(`name: wythoff
lattice:
  size: [40, 40]
  moves:
    - {step: [-1, 0], repeat: true}
    - {step: [0, -1], repeat: true}
    - {step: [-1, -1], repeat: true}
`), "wythoff.yaml")
	if err != nil {
		t.Fatal(err)
	}
	g := games[0]
	src, err := Family{}.Source(g, nil, "wythoff.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := src.Prepare(t.Context(), 0); err != nil {
		t.Fatal(err)
	}
	phi := (1 + math.Sqrt(5)) / 2
	lost := map[[2]int]bool{}
	for k := 0; k < 40; k++ {
		a := int(math.Floor(float64(k) * phi))
		lost[[2]int{a, a + k}], lost[[2]int{a + k, a}] = true, true
	}
	ref := &positions.Ref{Name: "wythoff.yaml", Source: src}
	for y := range 40 {
		for x := range 40 {
			pos := positions.Position{{Ref: ref, Component: positions.Component{X: x, Y: y, Point: true}}}
			if err := positions.Check(pos); err != nil {
				t.Fatal(err)
			}
			a, err := positions.Solve(pos)
			if err != nil {
				t.Fatal(err)
			}
			if a.FirstPlayerWins == lost[[2]int{x, y}] {
				t.Fatalf("(%d, %d): first player wins %v", x, y, a.FirstPlayerWins)
			}
			var listed int64
			for m := range positions.WinningMoves(pos, a) {
				if !lost[*m.To] {
					t.Fatalf("(%d, %d): the winning move to %v leaves a won point", x, y, *m.To)
				}
				listed++
			}
			want := int64(0)
			for dx := 1; dx <= max(x, y); dx++ {
				for _, to := range [][2]int{{x - dx, y}, {x, y - dx}, {x - dx, y - dx}} {
					if to[0] >= 0 && to[1] >= 0 && lost[to] {
						want++
					}
				}
			}
			if a.Count != want || listed != want {
				t.Fatalf("(%d, %d): %d winning moves (%d listed), want %d", x, y, a.Count, listed, want)
			}
		}
	}
	for _, tc := range []struct {
		c    positions.Component
		want string
	}{
		{positions.Component{N: 5}, "wythoff.yaml is a lattice game: give a point x,y, not heap 5"},
		{positions.Component{X: 50, Y: 3, Point: true}, "point (50, 3) is off the 40×40 board of wythoff.yaml"},
	} {
		if err := src.Check(tc.c, false); err == nil || err.Error() != tc.want {
			t.Errorf("%+v: %v, want %q", tc.c, err, tc.want)
		}
	}
}
