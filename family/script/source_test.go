package script_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute/script"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/family"
	_ "github.com/sgtab/sgtab/family/all"
	"github.com/sgtab/sgtab/positions"
	"github.com/sgtab/sgtab/rules"
)

// subtraction is the subtraction game S(1, 2, 3) as a script.
const subtraction = `name: s
heaps: 40
script: |
  def start(n):
      return ("heap", n)
  def moves(p):
      return [("heap", p[1] - k) for k in (1, 2, 3) if p[1] >= k]
`

func game(t *testing.T) rules.Game {
	t.Helper()
	games, err := rules.Parse(strings.NewReader(subtraction), "s.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return games[0]
}

// TestScriptSourceAnswersStarts checks that query's source of a scripted
// game values start(n) and lists its winning moves by the script's text of
// the positions they lead to.
func TestScriptSourceAnswersStarts(t *testing.T) {
	g := game(t)
	src, err := family.MustFor(g).Source(g, nil, "s.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := src.Prepare(t.Context(), 50); err != nil {
		t.Fatal(err)
	}
	c := positions.Component{N: 47}
	if err := src.Check(c, true); err != nil {
		t.Fatal(err)
	}
	if v, _ := src.Value(c); v != 3 {
		t.Errorf("SG(start(47)) = %d, want 3", v)
	}
	moves, err := src.Moves(c, 0)
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for m := range moves {
		texts = append(texts, m.Text)
	}
	if want := []string{`move from ("heap", 47) to ("heap", 44)`}; !slices.Equal(texts, want) {
		t.Errorf("winning moves %q, want %q", texts, want)
	}
	if err := src.Check(positions.Component{Point: true, X: 1, Y: 2}, false); err == nil {
		t.Error("a point of a scripted game was accepted")
	}
}

// TestScriptTableReadBack checks that a scripted game's table is read back
// with its game (the script from the config in its metadata), and that a
// table whose values are not its script's is refused when read.
func TestScriptTableReadBack(t *testing.T) {
	tab, _, err := script.Table(t.Context(), game(t), sg.Options{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	good := filepath.Join(dir, "s.parquet")
	if err := export.WriteParquet(good, tab, export.Options{}); err != nil {
		t.Fatal(err)
	}
	f, err := export.Read(good)
	if err != nil {
		t.Fatal(err)
	}
	if f.Table.Game.Kind() != rules.KindScript || f.Table.Game.Script.Hash() != game(t).Script.Hash() || !f.Table.G.Equal(tab.G) {
		t.Fatalf("read back %s game %+v", f.Table.Game.Kind(), f.Table.Game.Script)
	}
	// Reading the table ran its script to its last start (a table of at
	// most 1024 values is checked whole when read): verifying it says so,
	// and does not run the script a second time.
	var ran countMeter
	if what, err := family.MustFor(f.Table.Game).Verify(t.Context(), f, 1, &ran); err != nil || f.RuleChecked != tab.N() || ran.n != 0 || !strings.HasSuffix(what, ", when read") {
		t.Fatalf("verify: %q, %v; checked when read through %d of %d, %d values verified again", what, err, f.RuleChecked, tab.N(), ran.n)
	}
	var wrong sg.Values
	for n := range tab.G.Len() {
		wrong.Append(tab.G.At(n) ^ uint32(min(n/30, 1)))
	}
	tab.G = wrong
	bad := filepath.Join(dir, "bad.parquet")
	if err := export.WriteParquet(bad, tab, export.Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := export.Read(bad); err == nil || !strings.Contains(err.Error(), "SG(30)") {
		t.Fatalf("reading a table of wrong values: %v, want SG(30) named", err)
	}
}

// countMeter counts the work of a verification.
type countMeter struct{ n int64 }

func (c *countMeter) Add(n int64)   { c.n += n }
func (c *countMeter) Inherit(int64) {}
