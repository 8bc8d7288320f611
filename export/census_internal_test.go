package export

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export/fileformat"
)

// censusRows are three rows of a census: one with a proved period and
// rare positions, a ring game with a proved period and its rings' observed
// period, and one with no period.
func censusRows() []CensusRow {
	return []CensusRow{
		{Name: "0.07", Rule: "0.07", Family: "codes 0.0*", Start: "line", Play: "normal", Status: sg.Proved,
			Period: 34, Preperiod: 52, Saltus: 0, LastException: 51, Heaps: 1000, MaxSG: 9, MaxAt: 51,
			RareMask: 1, RarePos: sg.Even, RareCount: 7, LastRare: 40, Checksum: "0123ABCD", Seconds: 0.25,
			First: []uint32{0, 0, 1, 1, 2}, Shift: 1, ClassKey: strings.Repeat("ab", 32), Class: "cabababababab",
			ClassSize: 2, Representative: "0.137", ClassOffset: 1},
		{Name: "0.77-ring", Rule: "0.77", Family: "codes 0.7*", Start: "ring", Play: "normal", Status: sg.Proved,
			Period: 12, Preperiod: 71, Saltus: 0, LastException: 70, Heaps: 1000, MaxSG: 8, MaxAt: 70,
			LastRare: -1, Checksum: "0000FFFF", Seconds: 0.5, First: []uint32{0, 0, 1, 1, 1},
			ClassKey: strings.Repeat("ef", 32), Class: "cefefefefefef", ClassSize: 1, Representative: "0.77-ring",
			RingStatus: sg.Observed, RingPeriod: 1, RingPreperiod: 3, RingSaltus: 0},
		{Name: "4.0", Rule: "4.0", Family: "listed", Start: "line", Play: "normal", Status: sg.None,
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
// field of its ring game's row edited (where every column holds a value)
// but the CRC of the rows as they were, as an edit in DuckDB leaves it:
// every such census is refused.
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
		e[1] = edited(t, rows[1], i)
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

// TestCensusNulls checks the statuses of census rows against the nulls of
// their periods' columns, the rows' (6 to 9) and the rings' (26 to 29).
func TestCensusNulls(t *testing.T) {
	line, ring := CensusRow{Start: "line", Status: sg.Proved}, CensusRow{Start: "ring", Status: sg.None, RingStatus: sg.Proved}
	for _, tc := range []struct {
		row   CensusRow
		valid []int
		want  string
	}{
		{line, []int{6, 7, 8, 9}, ""},
		{CensusRow{Start: "line", Status: sg.None}, nil, ""},
		{CensusRow{Start: "line", Status: sg.None}, []int{6}, "status none, but column period is not null"},
		{CensusRow{Start: "line", Status: sg.Observed}, []int{6, 7, 9}, "status observed, but column saltus is null"},
		{CensusRow{Start: "line", Status: "solved"}, []int{6, 7, 8, 9}, `status "solved", want proved, observed or none`},
		{ring, []int{26, 27, 28, 29}, ""},
		{ring, []int{27, 28, 29}, "start ring, but column ring_status is null"},
		{line, []int{6, 7, 8, 9, 26}, "start line, but column ring_status is not null"},
		{line, []int{6, 7, 8, 9, 28}, "start line, but column ring_preperiod is not null"},
		{ring, []int{26, 27, 29}, "ring_status proved, but column ring_preperiod is null"},
		{CensusRow{Start: "ring", Status: sg.None, RingStatus: sg.None}, []int{26, 27}, "ring_status none, but column ring_period is not null"},
	} {
		got := fmt.Sprint(censusNulls(tc.row, func(c int) bool { return slices.Contains(tc.valid, c) }))
		if tc.want == "" && got != "<nil>" || !strings.Contains(got, tc.want) {
			t.Errorf("%+v %v: %s, want %q", tc.row, tc.valid, got, tc.want)
		}
	}
}

// TestOldCensusRefused writes a census of the layout sgtab wrote before
// its ring columns, whose class_offset was named offset: reading it says
// so, and how to get a census of this layout.
func TestOldCensusRefused(t *testing.T) {
	fields := rowFields(censusColumns[:26]) // up to rare_pos
	fields[24].Name = "offset"
	md := schemaMetadata(map[string]string{KeyKind: string(KindCensus), KeyVersion: "0.2.0", keyCensusGames: "0", KeyCensusCRC: "00000000"})
	schema := arrow.NewSchema(fields, md)
	path := filepath.Join(t.TempDir(), "census.parquet")
	err := writeFile(path, func(f *os.File) error {
		b := array.NewRecordBuilder(memory.DefaultAllocator, schema)
		defer b.Release()
		rec := b.NewRecordBatch()
		defer rec.Release()
		return fileformat.WriteRecord(f, schema, memory.DefaultAllocator, Options{Version: "0.2.0"}.fileOptions(), rec)
	})
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = ReadCensus(path)
	if want := "a census of an older sgtab (column offset, now class_offset, and no ring columns): run its sweep again, with -fresh"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("ReadCensus: %v, want …%s", err, want)
	}
}
