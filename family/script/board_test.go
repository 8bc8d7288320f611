package script

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute/script"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/family/lattice"
	"github.com/sgtab/sgtab/positions"
	"github.com/sgtab/sgtab/rules"
)

// bar is a chocolate bar of n×m squares: a move breaks one bar along a
// line between squares into two, which stay in play. Every game of an
// n×m bar lasts n·m − 1 moves, so the mover wins exactly when n·m is
// even (n, m ≥ 1); a bar of no squares has no move.
const bar = `name: bar
heaps: 10
script: |
  def start(n, m):
      return (n, m)
  def canonical(p):
      return (min(p), max(p)) if len(p) == 2 else p
  def parts(p):
      return [p[:2], p[2:]] if len(p) == 4 else [p]
  def moves(p):
      n, m = p
      if n == 0 or m == 0:
          return []
      return [(i, m, n - i, m) for i in range(1, n)] + [(n, j, n, m - j) for j in range(1, m)]
`

// TestScriptBoard checks a two-parameter script's board against the
// count of moves above, the pattern its outcomes show, and that its
// table is read back verified, the script run again.
func TestScriptBoard(t *testing.T) {
	games, err := rules.Parse(strings.NewReader(bar), "bar.yaml")
	if err != nil {
		t.Fatal(err)
	}
	tab, _, err := script.Lattice(t.Context(), games[0], sg.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for m := range tab.H {
		for n := range tab.W {
			if won := tab.At(n, m) != 0; won != (n > 0 && m > 0 && n*m%2 == 0) {
				t.Errorf("SG(start(%d, %d)) = %d", n, m, tab.At(n, m))
			}
		}
	}
	want := []string{"outcomes doubly periodic from n, m ≥ 1: period 2 in n and 2 in m; there the player to move loses exactly when n ≡ 1 (mod 2) and m ≡ 1 (mod 2), for 0 ≤ n < 11, 0 ≤ m < 11 (observed)"}
	if got := lattice.Patterns(tab); !slices.Equal(got, want) {
		t.Errorf("findings %q, want %q", got, want)
	}
	path := filepath.Join(t.TempDir(), "bar.parquet")
	if err := export.WriteLatticeParquet(path, tab, export.Options{}); err != nil {
		t.Fatal(err)
	}
	f, err := export.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if f.Lattice.Game.Kind() != rules.KindScript || !f.Lattice.G.Equal(tab.G) {
		t.Errorf("read back a %s game", f.Lattice.Game.Kind())
	}
}

// TestScriptBoardSource checks that query's source of a two-parameter
// script answers points n,m of its board, and refuses heaps and points
// off it.
func TestScriptBoardSource(t *testing.T) {
	games, err := rules.Parse(strings.NewReader(bar), "bar.yaml")
	if err != nil {
		t.Fatal(err)
	}
	src, err := Family{}.Source(games[0], nil, "bar.yaml")
	if err != nil {
		t.Fatal(err)
	}
	c := positions.Component{Point: true, X: 3, Y: 4}
	if err := src.Check(c, true); err != nil {
		t.Fatal(err)
	}
	if err := src.Prepare(t.Context(), 3); err != nil {
		t.Fatal(err)
	}
	if v, _ := src.Value(c); v == 0 {
		t.Errorf("SG(start(3, 4)) = 0; a 3×4 bar is won")
	}
	for _, bad := range []positions.Component{{N: 3}, {Point: true, X: 3, Y: 11}} {
		if err := src.Check(bad, false); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}
