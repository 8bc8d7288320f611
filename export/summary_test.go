package export_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/export/internal/testtable"
)

// TestSummaryRoundTrip writes summary rows, one with a period and one
// without, and reads them back; the period columns of the second are null.
func TestSummaryRoundTrip(t *testing.T) {
	kayles := testtable.Computed(t, "name: kayles\ncode: \"0.77\"\n", 300)
	grundy := testtable.Computed(t, "name: grundy\ncode: \"4!.0\"\n", 300)
	ring := testtable.Computed(t, "name: ring\ncode: \"0.77\"\nstart: ring\n", 300)
	g127 := testtable.Computed(t, "name: g127\ncode: \"0.127\"\n", 20000)
	rows := []export.Summary{export.Summarize(kayles), export.Summarize(grundy), export.Summarize(ring), export.Summarize(g127)}
	if rows[0].Status != sg.Proved || rows[0].Period != 12 || rows[0].Preperiod != 71 || rows[0].MaxSG != 8 || rows[0].RingStatus != "" {
		t.Fatalf("Summarize(kayles) = %+v", rows[0])
	}
	if rows[1].Status != sg.None || rows[1].Period != 0 {
		t.Fatalf("Summarize(grundy) = %+v", rows[1])
	}
	if r := rows[2]; r.RingStatus != sg.Proved || r.RingPeriod != 1 || r.RingPreperiod != 3 {
		t.Fatalf("Summarize(ring) = %+v", r)
	}
	if r := rows[3]; r.RareMask != 1 || r.RarePos != sg.Odd {
		t.Fatalf("Summarize(0.127) = %+v", r)
	}
	path := filepath.Join(t.TempDir(), "summary.parquet")
	if err := export.WriteSummary(path, rows, export.Options{Version: "test"}); err != nil {
		t.Fatal(err)
	}
	got, meta, err := export.ReadSummary(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, rows) {
		t.Errorf("read back\n%+v\nwant\n%+v", got, rows)
	}
	if meta["sgtab.games"] != "4" || meta[export.KeyVersion] != "test" {
		t.Errorf("metadata %v", meta)
	}
	// A table is not a summary.
	if err := export.WriteParquet(path, kayles, export.Options{}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := export.ReadSummary(path); err == nil {
		t.Error("ReadSummary read a table as a summary")
	}
}

// TestMergeSummary merges the rows of a second run into a summary: a game
// run again replaces its row in place, a new game follows.
func TestMergeSummary(t *testing.T) {
	path := filepath.Join(t.TempDir(), "summary.parquet")
	row := func(name string, heaps int) export.Summary {
		return export.Summary{Name: name, Rule: "0.77", Start: "line", Heaps: heaps, Status: sg.None, Checksum: "0"}
	}
	if err := export.MergeSummary(path, []export.Summary{row("a", 1), row("b", 1)}, export.Options{}); err != nil {
		t.Fatal(err)
	}
	if err := export.MergeSummary(path, []export.Summary{row("c", 2), row("a", 2)}, export.Options{}); err != nil {
		t.Fatal(err)
	}
	got, _, err := export.ReadSummary(path)
	if err != nil {
		t.Fatal(err)
	}
	want := []export.Summary{row("a", 2), row("b", 1), row("c", 2)}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("merged\n%+v\nwant\n%+v", got, want)
	}
	// Something else in its place is not overwritten.
	if err := os.WriteFile(path, []byte("not parquet"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := export.MergeSummary(path, []export.Summary{row("a", 3)}, export.Options{}); err == nil {
		t.Error("merged into a file that is not a summary")
	}
	if data, _ := os.ReadFile(path); string(data) != "not parquet" {
		t.Error("a failed merge changed the file")
	}
}

// TestSummaryRefusesNegativeNumbers writes summary rows holding a number
// no game has (a negative heap size, period or ring period): reading them
// back names the column and the row.
func TestSummaryRefusesNegativeNumbers(t *testing.T) {
	ok := export.Summary{Name: "a", Rule: "0.77", Start: "line", Heaps: 10, Status: sg.None, Checksum: "0"}
	for _, tc := range []struct {
		edit func(r *export.Summary)
		want string
	}{
		{func(r *export.Summary) { r.Heaps = -1 }, "column heaps, row 1: -1 out of range"},
		{func(r *export.Summary) { r.Status, r.Period, r.Preperiod = sg.Observed, 2, -3 }, "column preperiod, row 1: -3 out of range"},
		{func(r *export.Summary) {
			r.Start, r.RingStatus, r.RingPeriod, r.RingPreperiod = "ring", sg.Proved, -4, 1
		}, "column ring_period, row 1: -4 out of range"},
	} {
		bad := ok
		tc.edit(&bad)
		path := filepath.Join(t.TempDir(), "summary.parquet")
		if err := export.WriteSummary(path, []export.Summary{ok, bad}, export.Options{}); err != nil {
			t.Fatal(err)
		}
		if _, _, err := export.ReadSummary(path); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ReadSummary: %v, want …%s", err, tc.want)
		}
	}
}
