package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunGraphErrors checks that a missing edge list ends the run with a clear error and exit status 1, writing no
// table.
func TestRunGraphErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	for _, c := range []struct{ config, want string }{
		{write("missing.yaml", "name: missing\ngraph: {edges: nowhere.csv}\n"), "missing.yaml:2:16: graph.edges: " + filepath.Join(dir, "nowhere.csv") + ": no such file"},
	} {
		var stdout, stderr bytes.Buffer
		out := filepath.Join(dir, "out")
		code := run(t.Context(), []string{"run", "-plot", "none", "-out", out, c.config}, &stdout, &stderr)
		if code != 1 || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%s: status %d, %q; want 1 and %q", c.config, code, stderr.String(), c.want)
		}
		if tables, _ := filepath.Glob(filepath.Join(out, "*.parquet")); len(tables) > 0 {
			t.Errorf("%s: tables written: %v", c.config, tables)
		}
	}
}

// TestQueryGraph checks query on games on graphs, from their configs:
// tokens and staircases answered, a graph whose nodes do not 2-colour
// refused for staircases, and a node of a game on a graph refused as a
// component of a sum, on the command line and in a positions file, rather
// than answered as a heap of a game with no moves.
func TestQueryGraph(t *testing.T) {
	chdir(t)
	for name, text := range map[string]string{
		"g.yaml":    "name: g\ngraph: {generate: boxes, boxes: 6}\n",
		"t.csv":     "from,to\na,b\nb,c\na,c\n",
		"tri.yaml":  "name: tri\ngraph: {edges: t.csv}\n",
		"mixed.txt": "nim.yaml:3\ng.yaml:3\n",
	} {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	refused := "g.yaml is a game on a graph: query takes the nodes of its tokens after it, in positions of their own (sgtab query g.yaml NODE ...)\n"
	for _, tc := range []struct {
		args   []string
		code   int
		stdout string // a line stdout must hold
		stderr string // all of stderr
	}{
		{[]string{"g.yaml", "3", "5"}, 0, "    token 2: 5 → 4\n", ""},
		{[]string{"-staircase", "g.yaml", "1=3", "2=4"}, 0, "    4 cards from 2 to 1\n", ""},
		{[]string{"-staircase", "tri.yaml", "1", "0", "0"}, 1, "", "sgtab: tri: staircase positions need a graph whose nodes 2-colour: the edge a → b joins two nodes of one colour: no 2-colouring with every edge between the colours and every sink even\n"},
		{[]string{"g.yaml:3"}, 1, "", "sgtab: " + refused},
		{[]string{"nim.yaml:2", "g.yaml:3"}, 1, "", "sgtab: " + refused},
		{[]string{"-positions", "mixed.txt"}, 1, "", "sgtab: mixed.txt:2: " + refused},
	} {
		code, stdout, stderr := sgtab(t, append([]string{"query"}, tc.args...)...)
		if code != tc.code || !strings.Contains(stdout, tc.stdout) || stderr != tc.stderr {
			t.Errorf("query %s: status %d, stdout\n%s\nstderr\n%s\nwant %d, a line %q and\n%s", strings.Join(tc.args, " "), code, stdout, stderr, tc.code, tc.stdout, tc.stderr)
		}
	}
}

// TestQueryGraphTable queries a stored table of a game on a built graph
// (the Calendar game's) by the names of its nodes, as -table takes them:
// the answer is the config's, from the table's values and the graph built
// again, where a node name was refused as not a heap size; a stored table
// of a graph read from an edge list is refused, pointing at its config.
func TestQueryGraphTable(t *testing.T) {
	config, err := filepath.Abs("../../configs/calendar.yaml")
	if err != nil {
		t.Fatal(err)
	}
	chdir(t)
	writeFiles(t, map[string]string{"g.csv": "from,to\na,b\nb,c\n", "g.yaml": "name: g\ngraph: {edges: g.csv}\n"})
	if code, _, stderr := sgtab(t, "run", "-plot", "none", "-formats", "parquet,csv", "-out", "out", config, "g.yaml"); code != 0 {
		t.Fatalf("run: status %d\n%s", code, stderr)
	}
	_, want, _ := sgtab(t, "query", "-json", config, "2001-11-03", "2001-10-30")
	for _, table := range []string{"out/calendar.parquet", "out/calendar.csv"} {
		code, got, stderr := sgtab(t, "query", "-json", "-table", table, "2001-11-03", "2001-10-30")
		if code != 0 || got != want || !strings.Contains(got, `"kind":"tokens"`) {
			t.Errorf("query -table %s: status %d\n%s%s\nwant %s", table, code, got, stderr, want)
		}
	}
	code, _, stderr := sgtab(t, "query", "-table", "out/g.parquet", "a")
	if code != 1 || !strings.Contains(stderr, "its graph is not one that sgtab builds (it is read from an edge list): query its config instead") {
		t.Errorf("query -table of an edge list's table: status %d\n%s", code, stderr)
	}
}
