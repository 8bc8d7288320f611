package export_test

import (
	"path/filepath"
	"reflect"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/export"
)

// TestSummaryRoundTrip writes summary rows, one with a period and one
// without, and reads them back; the period columns of the second are null.
func TestSummaryRoundTrip(t *testing.T) {
	kayles := computed(t, "name: kayles\ncode: \"0.77\"\n", 300)
	grundy := computed(t, "name: grundy\ncode: \"4!.0\"\n", 300)
	rows := []export.Summary{export.Summarize(kayles), export.Summarize(grundy)}
	if rows[0].Status != compute.Proved || rows[0].Period != 12 || rows[0].Preperiod != 71 || rows[0].MaxSG != 8 {
		t.Fatalf("Summarize(kayles) = %+v", rows[0])
	}
	if rows[1].Status != compute.None || rows[1].Period != 0 {
		t.Fatalf("Summarize(grundy) = %+v", rows[1])
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
	if meta["sgtab.games"] != "2" || meta[export.KeyVersion] != "test" {
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
