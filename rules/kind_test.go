package rules

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// kindGames is a config with a game of each kind, and what the methods
// that depend on a game's kind say of each.
const kindGames = `games:
  - name: kayles
    code: "0.77"
  - name: bash-misere
    moves:
      - take: {min: 1, max: 3}
    play: misere
  - name: ring
    code: "0.77"
    start: ring
    heaps: 100
  - name: wythoff
    lattice:
      size: [10, 10]
      moves:
        - {step: [-1, 0], repeat: true}
  - name: euclid
    state: euclid
    heaps: 300
  - name: fib
    state: fibonacci-nim
  - name: boxes
    graph: {generate: boxes, boxes: 30}
  - name: walk
    heaps: 20
    script: |
      def start(n):
          return n
      def moves(p):
          return [p - 1] if p else []
`

var kindTests = []struct {
	name, kind, key, ruleText, tableText string
	outcomes                             bool
}{
	{"kayles", "heap", "line:0.77", "0.77", "SG(0..1000)", false},
	{"bash-misere", "heap", "misere:0.333", "0.333", "outcomes of 0..1000", true},
	{"ring", "heap", "ring:0.77", "0.77", "SG(0..100)", false},
	{"wythoff", "lattice", "lattice:(-1,0)* on 10×10", "(-1,0)* on 10×10", "SG(x, y) for 10×10 points", false},
	{"euclid", "state", "state:euclid", "state:euclid", "SG(x, y) for 0 ≤ x, y ≤ 300", false},
	{"fib", "state", "state:fibonacci-nim", "state:fibonacci-nim", "outcomes of 0..1000", true},
	{"boxes", "graph", "graph:boxes 30", "graph:boxes 30", "SG of every node", false},
	{"walk", "script", "script:de2521a60425c436 n=0..20", "script:de2521a60425c436222cff24cdddea54f3dfc655ae8a1c95ff72cdab2b2a5361", "SG of start(n), or start(n, m), for parameters 0..20", false},
}

// TestGameByKind checks what a game of each kind says of itself: its kind,
// its key, its rule text, what its table holds (TableText, as sgtab
// validate prints it) and whether that is outcomes.
func TestGameByKind(t *testing.T) {
	games, err := Parse(strings.NewReader(kindGames), "kinds.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != len(kindTests) {
		t.Fatalf("%d games, want %d", len(games), len(kindTests))
	}
	for i, tc := range kindTests {
		g := games[i]
		if g.Name != tc.name || string(g.Kind()) != tc.kind || g.Key() != tc.key || g.RuleText() != tc.ruleText ||
			g.TableText() != tc.tableText || g.HoldsOutcomes() != tc.outcomes {
			t.Errorf("%s: kind %s, key %q, rule text %q, table text %q, outcomes %v; want %s, %s, %q, %q, %q, %v",
				g.Name, g.Kind(), g.Key(), g.RuleText(), g.TableText(), g.HoldsOutcomes(),
				tc.name, tc.kind, tc.key, tc.ruleText, tc.tableText, tc.outcomes)
		}
	}
}

// TestGameMemory checks that Memory gives the estimate the config was
// checked with, for each kind that has one, and none for a graph.
func TestGameMemory(t *testing.T) {
	games, err := Parse(strings.NewReader(kindGames), "kinds.yaml")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int64{
		"kayles":      HeapMemory(1000, StartLine, 8),
		"bash-misere": HeapMemory(1000, StartLine, 8),
		"ring":        HeapMemory(100, StartRing, 8),
		"wythoff":     games[3].Lattice.memory(),
		"euclid":      StateMemory("euclid", 300),
		"fib":         StateMemory("fibonacci-nim", 1000),
		"walk":        21 * 8,
	}
	for _, g := range games {
		got, ok := g.Memory()
		w, has := want[g.Name]
		if ok != has || got != w {
			t.Errorf("%s: Memory() = %d, %v; want %d, %v", g.Name, got, ok, w, has)
		}
	}
}

// TestKindTable checks the table of kinds: one entry for each kind, each
// with what every game needs, one kind (heap) selected by no key and the
// others each by a key of its own; and the keys of a game listed as the
// "unknown key" message has always listed them.
func TestKindTable(t *testing.T) {
	var selectors []string
	for _, k := range Kinds {
		n := 0
		for _, r := range kindTable {
			if r.kind == k {
				n++
			}
		}
		if n != 1 {
			t.Errorf("kind %s has %d entries in kindTable, want 1", k, n)
		}
		r := rulesOf(k)
		if r.read == nil || r.key == nil || r.ruleText == nil || r.tableText == nil || !strings.Contains(r.refusal, "%s") {
			t.Errorf("kind %s: the entry lacks a function or a refusal with %%s", k)
		}
		if slices.Contains(selectors, r.selector) {
			t.Errorf("kind %s: selector %q used twice", k, r.selector)
		}
		selectors = append(selectors, r.selector)
	}
	if len(kindTable) != len(Kinds) || !slices.Contains(selectors, "") {
		t.Errorf("kindTable has %d entries for %d kinds; selectors %q, want one empty", len(kindTable), len(Kinds), selectors)
	}
	want := []string{"name", "heaps", "code", "base", "moves", "start", "lattice", "play", "state", "graph", "script", "steps", "positions"}
	if !slices.Equal(gameKeys, want) {
		t.Errorf("gameKeys = %q, want %q", gameKeys, want)
	}
}

// TestGameOfOneKind checks that a game with the key of one kind has no key
// of another, whichever two kinds they are: the first kind of kindTable
// that the game's keys select names the problem.
func TestGameOfOneKind(t *testing.T) {
	const lattice = "lattice: {size: [3, 3], moves: [{step: [-1, 0]}]}"
	for _, tc := range []struct{ config, want string }{
		{lattice + "\nstate: euclid", "t.yaml:2:1: state: a lattice game has no state: its board and moves are under lattice"},
		{lattice + "\ngraph: {generate: boxes, boxes: 3}", "t.yaml:2:1: graph: a lattice game has no graph: its board and moves are under lattice"},
		{lattice + "\nplay: misere", "t.yaml:2:1: play: a lattice game has no play: its board and moves are under lattice"},
		{"state: euclid\ngraph: {generate: boxes, boxes: 3}", "t.yaml:1:1: state: a game on a graph has no state: its positions are the graph's nodes"},
		{"state: euclid\nstart: ring", "t.yaml:2:1: start: a built-in state game has no start"},
	} {
		_, err := Parse(strings.NewReader(tc.config), "t.yaml")
		if err == nil || err.Error() != tc.want {
			t.Errorf("Parse(%q) = %v, want %s", tc.config, err, tc.want)
		}
	}
}

// TestKindTestsOnlyInKind checks that no code of the package but Game.Kind
// (kind.go) tells the kinds of game apart by which part of Game is set:
// everything else asks Kind, or the kind's entry of kindTable.
func TestKindTestsOnlyInKind(t *testing.T) {
	fields := map[string]string{"Lattice": "nil", "Graph": "nil", "State": `""`}
	for _, path := range goFiles(t) {
		if path == "kind.go" {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			b, ok := n.(*ast.BinaryExpr)
			if !ok || b.Op != token.EQL && b.Op != token.NEQ {
				return true
			}
			for _, pair := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
				sel, ok := pair[0].(*ast.SelectorExpr)
				if !ok {
					continue
				}
				if zero, ok := fields[sel.Sel.Name]; ok && exprText(pair[1]) == zero {
					t.Errorf("%s: %s.%s %s %s tells a game's kind: ask Kind", path, exprText(sel.X), sel.Sel.Name, b.Op, zero)
				}
			}
			return true
		})
	}
}

// exprText returns an identifier's name or a literal's text, "" for other
// expressions.
func exprText(e ast.Expr) string {
	switch v := e.(type) {
	case *ast.Ident:
		return v.Name
	case *ast.BasicLit:
		return v.Value
	}
	return ""
}

// TestFileSizes checks that no Go file of the package is over 600 lines,
// so that each stays about one thing.
func TestFileSizes(t *testing.T) {
	for _, path := range goFiles(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(data), "\n"); n > 600 {
			t.Errorf("%s has %d lines, more than 600: split it by what its parts do", path, n)
		}
	}
}

// goFiles returns the package's Go files, tests included.
func goFiles(t *testing.T) []string {
	paths, err := filepath.Glob("*.go")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no Go files: %v", err)
	}
	return paths
}
