package graph

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/sgtab/sgtab/compute/graphgame"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/rules"
)

// sgByName is the SG value of the node named v from the definition, over
// the edge list by names.
func sgByName(v string, edges [][2]string, memo map[string]uint32) uint32 {
	if x, ok := memo[v]; ok {
		return x
	}
	seen := map[uint32]bool{}
	for _, e := range edges {
		if e[0] == v {
			seen[sgByName(e[1], edges, memo)] = true
		}
	}
	x := uint32(0)
	for seen[x] {
		x++
	}
	memo[v] = x
	return x
}

// checkValues checks the SG value of every node of g against the
// definition over edges.
func checkValues(t *testing.T, g *Named, edges [][2]string, what string) {
	t.Helper()
	sg, err := graphgame.GraphValues(t.Context(), g.Graph)
	if err != nil {
		t.Fatal(err)
	}
	memo := map[string]uint32{}
	for v := range g.Nodes() {
		if want := sgByName(g.Name(v), edges, memo); sg[v] != want {
			t.Fatalf("%s: SG(%s) = %d, want %d", what, g.Name(v), sg[v], want)
		}
	}
}

func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestReadCSV reads random DAGs written as CSV, with integer names and with
// string names (quoted ones among them), and checks every node's value
// against the definition, and the names read back.
func TestReadCSV(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for trial := range 100 {
		n := 2 + rng.IntN(40)
		name := func(v int) string {
			if trial%2 == 0 {
				return fmt.Sprint(v * 7)
			}
			return fmt.Sprintf("node %d, \"x\"", v)
		}
		var edges [][2]string
		var b strings.Builder
		b.WriteString("from,to\n")
		for range 1 + rng.IntN(3*n) {
			x, y := rng.IntN(n), rng.IntN(n)
			if x == y {
				continue
			}
			x, y = min(x, y), max(x, y)
			edges = append(edges, [2]string{name(y), name(x)})
			fmt.Fprintf(&b, "%s,%s\n", quoteCSV(name(y)), quoteCSV(name(x)))
		}
		if len(edges) == 0 {
			continue
		}
		g, err := ReadCSV(writeFile(t, "g.csv", b.String()), "")
		if err != nil {
			t.Fatal(err)
		}
		if (g.Ints != nil) != (trial%2 == 0) {
			t.Fatalf("trial %d: integer names %v", trial, g.Ints != nil)
		}
		checkValues(t, g, edges, fmt.Sprintf("trial %d", trial))
		for v := range g.Nodes() {
			if w, ok := g.Lookup(g.Name(v)); !ok || w != v {
				t.Fatalf("trial %d: Lookup(%q) = %d, %v", trial, g.Name(v), w, ok)
			}
		}
	}
}

func quoteCSV(s string) string {
	if strings.ContainsAny(s, ",\"") {
		return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
	}
	return s
}

// TestReadCSVBad checks each kind of bad input gives a clear error naming
// the file (and line), and the stated behaviours: duplicate edges count
// once, a nodes file adds nodes without edges, a cycle is reported by name.
func TestReadCSVBad(t *testing.T) {
	for _, c := range []struct{ name, text, want string }{
		{"header", "a,b\n1,2\n", "g.csv:1: the header is a,b, want from,to"},
		{"no edges", "from,to\n", "g.csv: no edges"},
		{"empty file", "", "g.csv: empty: want the header from,to"},
		{"empty name", "from,to\n1,2\n,3\n", "g.csv:3: column from: an empty node name"},
		{"three fields", "from,to\n1,2,3\n", "g.csv:2: wrong number of fields"},
		{"bad quote", "from,to\n\"1,2\n", "g.csv:2:"},
		{"long name", "from,to\n" + strings.Repeat("x", 4097) + ",1\n", "g.csv:2: column from: a node name of 4097 bytes, more than 4096"},
		{"long line", "from,to\n" + strings.Repeat("x", 50<<20) + ",1\n", "g.csv:2: a line of more than 16391 bytes: a record holds 2 node names of at most 4096 bytes each"},
		{"not UTF-8", "from,to\na,b\n\xffa,b\n", `g.csv:3: column from: the node name "\xffa" is not UTF-8 text`},
		{"NUL", "from,to\na,b\x00c\n", `g.csv:2: column to: the node name "b\x00c" holds a NUL byte`},
		{"BOM twice", "\uFEFF\uFEFFfrom,to\na,b\n", "g.csv:1: the header is \uFEFFfrom,to, want from,to"},
	} {
		_, err := ReadCSV(writeFile(t, "g.csv", c.text), "")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	if _, err := ReadCSV(writeFile(t, "g.csv", "from,to\na,b\n"), writeFile(t, "n.csv", "node\nz\n\xfe\n")); err == nil || !strings.Contains(err.Error(), `n.csv:3: column node: the node name "\xfe" is not UTF-8 text`) {
		t.Errorf("nodes file with a name that is not UTF-8: %v", err)
	}
	if _, err := ReadCSV(filepath.Join(t.TempDir(), "missing.csv"), ""); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}

	g, err := ReadCSV(writeFile(t, "g.csv", "from,to\na,b\na,b\nb,c\n"), writeFile(t, "n.csv", "node\nz\na\n"))
	if err != nil {
		t.Fatal(err)
	}
	if g.Nodes() != 4 || g.Edges() != 2 {
		t.Errorf("%d nodes and %d edges, want 4 and 2 (a duplicate edge counts once, z has none)", g.Nodes(), g.Edges())
	}
	if _, err := ReadCSV(writeFile(t, "g.csv", "from,to\na,b\n"), writeFile(t, "n.csv", "name\nz\n")); err == nil || !strings.Contains(err.Error(), "n.csv:1: the header is name, want node") {
		t.Errorf("nodes file with a bad header: %v", err)
	}

	cyc, err := ReadCSV(writeFile(t, "g.csv", "from,to\nstart,a\na,b\nb,c\nc,a\n"), "")
	if err != nil {
		t.Fatal(err)
	}
	_, err = graphgame.GraphValues(t.Context(), cyc.Graph)
	var ce *graphgame.CycleError
	if !errors.As(err, &ce) {
		t.Fatalf("cycle: %v", err)
	}
	ce.Name = cyc.Name
	if msg := ce.Error(); !strings.Contains(msg, "a → b → c → a") && !strings.Contains(msg, "b → c → a → b") && !strings.Contains(msg, "c → a → b → c") {
		t.Errorf("cycle reported as %q", msg)
	}
}

// TestReadCSVByteOrderMark reads an edge list and a nodes file that start
// with a UTF-8 byte-order mark, as spreadsheet programs write them: the
// mark is skipped, as a config's is.
func TestReadCSVByteOrderMark(t *testing.T) {
	g, err := ReadCSV(writeFile(t, "g.csv", "\uFEFFfrom,to\r\na,b\r\n"), writeFile(t, "n.csv", "\uFEFFnode\nz\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"a", "b", "z"} {
		if _, ok := g.Lookup(name); !ok {
			t.Errorf("no node %q", name)
		}
	}
	if g.Nodes() != 3 || g.Edges() != 1 {
		t.Errorf("%d nodes and %d edges, want 3 and 1", g.Nodes(), g.Edges())
	}
}

// TestReadCSVLongLineMemory reads an edge list whose second line is 50 MB
// without a newline and checks that it is refused having allocated a few
// kilobytes, not the line.
func TestReadCSVLongLineMemory(t *testing.T) {
	path := writeFile(t, "g.csv", "from,to\n"+strings.Repeat("x", 50<<20))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := ReadCSV(path, "")
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "g.csv:2: a line of more than") {
		t.Errorf("a 50 MB line: %v", err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 1<<20 {
		t.Errorf("reading a 50 MB line allocated %d bytes, want at most 1 MiB", got)
	}
}

// TestGraphFileSize checks that an edge list or a nodes file larger than
// rules.MaxGraphFile (a sparse file: no disk is used) is refused before it
// is read, CSV, Parquet and nodes files alike, as a config larger than its
// limit is.
func TestGraphFileSize(t *testing.T) {
	big := func(name string) string {
		path := filepath.Join(t.TempDir(), name)
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := f.Truncate(rules.MaxGraphFile + 1); err != nil {
			t.Skip("no sparse files here:", err)
		}
		return path
	}
	edges := writeFile(t, "g.csv", "from,to\na,b\n")
	for _, c := range []struct{ edges, nodes string }{
		{big("g.csv"), ""},
		{big("g.parquet"), ""},
		{edges, big("n.csv")},
	} {
		_, err := ReadFile(c.edges, c.nodes)
		want := c.edges + ":1:1: the file is larger than 4 GiB, the most an edge list may hold"
		if c.nodes != "" {
			want = c.nodes + ":1:1: the file is larger than 4 GiB, the most a node list may hold"
		}
		if err == nil || err.Error() != want {
			t.Errorf("ReadFile(%s, %q) = %v, want %q", filepath.Base(c.edges), filepath.Base(c.nodes), err, want)
		}
		if !errors.Is(err, rules.ErrTooLarge) {
			t.Errorf("%v does not match rules.ErrTooLarge", err)
		}
	}
}

// TestCalendar checks the Calendar game (HDU 1079) over its whole range,
// 1900-01-01 to 2001-11-04, against its published answer: the player to
// move wins exactly when month + day is even, or on September 30 and
// November 30.
func TestCalendar(t *testing.T) {
	first := time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC)
	last := time.Date(2001, 11, 4, 0, 0, 0, 0, time.UTC)
	g, err := Calendar(first, last)
	if err != nil {
		t.Fatal(err)
	}
	sg, err := graphgame.GraphValues(t.Context(), g.Graph)
	if err != nil {
		t.Fatal(err)
	}
	days := 0
	for d := first; !d.After(last); d = d.AddDate(0, 0, 1) {
		v, ok := g.Lookup(d.Format(time.DateOnly))
		if !ok {
			t.Fatalf("no node %s", d.Format(time.DateOnly))
		}
		m, day := int(d.Month()), d.Day()
		wins := (m+day)%2 == 0 || m == 9 && day == 30 || m == 11 && day == 30
		if (sg[v] != 0) != wins {
			t.Fatalf("%s: SG %d, but the first player %s", d.Format(time.DateOnly), sg[v], map[bool]string{true: "wins", false: "loses"}[wins])
		}
		days++
	}
	if days != g.Nodes() || days != 37198 {
		t.Errorf("%d days, %d nodes", days, g.Nodes())
	}
	if _, err := Calendar(last, first); err == nil {
		t.Error("a calendar ending before it starts")
	}
}

// TestBoxes checks the boxes of HDU 3389 against their rule, edge by edge,
// and a token's values against the definition.
func TestBoxes(t *testing.T) {
	const n = 200
	g, err := Boxes(n)
	if err != nil {
		t.Fatal(err)
	}
	var edges [][2]string
	for a := 1; a <= n; a++ {
		for b := 1; b < a; b++ {
			if (a+b)%2 == 1 && (a+b)%3 == 0 {
				edges = append(edges, [2]string{fmt.Sprint(a), fmt.Sprint(b)})
			}
		}
	}
	if g.Edges() != int64(len(edges)) || g.Ints == nil {
		t.Fatalf("%d edges, want %d", g.Edges(), len(edges))
	}
	checkValues(t, g, edges, "boxes")
	if _, err := Boxes(0); err == nil {
		t.Error("no boxes")
	}
}

// TestReadFileParquet writes random DAGs as Parquet edge lists, with
// integer names and with string names, reads them back as graphs and
// checks every node's value against the definition; a Parquet file without
// the columns from and to is refused.
func TestReadFileParquet(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for trial := range 40 {
		n := 2 + rng.IntN(40)
		var e export.Edges
		var edges [][2]string
		for range 1 + rng.IntN(3*n) {
			x, y := rng.IntN(n), rng.IntN(n)
			if x == y {
				continue
			}
			x, y = max(x, y), min(x, y)
			if trial%2 == 0 {
				e.Ints.From, e.Ints.To = append(e.Ints.From, int64(x)*1000-7), append(e.Ints.To, int64(y)*1000-7)
				edges = append(edges, [2]string{fmt.Sprint(int64(x)*1000 - 7), fmt.Sprint(int64(y)*1000 - 7)})
			} else {
				e.Strings.From, e.Strings.To = append(e.Strings.From, fmt.Sprintf("s%d", x)), append(e.Strings.To, fmt.Sprintf("s%d", y))
				edges = append(edges, [2]string{fmt.Sprintf("s%d", x), fmt.Sprintf("s%d", y)})
			}
		}
		if len(edges) == 0 {
			continue
		}
		path := filepath.Join(t.TempDir(), "g.parquet")
		if err := export.WriteEdges(path, &e, export.Options{}); err != nil {
			t.Fatal(err)
		}
		nodes := writeFile(t, "n.csv", map[bool]string{true: "node\n99999\n", false: "node\nlonely\n"}[trial%2 == 0])
		g, err := ReadFile(path, nodes)
		if err != nil {
			t.Fatal(err)
		}
		if (g.Ints != nil) != (trial%2 == 0) {
			t.Fatalf("trial %d: integer names %v", trial, g.Ints != nil)
		}
		checkValues(t, g, edges, fmt.Sprintf("trial %d", trial))
		if _, ok := g.Lookup(map[bool]string{true: "99999", false: "lonely"}[trial%2 == 0]); !ok {
			t.Errorf("trial %d: the node of the nodes file is missing", trial)
		}
	}
	// A table of SG values is no edge list.
	tab := filepath.Join(t.TempDir(), "t.parquet")
	if err := export.WriteEdges(tab, &export.Edges{}, export.Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadFile(tab, ""); err == nil || !strings.Contains(err.Error(), "no edges") {
		t.Errorf("an empty edge list: %v", err)
	}
	summary := filepath.Join(t.TempDir(), "summary.parquet")
	if err := export.WriteSummary(summary, nil, export.Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadFile(summary, ""); err == nil || !strings.Contains(err.Error(), "column from missing") {
		t.Errorf("a file without the columns from and to: %v", err)
	}
	if _, err := ReadFile(writeFile(t, "x.parquet", "not parquet"), ""); err == nil || !strings.Contains(err.Error(), "x.parquet") {
		t.Errorf("a file that is not Parquet: %v", err)
	}
}

// BenchmarkReadFile1e7 reads a random DAG of 10^7 nodes and 5·10^7 edges
// from a Parquet edge list and computes every node's value: the target of
// games on graphs (30 s on a 2-core machine).
func BenchmarkReadFile1e7(b *testing.B) {
	const n, m = 10_000_000, 50_000_000
	rng := rand.New(rand.NewPCG(1, 1))
	var e export.Edges
	e.Ints.From, e.Ints.To = make([]int64, m), make([]int64, m)
	for i := range m {
		a := rng.IntN(n - 1)
		e.Ints.From[i], e.Ints.To[i] = int64(a), int64(a+1+rng.IntN(min(n-1-a, 1000)))
	}
	path := filepath.Join(b.TempDir(), "g.parquet")
	if err := export.WriteEdges(path, &e, export.Options{}); err != nil {
		b.Fatal(err)
	}
	e = export.Edges{}
	for b.Loop() {
		g, err := ReadFile(path, "")
		if err != nil {
			b.Fatal(err)
		}
		if _, err := graphgame.GraphValues(b.Context(), g.Graph); err != nil {
			b.Fatal(err)
		}
	}
}
