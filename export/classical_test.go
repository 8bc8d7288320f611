package export_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/classical"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
)

// latticeTable computes the lattice game of the config yaml.
func latticeTable(t *testing.T, yaml string) *sg.LatticeTable {
	t.Helper()
	lt, err := compute.Lattice(t.Context(), parseGame(t, yaml), sg.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	return lt
}

const (
	wythoff100 = "name: wythoff\nlattice:\n  size: [100, 100]\n  moves:\n" +
		"    - {step: [-1, 0], repeat: true}\n    - {step: [0, -1], repeat: true}\n    - {step: [-1, -1], repeat: true}\n"
	knights = "name: knights\nlattice:\n  size: [100, 100]\n  moves:\n" +
		"    - {step: [-1, 0], repeat: true}\n    - {step: [0, -1], repeat: true}\n    - {step: [-1, -1], repeat: true}\n" +
		"    - {step: [-1, -2]}\n    - {step: [-2, -1]}\n"
	cornerWalk = "name: corner\nlattice:\n  size: [100, 100]\n  moves:\n" +
		"    - {step: [-1, 0]}\n    - {step: [0, -1]}\n    - {step: [-1, -1]}\n"
)

// TestClassicalMetadata checks that the theorem that solves a game, and
// the pattern observed in a lattice table's lost points, are stored with
// the table and read back: Wythoff's game (theorem and pattern), a variant
// (pattern only), Euclid's game and Fibonacci Nim (theorem).
func TestClassicalMetadata(t *testing.T) {
	dir := t.TempDir()
	euclidGame := parseGame(t, "name: euclid\nstate: euclid\nheaps: 40\n")
	_, euclid, err := classical.Solve(t.Context(), euclidGame)
	if err != nil {
		t.Fatal(err)
	}
	fib, _, err := classical.Solve(t.Context(), parseGame(t, "name: fib\nstate: fibonacci-nim\nheaps: 100\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name           string
		write          func(path string) error
		theorem, rule  string
		pattern        bool
		latticePattern bool
	}{
		{"wythoff", func(p string) error {
			return export.WriteLatticeParquet(p, latticeTable(t, wythoff100), export.Options{})
		},
			"Wythoff's theorem (W. A. Wythoff, Nieuw Archief voor Wiskunde 7, 1907)", "⌊kφ⌋", true, true},
		{"knights", func(p string) error { return export.WriteLatticeParquet(p, latticeTable(t, knights), export.Options{}) },
			"", "", true, true},
		{"euclid", func(p string) error { return export.WriteLatticeParquet(p, euclid, export.Options{}) },
			"Cole and Davie's theorem (A. J. Cole and A. J. T. Davie, Math. Gazette 53, 1969)", "Euclidean algorithm", false, false},
		{"fib", func(p string) error { return export.WriteParquet(p, fib, export.Options{}) },
			"Whinihan's theorem (M. J. Whinihan, Fibonacci Quarterly 1, 1963, with Zeckendorf's theorem)", "Zeckendorf sum", false, false},
	} {
		path := filepath.Join(dir, tc.name+".parquet")
		if err := tc.write(path); err != nil {
			t.Fatal(err)
		}
		f, err := export.Read(path)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := f.Meta[export.KeyClassical]; got != tc.theorem || !strings.Contains(f.Meta[export.KeyClassicalRule], tc.rule) {
			t.Errorf("%s: %s = %q (%s), want %q (…%s…)", tc.name, export.KeyClassical, got, f.Meta[export.KeyClassicalRule], tc.theorem, tc.rule)
		}
		if _, got := f.Meta[export.KeyPattern]; got != tc.pattern || tc.latticePattern != (f.Lattice != nil && f.Lattice.Pairs != nil) {
			t.Errorf("%s: %s %q, want one: %v", tc.name, export.KeyPattern, f.Meta[export.KeyPattern], tc.pattern)
		}
	}
}

// TestClassicalClaims checks that a claim read back is verified: a theorem
// claimed for a game it does not solve, or other than the one that solves
// it, and a pattern the values do not show (a value changed past the
// corner the reader computes again; a pattern written for another table)
// are refused, saying why.
func TestClassicalClaims(t *testing.T) {
	dir := t.TempDir()
	check := func(name, path, want string) {
		t.Helper()
		if _, err := export.Read(path); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want …%s…", name, err, want)
		}
	}
	// Nim's table, claimed solved by Wythoff's theorem.
	nim := filepath.Join(dir, "nim.parquet")
	writeRaw(t, "parquet", nim, nim3(t, map[string]string{export.KeyClassical: "Wythoff's theorem (W. A. Wythoff, Nieuw Archief voor Wiskunde 7, 1907)"}),
		[]string{"n", "sg"}, []arrow.Array{i64s(0, 1, 2), i32s(0, 1, 2)})
	check("nim", nim, "no theorem sgtab knows solves its rule 0.(3)")

	// Fibonacci Nim's table, claimed solved by another theorem.
	fib, _, err := classical.Solve(t.Context(), parseGame(t, "name: fib\nstate: fibonacci-nim\nheaps: 2\n"))
	if err != nil {
		t.Fatal(err)
	}
	meta := export.Metadata(fib, "test")
	meta[export.KeyClassical] = "Cole and Davie's theorem (A. J. Cole and A. J. T. Davie, Math. Gazette 53, 1969)"
	other := filepath.Join(dir, "fib.parquet")
	writeRaw(t, "parquet", other, meta, []string{"n", "sg"}, []arrow.Array{i64s(0, 1, 2), i32s(0, 0, 0)})
	check("fib", other, "but the theorem that solves its rule is Whinihan's theorem")

	// Wythoff's table with (80, 90) made lost, past the 64×64 corner.
	wythoff := latticeTable(t, wythoff100)
	g := wythoff.G.Uint32s()
	g[90*wythoff.W+80] = 0
	wythoff.G = sg.ValuesOf(g)
	changed := filepath.Join(dir, "wythoff.parquet")
	if err := export.WriteLatticeParquet(changed, wythoff, export.Options{}); err != nil {
		t.Fatal(err)
	}
	check("wythoff", changed, "but the values show no such pattern")

	// The corner walk's table, with Wythoff's pattern.
	corner := latticeTable(t, cornerWalk)
	corner.Pairs = latticeTable(t, wythoff100).Pairs
	forged := filepath.Join(dir, "corner.parquet")
	if err := export.WriteLatticeParquet(forged, corner, export.Options{}); err != nil {
		t.Fatal(err)
	}
	check("corner", forged, "sgtab.pattern says")
}

// TestSummaryTheorem checks the summary table's column theorem: the
// theorem a row's game is solved by, read back, and null (read as "") for
// a game no theorem solves.
func TestSummaryTheorem(t *testing.T) {
	path := filepath.Join(t.TempDir(), "summary.parquet")
	rows := []export.Summary{
		{Name: "wythoff", Rule: "(-1,0)* (0,-1)* (-1,-1)* on 4×4", Start: "lattice", Status: sg.None, Checksum: "0",
			Play: "normal", Values: "SG", Theorem: "Wythoff's theorem (W. A. Wythoff, Nieuw Archief voor Wiskunde 7, 1907)"},
		{Name: "kayles", Rule: "0.77", Start: "line", Status: sg.None, Checksum: "0", Play: "normal", Values: "SG"},
	}
	if err := export.WriteSummary(path, rows, export.Options{}); err != nil {
		t.Fatal(err)
	}
	got, _, err := export.ReadSummary(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Theorem != rows[0].Theorem || got[1].Theorem != "" {
		t.Errorf("read back %+v", got)
	}
}
