package export_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/rules"
)

func computed(t *testing.T, yaml string, n int) *compute.Table {
	t.Helper()
	games, err := rules.Parse(strings.NewReader(yaml), "g.yaml")
	if err != nil {
		t.Fatal(err)
	}
	tab, err := compute.Sequence(t.Context(), games[0], n, compute.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// TestAnalysisMetadata checks that the proof travels with the table: the
// analysis keys read back from Parquet and Arrow files.
func TestAnalysisMetadata(t *testing.T) {
	dir := t.TempDir()
	kayles := computed(t, "name: kayles\ncode: \"0.77\"\n", 1000)
	want := map[string]string{
		export.KeyStatus:        "proved",
		export.KeyPeriod:        "12",
		export.KeyPreperiod:     "71",
		export.KeySaltus:        "0",
		export.KeyLastException: "70",
		export.KeyTheorem:       "Guy–Smith octal periodicity theorem",
		export.KeyProofWindow:   "71 ≤ n < 156",
		export.KeyComputed:      "256",
		export.KeyChecksum:      compute.Checksum(kayles.G.Uint32s()),
		export.KeyRareMask:      "15",
		export.KeyRareCount:     "10",
		export.KeyLastRare:      "70",
		export.KeyClosedForm:    kayles.Analysis.ClosedForm,
	}
	for _, write := range []struct {
		ext   string
		write func(string, *compute.Table, export.Options) error
		read  func(string) (*compute.Table, map[string]string, error)
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
	grundy := computed(t, "name: grundy\ncode: \"4!.0\"\n", 2000)
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

// TestWriteRare writes Kayles' rare positions and reads them with parquet-go.
func TestWriteRare(t *testing.T) {
	kayles := computed(t, "name: kayles\ncode: \"0.77\"\n", 1000)
	path := filepath.Join(t.TempDir(), "kayles-rare.parquet")
	if err := export.WriteRare(path, kayles, export.Options{}); err != nil {
		t.Fatal(err)
	}
	type row struct {
		N  uint64 `parquet:"n"`
		SG uint32 `parquet:"sg"`
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
		if int(x.N) != r.Positions[i] || x.SG != kayles.G.At(int(x.N)) || !compute.IsRare(x.SG, r.Mask) {
			t.Errorf("row %d = %+v", i, x)
		}
	}
	// A table without a split has no rare file.
	grundy := computed(t, "name: g\ncode: \"4!.0\"\n", 100)
	bad := filepath.Join(t.TempDir(), "g-rare.parquet")
	if err := export.WriteRare(bad, grundy, export.Options{}); err == nil {
		t.Error("WriteRare of a table without rare values succeeded")
	}
	if _, err := os.Stat(bad); err == nil {
		t.Error("a failed WriteRare left a file")
	}
}
