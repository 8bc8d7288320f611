package lattice

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/positions"
	"github.com/sgtab/sgtab/rules"
)

// TestBoardWythoff checks the answers on Wythoff's game, computed on a
// board of 40×40, against Wythoff's rule (the lost points are
// (⌊kφ⌋, ⌊kφ⌋ + k) and their mirror images; Winning Ways, ch. 3): who
// wins, and that the winning moves are exactly the moves to lost points;
// and that a heap is refused, and a point off the board in a sum (alone,
// Wythoff's theorem answers it: TestBoardBeyondByTheorem).
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
		{positions.Component{X: 50, Y: 3, Point: true}, "point (50, 3) is off the 40×40 board of wythoff.yaml: Wythoff's theorem says who wins there, not the SG value a sum needs; ask it alone"},
	} {
		if err := src.Check(tc.c, true); err == nil || err.Error() != tc.want {
			t.Errorf("%+v: %v, want %q", tc.c, err, tc.want)
		}
	}
}

// parseGame parses the config text of one game.
func parseGame(t *testing.T, text string) rules.Game {
	t.Helper()
	games, err := rules.Parse(strings.NewReader(text), "game.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return games[0]
}

// wythoffConfig is Wythoff's game on a board of 4×4, its steps written
// in another order and with a redundant one: the rule is Wythoff's.
const wythoffConfig = `name: wythoff
lattice:
  size: [4, 4]
  moves:
    - {step: [-1, -1], repeat: true}
    - {step: [0, -1], repeat: true}
    - {step: [-2, -2], repeat: true}
    - {step: [-1, 0], repeat: true}
`

// answerPoint answers the point (x, y) alone, from the prepared source
// src, with its winning moves listed.
func answerPoint(t *testing.T, src positions.Source, x, y int) (positions.Answer, []positions.Move) {
	t.Helper()
	pos := positions.Position{{Ref: &positions.Ref{Name: "game.yaml", Source: src}, Component: positions.Component{X: x, Y: y, Point: true}}}
	if err := positions.Check(pos); err != nil {
		t.Fatal(err)
	}
	a, err := positions.Solve(pos)
	if err != nil {
		t.Fatal(err)
	}
	return a, slices.Collect(positions.WinningMoves(pos, a))
}

// TestBoardBeyondByTheorem checks that Wythoff's game is answered beyond
// its board by Wythoff's theorem, without computing the board: POJ 1067's
// sample (2 1 → 0, 8 4 → 1, 4 7 → 0: 1 when the first player wins), and
// points at the judge's maximum (10⁹) and near 2⁶³, with their winning
// moves and the theorem named; and that a near-Wythoff rule, whose
// diagonal step does not repeat, is not answered so.
func TestBoardBeyondByTheorem(t *testing.T) {
	g := parseGame(t, wythoffConfig)
	src := NewBoard("game.yaml", g, nil, func(context.Context, sg.Options) (*sg.LatticeTable, error) {
		t.Fatal("the board was computed for points beyond it")
		return nil, nil
	}, func(x, y int) [][2]int { return compute.LatticeMoves(g.Lattice, x, y) })
	if err := src.Prepare(t.Context(), 8); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, p := range [][2]int{{2, 1}, {8, 4}, {4, 7}} {
		a, _ := answerPoint(t, src, p[0], p[1])
		out = append(out, map[bool]string{true: "1", false: "0"}[a.FirstPlayerWins])
	}
	if got := strings.Join(out, "\n"); got != "0\n1\n0" {
		t.Errorf("POJ 1067 sample: %q, want %q", got, "0\n1\n0")
	}
	for _, tc := range []struct {
		x, y  int
		wins  bool
		moves string
	}{
		{1000000000, 1618033989, false, ""},
		{1000000000, 1618033988, true, "move from (1000000000, 1618033988) to (999999998, 1618033986)"},
		{1000000000, 1000000000, true, "move from (1000000000, 1000000000) to (0, 0)"},
		{math.MaxInt64, 5700357982895460409, true, "move from (9223372036854775807, 5700357982895460409) to (9223372036854775807, 5700357409661599242); " +
			"move from (9223372036854775807, 5700357982895460409) to (9223370536109043770, 5700356482149728372)"},
	} {
		a, moves := answerPoint(t, src, tc.x, tc.y)
		var texts []string
		for _, m := range moves {
			texts = append(texts, m.Text)
		}
		if a.FirstPlayerWins != tc.wins || strings.Join(texts, "; ") != tc.moves || !a.Outcomes ||
			len(a.ProvedBy) != 1 || !strings.HasPrefix(a.ProvedBy[0].Theorem, "Wythoff's theorem (W. A. Wythoff") {
			t.Errorf("(%d, %d): wins %v, moves %q, outcomes %v, proved by %v; want %v, %q, by Wythoff's theorem",
				tc.x, tc.y, a.FirstPlayerWins, texts, a.Outcomes, a.ProvedBy, tc.wins, tc.moves)
		}
	}
	near := parseGame(t, strings.Replace(wythoffConfig, "{step: [-1, -1], repeat: true}", "{step: [-1, -1]}", 1))
	ns, err := Family{}.Source(near, nil, "near.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := ns.Prepare(t.Context(), 8); err != nil {
		t.Fatal(err)
	}
	if err := ns.Check(positions.Component{X: 8, Y: 4, Point: true}, false); err == nil || err.Error() != "point (8, 4) is off the 4×4 board of near.yaml" {
		t.Errorf("a near-Wythoff rule beyond its board: %v", err)
	}
}
