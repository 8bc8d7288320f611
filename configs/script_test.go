package configs_test

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sgtab/sgtab/compute/graphgame"
	"github.com/sgtab/sgtab/compute/script"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/configs"
	"github.com/sgtab/sgtab/graph"
	"github.com/sgtab/sgtab/rules"
)

// bundledScript reads the scripted game of the bundled config name, at
// the size heaps (its own when 0), and computes it.
func bundledScript(t *testing.T, name string, heaps int) (*sg.Table, *script.Positions) {
	t.Helper()
	data, err := configs.FS.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	games, err := rules.Parse(bytes.NewReader(data), name)
	if err != nil {
		t.Fatal(err)
	}
	g := games[0]
	if heaps > 0 {
		g.Heaps = heaps
	}
	tab, sp, err := script.Table(t.Context(), g, sg.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return tab, sp
}

// mex returns the least value not in vs.
func mex(vs map[uint32]bool) uint32 {
	m := uint32(0)
	for vs[m] {
		m++
	}
	return m
}

// walkSG is the SG value of the n×n board walk with the piece on square
// and the squares of seen visited, by a plain search (memo keyed by the
// two numbers).
func walkSG(n, square int, seen uint64, memo map[[2]uint64]uint32) uint32 {
	key := [2]uint64{uint64(square), seen}
	if v, ok := memo[key]; ok {
		return v
	}
	vs := map[uint32]bool{}
	r, c := square/n, square%n
	for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		rr, cc := r+d[0], c+d[1]
		if rr >= 0 && rr < n && cc >= 0 && cc < n && seen&(1<<(rr*n+cc)) == 0 {
			vs[walkSG(n, rr*n+cc, seen|1<<(rr*n+cc), memo)] = true
		}
	}
	memo[key] = mex(vs)
	return memo[key]
}

// TestScriptBoardWalk checks the scripted board walk (HDU 1564) against a
// search written here, and the published result: the first player wins
// exactly when n is even. n = 5 takes seconds: SGTAB_LONG=1.
func TestScriptBoardWalk(t *testing.T) {
	last := 4
	if os.Getenv("SGTAB_LONG") != "" {
		last = 5
	}
	tab, _ := bundledScript(t, "script-board-walk.yaml", last)
	for n := 1; n <= last; n++ {
		want := walkSG(n, 0, 1, map[[2]uint64]uint32{})
		got := tab.G.At(n)
		if got != want || (got != 0) != (n%2 == 0) {
			t.Errorf("n = %d: SG %d, search %d; the first player wins iff n is even", n, got, want)
		}
	}
	if tab.G.At(0) != 0 {
		t.Errorf("the empty board: SG %d, want 0", tab.G.At(0))
	}
}

// rowsSG is the SG value of rows of pins under moves (which list the
// pairs of rows a move on a row of n leaves), by a search over whole
// positions — the mex of every move of every row, no sum theory — with
// a memo keyed by the sorted rows.
func rowsSG(rows []int, moves func(n int) [][2]int, memo map[string]uint32) uint32 {
	key := fmt.Sprint(rows)
	if v, ok := memo[key]; ok {
		return v
	}
	vs := map[uint32]bool{}
	for j, n := range rows {
		for _, lr := range moves(n) {
			next := append(slices.Clone(rows[:j]), rows[j+1:]...)
			for _, x := range lr {
				if x > 0 {
					next = append(next, x)
				}
			}
			slices.Sort(next)
			vs[rowsSG(next, moves, memo)] = true
		}
	}
	memo[key] = mex(vs)
	return memo[key]
}

// TestScriptRowGames checks the scripted Kayles and Node Kayles on paths
// against a search over whole positions written here (n ≤ 14), against
// their published values (OEIS A002186, Kayles; A002187, Dawson's chess,
// which Node Kayles on paths is), and their published periods.
func TestScriptRowGames(t *testing.T) {
	kaylesMoves := func(n int) (out [][2]int) {
		for k := 1; k <= 2; k++ {
			for i := 0; i+k <= n; i++ {
				out = append(out, [2]int{i, n - k - i})
			}
		}
		return out
	}
	nodeMoves := func(n int) (out [][2]int) {
		for i := range n {
			out = append(out, [2]int{max(i-1, 0), max(n-i-2, 0)})
		}
		return out
	}
	for _, tc := range []struct {
		file                  string
		moves                 func(int) [][2]int
		published             []uint32
		period, lastException int
	}{
		{"script-kayles.yaml", kaylesMoves, []uint32{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8}, 12, 70},
		{"script-node-kayles.yaml", nodeMoves, []uint32{0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4}, 34, 51},
	} {
		tab, _ := bundledScript(t, tc.file, 0)
		memo := map[string]uint32{}
		for n := range tab.N() + 1 {
			got := tab.G.At(n)
			if n < len(tc.published) && got != tc.published[n] {
				t.Errorf("%s: SG(%d) = %d, published %d", tc.file, n, got, tc.published[n])
			}
			if n <= 14 {
				if want := rowsSG([]int{n}[:min(n, 1)], tc.moves, memo); got != want {
					t.Errorf("%s: SG(%d) = %d, search %d", tc.file, n, got, want)
				}
			}
		}
		a := tab.Analysis
		if a.Status != sg.Observed || a.Period.Length != tc.period || a.Period.LastException() != tc.lastException {
			t.Errorf("%s: %s period %d, last exception %d; want observed %d, %d", tc.file, a.Status, a.Period.Length, a.Period.LastException(), tc.period, tc.lastException)
		}
	}
}

// TestScriptCalendar checks every date the scripted Calendar game reaches
// against the built-in one (configs/calendar.yaml, a game on a graph),
// date by date, and the known result.
func TestScriptCalendar(t *testing.T) {
	_, sp := bundledScript(t, "script-calendar.yaml", 0)
	ng, builtin := graphValues(t, "calendar.yaml")
	for i, text := range sp.Text {
		var y, m, d int
		if _, err := fmt.Sscanf(text, "(%d, %d, %d)", &y, &m, &d); err != nil {
			t.Fatalf("position %q: %v", text, err)
		}
		date := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC).Format(time.DateOnly)
		v, ok := ng.Lookup(date)
		if !ok {
			t.Fatalf("position %s: no date %s in the built-in game", text, date)
		}
		won := (m+d)%2 == 0 || m == 9 && d == 30 || m == 11 && d == 30
		if sp.SG[i] != builtin[v] || (sp.SG[i] != 0) != won {
			t.Errorf("%s: SG %d, built-in %d, known result won %v", date, sp.SG[i], builtin[v], won)
		}
	}
	if len(sp.Text) < 800 || !strings.Contains(sp.Text[sp.Starts[0]], "2001, 11, 4") {
		t.Errorf("%d dates, the first %s", len(sp.Text), sp.Text[sp.Starts[0]])
	}
}

// graphValues reads the game on a graph of the bundled config name, and
// returns its graph and the SG values of its nodes.
func graphValues(t *testing.T, name string) (*graph.Named, []uint32) {
	t.Helper()
	data, _ := configs.FS.ReadFile(name)
	games, err := rules.Parse(bytes.NewReader(data), name)
	if err != nil {
		t.Fatal(err)
	}
	ng, err := graph.Load(games[0].Graph)
	if err != nil {
		t.Fatal(err)
	}
	sg, err := graphgame.GraphValues(t.Context(), ng.Graph)
	if err != nil {
		t.Fatal(err)
	}
	return ng, sg
}

// berzerkOutcome returns who wins Berzerk with the moves 2 and 3 from
// start(n) (a circle of n + 1 objects, the monster n short of the black
// hole), by retrograde analysis of the n + 1 distances: the hole is lost
// for the player to move; a distance with a move to a lost one is won,
// one whose every move goes to a won one lost; the rest loop (drawn).
func berzerkOutcome(n int) sg.Outcome {
	m := n + 1
	out := make([]sg.Outcome, m)
	out[0] = sg.P
	for changed := true; changed; {
		changed = false
		for d := 1; d < m; d++ {
			if out[d] != 0 {
				continue
			}
			a, b := out[((d-2)%m+m)%m], out[((d-3)%m+m)%m]
			switch {
			case a == sg.P || b == sg.P:
				out[d], changed = sg.N, true
			case a == sg.N && b == sg.N:
				out[d], changed = sg.P, true
			}
		}
	}
	if out[n] == 0 {
		return sg.D
	}
	return out[n]
}

// TestScriptBerzerk checks the bundled Berzerk (Codeforces 786A, one set
// of moves {2, 3} for both players), whose positions repeat: the outcome
// of every start against a retrograde analysis written here, the hand
// analysis of its config's comment (n = 0..5: P, N, N, N, D, P), and the
// period of the outcomes its table reports, [P, N, N, N, D][n mod 5].
func TestScriptBerzerk(t *testing.T) {
	tab, _ := bundledScript(t, "script-berzerk.yaml", 0)
	if tab.Loopy == nil {
		t.Fatal("no generalized values: every start finite")
	}
	out := tab.Outcomes()
	for n, o := range out {
		if want := berzerkOutcome(n); o != want {
			t.Errorf("start(%d): outcome %c (value %v), the retrograde analysis says %c", n, o, tab.Loopy[n], want)
		}
		if want := "PNNND"[n%5]; byte(o) != want {
			t.Errorf("start(%d): outcome %c, want %c", n, o, want)
		}
	}
	if a := tab.Analysis; a.Status != sg.Observed || a.Period.Length != 5 || a.Period.Start != 0 ||
		a.ClosedForm != "for n ≥ 0: outcome(n) = [P, N, N, N, D][n mod 5]" {
		t.Errorf("analysis %s, period %d from %d, %q; want observed, 5 from 0", a.Status, a.Period.Length, a.Period.Start, a.ClosedForm)
	}
	if d := tab.Draws(); d != 12 {
		t.Errorf("%d starts drawn, want 12 (n = 4, 9, …, 59)", d)
	}
}
