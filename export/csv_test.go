package export_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/classical"
	"github.com/sgtab/sgtab/compute/graphgame"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/export/internal/testtable"
	"github.com/sgtab/sgtab/rules"
)

// A csvCase is a table of one kind, written as CSV and as Parquet.
type csvCase struct {
	name    string
	csv     func(path string) error
	parquet func(path string) error
}

// csvCases returns a table of every kind run writes, and of every shape of
// one: a heap game's table (on a line; on a ring; misère, of outcomes; a
// built-in game's), a lattice table (Wythoff's, Euclid's game), a game on
// a graph (nodes named by integers; by strings that need quoting).
func csvCases(t *testing.T) []csvCase {
	key := []byte("a key of the test's own")
	heap := func(name, yaml string, n int) csvCase {
		var tab *sg.Table
		if g := parseGame(t, yaml); g.Kind() == rules.KindState {
			var err error
			if tab, _, err = classical.Solve(t.Context(), g); err != nil {
				t.Fatal(err)
			}
		} else {
			tab = testtable.Computed(t, yaml, n)
		}
		opt := export.Options{Version: "test", MACKey: key}
		return csvCase{name,
			func(path string) error { return export.WriteCSV(path, tab, opt) },
			func(path string) error { return export.WriteParquet(path, tab, opt) }}
	}
	lattice := func(name, yaml string) csvCase {
		g := parseGame(t, yaml)
		var lt *sg.LatticeTable
		var err error
		if g.Kind() == rules.KindState {
			_, lt, err = classical.Solve(t.Context(), g)
		} else {
			lt, err = compute.Lattice(t.Context(), g, sg.Options{})
		}
		if err != nil {
			t.Fatal(err)
		}
		return csvCase{name,
			func(path string) error { return export.WriteLatticeCSV(path, lt, export.Options{}) },
			func(path string) error { return export.WriteLatticeParquet(path, lt, export.Options{}) }}
	}
	graph := func(name string, gt *graphgame.GraphTable) csvCase {
		return csvCase{name,
			func(path string) error { return export.WriteGraphCSV(path, gt, export.Options{}) },
			func(path string) error { return export.WriteGraphParquet(path, gt, export.Options{}) }}
	}
	return []csvCase{
		heap("kayles", "name: kayles\ncode: \"0.77\"\n", 3000),
		heap("ring", "name: ring\ncode: \"0.77\"\nstart: ring\n", 500),
		heap("misere", "name: misere\nmoves:\n  - take: [1, 2, 3]\nplay: misere\n", 300),
		heap("fibonacci", "name: fib\nstate: fibonacci-nim\nheaps: 200\n", 200),
		lattice("wythoff", "name: wythoff\nlattice:\n  size: [40, 30]\n  moves:\n    - {step: [-1, 0], repeat: true}\n    - {step: [0, -1], repeat: true}\n    - {step: [-1, -1], repeat: true}\n"),
		lattice("euclid", "name: euclid\nstate: euclid\nheaps: 50\n"),
		graph("graph-ints", &graphgame.GraphTable{
			Game: rules.Game{Name: "ints", Graph: &rules.GraphSpec{Text: "edges i.csv"}},
			Ints: []int64{7, -3, 100000000000, 0}, G: sg.ValuesOf([]uint32{1, 0, 2, 5}), Edges: 4, EdgesCRC: 9,
		}),
		graph("graph-strings", &graphgame.GraphTable{
			Game:    rules.Game{Name: "strings", Graph: &rules.GraphSpec{Text: "edges s.csv"}},
			Strings: []string{"b", "a, node", `say "hi"`, "two\nlines", " space", "12", "é"},
			G:       sg.ValuesOf([]uint32{0, 1, 2, 3, 300, 70000, 4}), Edges: 7,
		}),
	}
}

func parseGame(t *testing.T, yaml string) rules.Game {
	t.Helper()
	games, err := rules.Parse(strings.NewReader(yaml), "g.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return games[0]
}

// TestCSVRoundTrip writes a table of every kind as CSV and as Parquet, and
// reads both back: the CSV table reads as the Parquet one does — the same
// kind, values, metadata (the MAC included), analysis and signature.
func TestCSVRoundTrip(t *testing.T) {
	for _, tc := range csvCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			csvPath, pqPath := filepath.Join(dir, "t.csv"), filepath.Join(dir, "t.parquet")
			if err := tc.csv(csvPath); err != nil {
				t.Fatal(err)
			}
			if err := tc.parquet(pqPath); err != nil {
				t.Fatal(err)
			}
			got, err := export.Read(csvPath)
			if err != nil {
				t.Fatal(err)
			}
			want, err := export.Read(pqPath)
			if err != nil {
				t.Fatal(err)
			}
			if got.Format != "csv" || got.Kind != want.Kind || got.Foreign {
				t.Errorf("format %s, kind %s (foreign %v), want csv, %s", got.Format, got.Kind, got.Foreign, want.Kind)
			}
			if !maps.Equal(got.Meta, want.Meta) {
				t.Errorf("metadata %v,\nwant %v", got.Meta, want.Meta)
			}
			key := []byte("a key of the test's own")
			if got.Signed(key) != want.Signed(key) {
				t.Errorf("signed %v, Parquet's %v", got.Signed(key), want.Signed(key))
			}
			switch want.Kind {
			case export.KindTable:
				checkTable(t, got.Table, want.Table)
				if !reflect.DeepEqual(got.Table.Analysis, want.Table.Analysis) {
					t.Errorf("analysis %+v, want %+v", got.Table.Analysis, want.Table.Analysis)
				}
			case export.KindLattice:
				if !got.Lattice.G.Equal(want.Lattice.G) || got.Lattice.W != want.Lattice.W || got.Lattice.Game.RuleText() != want.Lattice.Game.RuleText() {
					t.Errorf("lattice %d×%d %s, want %d×%d %s", got.Lattice.W, got.Lattice.H, got.Lattice.Game.RuleText(), want.Lattice.W, want.Lattice.H, want.Lattice.Game.RuleText())
				}
			case export.KindGraph:
				if !got.Graph.G.Equal(want.Graph.G) || !slices.Equal(got.Graph.Ints, want.Graph.Ints) || !slices.Equal(got.Graph.Strings, want.Graph.Strings) {
					t.Errorf("graph %v %q %v, want %v %q %v", got.Graph.Ints, got.Graph.Strings, got.Graph.G, want.Graph.Ints, want.Graph.Strings, want.Graph.G)
				}
			}
		})
	}
}

// TestCSVPlainText checks the text of a CSV table: a header row, then one
// row a line, LF line ends, numbers in decimal, no index column; and its
// sidecar: indented JSON holding the columns, the rows and the metadata.
func TestCSVPlainText(t *testing.T) {
	path := filepath.Join(t.TempDir(), "nim.csv")
	if err := export.WriteCSV(path, newTable(t, 4, true), export.Options{Version: "test"}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// Nim on a ring: a ring of n > 0 tokens is taken whole, SG_ring(n) = n.
	if want := "n,sg,sg_ring\n0,0,0\n1,1,1\n2,2,2\n3,3,3\n"; string(data) != want {
		t.Errorf("nim.csv holds %q, want %q", data, want)
	}
	var side struct {
		Format   string
		Rows     int
		Columns  []struct{ Name, Type string }
		Metadata map[string]string
	}
	data, err = os.ReadFile(path + ".json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &side); err != nil {
		t.Fatal(err)
	}
	if side.Format != "sgtab-csv 1" || side.Rows != 4 || len(side.Columns) != 3 || side.Columns[2].Name != "sg_ring" ||
		side.Columns[0].Type != "int64" || side.Columns[1].Type != "int32" || side.Metadata[export.KeyChecksum] == "" {
		t.Errorf("sidecar %+v", side)
	}
}

// TestCSVDamaged reads CSV tables damaged in their rows or in their
// sidecar: each is refused, naming the file and the line of the damage
// where there is one.
func TestCSVDamaged(t *testing.T) {
	// Kayles to 1000 and Dawson's Kayles (0.07) to 1000: SG(4) is 1 in
	// Kayles and 2 in Dawson's Kayles (Winning Ways, ch. 4).
	kayles := testtable.Computed(t, "name: kayles\ncode: \"0.77\"\n", 1000)
	dawson := testtable.Computed(t, "name: dawson\ncode: \"0.07\"\n", 1000)
	line := func(n int) int { return n + 2 }
	tests := []struct {
		name  string
		csv   func(s string) string // changes the CSV's text
		side  func(s string) string // changes the sidecar's text
		other bool                  // the sidecar of Dawson's Kayles beside Kayles's rows
		want  string
	}{
		{name: "value-changed", csv: func(s string) string { return strings.Replace(s, "\n4,1\n", "\n4,2\n", 1) },
			want: "t.csv:2: the rows of lines 2 to 65 are not those written with its sidecar t.csv.json (their CRC-32C is"},
		{name: "value-changed-late", csv: func(s string) string { return strings.Replace(s, "\n999,", "\n999,9", 1) },
			want: fmt.Sprintf("t.csv:%d: the rows of lines %d to %d are not those written", line(960), line(960), line(1000))},
		{name: "row-dropped", csv: func(s string) string { return strings.Replace(s, "\n5,4\n", "\n", 1) },
			want: fmt.Sprintf("t.csv:%d: n = 6, want 5: a row is missing or out of order", line(5))},
		{name: "last-row-dropped", csv: func(s string) string { return s[:strings.LastIndex(s[:len(s)-1], "\n")+1] },
			want: fmt.Sprintf("t.csv:%d: the file ends after 1000 rows, but its sidecar says 1001", line(1000))},
		{name: "row-added", csv: func(s string) string { return s + "1001,4\n" },
			want: fmt.Sprintf("t.csv:%d: more rows than the 1001 its sidecar says", line(1001))},
		{name: "not-a-number", csv: func(s string) string { return strings.Replace(s, "\n7,2\n", "\n7,two\n", 1) },
			want: fmt.Sprintf("t.csv:%d: column sg: \"two\" is not a whole number", line(7))},
		{name: "negative", csv: func(s string) string { return strings.Replace(s, "\n7,2\n", "\n7,-2\n", 1) },
			want: fmt.Sprintf("t.csv:%d: column sg: -2, want a whole number ≥ 0", line(7))},
		{name: "too-large", csv: func(s string) string { return strings.Replace(s, "\n7,2\n", "\n7,3000000000\n", 1) },
			want: fmt.Sprintf("t.csv:%d: column sg: 3000000000 is out of the range of int32", line(7))},
		{name: "field-missing", csv: func(s string) string { return strings.Replace(s, "\n7,2\n", "\n7\n", 1) },
			want: fmt.Sprintf("t.csv:%d: want 2 fields (the columns n,sg), got 1", line(7))},
		{name: "bare-quote", csv: func(s string) string { return strings.Replace(s, "\n7,2\n", "\n7,2\"\n", 1) },
			want: fmt.Sprintf(`t.csv:%d: a quote in the field "2\"" of a table of numbers`, line(7))},
		{name: "blank-line", csv: func(s string) string { return strings.Replace(s, "\n7,2\n", "\n\n7,2\n", 1) },
			want: fmt.Sprintf("t.csv:%d: a blank line before this row", line(7)+1)},
		{name: "header", csv: func(s string) string { return strings.Replace(s, "n,sg\n", "heap,sg\n", 1) },
			want: "t.csv:1: the header is heap,sg, but the sidecar's columns are n,sg"},
		{name: "empty", csv: func(string) string { return "" }, want: "t.csv:1: empty: want the header n,sg"},
		{name: "long-line", csv: func(s string) string { return s[:20] + strings.Repeat("0", 1<<17) },
			want: "a line of more than 65536 bytes, longer than any row of a table"},
		{name: "sidecar-other-table", other: true,
			want: "t.csv:2: the rows of lines 2 to 65 are not those written with its sidecar t.csv.json"},
		{name: "sidecar-checksum", side: func(s string) string {
			return regexp.MustCompile(`"sgtab.checksum": "[0-9A-F]+"`).ReplaceAllString(s, `"sgtab.checksum": "00000000"`)
		},
			want: "checked against its sidecar t.csv.json: damaged: the values' checksum is"},
		{name: "sidecar-rule", side: func(s string) string { return strings.Replace(s, `"sgtab.rule": "0.77"`, `"sgtab.rule": "0.07"`, 1) },
			want: "t.csv:3: the file's SG(1) is 1, but the rule 0.07 gives 0: these are not the values of its game"},
		{name: "sidecar-json", side: func(s string) string { return strings.Replace(s, `"rows": 1001,`, `"rows": 1001`, 1) },
			want: "t.csv.json:4: not a sidecar of an sgtab CSV table: invalid character"},
		{name: "sidecar-unknown-key", side: func(s string) string { return strings.Replace(s, `"rows"`, `"lines"`, 1) },
			want: `t.csv.json: not a sidecar of an sgtab CSV table: json: unknown field "lines"`},
		{name: "sidecar-kind", side: func(s string) string {
			return strings.Replace(s, `"sgtab.kind": "table"`, `"sgtab.kind": "summary"`, 1)
		},
			want: `t.csv.json: metadata sgtab.kind = "summary": sgtab writes as CSV tables of kind table, lattice and graph only`},
		{name: "sidecar-columns", side: func(s string) string { return strings.Replace(s, `"name": "sg"`, `"name": "value"`, 1) },
			want: "t.csv.json: columns n,value, but a table has the columns n,sg,sg_ring"},
		{name: "sidecar-missing", side: func(string) string { return "" },
			want: "t.csv.json is missing: it holds the table's metadata"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "t.csv")
			if err := export.WriteCSV(path, kayles, export.Options{}); err != nil {
				t.Fatal(err)
			}
			if tc.other {
				other := filepath.Join(dir, "other.csv")
				if err := export.WriteCSV(other, dawson, export.Options{}); err != nil {
					t.Fatal(err)
				}
				if err := os.Rename(other+".json", path+".json"); err != nil {
					t.Fatal(err)
				}
			}
			edit(t, path, tc.csv)
			edit(t, path+".json", tc.side)
			_, err := export.Read(path)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "read "+dir) {
				t.Errorf("err = %v,\nwant read %s…%s", err, dir, tc.want)
			}
			if le, ok := errors.AsType[*export.LineError](err); strings.Contains(tc.want, ".csv:") && (!ok || le.File != path) {
				t.Errorf("err = %#v, want a LineError of %s", err, path)
			}
		})
	}
}

// TestCSVDamagedGraph reads the CSV table of a game on a graph, whose
// node names may be quoted, damaged: each is refused, naming the file and
// the line of the damage.
func TestCSVDamagedGraph(t *testing.T) {
	gt := &graphgame.GraphTable{
		Game:    rules.Game{Name: "strings", Graph: &rules.GraphSpec{Text: "edges s.csv"}},
		Strings: []string{"b", "a, node", "two\nlines", "c"},
		G:       sg.ValuesOf([]uint32{0, 1, 2, 3}), Edges: 3,
	}
	tests := []struct {
		name string
		csv  func(s string) string
		want string
	}{
		{"name-changed", func(s string) string { return strings.Replace(s, "\nc,3", "\nd,3", 1) },
			"t.csv:2: the rows of lines 2 to 6 are not those written with its sidecar"},
		{"bare-quote", func(s string) string { return strings.Replace(s, "\nc,3", "\nc\",3", 1) },
			"t.csv:6: bare \" in non-quoted-field"},
		{"field-missing", func(s string) string { return strings.Replace(s, "\nc,3", "\nc", 1) },
			"t.csv:6: want 2 fields (the columns node,sg), got 1"},
		{"long-line", func(s string) string { return s + strings.Repeat("x", 1<<17) },
			"t.csv:7: a line of more than 65536 bytes"},
		{"row-dropped", func(s string) string { return strings.Replace(s, "\nc,3\n", "\n", 1) },
			"t.csv:6: the file ends after 3 rows, but its sidecar says 4"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "t.csv")
			if err := export.WriteGraphCSV(path, gt, export.Options{}); err != nil {
				t.Fatal(err)
			}
			edit(t, path, tc.csv)
			if _, err := export.Read(path); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want …%s", err, tc.want)
			}
		})
	}
}

// TestCSVNotRegular checks that a CSV table or a sidecar that is a FIFO
// is refused at once, not read (which would block until a writer came).
func TestCSVNotRegular(t *testing.T) {
	for _, fifo := range []string{"t.csv", "t.csv.json"} {
		dir := t.TempDir()
		path := filepath.Join(dir, "t.csv")
		if err := export.WriteCSV(path, newTable(t, 10, false), export.Options{}); err != nil {
			t.Fatal(err)
		}
		os.Remove(filepath.Join(dir, fifo))
		if err := syscall.Mkfifo(filepath.Join(dir, fifo), 0o600); err != nil {
			t.Skipf("no FIFOs here: %v", err)
		}
		if _, err := export.Read(path); err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("%s a FIFO: err = %v, want not a regular file", fifo, err)
		}
	}
}

// edit rewrites the file at path with change, when not nil; a change to ""
// removes it.
func edit(t *testing.T, path string, change func(string) string) {
	t.Helper()
	if change == nil {
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if s := change(string(data)); s != "" || strings.HasSuffix(path, ".csv") {
		err = os.WriteFile(path, []byte(s), 0o644)
	} else {
		err = os.Remove(path)
	}
	if err != nil {
		t.Fatal(err)
	}
}

// TestCSVBitFlips flips one random bit of a stored Kayles CSV table or of
// its sidecar at a time, 300 times each: every read must fail, or give the
// very values written, never other values (flipBits).
func TestCSVBitFlips(t *testing.T) {
	kayles := testtable.Computed(t, "name: kayles\ncode: \"0.77\"\n", 1000)
	dir := t.TempDir()
	path := filepath.Join(dir, "kayles.csv")
	if err := export.WriteCSV(path, kayles, export.Options{}); err != nil {
		t.Fatal(err)
	}
	rnd := rand.New(rand.NewPCG(5, 5))
	for _, target := range []string{path, path + ".json"} {
		good, err := os.ReadFile(target)
		if err != nil {
			t.Fatal(err)
		}
		failed := flipBits(t, rnd, good, target, kayles, func() (*sg.Table, map[string]string, error) { return export.ReadCSV(path) })
		t.Logf("%s: %d of 300 flips refused", filepath.Base(target), failed)
	}
}

// TestCSVSpreadsheetSaved reads a CSV table as a spreadsheet may save it
// again: a byte-order mark, CRLF line ends, quoted numbers. The values are
// the same, so it reads as written.
func TestCSVSpreadsheetSaved(t *testing.T) {
	path := filepath.Join(t.TempDir(), "kayles.csv")
	kayles := testtable.Computed(t, "name: kayles\ncode: \"0.77\"\n", 300)
	if err := export.WriteCSV(path, kayles, export.Options{}); err != nil {
		t.Fatal(err)
	}
	edit(t, path, func(s string) string {
		return "\uFEFF" + strings.ReplaceAll(strings.Replace(s, "\n7,2\n", "\n\"7\",\"2\"\n", 1), "\n", "\r\n")
	})
	got, _, err := export.ReadCSV(path)
	if err != nil || !got.G.Equal(kayles.G) {
		t.Fatalf("read %v, %v", got, err)
	}
}

// TestCSVWriteRefused checks that what a CSV table cannot hold is refused
// before anything is written: a node name with a carriage return, one
// that is not UTF-8.
func TestCSVWriteRefused(t *testing.T) {
	for _, name := range []string{"a\r\nb", "\xff"} {
		dir := t.TempDir()
		gt := &graphgame.GraphTable{Game: rules.Game{Name: "g", Graph: &rules.GraphSpec{Text: "edges g.csv"}},
			Strings: []string{"x", name}, G: sg.ValuesOf([]uint32{0, 1})}
		err := export.WriteGraphCSV(filepath.Join(dir, "g.csv"), gt, export.Options{})
		if err == nil {
			t.Errorf("%q: written", name)
		}
		if left, _ := os.ReadDir(dir); len(left) != 0 {
			t.Errorf("%q: left %v", name, left)
		}
	}
}

// TestCSVPython reads CSV tables of every kind with Python's csv module,
// as a reader without Arrow libraries would, and compares each row with
// the table sgtab reads. It skips without python3 unless SGTAB_COMPILERS
// is set.
func TestCSVPython(t *testing.T) {
	const compilersEnv = "SGTAB_COMPILERS" // CI sets it: python3 is required
	if _, err := exec.LookPath("python3"); err != nil {
		if os.Getenv(compilersEnv) != "" {
			t.Fatalf("%s is set but python3 is not installed", compilersEnv)
		}
		t.Skip("python3 not installed")
	}
	dir := t.TempDir()
	var paths []string
	for _, tc := range csvCases(t) {
		path := filepath.Join(dir, tc.name+".csv")
		if err := tc.csv(path); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, path)
	}
	// Each row as JSON, every field a string as Python's csv module reads it.
	script := "import csv, json, sys\n" +
		"for path in sys.argv[1:]:\n" +
		"    with open(path, newline='') as f:\n" +
		"        print(json.dumps(list(csv.reader(f))))\n"
	cmd := exec.Command("python3", append([]string{"-c", script}, paths...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v\n%s", err, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	for i, path := range paths {
		var rows [][]string
		if err := json.Unmarshal([]byte(lines[i]), &rows); err != nil {
			t.Fatal(err)
		}
		f, err := export.Read(path)
		if err != nil {
			t.Fatal(err)
		}
		if want := csvRows(f); !slices.EqualFunc(rows, want, slices.Equal) {
			t.Errorf("%s: Python read %d rows %.200v…, want %.200v…", filepath.Base(path), len(rows), rows, want)
		}
	}
}

// csvRows returns the rows of the table f, header first, every field as
// text.
func csvRows(f *export.File) [][]string {
	var rows [][]string
	itoa := func(v uint32) string { return fmt.Sprint(v) }
	switch f.Kind {
	case export.KindTable:
		t := f.Table
		rows = append(rows, []string{"n", "sg"})
		if t.Ring.Len() > 0 {
			rows[0] = append(rows[0], "sg_ring")
		}
		if c := t.Genus; c != nil {
			rows[0] = append(rows[0], "sg_normal")
			for k := range c.Gamma {
				rows[0] = append(rows[0], fmt.Sprintf("genus_%d", k))
			}
			rows[0] = append(rows[0], "tameness")
		}
		for n := range t.G.Len() {
			row := []string{fmt.Sprint(n), itoa(t.G.At(n))}
			if t.Ring.Len() > 0 {
				row = append(row, itoa(t.Ring.At(n)))
			}
			if c := t.Genus; c != nil {
				row = append(row, itoa(c.Normal.At(n)))
				for _, col := range c.Gamma {
					row = append(row, itoa(col.At(n)))
				}
				row = append(row, itoa(c.Class.At(n)))
			}
			rows = append(rows, row)
		}
	case export.KindLattice:
		lt := f.Lattice
		rows = append(rows, []string{"x", "y", "sg"})
		for i := range lt.G.Len() {
			rows = append(rows, []string{fmt.Sprint(i % lt.W), fmt.Sprint(i / lt.W), itoa(lt.G.At(i))})
		}
	case export.KindGraph:
		g := f.Graph
		rows = append(rows, []string{"node", "sg"})
		for i := range g.Nodes() {
			name := ""
			if g.Ints != nil {
				name = fmt.Sprint(g.Ints[i])
			} else {
				name = g.Strings[i]
			}
			rows = append(rows, []string{name, itoa(g.G.At(i))})
		}
	}
	return rows
}

// TestCSVStreams checks that a CSV table is written and read a line at a
// time, never as a whole text: writing 10^6 rows (10^7 with SGTAB_LONG;
// 7 and 94 MiB of text) allocates less than 8 MiB, whatever the number of
// rows (the block checksums of the sidecar, at most 512 KiB, and fixed
// buffers); reading them back allocates no more than reading the same
// table from Parquet does (the values and their record batches).
func TestCSVStreams(t *testing.T) {
	rows := 1_000_000
	if os.Getenv("SGTAB_LONG") != "" {
		rows = 10_000_000
	}
	kayles := testtable.Computed(t, "name: kayles\ncode: \"0.77\"\n", rows-1)
	dir := t.TempDir()
	csvPath, pqPath := filepath.Join(dir, "kayles.csv"), filepath.Join(dir, "kayles.parquet")
	var err error
	wrote := allocated(func() { err = export.WriteCSV(csvPath, kayles, export.Options{}) })
	if err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(csvPath)
	if err != nil {
		t.Fatal(err)
	}
	if err := export.WriteParquet(pqPath, kayles, export.Options{}); err != nil {
		t.Fatal(err)
	}
	readCSV := allocated(func() { _, err = export.Read(csvPath) })
	if err != nil {
		t.Fatal(err)
	}
	readParquet := allocated(func() { _, err = export.Read(pqPath) })
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d rows, %d bytes of text: writing allocated %d bytes, reading %d (from Parquet %d)", rows, st.Size(), wrote, readCSV, readParquet)
	if wrote > 8<<20 {
		t.Errorf("writing %d rows allocated %d bytes, want less than 8 MiB", rows, wrote)
	}
	if readCSV > readParquet+readParquet/4 {
		t.Errorf("reading %d rows allocated %d bytes, more than reading the Parquet table, %d", rows, readCSV, readParquet)
	}
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
