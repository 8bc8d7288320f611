package export_test

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/export/internal/testtable"
)

// TestMisereGenusRoundTrip writes misère tables with their genus columns —
// of Kayles, which splits heaps, and of Bash's game, which does not — in
// each format, and reads them back verified: the same outcomes, genera and
// classes, and the metadata of the genera.
func TestMisereGenusRoundTrip(t *testing.T) {
	for _, yaml := range []string{"name: kayles-misere\ncode: \"0.77\"\nplay: misere\n", "name: bash-misere\nmoves:\n  - take: {min: 1, max: 3}\nplay: misere\n"} {
		tab := testtable.Computed(t, yaml, 40)
		for _, w := range []struct {
			ext   string
			write func(string, *sg.Table, export.Options) error
		}{{"parquet", export.WriteParquet}, {"arrow", export.WriteIPC}, {"csv", export.WriteCSV}} {
			path := filepath.Join(t.TempDir(), "t."+w.ext)
			if err := w.write(path, tab, export.Options{Version: "test"}); err != nil {
				t.Fatal(err)
			}
			f, err := export.Read(path)
			if err != nil {
				t.Fatalf("%s: %v", w.ext, err)
			}
			got := f.Table
			if got.Genus == nil || !got.G.Equal(tab.G) {
				t.Fatalf("%s %s: read no genus, or other outcomes", tab.Game.Name, w.ext)
			}
			if n, ok := got.Genus.Equal(tab.Genus); !ok {
				t.Errorf("%s %s: heap %d reads as %v, written %v", tab.Game.Name, w.ext, n, got.Genus.At(n), tab.Genus.At(n))
			}
			if f.Meta[export.KeyTameThrough] != strconv.Itoa(tab.Genus.TameThrough()) || f.Meta[export.KeyTameness] != "0 tame, 1 restive, 2 restless, 3 wild" {
				t.Errorf("%s %s: metadata %v", tab.Game.Name, w.ext, f.Meta)
			}
		}
	}
}

// TestMisereGenusForged reads a misère table whose genus column was
// changed before it was written (so that its checksums agree): the reader's
// check against the rule finds the heap.
func TestMisereGenusForged(t *testing.T) {
	tab := testtable.Computed(t, "name: kayles-misere\ncode: \"0.77\"\nplay: misere\n", 30)
	cols := *tab.Genus
	cols.Gamma = append([]sg.Values(nil), cols.Gamma...)
	vs := cols.Gamma[0].Uint32s()
	vs[12] ^= 1
	cols.Gamma[0] = sg.ValuesOf(vs)
	forged := *tab
	forged.Genus = &cols
	path := filepath.Join(t.TempDir(), "t.parquet")
	if err := export.WriteParquet(path, &forged, export.Options{Version: "test"}); err != nil {
		t.Fatal(err)
	}
	if _, err := export.Read(path); err == nil || !strings.Contains(err.Error(), "the genus of heap 12") {
		t.Errorf("a forged genus read with %v", err)
	}
}

// TestSummaryTameThrough writes the summary rows of a misère table and of
// a normal one and reads them back: tame_through is the last heap up to
// which the misère game is tame, and null for normal play.
func TestSummaryTameThrough(t *testing.T) {
	misere := testtable.Computed(t, "name: kayles-misere\ncode: \"0.77\"\nplay: misere\n", 30)
	normal := testtable.Computed(t, "name: kayles\ncode: \"0.77\"\n", 30)
	path := filepath.Join(t.TempDir(), "summary.parquet")
	if err := export.WriteSummary(path, []export.Summary{export.Summarize(misere), export.Summarize(normal)}, export.Options{Version: "test"}); err != nil {
		t.Fatal(err)
	}
	rows, _, err := export.ReadSummary(path)
	if err != nil {
		t.Fatal(err)
	}
	// Misère Kayles is tame up to heap 4; heap 5 has genus 4^{146}.
	if len(rows) != 2 || rows[0].TameThrough == nil || *rows[0].TameThrough != 4 || rows[1].TameThrough != nil {
		t.Errorf("rows %+v", rows)
	}
}
