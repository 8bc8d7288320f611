package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/classical"
	"github.com/sgtab/sgtab/compute/heap"
	"github.com/sgtab/sgtab/compute/script"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/configs"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/graph"
	"github.com/sgtab/sgtab/rules"
)

var regen = flag.Bool("regen", false, "rewrite the golden files in testdata")

// timings matches the parts of the output that change from run to run.
// machine matches the lines of sgtab version that name this machine's CPU
// and the kernels it runs.
var machine = regexp.MustCompile(`(?m)^(cpu: |kernels: ).*$`)

var timings = regexp.MustCompile(`("seconds":|"sgtab.mac":")[0-9a-f.e+-]+|\d+\.\d\ds\b|\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ`)

// golden runs sgtab with args in dir and compares its exit status, stdout
// and stderr (with timings blanked and dir replaced by OUT) with
// testdata/NAME.stdout and NAME.stderr, whose first line is the status.
func golden(t *testing.T, name string, wantCode int, args ...string) {
	t.Helper()
	t.Setenv(rules.MemoryEnv, "16GiB") // the memory checks' verdicts, the same on every machine
	var stdout, stderr bytes.Buffer
	code := run(t.Context(), args, &stdout, &stderr)
	if code != wantCode {
		t.Errorf("sgtab %s: exit status %d, want %d\nstderr:\n%s", strings.Join(args, " "), code, wantCode, stderr.String())
	}
	for _, out := range []struct {
		ext string
		buf *bytes.Buffer
	}{{"stdout", &stdout}, {"stderr", &stderr}} {
		got := timings.ReplaceAllString(out.buf.String(), "${1}T")
		got = machine.ReplaceAllString(got, "${1}…") // the CPU and its kernels, which version names
		path := filepath.Join(testdataDir, name+"."+out.ext)
		if *regen {
			if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if got != string(want) {
			gotPath := filepath.Join(testdataDir, name+".got-"+out.ext)
			os.WriteFile(gotPath, []byte(got), 0o644)
			t.Errorf("sgtab %s: %s differs from %s (got in %s):\n%s", strings.Join(args, " "), out.ext, path, gotPath, got)
		}
	}
}

// testdataDir is the absolute path of testdata, set by setTestdataDir.
var testdataDir string

// setTestdataDir sets testdataDir, from the package's directory, if no
// test has yet.
func setTestdataDir(t *testing.T) {
	t.Helper()
	if testdataDir == "" {
		wd, err := os.Getwd()
		if err != nil {
			t.Fatal(err)
		}
		testdataDir = filepath.Join(wd, "testdata")
	}
}

// chdir runs the test in a fresh directory holding copies of the testdata
// configs, so that paths in the output are short and stable.
func chdir(t *testing.T) {
	t.Helper()
	setTestdataDir(t)
	dir := t.TempDir()
	yamls, _ := filepath.Glob(filepath.Join(testdataDir, "*.yaml"))
	txts, _ := filepath.Glob(filepath.Join(testdataDir, "*.txt"))
	yamls = append(yamls, txts...)
	for _, y := range yamls {
		data, err := os.ReadFile(y)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(y)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
}

func TestRunGolden(t *testing.T) {
	for _, tc := range []struct {
		name string
		code int
		args []string
	}{
		{"run-games", 0, []string{"run", "-out", "out", "games.yaml"}},
		{"run-json", 0, []string{"run", "-json", "-out", "out", "-heaps", "30", "games.yaml"}},
		{"run-auto", 0, []string{"run", "-heaps", "auto", "-cap", "2000", "-json", "-plot", "none", "-out", "out", "games.yaml"}},
		{"run-bad-heaps", 2, []string{"run", "-heaps", "lots"}},
		{"run-svg", 0, []string{"run", "-plot", "svg", "-out", "out", "-heaps", "30", "games.yaml"}},
		{"run-no-plot", 0, []string{"run", "-plot", "none", "-out", "out", "-heaps", "30", "games.yaml"}},
		{"run-bad-plot", 2, []string{"run", "-plot", "gif", "games.yaml"}},
		{"run-bad", 1, []string{"run", "bad.yaml", "games.yaml"}},
		{"run-dup", 1, []string{"run", "games.yaml", "dup-name.yaml"}},
		{"run-missing", 1, []string{"run", "no-such.yaml"}},
		{"run-workers", 2, []string{"run", "-workers", "-1"}},
		{"run-heaps", 2, []string{"run", "-heaps", "-4"}},
		{"unknown-command", 2, []string{"frobnicate"}},
		{"no-command", 2, nil},
		{"help", 0, []string{"help"}},
		{"run-help", 0, []string{"run", "-h"}},
		{"validate", 0, []string{"validate", "games.yaml"}},
		{"validate-families", 0, []string{"validate", "wythoff.yaml", "euclid.yaml", "misere.yaml", "fib.yaml"}},
		{"validate-bad", 1, []string{"validate", "bad.yaml"}},
		{"inspect", 0, []string{"inspect", "out/kayles.parquet", "out/ring-3.arrow", "out/summary.parquet"}},
		{"plot", 0, []string{"plot", "-out", "figs", "out/kayles.parquet", "out/ring-3.arrow"}},
		{"plot-svg", 0, []string{"plot", "-format", "svg", "out/kayles.parquet"}},
		{"plot-bad-format", 2, []string{"plot", "-format", "gif", "out/kayles.parquet"}},
		{"query-nim", 0, []string{"query", "nim.yaml", "5", "7", "9"}},
		{"query-lose", 0, []string{"query", "nim.yaml", "3", "5", "6"}},
		{"query-snim-json", 0, []string{"query", "-json", "-positions", "positions.txt", "s25.yaml"}},
		{"query-per-heap", 0, []string{"query", "s25.yaml:5", "s134.yaml:7", "bash.yaml:9"}},
		{"query-table", 0, []string{"query", "-table", "out/kayles.parquet", "4", "7"}},
		{"query-ring", 0, []string{"query", "out/ring-3.arrow:7", "out/kayles.parquet:5"}},
		{"query-too-big", 1, []string{"query", "-table", "out/kayles.parquet", "400"}},
		{"query-no-heaps", 2, []string{"query", "nim.yaml"}},
		{"query-bad-heap", 2, []string{"query", "nim.yaml", "x"}},
		{"query-several-games", 1, []string{"query", "games.yaml", "3"}},
		{"query-wythoff", 0, []string{"query", "wythoff.yaml", "10,10", "nim.yaml:3"}},
		{"query-wythoff-json", 0, []string{"query", "-json", "wythoff.yaml", "4,6"}},
		{"query-lattice-heap", 1, []string{"query", "wythoff.yaml", "5"}},
		{"query-off-board", 1, []string{"query", "wythoff.yaml", "50,3", "nim.yaml:3"}},
		{"query-wythoff-beyond", 0, []string{"query", "wythoff.yaml", "1000000000,1618033988"}},
		{"query-misere-win", 0, []string{"query", "misere.yaml", "7"}},
		{"query-misere-lose", 0, []string{"query", "-json", "misere.yaml", "9"}},
		{"query-misere-empty", 0, []string{"query", "misere.yaml", "0", "0"}},
		{"query-misere-sum", 0, []string{"query", "misere.yaml", "7", "5"}},
		{"query-misere-kayles", 0, []string{"query", "kayles-misere.yaml", "5", "6", "8"}},
		{"query-misere-kayles-json", 0, []string{"query", "-json", "kayles-misere.yaml", "3", "20", "30"}},
		{"query-misere-mixed", 1, []string{"query", "kayles-misere.yaml:4", "nim.yaml:3"}},
		{"run-misere-kayles", 0, []string{"run", "-plot", "none", "-out", "out-misere", "kayles-misere.yaml"}},
		{"query-fibonacci", 0, []string{"query", "fib.yaml", "20"}},
		{"query-fibonacci-sum", 1, []string{"query", "fib.yaml", "20", "13"}},
		{"query-euclid", 0, []string{"query", "euclid.yaml", "34,12", "5,8"}},
		{"query-euclid-beyond", 0, []string{"query", "euclid.yaml", "2147483647,1327217884"}},
		{"lattice-inspect", 0, []string{"inspect", "out/wythoff.parquet"}},
		{"lattice-plot", 0, []string{"plot", "-out", "figs", "out/wythoff.parquet"}},
		{"lattice-export-go", 0, []string{"export", "-lang", "go", "out/wythoff.parquet"}},
		{"lattice-query-table", 0, []string{"query", "out/wythoff.parquet:4,6", "out/wythoff.parquet:1,2"}},
		{"export-c", 0, []string{"export", "-lang", "c", "out/kayles.parquet"}},
		{"export-python", 0, []string{"export", "-lang", "python", "out/ring-3.arrow"}},
		{"export-no-lang", 2, []string{"export", "out/kayles.parquet"}},
		{"export-bad-lang", 2, []string{"export", "-lang", "cobol", "out/kayles.parquet"}},
		{"export-lang-csv", 2, []string{"export", "-lang", "csv", "out/kayles.parquet"}},
		{"export-go-package", 0, []string{"export", "-lang", "go", "-package", "kayles", "out/kayles.parquet"}},
		{"export-bad-package", 2, []string{"export", "-lang", "go", "-package", "func", "out/kayles.parquet"}},
		{"export-name", 0, []string{"export", "-lang", "cpp", "-name", "k", "out/kayles.parquet"}},
		{"export-bad-name", 2, []string{"export", "-lang", "c", "-name", "int", "out/kayles.parquet"}},
		{"export-package-not-go", 2, []string{"export", "-lang", "c", "-package", "kayles", "out/kayles.parquet"}},
		{"inspect-bad", 1, []string{"inspect", "games.yaml"}},
		// Output files of two games that would collide.
		{"validate-collide", 1, []string{"validate", "collide.yaml"}},
		{"run-collide", 1, []string{"run", "-out", "out", "collide.yaml"}},
		{"run-collide-case", 1, []string{"run", "-out", "out", "collide-case.yaml"}},
		{"validate-many", 1, []string{"validate", "many-problems.yaml"}},
		{"validate-summary", 1, []string{"validate", "summary-name.yaml"}},
		// A table too small for some plots: they are left out, with a note.
		{"run-tiny", 0, []string{"run", "-out", "out", "tiny.yaml"}},
		// Flags after the arguments, and after "--" none.
		{"run-flags-after", 0, []string{"run", "nim.yaml", "-heaps", "30", "-plot", "none", "-out", "out"}},
		{"run-dashdash", 1, []string{"run", "-out", "out", "--", "-heaps"}},
		{"run-formats-arrow", 0, []string{"run", "-formats", "arrow", "-plot", "none", "-heaps", "30", "-out", "out", "nim.yaml"}},
		{"run-formats-bad", 2, []string{"run", "-formats", "parquet,xml", "nim.yaml"}},
		{"run-fresh-resume", 2, []string{"run", "-fresh", "-resume", "nim.yaml"}},
		{"run-from-missing", 1, []string{"run", "-from", "nowhere.parquet", "nim.yaml"}},
		{"run-cap-alone", 2, []string{"run", "-cap", "100", "nim.yaml"}},
		{"run-heaps-huge", 2, []string{"run", "-heaps", "1e30", "nim.yaml"}},
		{"run-workers-many", 0, []string{"run", "-workers", "9223372036854775807", "-heaps", "30", "-plot", "none", "-out", "out", "nim.yaml"}},
		// A game no proof can end, at a cost of days to the default cap.
		{"run-auto-costly", 1, []string{"run", "-heaps", "auto", "-out", "out", "tail3.yaml"}},
		{"sweep", 0, []string{"sweep", "-out", "sw", "sweep.yaml"}},
		{"sweep-validate", 0, []string{"validate", "sweep.yaml"}},
		{"sweep-huge", 1, []string{"sweep", "sweep-huge.yaml"}},
		{"sweep-shard-bad", 2, []string{"sweep", "-shard", "5/4", "sweep.yaml"}},
		{"sweep-shard-zero", 2, []string{"sweep", "-shard", "0/0", "sweep.yaml"}},
		{"sweep-shard-word", 2, []string{"sweep", "-shard", "half", "sweep.yaml"}},
		{"sweep-run", 1, []string{"run", "sweep.yaml"}},
		{"merge-none", 1, []string{"merge", "nowhere"}},
		{"version", 0, []string{"version"}},
		{"version-flag", 0, []string{"--version"}},
		{"list", 0, []string{"list"}},
		{"show", 0, []string{"show", "kayles"}},
		{"show-missing", 1, []string{"show", "chess"}},
		{"validate-help", 0, []string{"validate", "-h"}},
		{"inspect-json", 0, []string{"inspect", "-json", "out/kayles.parquet"}},
		{"inspect-rare-period", 0, []string{"inspect", "out/kayles-rare.parquet"}},
		{"plot-skips", 0, []string{"plot", "-format", "svg", "-out", "figs", "out/summary.parquet", "out/grundy.parquet"}},
		// Heaps beyond a table, from its proved period.
		{"query-period", 0, []string{"query", "kayles.yaml", "1000000000000", "5"}},
		{"query-count", 0, []string{"query", "-count", "kayles.yaml", "250000"}},
		{"query-moves", 0, []string{"query", "-moves", "3", "kayles.yaml", "1000000"}},
		{"query-table-period", 0, []string{"query", "-table", "out/kayles.parquet", "1000000"}},
		{"query-fibonacci-huge", 0, []string{"query", "fib.yaml", "1000000000000000000"}},
		{"query-dev-zero", 1, []string{"query", "/dev/zero:5"}},
		{"query-positions-lines", 1, []string{"query", "-positions", "positions-bad.txt", "nim.yaml"}},
		{"inspect-none", 2, []string{"inspect"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			chdir(t)
			if strings.HasPrefix(tc.name, "lattice") {
				if code := run(t.Context(), []string{"run", "-out", "out", "-plot", "none", "wythoff.yaml"}, io.Discard, io.Discard); code != 0 {
					t.Fatalf("sgtab run: status %d", code)
				}
			}
			if strings.HasPrefix(tc.name, "inspect") || strings.HasPrefix(tc.name, "plot") || strings.HasPrefix(tc.name, "query") || strings.HasPrefix(tc.name, "export") {
				// Tables to inspect.
				heaps := "100"
				if strings.Contains(tc.name, "period") {
					heaps = "1000" // Kayles' period is proved from 167 on
				}
				if code := run(t.Context(), []string{"run", "-out", "out", "-heaps", heaps, "-plot", "none", "games.yaml"}, io.Discard, io.Discard); code != 0 {
					t.Fatalf("sgtab run: status %d", code)
				}
			}
			golden(t, tc.name, tc.code, tc.args...)
			if tc.code != 0 {
				if _, err := os.Stat("sgtab-out"); err == nil {
					t.Errorf("a failed run created sgtab-out")
				}
			}
			if tc.name == "run-games" {
				for _, name := range []string{"kayles", "grundy", "ring-3", "ring-3-ring"} {
					for _, ext := range []string{".parquet", ".arrow", ".png"} {
						if name == "ring-3-ring" && ext != ".png" {
							continue
						}
						if _, err := os.Stat(filepath.Join("out", name+ext)); err != nil {
							t.Error(err)
						}
					}
				}
			}
		})
	}
}

// TestRunBundled runs every bundled config, as the README's first command
// does (at a small table size), and reads each table back.
func TestRunBundled(t *testing.T) {
	chdir(t)
	var stdout, stderr bytes.Buffer
	if code := run(t.Context(), []string{"run", "-json", "-heaps", "300", "-plot", "svg"}, &stdout, &stderr); code != 0 {
		t.Fatalf("sgtab run: status %d\n%s", code, stderr.String())
	}
	names, _ := fs.Glob(configs.FS, "*.yaml")
	var got []string
	sc := bufio.NewScanner(&stdout)
	for sc.Scan() {
		var s family.Summary
		if err := json.Unmarshal(sc.Bytes(), &s); err != nil {
			t.Fatalf("bad JSON line %q: %v", sc.Text(), err)
		}
		got = append(got, s.Name)
		data, _ := configs.FS.ReadFile(bundledFile(t, names, s.Name))
		games, err := rules.Parse(bytes.NewReader(data), s.Name)
		if err != nil {
			t.Fatal(err)
		}
		if games[0].State != "" {
			// A built-in game keeps its size whatever -heaps says, and
			// reports its known rule as holding.
			if len(s.Findings) != 1 || strings.Contains(s.Findings[0], "fails") || strings.Contains(s.Findings[0], "NOT") {
				t.Errorf("%s: findings %q", s.Name, s.Findings)
			}
			heapTab, latTab, err := classical.Solve(t.Context(), games[0])
			if err != nil {
				t.Fatal(err)
			}
			if latTab != nil {
				f, err := export.Read(s.Files[0])
				if err != nil || f.Kind != export.KindLattice || !f.Lattice.G.Equal(latTab.G) {
					t.Errorf("%s: %v, or values differ from a fresh computation", s.Files[0], err)
				}
			} else {
				got, _, err := export.ReadParquet(s.Files[0])
				if err != nil || !got.G.Equal(heapTab.G) || got.Game.State != games[0].State {
					t.Errorf("%s: %v, or values or game differ from a fresh computation", s.Files[0], err)
				}
			}
			continue
		}
		if gs := games[0].Graph; gs != nil {
			// A game on a graph: every node, whatever -heaps says.
			ng, err := graph.Load(gs)
			if err != nil {
				t.Fatal(err)
			}
			want, err := bundledGraphValues(t, gs, ng)
			if err != nil {
				t.Fatal(err)
			}
			if s.Nodes == nil || *s.Nodes != ng.Nodes() || *s.Edges != ng.Edges() || len(s.Files) != 3 {
				t.Errorf("summary %+v", s)
			}
			for _, path := range s.Files[:2] {
				f, err := export.Read(path)
				if err != nil {
					t.Fatal(err)
				}
				gt := f.Graph
				for v := range ng.Nodes() {
					if gt.Name(v) != ng.Name(v) || gt.G.At(v) != want[v] {
						t.Fatalf("%s: node %d is %s with SG %d, want %s with %d", path, v, gt.Name(v), gt.G.At(v), ng.Name(v), want[v])
					}
				}
				if f.Meta["sgtab.config"] != string(data) || f.Meta[export.KeyRule] != s.Rule {
					t.Errorf("%s: metadata %v", path, f.Meta)
				}
			}
			continue
		}
		if l := games[0].Lattice; l != nil {
			// A lattice game keeps its board whatever -heaps says.
			if s.Board == nil || *s.Board != l.Size || len(s.Files) != 3 {
				t.Errorf("summary %+v", s)
			}
			// Wythoff's first rows: SG(x, 0) = x; rows 1 and 2 add 3
			// every 3 (Winning Ways, p. 76).
			if s.Name == "wythoff" {
				want := []family.RowPeriod{{Y: 0, Period: 1, Saltus: 1}, {Y: 1, Period: 3, Saltus: 3}, {Y: 2, Period: 3, Saltus: 3}}
				if len(s.Rows) < 3 || !slices.Equal(s.Rows[:3], want) {
					t.Errorf("Wythoff's rows: %+v, want %+v first", s.Rows, want)
				}
			}
			want, err := compute.Lattice(t.Context(), games[0], sg.Options{})
			if err != nil {
				t.Fatal(err)
			}
			f, err := export.Read(s.Files[0])
			if err != nil {
				t.Fatal(err)
			}
			tab, meta := f.Lattice, f.Meta
			if !tab.G.Equal(want.G) || tab.W != l.Size[0] || meta[export.KeyLattice] != l.String() || meta["sgtab.config"] != string(data) {
				t.Errorf("%s: values or metadata differ from a fresh computation: %v", s.Files[0], meta)
			}
			continue
		}
		if games[0].Script != nil {
			// A scripted game keeps its size whatever -heaps says; reading
			// its table back runs its script again.
			want, _, err := script.Table(t.Context(), games[0], sg.Options{})
			if err != nil {
				t.Fatal(err)
			}
			f, err := export.Read(s.Files[0])
			if err != nil || s.Heaps != games[0].Heaps || !f.Table.G.Equal(want.G) || f.Meta["sgtab.config"] != string(data) {
				t.Errorf("%s: %v, or size, values or config differ from a fresh computation", s.Files[0], err)
			}
			continue
		}
		if s.Heaps != 300 || len(s.Files) < 3 || s.Rule == "" {
			t.Errorf("summary %+v", s)
		}
		want, err := compute.Sequence(t.Context(), games[0], 300, sg.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range s.Files[:2] {
			read := export.ReadParquet
			if strings.HasSuffix(path, ".arrow") {
				read = export.ReadIPC
			}
			tab, meta, err := read(path)
			if err != nil {
				t.Fatal(err)
			}
			if !tab.G.Equal(want.G) || !tab.Ring.Equal(want.Ring) {
				t.Errorf("%s: values differ from a fresh computation", path)
			}
			if meta["sgtab.rule"] != s.Rule || meta["sgtab.name"] != s.Name || meta["sgtab.config"] != string(data) {
				t.Errorf("%s: metadata %v", path, meta)
			}
		}
	}
	if len(got) != len(names) {
		t.Errorf("ran %d games (%v), want one per bundled config (%d)", len(got), got, len(names))
	}
	// inspect reads every file the run wrote, of every kind.
	files, _ := filepath.Glob("sgtab-out/*")
	kinds := map[export.Kind]int{}
	for _, path := range files {
		if strings.HasSuffix(path, ".svg") {
			continue
		}
		if path == filepath.Join("sgtab-out", "report") {
			if _, err := os.Stat(filepath.Join(path, "index.html")); err != nil {
				t.Errorf("the run's report: %v", err)
			}
			continue
		}
		f, err := export.Read(path)
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		kinds[f.Kind]++
		var out, errOut bytes.Buffer
		if code := run(t.Context(), []string{"inspect", path}, &out, &errOut); code != 0 {
			t.Errorf("inspect %s: status %d\n%s", path, code, errOut.String())
		}
	}
	for _, k := range []export.Kind{export.KindTable, export.KindLattice, export.KindRare, export.KindSummary} {
		if kinds[k] == 0 {
			t.Errorf("the run wrote no file of kind %s", k)
		}
	}
	// summary.parquet: one row per game, in the order printed.
	rows, meta, err := export.ReadSummary(filepath.Join("sgtab-out", "summary.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	if meta["sgtab.games"] != strconv.Itoa(len(names)) || len(rows) != len(got) {
		t.Fatalf("summary.parquet: %d rows, metadata %v; want %d", len(rows), meta, len(got))
	}
	for i, r := range rows {
		heaps := 300
		if r.Start == "lattice" || r.Start == "graph" || strings.HasPrefix(r.Rule, "state:") || strings.HasPrefix(r.Rule, "script:") {
			heaps = r.Heaps // the board's points (or the graph's nodes) less one
		}
		if r.Name != got[i] || r.Heaps != heaps || r.Checksum == "" {
			t.Errorf("summary row %d: %+v", i, r)
		}
	}
}

// bundledFile returns the bundled config that defines the game name.
func bundledFile(t *testing.T, files []string, name string) string {
	t.Helper()
	for _, f := range files {
		data, _ := configs.FS.ReadFile(f)
		if bytes.Contains(data, []byte("\nname: "+name+"\n")) {
			return f
		}
	}
	t.Fatalf("no bundled config names %s", name)
	return ""
}

// TestRunLeavesNoPartialFiles checks that a cancelled run leaves no output
// file behind, complete or not.
func TestRunCancelled(t *testing.T) {
	chdir(t)
	if err := os.WriteFile("big.yaml", []byte("name: big\nmoves:\n  - split: {parts: 2, distinct: true}\nheaps: 10000000\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := contextWithCancel(t)
	cancel()
	var stdout, stderr bytes.Buffer
	if code := run(ctx, []string{"run", "-out", "out", "big.yaml"}, &stdout, &stderr); code != 1 {
		t.Fatalf("status %d, want 1", code)
	}
	entries, _ := os.ReadDir("out")
	if len(entries) != 0 {
		t.Errorf("cancelled run left %v", entries)
	}
	if !strings.Contains(stderr.String(), "interrupted") {
		t.Errorf("stderr %q does not say the run was cancelled", stderr.String())
	}
}

func contextWithCancel(t *testing.T) (context.Context, context.CancelFunc) {
	return context.WithCancel(t.Context())
}

// TestBench runs the bench command on a quick workload and checks its table.
func TestBench(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run(t.Context(), []string{"bench", "-quick", "-plain", "500", "kayles"}, &stdout, &stderr); code != 0 {
		t.Fatalf("status %d: %s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if len(lines) != 3 || lines[0] != "cpu: "+compute.KernelCPU() || !strings.Contains(lines[1], "speed-up") {
		t.Fatalf("bench printed:\n%s", stdout.String())
	}
	lines = lines[1:]
	fields := strings.Fields(lines[1])
	if len(fields) != 12 || fields[0] != "kayles" || fields[1] != "1000000" || fields[4] != compute.Kernels() || fields[5] != "proved" || fields[8] != "500" {
		t.Errorf("bench row %q", lines[1])
	}
	if code := run(t.Context(), []string{"bench", "nosuch"}, &stdout, &stderr); code != 2 {
		t.Errorf("unknown workload: status %d, want 2", code)
	}
}

// TestVersionKernels checks that sgtab version names the CPU and the
// kernels in use, and that $SGTAB_KERNEL naming no kernels, or kernels the
// CPU lacks, is refused before any command runs (status 2), never run.
func TestVersionKernels(t *testing.T) {
	code, stdout, _ := sgtab(t, "version")
	if want := "kernels: " + compute.Kernels() + " (this CPU runs "; code != 0 || !strings.Contains(stdout, "\ncpu: ") || !strings.Contains(stdout, want) {
		t.Errorf("version: status %d\n%s\nwant %q", code, stdout, want)
	}
	if err := heap.KernelError(); err != nil {
		t.Logf("$SGTAB_KERNEL: %v", err)
	}
}

// TestKernelEnvRefused starts sgtab with $SGTAB_KERNEL naming no kernels,
// and naming each level this CPU cannot run: each is refused at start-up
// with status 2, saying which the CPU runs, where an unknown name was taken
// as "the fastest", and no command runs.
func TestKernelEnvRefused(t *testing.T) {
	values := []string{"neon"}
	for _, l := range []string{"go", "avx2", "avx512"} {
		if !slices.Contains(compute.KernelsAvailable(), l) {
			values = append(values, l)
		}
	}
	for _, v := range values {
		cmd := sgtabProcess(t.TempDir(), "version")
		cmd.Env = append(cmd.Env, "SGTAB_KERNEL="+v)
		out, err := cmd.CombinedOutput()
		ee, ok := err.(*exec.ExitError)
		if !ok || ee.ExitCode() != 2 || !strings.Contains(string(out), "$SGTAB_KERNEL="+v+": ") || strings.Contains(string(out), "sgtab 0.") {
			t.Errorf("SGTAB_KERNEL=%s: %v\n%s", v, err, out)
		}
	}
}
