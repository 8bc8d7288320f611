package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/export"
)

// duckdbEnv names the variable that makes the DuckDB tests required: CI sets
// it after installing DuckDB (npm ci --prefix examples/duckdb). Without it,
// the tests skip when DuckDB is not installed.
const duckdbEnv = "SGTAB_DUCKDB"

// needDuckDB skips the test when DuckDB is not installed (unless
// SGTAB_DUCKDB says it must be), before the test computes anything, and
// returns the path of the script that runs SQL in it.
func needDuckDB(t *testing.T) string {
	t.Helper()
	setTestdataDir(t)
	script := filepath.Join(testdataDir, "..", "..", "..", "examples", "duckdb", "query.mjs")
	module := filepath.Join(filepath.Dir(script), "node_modules", "@duckdb", "node-api")
	if _, err := os.Stat(module); err != nil {
		if os.Getenv(duckdbEnv) != "" {
			t.Fatalf("%s is set but DuckDB is not installed: %v", duckdbEnv, err)
		}
		t.Skip("DuckDB is not installed (npm ci --prefix examples/duckdb)")
	}
	return script
}

// duckdb runs the SQL statements of text in DuckDB, through
// examples/duckdb/query.mjs, in the current directory, and returns the rows
// of each statement's result, every value as a string ("" for null).
func duckdb(t *testing.T, text string) [][]map[string]string {
	t.Helper()
	cmd := exec.Command("node", needDuckDB(t), text)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("duckdb: %v\n%s\nSQL:\n%s", err, stderr.String(), text)
	}
	var results [][]map[string]string
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<26)
	for sc.Scan() {
		var rows []map[string]any
		if err := json.Unmarshal(sc.Bytes(), &rows); err != nil {
			t.Fatalf("duckdb printed %q: %v", sc.Text(), err)
		}
		var strs []map[string]string
		for _, r := range rows {
			m := make(map[string]string)
			for k, v := range r {
				if v != nil {
					m[k] = fmt.Sprint(v)
				}
			}
			strs = append(strs, m)
		}
		results = append(results, strs)
	}
	return results
}

// TestDuckDBReadsTables has DuckDB read the Parquet files of a run: every
// value of every table (sg and sg_ring), the key/value metadata, and the
// summary table, compared with what sgtab's own reader sees.
func TestDuckDBReadsTables(t *testing.T) {
	needDuckDB(t)
	chdir(t)
	var stderr bytes.Buffer
	if code := run(t.Context(), []string{"run", "-heaps", "3000", "-plot", "none"}, new(bytes.Buffer), &stderr); code != 0 {
		t.Fatalf("sgtab run: status %d\n%s", code, stderr.String())
	}
	paths, _ := filepath.Glob("sgtab-out/*.parquet")
	var tables int
	for _, path := range paths {
		base := filepath.Base(path)
		if base == "summary.parquet" || strings.HasSuffix(base, "-rare.parquet") {
			continue
		}
		tables++
		if f, err := export.Read(path); err == nil && f.Kind == export.KindGraph {
			// A game on a graph: every node's name and value, in order.
			gt := f.Graph
			res := duckdb(t, fmt.Sprintf(`SELECT count(*) AS rows, string_agg(node::VARCHAR || ':' || sg::VARCHAR, ',' ORDER BY file_row_number) AS nodes FROM read_parquet('%s', file_row_number = true);`, path))
			var want []string
			for v := range gt.Nodes() {
				want = append(want, fmt.Sprintf("%s:%d", gt.Name(v), gt.G.At(v)))
			}
			if got := res[0][0]; got["rows"] != fmt.Sprint(gt.Nodes()) || got["nodes"] != strings.Join(want, ",") {
				t.Errorf("%s: DuckDB reads %s rows, nodes and values differ: %v", path, got["rows"], got["nodes"] != strings.Join(want, ","))
			}
			continue
		}
		if f, err := export.Read(path); err == nil && f.Kind == export.KindLattice {
			lat, meta := f.Lattice, f.Meta
			res := duckdb(t, fmt.Sprintf(`
				SELECT count(*) AS rows, max(x) AS w, max(y) AS h,
				       string_agg(sg::VARCHAR, ',' ORDER BY y, x) AS sg FROM '%s';
				SELECT decode(value) AS lattice FROM parquet_kv_metadata('%s') WHERE decode(key) = 'sgtab.lattice';`, path, path))
			got := res[0][0]
			if got["rows"] != fmt.Sprint(lat.W*lat.H) || got["w"] != fmt.Sprint(lat.W-1) || got["h"] != fmt.Sprint(lat.H-1) || got["sg"] != join(lat.G.Uint32s()) {
				t.Errorf("%s: DuckDB reads %d rows to (%s, %s), values differ: %v", path, lat.W*lat.H, got["w"], got["h"], got["sg"] != join(lat.G.Uint32s()))
			}
			if res[1][0]["lattice"] != meta[export.KeyLattice] {
				t.Errorf("%s: DuckDB reads sgtab.lattice = %q", path, res[1][0]["lattice"])
			}
			continue
		}
		tab, meta, err := export.ReadParquet(path)
		if err != nil {
			t.Fatal(err)
		}
		ring := "''"
		if tab.Ring.Len() > 0 {
			ring = "string_agg(sg_ring::VARCHAR, ',' ORDER BY n)"
		}
		res := duckdb(t, fmt.Sprintf(`
			SELECT count(*) AS rows, min(n) AS lo, max(n) AS hi,
			       string_agg(coalesce(sg::VARCHAR, 'inf'), ',' ORDER BY n) AS sg, %s AS ring FROM '%s';
			SELECT decode(key) AS key, decode(value) AS value FROM parquet_kv_metadata('%s');`,
			ring, path, path))
		got := res[0][0]
		want := map[string]string{
			"rows": fmt.Sprint(tab.G.Len()), "lo": "0", "hi": fmt.Sprint(tab.N()),
			"sg": join(tab.G.Uint32s()), "ring": join(tab.Ring.Uint32s()),
		}
		if tab.Loopy != nil { // generalized values: sg null at ∞
			var vs []string
			for _, x := range tab.Loopy {
				if x.Inf {
					vs = append(vs, "inf")
				} else {
					vs = append(vs, fmt.Sprint(x.Value))
				}
			}
			want["sg"] = strings.Join(vs, ",")
		}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("%s: DuckDB's %s is %.80q, want %.80q", path, k, got[k], v)
			}
		}
		kv := make(map[string]string)
		for _, r := range res[1] {
			kv[r["key"]] = r["value"]
		}
		for k, v := range meta {
			if kv[k] != v {
				t.Errorf("%s: DuckDB reads %s = %q, want %q", path, k, kv[k], v)
			}
		}
		for _, k := range []string{export.KeyName, export.KeyRule, export.KeyStart, export.KeyConfig, export.KeyHeaps,
			export.KeyVersion, export.KeyCreated, export.KeyStatus, export.KeyComputed, export.KeyChecksum} {
			if _, ok := kv[k]; !ok {
				t.Errorf("%s: no %s in DuckDB's parquet_kv_metadata", path, k)
			}
		}
	}
	if tables < 15 {
		t.Errorf("DuckDB read %d tables, want one per bundled config", tables)
	}
	res := duckdb(t, `SELECT count(*) AS games, count(period) AS periodic,
		max(period) FILTER (WHERE name = 'kayles') AS kayles_period,
		max(preperiod) FILTER (WHERE name = 'kayles') AS kayles_preperiod
		FROM 'sgtab-out/summary.parquet';`)
	if got := res[0][0]; got["games"] != fmt.Sprint(tables) || got["kayles_period"] != "12" || got["kayles_preperiod"] != "71" || got["periodic"] == "0" {
		t.Errorf("summary.parquet in DuckDB: %v", got)
	}
	// Signed columns: sg − n is negative, not wrapped around to 2^64 − k.
	kayles, _, err := export.ReadParquet("sgtab-out/kayles.parquet")
	if err != nil {
		t.Fatal(err)
	}
	least := 0
	for n := range kayles.G.Len() {
		least = min(least, int(kayles.G.At(n))-n)
	}
	res = duckdb(t, `SELECT min(sg - n) AS d, typeof(min(sg - n)) AS type FROM 'sgtab-out/kayles.parquet';`)
	if got := res[0][0]; got["d"] != fmt.Sprint(least) || got["type"] != "BIGINT" {
		t.Errorf("sg - n in DuckDB: %v, want %d of type BIGINT", got, least)
	}
}

func join(vs []uint32) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = fmt.Sprint(v)
	}
	return strings.Join(s, ",")
}

// TestNotebook runs the SQL cells of examples/notebook.md in DuckDB on a
// fresh run of the bundled configs, checks the answers the page states, and
// checks that examples/notebook.sql holds exactly those cells.
func TestNotebook(t *testing.T) {
	needDuckDB(t)
	chdir(t)
	examples := filepath.Join(testdataDir, "..", "..", "..", "examples")
	md, err := os.ReadFile(filepath.Join(examples, "notebook.md"))
	if err != nil {
		t.Fatal(err)
	}
	var cells []string
	for _, m := range regexp.MustCompile("(?s)```sql\n(.*?)```").FindAllSubmatch(md, -1) {
		cells = append(cells, string(m[1]))
	}
	sqlFile, err := os.ReadFile(filepath.Join(examples, "notebook.sql"))
	if err != nil {
		t.Fatal(err)
	}
	body := regexp.MustCompile(`(?m)\A(--.*\n)*\n`).ReplaceAllString(string(sqlFile), "")
	if body != strings.Join(cells, "\n") {
		t.Errorf("examples/notebook.sql is not the SQL cells of notebook.md, in order")
	}
	if code := run(t.Context(), []string{"run", "-plot", "none"}, new(bytes.Buffer), new(bytes.Buffer)); code != 0 {
		t.Fatalf("sgtab run: status %d", code)
	}
	res := duckdb(t, strings.Join(cells, "\n"))
	if len(res) != len(cells) {
		t.Fatalf("%d results for %d cells", len(res), len(cells))
	}
	// Lasker's Nim: SG(n) − n is −1, 0, 0, 1 for n ≡ 0, 1, 2, 3 (mod 4).
	for i, want := range []string{"-1", "0", "0", "1"} {
		if r := res[1][i]; r["lo"] != want || r["hi"] != want {
			t.Errorf("Lasker's Nim, class %d: SG(n) − n from %s to %s, want %s", i, r["lo"], r["hi"], want)
		}
	}
	if r := res[3][0]; r["breaks_from_71"] != "0" || r["breaks_at_70"] != "1" {
		t.Errorf("Kayles' period check: %v", r)
	}
	if len(res[2]) != 6 {
		t.Errorf("Kayles' proof: %d metadata keys, want 6: %v", len(res[2]), res[2])
	}
}

// TestDuckDBReadsCensus has DuckDB read a sweep's shards as one dataset
// (Hive partitions shard=I-of-N) and the merged census, list column and
// all, and compares them with sgtab's reader.
func TestDuckDBReadsCensus(t *testing.T) {
	needDuckDB(t)
	chdir(t)
	if err := os.WriteFile("s.yaml", []byte(smallSweep), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"sweep", "-out", "census", "-shard", "0/2", "s.yaml"},
		{"sweep", "-out", "census", "-shard", "1/2", "s.yaml"},
		{"merge", "census"},
	} {
		if code, _, stderr := sgtab(t, args...); code != 0 {
			t.Fatalf("%v: status %d\n%s", args, code, stderr)
		}
	}
	rows, _, err := export.ReadCensus("census/census.parquet")
	if err != nil {
		t.Fatal(err)
	}
	res := duckdb(t, `
		SELECT count(*) AS games, count(DISTINCT shard) AS shards, count(DISTINCT class) AS classes
		FROM read_parquet('census/shard=*/census.parquet', hive_partitioning = true);
		SELECT name, period, first_values[1:4]::VARCHAR AS first FROM 'census/census.parquet' WHERE name = '0.15';`)
	classes := map[string]bool{}
	var g015 export.CensusRow
	for _, r := range rows {
		classes[r.Class] = true
		if r.Name == "0.15" {
			g015 = r
		}
	}
	if got := res[0][0]; got["games"] != fmt.Sprint(len(rows)) || got["shards"] != "2" || got["classes"] != fmt.Sprint(len(classes)) {
		t.Errorf("the shards in DuckDB: %v; want %d games, 2 shards, %d classes", got, len(rows), len(classes))
	}
	// 0.15: period 10, values 0, 1, 1, 0, 1, 1, 2, … (Czajka's census of
	// octal games, TrivialGames.md).
	if got := res[1][0]; got["period"] != "10" || got["first"] != "[0, 1, 1, 0]" || g015.Period != 10 {
		t.Errorf("0.15 in DuckDB: %v; sgtab reads period %d, first %v", got, g015.Period, g015.First[:min(4, len(g015.First))])
	}
}

// TestDuckDBReadsCensusRings has DuckDB read the census of a sweep on
// lines and rings by its column names, none of them quoted: the rows'
// period and the rings' of Kayles on a ring (period 12 from n = 71, rings
// 0 from n = 3), and class_offset (0.40 is 0.07 one heap size later,
// Winning Ways, ch. 4).
func TestDuckDBReadsCensusRings(t *testing.T) {
	needDuckDB(t)
	chdir(t)
	const yaml = "sweep:\n  codes: [\"0.77\", \"0.07\", \"0.40\"]\n  start: [line, ring]\n  cap: 300\n"
	if err := os.WriteFile("r.yaml", []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := sgtab(t, "sweep", "-out", "census", "r.yaml"); code != 0 {
		t.Fatalf("status %d\n%s", code, stderr)
	}
	res := duckdb(t, `
		SELECT name, period, preperiod, ring_status, ring_period, ring_preperiod, ring_saltus
		FROM 'census/census.parquet' WHERE name LIKE '0.77%' ORDER BY name;
		SELECT name, representative, class_offset FROM 'census/census.parquet' WHERE name = '0.40';`)
	want := []string{
		"map[name:0.77 period:12 preperiod:71]", // the ring columns null
		"map[name:0.77-ring period:12 preperiod:71 ring_period:1 ring_preperiod:3 ring_saltus:0 ring_status:proved]",
	}
	for i, w := range want {
		if i >= len(res[0]) || fmt.Sprint(res[0][i]) != w {
			t.Errorf("row %d: %v, want %s", i, res[0], w)
		}
	}
	if got := fmt.Sprint(res[1]); got != "[map[class_offset:1 name:0.40 representative:0.07]]" {
		t.Errorf("0.40: %s", got)
	}
}
