package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute/graphgame"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/graph"
	"github.com/sgtab/sgtab/rules"
)

// TestGeography checks games of vertex geography end to end: a grid's
// table (the outcome and a winning move from every square, read back
// verified), an edge list's table with its moves, HDU 1564's
// corners on boards of 10^4 squares a side answered by query, a graph
// read from an edge list (undirected: a path a – b – c, won from its
// middle by moving to either end and lost from an end; a triangle x y z
// with a tail z – t, won from x only by x → y, the tail being left for
// the mover), and edge geography on a graph beyond its search refused.
func TestGeography(t *testing.T) {
	chdir(t)
	files := map[string]string{
		"walk.yaml":     "name: walk\ngraph: {grid: {n: 3, m: 3}, play: vertex-geography}\n",
		"even.yaml":     "name: even\ngraph: {grid: {n: 10000, m: 10000}, play: vertex-geography}\n",
		"odd.yaml":      "name: odd\ngraph: {grid: {n: 9999, m: 9999}, play: vertex-geography}\n",
		"g.csv":         "from,to\na,b\nb,c\nx,y\ny,z\nz,x\nz,t\n",
		"g.yaml":        "name: g\ngraph: {edges: g.csv, play: vertex-geography}\n",
		"edgeplay.yaml": "name: e\ngraph:\n  edges: k12.csv\n  play: edge-geography\n",
		"k12.csv":       completeGraph(12),
		"boxes.yaml":    "name: boxes\ngraph: {generate: boxes, boxes: 12, play: vertex-geography}\n",
	}
	writeFiles(t, files)
	if code, stdout, stderr := sgtab(t, "run", "-plot", "none", "-out", "out", "walk.yaml", "g.yaml"); code != 0 {
		t.Fatalf("run: status %d\n%s\n%s", code, stdout, stderr)
	}
	f, err := export.Read(filepath.Join("out", "walk.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for v := range f.Graph.Nodes() {
		got = append(got, f.Graph.Name(v)+"="+string(rune('0'+f.Graph.G.At(v))))
		if w := f.Graph.Moves[v]; w >= 0 {
			got[v] += "→" + f.Graph.Name(int(w))
		}
	}
	// On the 3×3 board the mover wins exactly from the squares with i + j
	// odd, moving to any neighbour (the first listed: up, left, right, down).
	if want := "0,0=0 0,1=1→0,0 0,2=0 1,0=1→0,0 1,1=0 1,2=1→0,2 2,0=0 2,1=1→1,1 2,2=0"; strings.Join(got, " ") != want {
		t.Errorf("3×3 board: %s, want %s", strings.Join(got, " "), want)
	}
	g, err := export.Read(filepath.Join("out", "g.arrow"))
	if err != nil {
		t.Fatal(err)
	}
	for v := range g.Graph.Nodes() {
		if name, w := g.Graph.Name(v), g.Graph.Moves[v]; name == "x" && (w < 0 || g.Graph.Name(int(w)) != "y") || name == "a" && w >= 0 {
			t.Errorf("g: the move from %s is %d", name, w)
		}
	}
	if f.Meta[export.KeyPlay] != "vertex-geography" || f.Meta[export.KeyValues] != "outcome" {
		t.Errorf("metadata play %q, values %q", f.Meta[export.KeyPlay], f.Meta[export.KeyValues])
	}
	checkQueries(t, []queryCase{
		{[]string{"even.yaml", "0,0"}, 0, "  the player to move wins, with 2 winning moves:\n    → 0,1\n    → 1,0\n"},
		{[]string{"odd.yaml", "0,0"}, 0, "  the player to move loses"},
		{[]string{"g.yaml", "b"}, 0, "  the player to move wins, with 2 winning moves:\n    → a\n    → c\n"},
		{[]string{"g.yaml", "a"}, 0, "  the player to move loses"},
		{[]string{"g.yaml", "t"}, 0, "  the player to move wins, with 1 winning move:\n    → z\n"},
		{[]string{"g.yaml", "x"}, 0, "  the player to move wins, with 1 winning move:\n    → y\n"},
		// The built-in boxes graph is directed (a card moves to a smaller
		// box); geography takes its edges both ways: 5 – 4 and 5 – 10.
		{[]string{"boxes.yaml", "5"}, 0, "  the player to move wins, with 2 winning moves:\n    → 4\n    → 10\n"},
		{[]string{"g.yaml", "a", "b"}, 1, "a position is one start node, not 2"},
		// K12 has odd cycles and 66 edges, more than the search takes.
		{[]string{"edgeplay.yaml", "n0"}, 1, `edgeplay.yaml:3:10: graph.edges: the component of node n0 (12 nodes, 66 edges) has an odd cycle, so edge geography on it is decided by exact search (it is PSPACE-complete on general graphs), and it has more than the 64 edges that the search takes (got "k12.csv")`},
	})
}

// A queryCase is a query (its arguments after query), the status it
// exits with, and text its output holds.
type queryCase struct {
	args []string
	code int
	want string
}

// checkQueries runs each query of cases and checks its status and output.
func checkQueries(t *testing.T, cases []queryCase) {
	t.Helper()
	for _, tc := range cases {
		code, stdout, stderr := sgtab(t, append([]string{"query"}, tc.args...)...)
		if code != tc.code || !strings.Contains(stdout+stderr, tc.want) {
			t.Errorf("query %s: status %d, stdout\n%s\nstderr\n%s\nwant %d and %q", strings.Join(tc.args, " "), code, stdout, stderr, tc.code, tc.want)
		}
	}
}

// writeFiles writes each file of files (name → text) into the working
// folder.
func writeFiles(t *testing.T, files map[string]string) {
	t.Helper()
	for name, text := range files {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// completeGraph returns the edge list of the complete graph on the nodes
// n0 … n(k−1).
func completeGraph(k int) string {
	var b strings.Builder
	b.WriteString("from,to\n")
	for u := range k {
		for w := u + 1; w < k; w++ {
			fmt.Fprintf(&b, "n%d,n%d\n", u, w)
		}
	}
	return b.String()
}

// TestEdgeGeography checks games of undirected edge geography end to end:
// an edge list's table (read back verified, with its moves), a grid's
// (read back, and verified again by inspect -verify, the grid being built
// and solved anew, which a forged move fails), query's answers with every
// winning move, and a graph with odd cycles beyond the search refused, by
// run and by query, at the key that names it.
func TestEdgeGeography(t *testing.T) {
	chdir(t)
	writeFiles(t, map[string]string{
		// A path a – b – c and a triangle x y z with a tail z – t.
		"g.csv":      "from,to\na,b\nb,c\nx,y\ny,z\nz,x\nz,t\n",
		"g.yaml":     "name: g\ngraph: {edges: g.csv, play: edge-geography}\n",
		"board.yaml": "name: board\ngraph: {grid: {n: 3, m: 5}, play: edge-geography}\n",
		"k12.csv":    completeGraph(12),
		"k12.yaml":   "name: k12\ngraph:\n  edges: k12.csv\n  play: edge-geography\n",
	})
	if code, stdout, stderr := sgtab(t, "run", "-plot", "none", "-out", "out", "g.yaml", "board.yaml"); code != 0 {
		t.Fatalf("run: status %d\n%s\n%s", code, stdout, stderr)
	}
	// The path: the middle wins (to either end, which has no edge left),
	// the ends lose (a → b → c). The triangle with its tail: t loses
	// (t → z → x → y → z, and t – z is gone); z wins only by z → t; x wins
	// only by x → y (y → z is forced, and z moves on to x or t); y likewise
	// by y → x. On the 3×5 board the squares with both coordinates even
	// lose, every other wins (the move, the first winning one in row
	// order: the game-tree search of package compute's tests agrees).
	for _, tc := range []struct{ file, want string }{
		{"g.arrow", "a=0 b=1→a c=0 x=1→y y=1→x z=1→t t=0"},
		{"board.parquet", "0,0=0 0,1=1→0,0 0,2=0 0,3=1→0,2 0,4=0 1,0=1→0,0 1,1=1→1,2 1,2=1→0,2 1,3=1→1,2 1,4=1→0,4 2,0=0 2,1=1→2,0 2,2=0 2,3=1→2,2 2,4=0"},
	} {
		f, err := export.Read(filepath.Join("out", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		if got := geographyRows(f); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.file, got, tc.want)
		}
		if f.Meta[export.KeyPlay] != "edge-geography" || f.Meta[export.KeyValues] != "outcome" {
			t.Errorf("%s: metadata play %q, values %q", tc.file, f.Meta[export.KeyPlay], f.Meta[export.KeyValues])
		}
	}
	code, stdout, stderr := sgtab(t, "inspect", "-verify", filepath.Join("out", "board.parquet"))
	if want := "verified: checksums, and every value, the graph edge-geography on grid 3×5 built and solved again"; code != 0 || !strings.Contains(stdout, want) {
		t.Errorf("inspect -verify: status %d\n%s\n%s\nwant %q", code, stdout, stderr, want)
	}
	// A table whose move from 1,1 is forged (to 0,1, a losing move), its
	// checksums made anew, fails verification at that move.
	f, err := export.Read(filepath.Join("out", "board.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	f.Graph.Moves[6] = 1
	if err := export.WriteGraphParquet("forged.parquet", f.Graph, export.Options{Version: version}); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = sgtab(t, "inspect", "-verify", "forged.parquet")
	if want := "node 1,1: the winning move 0,1, but the graph edge-geography on grid 3×5 gives 1,2: these are not the moves of its game"; code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("inspect -verify forged.parquet: status %d\n%s\n%s\nwant %q", code, stdout, stderr, want)
	}
	refusal := `k12.yaml:3:10: graph.edges: the component of node n0 (12 nodes, 66 edges) has an odd cycle, so edge geography on it is decided by exact search (it is PSPACE-complete on general graphs), and it has more than the 64 edges that the search takes (got "k12.csv")`
	if code, stdout, stderr := sgtab(t, "run", "-plot", "none", "-out", "out", "k12.yaml"); code != 1 || !strings.Contains(stderr, refusal) {
		t.Errorf("run k12.yaml: status %d\n%s\n%s\nwant 1 and %q", code, stdout, stderr, refusal)
	}
	checkQueries(t, []queryCase{
		{[]string{"g.yaml", "b"}, 0, "start b (edge geography on the graph of g)\n  the player to move wins, with 2 winning moves:\n    → a\n    → c\n"},
		{[]string{"g.yaml", "a"}, 0, "  the player to move loses\n"},
		{[]string{"g.yaml", "x"}, 0, "  the player to move wins, with 1 winning move:\n    → y\n"},
		{[]string{"g.yaml", "t"}, 0, "  the player to move loses\n"},
		{[]string{"board.yaml", "1,2"}, 0, "  the player to move wins, with 4 winning moves:\n    → 0,2\n    → 1,1\n    → 1,3\n    → 2,2\n"},
		{[]string{"board.yaml", "2,2"}, 0, "  the player to move loses\n"},
		{[]string{"board.yaml", "3,0"}, 1, `"3,0" is not a node of board`},
		{[]string{"k12.yaml", "n5"}, 1, strings.Replace(refusal, "node n0", "node n5", 1)},
	})
}

// geographyRows returns the rows of the geography table f, as
// "node=outcome→move" (the move only where the mover wins).
func geographyRows(f *export.File) string {
	var rows []string
	for v := range f.Graph.Nodes() {
		row := fmt.Sprintf("%s=%d", f.Graph.Name(v), f.Graph.G.At(v))
		if w := f.Graph.Moves[v]; w >= 0 {
			row += "→" + f.Graph.Name(int(w))
		}
		rows = append(rows, row)
	}
	return strings.Join(rows, " ")
}

// bundledGraphValues returns the values of the nodes of a bundled game on
// the graph ng: SG values, or, for vertex geography, the outcomes the
// grid rule or the matching engine finds.
func bundledGraphValues(t *testing.T, gs *rules.GraphSpec, ng *graph.Named) ([]uint32, error) {
	if gs.Play == "" {
		return graphgame.GraphValues(t.Context(), ng.Graph)
	}
	var win []bool
	var err error
	if gs.Generate == "grid" { // the matching engine is checked against the rule in package compute
		win = make([]bool, ng.Nodes())
		for v := range win {
			win[v], _ = graphgame.GridGeography(gs.Grid[0], gs.Grid[1], v/gs.Grid[1], v%gs.Grid[1])
		}
	} else {
		win, _, err = graphgame.Geography(t.Context(), ng.Graph)
	}
	out := make([]uint32, len(win))
	for v, w := range win {
		if w {
			out[v] = 1
		}
	}
	return out, err
}

// TestGeographyCSVVerifies runs the bundled game of geography on HDU
// 1564's board into a CSV table, which keeps the outcomes without the
// winning moves, and verifies it: every value is checked, and the moves
// it lacks are said to be missing, where every such table used to be
// refused as "not the values of its game".
func TestGeographyCSVVerifies(t *testing.T) {
	config, err := filepath.Abs("../../configs/hdu1564-board-walk.yaml")
	if err != nil {
		t.Fatal(err)
	}
	chdir(t)
	if code, stdout, stderr := sgtab(t, "run", "-plot", "none", "-formats", "csv", "-out", "out", config); code != 0 {
		t.Fatalf("run: status %d\n%s\n%s", code, stdout, stderr)
	}
	code, stdout, stderr := sgtab(t, "inspect", "-verify", filepath.Join("out", "hdu1564-board-walk.csv"))
	if want := "every value, the graph vertex-geography on grid 100×100 built and solved again (the table holds no winning moves: a CSV table keeps the outcomes only)"; code != 0 || !strings.Contains(stdout, want) {
		t.Fatalf("inspect -verify: status %d\n%s\n%s\nwant %q", code, stdout, stderr, want)
	}
}
