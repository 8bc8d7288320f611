package export_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/parquet-go/parquet-go"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/classical"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/export/internal/testtable"
	"github.com/sgtab/sgtab/rules"
)

// TestAnalysisMetadata checks that the proof travels with the table: the
// analysis keys read back from Parquet and Arrow files.
func TestAnalysisMetadata(t *testing.T) {
	dir := t.TempDir()
	kayles := testtable.Computed(t, "name: kayles\ncode: \"0.77\"\n", 1000)
	want := map[string]string{
		export.KeyStatus:        "proved",
		export.KeyPeriod:        "12",
		export.KeyPreperiod:     "71",
		export.KeySaltus:        "0",
		export.KeyLastException: "70",
		export.KeyTheorem:       "Guy–Smith octal periodicity theorem",
		export.KeyProofWindow:   "71 ≤ n < 155",
		export.KeyComputed:      "166",
		export.KeyChecksum:      sg.Checksum(kayles.G.Uint32s()),
		export.KeyRareMask:      "15",
		export.KeyRareCount:     "10",
		export.KeyLastRare:      "70",
		export.KeyClosedForm:    kayles.Analysis.ClosedForm,
	}
	for _, write := range []struct {
		ext   string
		write func(string, *sg.Table, export.Options) error
		read  func(string) (*sg.Table, map[string]string, error)
	}{
		{".parquet", export.WriteParquet, export.ReadParquet},
		{".arrow", export.WriteIPC, export.ReadIPC},
	} {
		path := filepath.Join(dir, "kayles"+write.ext)
		if err := write.write(path, kayles, export.Options{}); err != nil {
			t.Fatal(err)
		}
		_, meta, err := write.read(path)
		if err != nil {
			t.Fatal(err)
		}
		for k, v := range want {
			if meta[k] != v {
				t.Errorf("%s: %s = %q, want %q", path, k, meta[k], v)
			}
		}
	}

	// A game without a period has a status but no period keys.
	grundy := testtable.Computed(t, "name: grundy\ncode: \"4!.0\"\n", 2000)
	meta := export.Metadata(grundy, "v")
	if meta[export.KeyStatus] != "none" || meta[export.KeyLastRare] != "none" {
		t.Errorf("grundy: status %q, last rare %q", meta[export.KeyStatus], meta[export.KeyLastRare])
	}
	for _, k := range []string{export.KeyPeriod, export.KeyPreperiod, export.KeyTheorem, export.KeyClosedForm} {
		if _, ok := meta[k]; ok {
			t.Errorf("grundy: %s present with no period", k)
		}
	}
}

// TestArithmeticProofRoundTrip checks that an arithmetic period's proof
// travels with the table and is read back verified: Lasker's Nim, period
// 4 and saltus 4 from n = 1, proved by the lifting theorem from a table to
// 16 (computed to 64, the first check; the rest filled in).
func TestArithmeticProofRoundTrip(t *testing.T) {
	lasker := testtable.Computed(t, "name: lasker\ncode: \"4.(3)\"\n", 10000)
	path := filepath.Join(t.TempDir(), "lasker.parquet")
	if err := export.WriteParquet(path, lasker, export.Options{}); err != nil {
		t.Fatal(err)
	}
	f, err := export.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	a := f.Table.Analysis
	want := sg.Period{Start: 1, Length: 4, Saltus: 4}
	if a.Status != sg.Proved || a.Period != want || a.Proof.Theorem != "arithmetic-periodicity lifting theorem" || a.Proof.String() != "1 ≤ n < 13" || a.Computed != 64 {
		t.Errorf("read back: %s, %+v, %q, window %s, computed %d", a.Status, a.Period, a.Proof.Theorem, a.Proof, a.Computed)
	}
	for k, v := range map[string]string{export.KeyStatus: "proved", export.KeySaltus: "4", export.KeyProofWindow: "1 ≤ n < 13", export.KeyComputed: "64"} {
		if f.Meta[k] != v {
			t.Errorf("%s = %q, want %q", k, f.Meta[k], v)
		}
	}
}

// TestWriteRare writes Kayles' rare positions and reads them with parquet-go.
func TestWriteRare(t *testing.T) {
	kayles := testtable.Computed(t, "name: kayles\ncode: \"0.77\"\n", 1000)
	path := filepath.Join(t.TempDir(), "kayles-rare.parquet")
	if err := export.WriteRare(path, kayles, export.Options{}); err != nil {
		t.Fatal(err)
	}
	type row struct {
		N  int64 `parquet:"n"`
		SG int32 `parquet:"sg"`
	}
	rows, err := parquet.ReadFile[row](path)
	if err != nil {
		t.Fatal(err)
	}
	r := kayles.Analysis.Rare
	if len(rows) != r.Count || r.Count == 0 {
		t.Fatalf("%d rows, want %d", len(rows), r.Count)
	}
	for i, x := range rows {
		if int(x.N) != r.Positions[i] || uint32(x.SG) != kayles.G.At(int(x.N)) || !sg.IsRare(uint32(x.SG), r.Mask) {
			t.Errorf("row %d = %+v", i, x)
		}
	}
	// sgtab reads it back as rare positions, verified.
	f, err := export.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if f.Kind != export.KindRare || f.Rare.Split.Mask != r.Mask || !slices.Equal(f.Rare.N, r.Positions) || f.Rare.Heaps != 1000 {
		t.Errorf("read back %+v", f.Rare)
	}
	if _, _, _, err := export.ReadTable(path); err == nil || !strings.Contains(err.Error(), "rare positions of kayles, not its table") {
		t.Errorf("ReadTable of rare positions: %v", err)
	}
	// One value changed: refused.
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	meta := f.Meta
	meta[export.KeyRareCRC] = "00000000"
	bad := filepath.Join(t.TempDir(), "bad-rare.parquet")
	ns, sgs := make([]int64, len(r.Positions)), make([]int32, len(r.Positions))
	for i, n := range r.Positions {
		ns[i], sgs[i] = int64(n), int32(kayles.G.At(n))
	}
	n, sg := i64s(ns...), i32s(sgs...)
	writeRaw(t, "parquet", bad, meta, []string{"n", "sg"}, []arrow.Array{n, sg})
	n.Release()
	sg.Release()
	if _, err := export.Read(bad); err == nil || !strings.Contains(err.Error(), "CRC-32C") {
		t.Errorf("rare positions with a wrong CRC: %v (file of %d bytes)", err, len(data))
	}
	// A table without a split has no rare file.
	grundy := testtable.Computed(t, "name: g\ncode: \"4!.0\"\n", 100)
	bad = filepath.Join(t.TempDir(), "g-rare.parquet")
	if err := export.WriteRare(bad, grundy, export.Options{}); err == nil {
		t.Error("WriteRare of a table without rare values succeeded")
	}
	if _, err := os.Stat(bad); err == nil {
		t.Error("a failed WriteRare left a file")
	}
}

// TestLatticeRoundTrip writes Wythoff's game and Euclid's game in both
// formats and reads them back through Read, verified, with the keys every
// table has.
func TestLatticeRoundTrip(t *testing.T) {
	games := []string{
		"name: wythoff\nlattice:\n  size: [70, 40]\n  moves:\n    - {step: [-1, 0], repeat: true}\n    - {step: [0, -1], repeat: true}\n    - {step: [-1, -1], repeat: true}\n",
		"name: euclid\nstate: euclid\nheaps: 80\n",
	}
	for _, yaml := range games {
		gs, err := rules.Parse(strings.NewReader(yaml), "g.yaml")
		if err != nil {
			t.Fatal(err)
		}
		var lt *sg.LatticeTable
		if gs[0].Kind() == rules.KindState {
			_, lt, err = classical.Solve(t.Context(), gs[0])
		} else {
			lt, err = compute.Lattice(t.Context(), gs[0], sg.Options{})
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range []struct {
			ext   string
			write func(string, *sg.LatticeTable, export.Options) error
		}{{".parquet", export.WriteLatticeParquet}, {".arrow", export.WriteLatticeIPC}} {
			path := filepath.Join(t.TempDir(), gs[0].Name+w.ext)
			if err := w.write(path, lt, export.Options{}); err != nil {
				t.Fatal(err)
			}
			f, err := export.Read(path)
			if err != nil {
				t.Fatal(err)
			}
			got := f.Lattice
			if f.Kind != export.KindLattice || !got.G.Equal(lt.G) || got.W != lt.W || got.H != lt.H || got.Game.RuleText() != lt.Game.RuleText() {
				t.Errorf("%s: read back %s %d×%d %s", path, f.Kind, got.W, got.H, got.Game.RuleText())
			}
			for _, k := range []string{export.KeyRule, export.KeyHeaps, export.KeyStatus, export.KeyChecksum, export.KeyCRC, export.KeyKind} {
				if f.Meta[k] == "" {
					t.Errorf("%s: no %s", path, k)
				}
			}
		}
	}
}
