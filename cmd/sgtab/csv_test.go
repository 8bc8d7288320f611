package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/export"
)

// csvGames writes, into the current directory, configs of a game of every
// kind run writes as a table (a heap game on a line, proved; on a ring; in
// misère play; a built-in state game; a lattice; Euclid's game on its
// board; a game on a graph of named nodes) and returns their paths, the
// testdata configs among them.
func csvGames(t *testing.T) []string {
	t.Helper()
	edges := "from,to\n\"a, 1\",b\nb,\"say \"\"hi\"\"\"\n\"a, 1\",\"say \"\"hi\"\"\"\n"
	if err := os.WriteFile("e.csv", []byte(edges), 0o644); err != nil {
		t.Fatal(err)
	}
	return []string{
		"kayles.yaml", "misere.yaml", "fib.yaml", "wythoff.yaml", "euclid.yaml",
		writeGame(t, ".", "ring", "code: \"0.77\"\nstart: ring\nheaps: 300"),
		writeGame(t, ".", "graph", "graph: {edges: e.csv}"),
	}
}

// TestRunFormatsCSV runs games of every kind with -formats parquet,csv:
// each table is written as NAME.csv with its sidecar NAME.csv.json as
// well as NAME.parquet, and inspect, export, query -table and plot (of a
// table of each kind) give of the CSV table exactly what they give of the
// Parquet one, the same plots drawn in the same files; a run again leaves
// the CSV tables as they are; run -from goes on from a CSV table to the
// very values of a fresh run.
func TestRunFormatsCSV(t *testing.T) {
	chdir(t)
	configs := csvGames(t)
	code, stdout, stderr := sgtab(t, append([]string{"run", "-formats", "parquet,csv", "-plot", "none", "-out", "out"}, configs...)...)
	if code != 0 {
		t.Fatalf("run: status %d\n%s", code, stderr)
	}
	if !strings.Contains(stdout, "out/kayles.{parquet,csv} out/kayles.csv.json") {
		t.Errorf("run names the files as\n%s", stdout)
	}
	names := []string{"kayles", "bash-misere", "fib", "wythoff", "euclid", "ring", "graph"}
	for _, name := range names {
		csvPath, pqPath := "out/"+name+".csv", "out/"+name+".parquet"
		// same runs args with TABLE the CSV table, then the Parquet one.
		same := func(what string, args ...string) {
			t.Helper()
			with := func(path string) []string {
				return strings.Split(strings.ReplaceAll(strings.Join(args, "\n"), "TABLE", path), "\n")
			}
			c1, out1, err1 := sgtab(t, with(csvPath)...)
			c2, out2, err2 := sgtab(t, with(pqPath)...)
			out1 = strings.ReplaceAll(out1, csvPath, pqPath)
			if c1 != 0 || c2 != 0 || out1 != out2 {
				t.Errorf("%s: %s of the CSV table (status %d, %s):\n%s\nof the Parquet table (status %d, %s):\n%s", name, what, c1, err1, out1, c2, err2, out2)
			}
		}
		same("export", "export", "-lang", "python", "TABLE")
		if name == "kayles" || name == "wythoff" || name == "graph" { // a plot of each kind
			same("plot", "plot", "-format", "svg", "-out", "plots", "TABLE")
		}
		switch name {
		case "wythoff", "euclid", "graph": // queried through their configs
		case "bash-misere", "fib": // one heap at a time
			same("query", "query", "-table", "TABLE", "9")
			same("query", "query", "TABLE:9")
		default:
			same("query", "query", "-table", "TABLE", "5", "7", "9")
			same("query", "query", "TABLE:5", "TABLE:8")
		}
		var in1, in2 map[string]any
		for path, in := range map[string]*map[string]any{csvPath: &in1, pqPath: &in2} {
			code, out, stderr := sgtab(t, "inspect", "-json", path)
			if code != 0 || json.Unmarshal([]byte(out), in) != nil {
				t.Fatalf("inspect %s: status %d %s\n%s", path, code, stderr, out)
			}
		}
		if in1["format"] != "csv" || in1["signed"] != in2["signed"] {
			t.Errorf("%s: inspect says format %v, signed %v (Parquet: %v)", name, in1["format"], in1["signed"], in2["signed"])
		}
		in1["path"], in1["format"] = in2["path"], in2["format"]
		if a, b := mustJSON(t, in1), mustJSON(t, in2); a != b {
			t.Errorf("%s: inspect of the CSV table\n%s\nof the Parquet table\n%s", name, a, b)
		}
	}
	if svgs, _ := filepath.Glob("plots/*.svg"); len(svgs) < 3 {
		t.Errorf("plots drawn: %v", svgs)
	}

	// Run again, the tables are already there: their files stay as they are.
	before := map[string]os.FileInfo{}
	for _, path := range []string{"out/kayles.csv", "out/kayles.csv.json"} {
		before[path], _ = os.Stat(path)
	}
	runOK(t, append([]string{"run", "-formats", "parquet,csv", "-plot", "none", "-out", "out"}, configs...)...)
	for path, st := range before {
		if now, err := os.Stat(path); err != nil || !os.SameFile(st, now) {
			t.Errorf("%s was written again by a run that had nothing to compute (%v)", path, err)
		}
	}

	runOK(t, "run", "-from", "out/ring.csv", "-heaps", "900", "-formats", "csv", "-plot", "none", "-out", "from", configs[5])
	runOK(t, "run", "-heaps", "900", "-formats", "csv", "-plot", "none", "-out", "fresh", configs[5])
	for _, ext := range []string{".csv", ".csv.json"} {
		from, err1 := os.ReadFile("from/ring" + ext)
		fresh, err2 := os.ReadFile("fresh/ring" + ext)
		if err1 != nil || err2 != nil || ext == ".csv" && !bytes.Equal(from, fresh) {
			t.Errorf("ring%s from the CSV table differs from a fresh run's (%v, %v)", ext, err1, err2)
		}
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestCSVRefusedByEveryReader damages a CSV table (a value changed, a row
// dropped, a line that is no row, its sidecar removed or another
// table's): inspect, query -table, plot, export and run -from each refuse
// it with status 1, naming the file and line where there is one.
func TestCSVRefusedByEveryReader(t *testing.T) {
	chdir(t)
	runOK(t, "run", "-formats", "csv", "-plot", "none", "-heaps", "300", "-out", "out", "kayles.yaml", "nim.yaml")
	good, err := os.ReadFile("out/kayles.csv")
	if err != nil {
		t.Fatal(err)
	}
	side, err := os.ReadFile("out/kayles.csv.json")
	if err != nil {
		t.Fatal(err)
	}
	other, err := os.ReadFile("out/nim.csv.json")
	if err != nil {
		t.Fatal(err)
	}
	// Kayles: SG(5) = 4, SG(6) = 3 (Winning Ways, ch. 4); n is on line n + 2.
	tests := []struct {
		name      string
		csv, side []byte
		want      string
	}{
		{"value", bytes.Replace(good, []byte("\n6,3\n"), []byte("\n6,5\n"), 1), side,
			"read out/kayles.csv:2: the rows of lines 2 to 65 are not those written with its sidecar kayles.csv.json"},
		{"row", bytes.Replace(good, []byte("\n6,3\n"), []byte("\n"), 1), side,
			"read out/kayles.csv:8: n = 7, want 6: a row is missing or out of order"},
		{"line", bytes.Replace(good, []byte("\n6,3\n"), []byte("\n6;3\n"), 1), side,
			"read out/kayles.csv:8: want 2 fields (the columns n,sg), got 1"},
		{"no-sidecar", good, nil, "read out/kayles.csv: its sidecar out/kayles.csv.json is missing"},
		{"other-sidecar", good, other, "read out/kayles.csv:2: the rows of lines 2 to 65 are not those written with its sidecar kayles.csv.json (their CRC-32C is"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := os.WriteFile("out/kayles.csv", tc.csv, 0o644); err != nil {
				t.Fatal(err)
			}
			os.Remove("out/kayles.csv.json")
			if tc.side != nil {
				if err := os.WriteFile("out/kayles.csv.json", tc.side, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			for _, args := range [][]string{
				{"inspect", "out/kayles.csv"},
				{"query", "-table", "out/kayles.csv", "5"},
				{"plot", "out/kayles.csv"},
				{"export", "-lang", "go", "out/kayles.csv"},
				{"run", "-from", "out/kayles.csv", "-heaps", "600", "-plot", "none", "-out", "again", "kayles.yaml"},
			} {
				code, _, stderr := sgtab(t, args...)
				if code != 1 || !strings.Contains(stderr, tc.want) {
					t.Errorf("sgtab %s: status %d\n%s\nwant status 1 and …%s", strings.Join(args, " "), code, stderr, tc.want)
				}
			}
		})
	}
}

// TestDuckDBReadsCSV has DuckDB read the CSV tables of games of every kind
// as they are (read_csv, its types sniffed): each holds the rows of the
// Parquet table of the same run, no more, no less, and the sidecar read as
// JSON (read_json) holds the Parquet file's metadata.
func TestDuckDBReadsCSV(t *testing.T) {
	needDuckDB(t)
	chdir(t)
	configs := csvGames(t)
	runOK(t, append([]string{"run", "-formats", "parquet,csv", "-plot", "none", "-out", "out"}, configs...)...)
	names := []string{"kayles", "bash-misere", "fib", "wythoff", "euclid", "ring", "graph"}
	var sql strings.Builder
	for _, name := range names { // 7 statements each, in one run of DuckDB
		fmt.Fprintf(&sql, `
			SELECT count(*) AS rows FROM read_csv('out/%[1]s.csv');
			SELECT count(*) AS differ FROM (
				(SELECT * FROM read_csv('out/%[1]s.csv') EXCEPT ALL SELECT * FROM 'out/%[1]s.parquet')
				UNION ALL
				(SELECT * FROM 'out/%[1]s.parquet' EXCEPT ALL SELECT * FROM read_csv('out/%[1]s.csv')));
			CREATE TEMP TABLE side AS SELECT j.key AS key, j.value ->> '$' AS value
				FROM read_text('out/%[1]s.csv.json') AS t, json_each(t.content, '$.metadata') AS j;
			CREATE TEMP TABLE kv AS SELECT decode(key) AS key, decode(value) AS value
				FROM parquet_kv_metadata('out/%[1]s.parquet') WHERE decode(key) LIKE 'sgtab.%%';
			SELECT count(*) AS differ FROM ((FROM side EXCEPT FROM kv) UNION ALL (FROM kv EXCEPT FROM side));
			DROP TABLE side;
			DROP TABLE kv;`, name)
	}
	res := duckdb(t, sql.String())
	for i, name := range names {
		f, err := export.Read("out/" + name + ".parquet")
		if err != nil {
			t.Fatal(err)
		}
		rows, values, meta := res[7*i][0]["rows"], res[7*i+1][0]["differ"], res[7*i+4][0]["differ"]
		if rows != fmt.Sprint(rowsOf(f)) || values != "0" || meta != "0" {
			t.Errorf("%s.csv: DuckDB reads %s rows of %d, %s rows differing from the Parquet table's, %s metadata keys", name, rows, rowsOf(f), values, meta)
		}
	}
}

// rowsOf returns the number of rows of the table f.
func rowsOf(f *export.File) int {
	switch {
	case f.Lattice != nil:
		return f.Lattice.G.Len()
	case f.Graph != nil:
		return f.Graph.Nodes()
	}
	return f.Table.G.Len()
}
