package export

import (
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute"
)

// censusRows are two rows of a census: one with a proved period and rare
// positions, one with no period.
func censusRows() []CensusRow {
	return []CensusRow{
		{Name: "0.07", Rule: "0.07", Family: "codes 0.0*", Start: "line", Play: "normal", Status: compute.Proved,
			Period: 34, Preperiod: 52, Saltus: 0, LastException: 51, Heaps: 1000, MaxSG: 9, MaxAt: 51,
			RareMask: 1, RarePos: compute.Even, RareCount: 7, LastRare: 40, Checksum: "0123ABCD", Seconds: 0.25,
			First: []uint32{0, 0, 1, 1, 2}, Shift: 1, ClassKey: strings.Repeat("ab", 32), Class: "cabababababab",
			ClassSize: 2, Representative: "0.137", Offset: 1},
		{Name: "4.0", Rule: "4.0", Family: "listed", Start: "line", Play: "normal", Status: compute.None,
			Heaps: 1000, MaxSG: 20, MaxAt: 900, LastRare: -1, Checksum: "FFFF0000", Seconds: 1.5,
			First: []uint32{0, 0, 0, 1}, ClassKey: strings.Repeat("cd", 32), Class: "ccdcdcdcdcdcd",
			ClassSize: 1, Representative: "4.0"},
	}
}

// edited returns a copy of r with its field i changed.
func edited(t *testing.T, r CensusRow, i int) CensusRow {
	t.Helper()
	r.First = append([]uint32(nil), r.First...)
	f := reflect.ValueOf(&r).Elem().Field(i)
	switch f.Kind() {
	case reflect.String:
		f.SetString(f.String() + "x")
	case reflect.Int:
		f.SetInt(f.Int() + 1)
	case reflect.Uint32:
		f.SetUint(f.Uint() + 1)
	case reflect.Float64:
		f.SetFloat(f.Float() + 0.5)
	case reflect.Slice:
		f.Index(1).SetUint(f.Index(1).Uint() + 1)
	default:
		t.Fatalf("field %s of kind %s: the test cannot edit it", reflect.TypeFor[CensusRow]().Field(i).Name, f.Kind())
	}
	return r
}

// TestCensusCRCCoversEveryColumn changes each field of a census row in
// turn: the rows' CRC must change. Then it writes a census with each
// field of its proved row edited but the CRC of the rows as they were, as
// an edit in DuckDB leaves it: every such census is refused.
func TestCensusCRCCoversEveryColumn(t *testing.T) {
	rows := censusRows()
	crc := censusCRC(rows)
	dir := t.TempDir()
	meta := map[string]string{KeySweep: "sweep: {}", KeyShard: "0/1"}
	for i := range reflect.TypeFor[CensusRow]().NumField() {
		name := reflect.TypeFor[CensusRow]().Field(i).Name
		for j := range rows {
			e := append([]CensusRow(nil), rows...)
			e[j] = edited(t, rows[j], i)
			if censusCRC(e) == crc {
				t.Errorf("%s of row %d changed, the CRC did not", name, j)
			}
		}
		e := append([]CensusRow(nil), rows...)
		e[0] = edited(t, rows[0], i)
		path := filepath.Join(dir, name+".parquet")
		if err := writeCensus(path, e, meta, crc, Options{Version: "test"}); err != nil {
			t.Fatal(err)
		}
		if _, _, err := ReadCensus(path); err == nil {
			t.Errorf("%s edited: the census reads", name)
		}
	}
	path := filepath.Join(dir, "whole.parquet")
	if err := writeCensus(path, rows, meta, crc, Options{Version: "test"}); err != nil {
		t.Fatal(err)
	}
	if got, _, err := ReadCensus(path); err != nil || !reflect.DeepEqual(got, rows) {
		t.Errorf("the census as written: %v\n%+v", err, got)
	}
}

// TestCensusPeriodNulls checks the status of a census row against the
// nulls of its period's columns.
func TestCensusPeriodNulls(t *testing.T) {
	for _, tc := range []struct {
		status compute.Status
		valid  [10]bool
		want   string
	}{
		{compute.Proved, [10]bool{6: true, 7: true, 8: true, 9: true}, ""},
		{compute.None, [10]bool{}, ""},
		{compute.None, [10]bool{6: true}, "status none, but column period is not null"},
		{compute.Observed, [10]bool{6: true, 7: true, 9: true}, "status observed, but column saltus is null"},
		{"solved", [10]bool{6: true, 7: true, 8: true, 9: true}, `status "solved", want proved, observed or none`},
	} {
		got := fmt.Sprint(periodNulls(tc.status, func(c int) bool { return tc.valid[c] }))
		if tc.want == "" && got != "<nil>" || !strings.Contains(got, tc.want) {
			t.Errorf("%s %v: %s, want %q", tc.status, tc.valid, got, tc.want)
		}
	}
}
