package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute"
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
// the mover), and edge geography refused.
func TestGeography(t *testing.T) {
	chdir(t)
	files := map[string]string{
		"walk.yaml":     "name: walk\ngraph: {grid: {n: 3, m: 3}, play: vertex-geography}\n",
		"even.yaml":     "name: even\ngraph: {grid: {n: 10000, m: 10000}, play: vertex-geography}\n",
		"odd.yaml":      "name: odd\ngraph: {grid: {n: 9999, m: 9999}, play: vertex-geography}\n",
		"g.csv":         "from,to\na,b\nb,c\nx,y\ny,z\nz,x\nz,t\n",
		"g.yaml":        "name: g\ngraph: {edges: g.csv, play: vertex-geography}\n",
		"edgeplay.yaml": "name: e\ngraph: {grid: {n: 2, m: 2}, play: edge-geography}\n",
		"boxes.yaml":    "name: boxes\ngraph: {generate: boxes, boxes: 12, play: vertex-geography}\n",
	}
	for name, text := range files {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
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
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
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
		{[]string{"edgeplay.yaml", "0,0"}, 1, "edge geography is not supported"},
	} {
		code, stdout, stderr := sgtab(t, append([]string{"query"}, tc.args...)...)
		if code != tc.code || !strings.Contains(stdout+stderr, tc.want) {
			t.Errorf("query %s: status %d, stdout\n%s\nstderr\n%s\nwant %d and %q", strings.Join(tc.args, " "), code, stdout, stderr, tc.code, tc.want)
		}
	}
}

// bundledGraphValues returns the values of the nodes of a bundled game on
// the graph ng: SG values, or, for vertex geography, the outcomes the
// grid rule or the matching engine finds.
func bundledGraphValues(t *testing.T, gs *rules.GraphSpec, ng *graph.Named) ([]uint32, error) {
	if gs.Play == "" {
		return compute.GraphValues(t.Context(), ng.Graph)
	}
	var win []bool
	var err error
	if gs.Generate == "grid" { // the matching engine is checked against the rule in package compute
		win = make([]bool, ng.Nodes())
		for v := range win {
			win[v], _ = compute.GridGeography(gs.Grid[0], gs.Grid[1], v/gs.Grid[1], v%gs.Grid[1])
		}
	} else {
		win, _, err = compute.Geography(t.Context(), ng.Graph)
	}
	out := make([]uint32, len(win))
	for v, w := range win {
		if w {
			out[v] = 1
		}
	}
	return out, err
}
