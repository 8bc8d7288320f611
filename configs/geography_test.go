package configs_test

import (
	"testing"

	"github.com/sgtab/sgtab/compute/graphgame"
	"github.com/sgtab/sgtab/graph"
)

// TestBoardWalkScriptAgreesWithGeography checks the two bundled forms of
// HDU 1564 against each other: the scripted board walk (a search over the
// visited squares) and vertex geography on the grid, by the matching
// engine and by the grid rule, from the corner of the n×n board.
func TestBoardWalkScriptAgreesWithGeography(t *testing.T) {
	const last = 4
	tab, _ := bundledScript(t, "script-board-walk.yaml", last)
	for n := 1; n <= last; n++ {
		win := cornerWins(t, n)
		rule, _ := graphgame.GridGeography(n, n, 0, 0)
		if script := tab.G.At(n) != 0; script != win || script != rule {
			t.Errorf("n = %d: the script says the first player wins %v, the matching engine %v, the grid rule %v", n, script, win, rule)
		}
	}
}

// cornerWins reports whether the first player wins vertex geography from
// the corner of the n×n board, by the matching engine.
func cornerWins(t *testing.T, n int) bool {
	t.Helper()
	ng, err := graph.Grid(n, n)
	if err != nil {
		t.Fatal(err)
	}
	win, _, err := graphgame.Geography(t.Context(), ng.Graph)
	if err != nil {
		t.Fatal(err)
	}
	return win[0]
}
