package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/export"
)

// loopyEdges is the graph with cycles of docs/configs.md: a ⇄ b → c, d → d → c
// (d may stay), e ⇄ f. Its values: a 0, b 1, c 0, d ∞(0), e and f ∞().
const loopyEdges = "from,to\na,b\nb,a\nb,c\nd,d\nd,c\ne,f\nf,e\n"

// TestRunLoopyGraph checks that a graph with cycles is solved rather than
// refused: its table (Parquet and Arrow) holds the generalized values,
// null sg and the finite followers at the nodes of value ∞, and reads
// back verified; the summary counts the ∞ nodes and the draws.
func TestRunLoopyGraph(t *testing.T) {
	writeLoopy(t)
	code, stdout, stderr := sgtab(t, "run", "-formats", "parquet,arrow", "-out", "out", "loopy.yaml")
	if code != 0 || !strings.Contains(stdout, "cycles: 3 nodes of value ∞, 2 of them drawn") {
		t.Fatalf("run: status %d, stdout\n%s\nstderr\n%s", code, stdout, stderr)
	}
	want := map[string]string{"a": "0", "b": "1", "c": "0", "d": "∞(0)", "e": "∞()", "f": "∞()"}
	for _, ext := range []string{"parquet", "arrow"} {
		f, err := export.Read(filepath.Join("out", "loopy."+ext))
		if err != nil {
			t.Fatalf("%s: %v", ext, err)
		}
		g := f.Graph
		if g.Loopy == nil || g.Nodes() != len(want) {
			t.Fatalf("%s: %d nodes, generalized values %v", ext, g.Nodes(), g.Loopy)
		}
		for v := range g.Nodes() {
			if got := g.Loopy[v].String(); got != want[g.Name(v)] {
				t.Errorf("%s: node %s has value %s, want %s", ext, g.Name(v), got, want[g.Name(v)])
			}
		}
	}
	if code, _, stderr := sgtab(t, "run", "-formats", "csv", "-plot", "none", "-out", "out2", "loopy.yaml"); code != 1 || !strings.Contains(stderr, "sgtab: loopy: its graph has cycles, and a table of its values ∞(K) has no CSV form: ask for -formats parquet or arrow") {
		t.Errorf("run -formats csv: status %d, %s; want 1 and a refusal", code, stderr)
	}
}

// TestQueryLoopyGraph checks sums of tokens on a graph with cycles: a win
// with its winning moves, a draw of two winning tokens (∞(0) + 1 = ∞(1))
// with its one drawing move, and a draw of two drawn ones.
func TestQueryLoopyGraph(t *testing.T) {
	writeLoopy(t)
	for _, tc := range []struct {
		args []string
		want []string // lines stdout must hold
	}{
		{[]string{"d"}, []string{"  token 1: d, value ∞(0)\n", "  value ∞(0): the player to move wins, with 1 winning move:\n", "    token 1: d → c\n"}},
		{[]string{"a", "b"}, []string{"  value 1: the player to move wins, with 3 winning moves:\n", "    token 1: a → b\n", "    token 2: b → a\n", "    token 2: b → c\n"}},
		{[]string{"d", "b"}, []string{"  value ∞(1): the player to move draws (neither player can force a win), with 1 drawing move:\n", "    token 1: d → d\n"}},
		{[]string{"d", "e"}, []string{"  value ∞(): the player to move draws (neither player can force a win), with 3 drawing moves:\n"}},
		{[]string{"a", "c"}, []string{"  value 0: the player to move loses (the second player wins)\n"}},
	} {
		code, stdout, stderr := sgtab(t, append([]string{"query", "loopy.yaml"}, tc.args...)...)
		for _, line := range tc.want {
			if code != 0 || !strings.Contains(stdout, line) {
				t.Errorf("query %s: status %d, stdout\n%s\nstderr\n%s\nwant a line %q", strings.Join(tc.args, " "), code, stdout, stderr, line)
			}
		}
	}
}

// writeLoopy writes loopy.csv and its config loopy.yaml into a folder of
// the test's own, made the working folder.
func writeLoopy(t *testing.T) {
	chdir(t)
	if err := os.WriteFile("loopy.csv", []byte(loopyEdges), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("loopy.yaml", []byte("name: loopy\ngraph: {edges: loopy.csv}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestDuckDBReadsLoopyTable checks that DuckDB reads the table of a graph
// with cycles as docs/configs.md says: sg null at the nodes of value ∞, their
// finite followers as a list, and the drawn nodes found by SQL.
func TestDuckDBReadsLoopyTable(t *testing.T) {
	writeLoopy(t)
	needDuckDB(t)
	if code, stdout, stderr := sgtab(t, "run", "-plot", "none", "-out", "out", "loopy.yaml"); code != 0 {
		t.Fatalf("run: status %d\n%s\n%s", code, stdout, stderr)
	}
	res := duckdb(t, "SELECT node, sg, finite_followers AS k FROM 'out/loopy.parquet' ORDER BY node;"+
		"SELECT string_agg(node, ' ' ORDER BY node) AS d FROM 'out/loopy.parquet' WHERE sg IS NULL AND NOT list_contains(finite_followers, 0)")
	var got []string
	for _, r := range res[0] {
		got = append(got, r["node"]+":"+r["sg"]+":"+r["k"])
	}
	if want := "a:0: b:1: c:0: d::[0] e::[] f::[]"; strings.Join(got, " ") != want {
		t.Errorf("rows %s, want %s", strings.Join(got, " "), want)
	}
	if d := res[1][0]["d"]; d != "e f" {
		t.Errorf("drawn nodes %q, want e f", d)
	}
}
