package export_test

import (
	"bytes"
	"crypto/sha256"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/classical"
	"github.com/sgtab/sgtab/compute/graphgame"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/export/internal/testtable"
	"github.com/sgtab/sgtab/rules"
)

var regen = flag.Bool("regen", false, "rewrite the golden files in testdata")

// writtenGolden holds the SHA-256 of every file TestWrittenBytes writes.
const writtenGolden = "testdata/written.sha256"

// A writtenCase writes files of one kind into a folder.
type writtenCase struct {
	name  string
	write func(dir string) error
}

// created is the creation time of every table TestWrittenBytes writes, so
// that the files it writes are the same from run to run.
var created = time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC)

// writtenCases returns a writer of every kind of file sgtab writes, in
// every format it writes it in, with every shape of table: on a line and on
// a ring, signed, of values needing 64 bits, cut into many record batches
// and row groups, misère, a built-in game's; lattice tables (Wythoff's,
// Euclid's game); games on graphs (nodes named by integers, by strings);
// rare positions, a summary, a census, a misère quotient, a checkpoint and
// edge lists.
func writtenCases(t *testing.T) []writtenCase {
	heap := func(yaml string, n int) *sg.Table {
		tab := testtable.Computed(t, yaml, n)
		tab.Created, tab.Elapsed = created, 1500*time.Millisecond
		return tab
	}
	kayles := heap("name: kayles\ncode: \"0.77\"\n", 3000)
	ring := heap("name: ring\ncode: \"0.77\"\nstart: ring\n", 500)
	misere := heap("name: misere\nmoves:\n  - take: [1, 2, 3]\nplay: misere\n", 300)
	g127 := heap("name: g127\ncode: \"0.127\"\n", 20000)
	fib, _, err := classical.Solve(t.Context(), parseGame(t, "name: fib\nstate: fibonacci-nim\nheaps: 200\n"))
	if err != nil {
		t.Fatal(err)
	}
	fib.Created = created
	wide := newTable(t, 40, true)
	wide.G = sg.ValuesOf(append(wide.G.Uint32s()[:39], 1<<32-1))
	wide.Ring = sg.ValuesOf(append(wide.Ring.Uint32s()[:39], 1<<31))

	wythoff, err := compute.Lattice(t.Context(), parseGame(t, "name: wythoff\nlattice:\n  size: [40, 30]\n  moves:\n"+
		"    - {step: [-1, 0], repeat: true}\n    - {step: [0, -1], repeat: true}\n    - {step: [-1, -1], repeat: true}\n"),
		sg.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, euclid, err := classical.Solve(t.Context(), parseGame(t, "name: euclid\nstate: euclid\nheaps: 50\n"))
	if err != nil {
		t.Fatal(err)
	}
	wythoff.Created, euclid.Created = created, created
	ints := &graphgame.GraphTable{
		Game: rules.Game{Name: "ints", Config: "name: ints\n", Graph: &rules.GraphSpec{Text: "edges i.csv"}},
		Ints: []int64{7, -3, 100000000000, 0}, G: sg.ValuesOf([]uint32{1, 0, 2, 5}), Edges: 4, EdgesCRC: 9,
		Created: created,
	}
	strs := &graphgame.GraphTable{
		Game:    rules.Game{Name: "strings", Graph: &rules.GraphSpec{Text: "edges s.csv"}},
		Strings: []string{"b", "a, node", `say "hi"`, "two\nlines", " space", "12", "é"},
		G:       sg.ValuesOf([]uint32{0, 1, 2, 3, 300, 70000, 1<<32 - 1}), Edges: 7,
	}

	opt := export.Options{Version: "test"}
	small := export.Options{Version: "test", BatchRows: 700, RowGroupRows: 1500}
	signed := export.Options{Version: "test", MACKey: []byte("a key of the test's own"), Extra: map[string]string{"x.note": "<&>"}}
	type heapWriter func(string, *sg.Table, export.Options) error
	heapFormats := []struct {
		ext   string
		write heapWriter
	}{{".parquet", export.WriteParquet}, {".arrow", export.WriteIPC}, {".csv", export.WriteCSV}}
	var cases []writtenCase
	for _, tc := range []struct {
		name string
		t    *sg.Table
		opt  export.Options
	}{
		{"kayles", kayles, opt}, {"kayles-batches", kayles, small}, {"ring", ring, signed},
		{"misere", misere, opt}, {"fibonacci", fib, opt}, {"wide", wide, small},
	} {
		for _, f := range heapFormats {
			cases = append(cases, writtenCase{tc.name + f.ext, func(dir string) error {
				return f.write(filepath.Join(dir, tc.name+f.ext), tc.t, tc.opt)
			}})
		}
	}
	for _, tc := range []struct {
		name string
		t    *sg.LatticeTable
		opt  export.Options
	}{{"wythoff", wythoff, opt}, {"wythoff-batches", wythoff, small}, {"euclid", euclid, opt}} {
		for ext, write := range map[string]func(string, *sg.LatticeTable, export.Options) error{
			".parquet": export.WriteLatticeParquet, ".arrow": export.WriteLatticeIPC, ".csv": export.WriteLatticeCSV,
		} {
			cases = append(cases, writtenCase{tc.name + ext, func(dir string) error {
				return write(filepath.Join(dir, tc.name+ext), tc.t, tc.opt)
			}})
		}
	}
	for _, tc := range []struct {
		name string
		t    *graphgame.GraphTable
		opt  export.Options
	}{{"graph-ints", ints, opt}, {"graph-strings", strs, opt}, {"graph-batches", strs, export.Options{Version: "test", BatchRows: 3}}} {
		for ext, write := range map[string]func(string, *graphgame.GraphTable, export.Options) error{
			".parquet": export.WriteGraphParquet, ".arrow": export.WriteGraphIPC, ".csv": export.WriteGraphCSV,
		} {
			cases = append(cases, writtenCase{tc.name + ext, func(dir string) error {
				return write(filepath.Join(dir, tc.name+ext), tc.t, tc.opt)
			}})
		}
	}
	streams := func(name string, write func(w *bytes.Buffer) error) writtenCase {
		return writtenCase{name, func(dir string) error {
			var b bytes.Buffer
			if err := write(&b); err != nil {
				return err
			}
			return os.WriteFile(filepath.Join(dir, name), b.Bytes(), 0o644)
		}}
	}
	return append(cases,
		streams("kayles-to.parquet", func(w *bytes.Buffer) error { return export.WriteParquetTo(w, kayles, small) }),
		streams("kayles-to.arrow", func(w *bytes.Buffer) error { return export.WriteIPCTo(w, kayles, small) }),
		writtenCase{"kayles-rare.parquet", func(dir string) error {
			return export.WriteRare(filepath.Join(dir, "kayles-rare.parquet"), kayles, opt)
		}},
		writtenCase{"g127-rare.parquet", func(dir string) error {
			return export.WriteRare(filepath.Join(dir, "g127-rare.parquet"), g127, signed)
		}},
		writtenCase{"summary.parquet", func(dir string) error {
			rows := []export.Summary{export.Summarize(kayles), export.Summarize(ring), export.Summarize(misere), export.Summarize(g127)}
			return export.WriteSummary(filepath.Join(dir, "summary.parquet"), rows, opt)
		}},
		writtenCase{"census.parquet", func(dir string) error {
			return export.WriteCensus(filepath.Join(dir, "census.parquet"), writtenCensus(),
				map[string]string{export.KeySweep: "sweep: yaml\n", export.KeyShard: "0/1"}, opt)
		}},
		writtenCase{"quotient-0.75.parquet", func(dir string) error {
			q, g := writtenQuotient(t)
			return export.WriteQuotient(filepath.Join(dir, "quotient-0.75.parquet"), q, g, opt)
		}},
		writtenCase{"kayles.checkpoint.parquet", func(dir string) error {
			return export.WriteCheckpoint(filepath.Join(dir, "kayles.checkpoint.parquet"), kayles, signed)
		}},
		writtenCase{"edges-ints.parquet", func(dir string) error {
			e := &export.Edges{}
			e.Ints.From, e.Ints.To = []int64{1, 2, 3}, []int64{2, 3, -1}
			return export.WriteEdges(filepath.Join(dir, "edges-ints.parquet"), e, opt)
		}},
		writtenCase{"edges-strings.parquet", func(dir string) error {
			e := &export.Edges{}
			e.Strings.From, e.Strings.To = []string{"a", "b"}, []string{"b", "c"}
			return export.WriteEdges(filepath.Join(dir, "edges-strings.parquet"), e, opt)
		}},
	)
}

// writtenCensus returns census rows of every shape: a proved period with
// rare positions, a ring game whose rings have a period, and no period.
func writtenCensus() []export.CensusRow {
	return []export.CensusRow{
		{Name: "0.07", Rule: "0.07", Family: "codes 0.0*", Start: "line", Play: "normal", Status: sg.Proved,
			Period: 34, Preperiod: 52, LastException: 51, Heaps: 1000, MaxSG: 9, MaxAt: 51,
			RareMask: 1, RarePos: sg.Even, RareCount: 7, LastRare: 40, Checksum: "0123ABCD", Seconds: 0.25,
			First: []uint32{0, 0, 1, 1, 2}, Shift: 1, ClassKey: "abab", Class: "cab", ClassSize: 2,
			Representative: "0.137", ClassOffset: 1},
		{Name: "0.77-ring", Rule: "0.77", Family: "codes 0.7*", Start: "ring", Play: "normal", Status: sg.Proved,
			Period: 12, Preperiod: 71, LastException: 70, Heaps: 1000, MaxSG: 8, MaxAt: 70,
			LastRare: -1, Checksum: "0000FFFF", Seconds: 0.5, First: []uint32{0, 0, 1, 1, 1},
			ClassKey: "efef", Class: "cef", ClassSize: 1, Representative: "0.77-ring",
			RingStatus: sg.Observed, RingPeriod: 1, RingPreperiod: 3},
		{Name: "4.0", Rule: "4.0", Family: "listed", Start: "line", Play: "misere", Status: sg.None,
			Heaps: 1000, MaxSG: 20, MaxAt: 900, LastRare: -1, Checksum: "FFFF0000", Seconds: 1.5,
			First: []uint32{0, 0, 0, 1 << 31}, ClassKey: "cdcd", Class: "ccd", ClassSize: 1, Representative: "4.0"},
	}
}

// TestWrittenBytes writes a file of every kind and shape sgtab writes and
// checks that each is, to the byte, the file sgtab wrote when the golden
// file testdata/written.sha256 was made (go test -regen rewrites it): a
// change to a writer that changes a file's bytes fails it, and must be
// meant. The tables' creation time and version are fixed.
func TestWrittenBytes(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range writtenCases(t) {
		if err := tc.write(dir); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got strings.Builder
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&got, "%x  %s\n", sha256.Sum256(data), e.Name())
	}
	if *regen {
		if err := os.WriteFile(writtenGolden, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(writtenGolden)
	if err != nil {
		t.Fatal(err)
	}
	gotLines, wantLines := strings.Split(got.String(), "\n"), strings.Split(string(want), "\n")
	for _, l := range gotLines {
		if !slices.Contains(wantLines, l) {
			t.Errorf("written: %s, not in %s", l, writtenGolden)
		}
	}
	for _, l := range wantLines {
		if !slices.Contains(gotLines, l) {
			t.Errorf("%s: %s, not written", writtenGolden, l)
		}
	}
}
