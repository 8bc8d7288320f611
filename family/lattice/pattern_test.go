package lattice

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/sg"
)

// valued returns a w×h board of values v(x, y).
func valued(w, h int, v func(x, y int) uint32) *sg.LatticeTable {
	t := &sg.LatticeTable{W: w, H: h}
	for y := range h {
		for x := range w {
			t.G.Append(v(x, y))
		}
	}
	return t
}

// TestPatternsWholeBoard checks that a parity rule is stated only where it
// holds on the whole board: one point against it, and it is not.
func TestPatternsWholeBoard(t *testing.T) {
	product := func(broken bool) *sg.LatticeTable {
		return valued(9, 9, func(x, y int) uint32 {
			if broken && x == 7 && y == 5 {
				return 1
			}
			return uint32(1 - x*y%2)
		})
	}
	want := []string{"the player to move wins exactly when x·y is even, for 0 ≤ x < 9, 0 ≤ y < 9 (observed)"}
	if got := Patterns(product(false)); !slices.Equal(got, want) {
		t.Errorf("findings %q, want %q", got, want)
	}
	for _, f := range Patterns(product(true)) {
		if strings.Contains(f, "exactly when") {
			t.Errorf("finding %q on a board that breaks it", f)
		}
	}
}

// TestPatternsOfLatticeGames checks the patterns of lattice games computed
// by the engine: the corner walk is lost exactly where x and y are both
// even (Winning Ways, ch. 3), a board of subtraction games {1, 2} on each
// coordinate (a move takes 1 or 2 from one of them) exactly where x ≡ y
// (mod 3), and Wythoff's game has no doubly periodic outcomes.
func TestPatternsOfLatticeGames(t *testing.T) {
	for _, tc := range []struct {
		name, moves string
		size        int
		want        string
	}{
		{"corner walk", "{step: [-1, 0]}, {step: [0, -1]}, {step: [-1, -1]}", 64,
			"outcomes doubly periodic from x, y ≥ 0: period 2 in x and 2 in y; the player to move loses exactly when x ≡ 0 (mod 2) and y ≡ 0 (mod 2), for 0 ≤ x < 64, 0 ≤ y < 64 (observed)"},
		{"two subtraction games", "{step: [-1, 0]}, {step: [-2, 0]}, {step: [0, -1]}, {step: [0, -2]}", 300,
			"outcomes doubly periodic from x, y ≥ 0: period 3 in x and 3 in y; the player to move loses exactly when (x mod 3, y mod 3) is one of (0, 0), (1, 1), (2, 2), for 0 ≤ x < 300, 0 ≤ y < 300 (observed)"},
		{"Wythoff", "{step: [-1, 0], repeat: true}, {step: [0, -1], repeat: true}, {step: [-1, -1], repeat: true}", 300, ""},
	} {
		g := parseGame(t, fmt.Sprintf("name: g\nlattice:\n  size: [%d, %d]\n  moves: [%s]\n", tc.size, tc.size, tc.moves))
		tab, err := compute.Lattice(t.Context(), g, sg.Options{})
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Join(Patterns(tab), "; ")
		if got != tc.want {
			t.Errorf("%s: findings %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestPatternsBeyondCorner checks that a pattern seen in the corner the
// search looks at is stated only when it holds on the whole board: a
// board periodic in its corner but broken at a point beyond it.
func TestPatternsBeyondCorner(t *testing.T) {
	tab := valued(400, 300, func(x, y int) uint32 {
		if x == 389 && y == 290 || (x+2*y)%3 != 0 {
			return 1
		}
		return 0
	})
	if got := Patterns(tab); len(got) != 0 {
		t.Errorf("findings %q on a board whose pattern breaks at (389, 290)", got)
	}
	tab = valued(400, 300, func(x, y int) uint32 { return uint32(min(1, (x+2*y)%3)) })
	if got := Patterns(tab); len(got) != 1 || !strings.Contains(got[0], "period 3 in x and 3 in y") {
		t.Errorf("findings %q, want periods 3 and 3", got)
	}
}
