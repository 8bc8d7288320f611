package export

import (
	"fmt"
	"os"
	"slices"
	"strconv"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export/fileformat"
)

// KindCensus is the kind of a sweep's census: one row per game.
const KindCensus Kind = "census"

// Metadata keys of a census.
const (
	KeySweep       = "sgtab.sweep"        // the sweep config's YAML text
	KeySweepSHA    = "sgtab.sweep_sha256" // SHA-256 of the sweep config, in hexadecimal
	KeyAuto        = "sgtab.auto"         // true: each game until its period is proved, up to sgtab.heaps
	KeyShard       = "sgtab.shard"        // "I/N": the shard of the sweep the census holds, "0/1" for all
	KeyCensusCRC   = "sgtab.rows_crc32c"  // CRC-32C of every column of every row (see censusCRC)
	keyCensusGames = keyGames
)

// A CensusRow is one game of a sweep's census: what the sweep computed of
// it, and the class of games whose values it shares.
type CensusRow struct {
	Name   string // the game's name, from what generated it
	Rule   string // its canonical rule
	Family string // what generated it: a code pattern, a subtraction family, or "listed"
	Start  string // line or ring
	Play   string // normal or misere
	Status sg.Status
	// Period, Preperiod, Saltus and LastException are meaningful unless
	// Status is None.
	Period, Preperiod, LastException int
	Saltus                           uint32
	Heaps                            int // the last heap size computed
	MaxSG                            uint32
	MaxAt                            int // the first heap size of value MaxSG
	RareMask                         uint32
	RarePos                          sg.Parity // how the heap's parity counts in the split
	RareCount                        int
	LastRare                         int // -1 when there is no rare position
	Checksum                         string
	Seconds                          float64
	First                            []uint32 // the first values, up to 64 (ring values on a ring start)
	// Shift is the number of heap sizes from 1 on that have no move: the
	// values compared with other games' start after them.
	Shift int
	// ClassKey identifies the values compared (see sweep), Class is its
	// short form; games of one class have equal values (a ring game's
	// ring values). Representative is the class's game of the least shift
	// (then name), and SG(n + ClassOffset) = SG_representative(n) for
	// every n ≥ 0.
	ClassKey       string
	Class          string
	ClassSize      int
	Representative string
	ClassOffset    int
	// RingStatus is the standing of the period of a ring game's ring
	// values, "" for a game on a line; RingPeriod, RingPreperiod and
	// RingSaltus are meaningful when it is proved or observed. Status,
	// Period and the others above describe the rows, the values of
	// lines, for every game.
	RingStatus                sg.Status
	RingPeriod, RingPreperiod int
	RingSaltus                uint32
}

// censusColumns are the census's columns, in order; numbers are int64,
// the period's columns null where no period was found, the ring's null for
// a game on a line (and where the rings have no period).
var censusColumns = slices.Concat(
	[]rowColumn[CensusRow]{
		strColumn("name", func(r *CensusRow) string { return r.Name }),
		strColumn("rule", func(r *CensusRow) string { return r.Rule }),
		strColumn("family", func(r *CensusRow) string { return r.Family }),
		strColumn("start", func(r *CensusRow) string { return r.Start }),
		strColumn("play", func(r *CensusRow) string { return r.Play }),
		strColumn("status", func(r *CensusRow) string { return string(r.Status) }),
	},
	periodColumns("", func(r *CensusRow) sg.Period {
		return sg.Period{Length: r.Period, Start: r.Preperiod, Saltus: r.Saltus}
	}, censusPeriod),
	[]rowColumn[CensusRow]{
		numColumn("last_exception", func(r *CensusRow) int64 { return int64(r.LastException) }).nullUnless(censusPeriod),
		numColumn("heaps", func(r *CensusRow) int64 { return int64(r.Heaps) }),
		numColumn("max_sg", func(r *CensusRow) int64 { return int64(r.MaxSG) }),
		numColumn("max_sg_at", func(r *CensusRow) int64 { return int64(r.MaxAt) }),
		numColumn("rare_mask", func(r *CensusRow) int64 { return int64(r.RareMask) }),
		numColumn("rare_count", func(r *CensusRow) int64 { return int64(r.RareCount) }),
		numColumn("last_rare", func(r *CensusRow) int64 { return int64(r.LastRare) }).
			nullUnless(func(r *CensusRow) bool { return r.LastRare >= 0 }),
		strColumn("checksum", func(r *CensusRow) string { return r.Checksum }),
		floatColumn("seconds", func(r *CensusRow) float64 { return r.Seconds }),
		listColumn("first_values", func(r *CensusRow) []uint32 { return r.First }),
		numColumn("shift", func(r *CensusRow) int64 { return int64(r.Shift) }),
		strColumn("class", func(r *CensusRow) string { return r.Class }),
		strColumn("class_key", func(r *CensusRow) string { return r.ClassKey }),
		numColumn("class_size", func(r *CensusRow) int64 { return int64(r.ClassSize) }),
		strColumn("representative", func(r *CensusRow) string { return r.Representative }),
		numColumn("class_offset", func(r *CensusRow) int64 { return int64(r.ClassOffset) }),
		rarePosColumn(func(r *CensusRow) sg.Parity { return r.RarePos }),
	},
	ringColumns(func(r *CensusRow) sg.Status { return r.RingStatus }, func(r *CensusRow) sg.Period {
		return sg.Period{Length: r.RingPeriod, Start: r.RingPreperiod, Saltus: r.RingSaltus}
	}),
)

// censusPeriod reports whether r has a period: its status is not none.
func censusPeriod(r *CensusRow) bool { return r.Status != sg.None }

// oldOffsetColumn is the column of a census written before its ring
// columns, which it lacks, named offset what is now class_offset.
const oldOffsetColumn = "offset"

// censusCRC returns the CRC-32C of rows: every column of every row, in
// order, as the census holds it (see rowColumn.appendBytes), so that no
// value can be edited unseen.
func censusCRC(rows []CensusRow) string { return rowsCRC(censusColumns, rows) }

// WriteCensus writes rows to the Parquet file path with the metadata
// sgtab.kind (census), sgtab.version, sgtab.games (the number of rows),
// sgtab.rows_crc32c and meta (the sweep, its hash, N, auto, the shard),
// and sgtab.mac with opt.MACKey (CensusSigned), under a temporary name
// renamed when complete (fileformat.WriteFile).
func WriteCensus(path string, rows []CensusRow, meta map[string]string, opt Options) error {
	return writeCensus(path, rows, meta, censusCRC(rows), opt)
}

// writeCensus is WriteCensus with crc as the rows' CRC.
func writeCensus(path string, rows []CensusRow, meta map[string]string, crc string, opt Options) error {
	err := writeFile(path, func(f *os.File) error {
		md := map[string]string{
			KeyKind: string(KindCensus), KeyVersion: opt.version(),
			keyCensusGames: strconv.Itoa(len(rows)), KeyCensusCRC: crc,
		}
		for k, v := range meta {
			if _, ok := md[k]; ok || k == KeyMAC {
				return fmt.Errorf("metadata key %q is set by sgtab", k)
			}
			md[k] = v
		}
		if len(opt.MACKey) > 0 {
			md[KeyMAC] = rowsMAC(opt.MACKey, md, censusColumns, rows)
		}
		return writeRowTable(f, censusColumns, schemaMetadata(md), rows, opt)
	})
	if err != nil {
		return fmt.Errorf("write parquet %s: %w", path, err)
	}
	return nil
}

// ReadCensus reads and verifies a census written by WriteCensus: its
// columns, its number of rows (sgtab.games) and their CRC
// (sgtab.rows_crc32c). It returns the rows and the metadata.
func ReadCensus(path string) ([]CensusRow, map[string]string, error) {
	f, err := readKind(path, KindCensus, "a census")
	if err != nil {
		return nil, nil, err
	}
	return f.Census, f.Meta, nil
}

// periodNulls checks a status and the nulls of its period's columns,
// first to last, which follow the status's column (valid(c) says which
// hold a value): a known status, and a period exactly when it is not none.
func periodNulls(status sg.Status, valid func(c int) bool, first, last int) error {
	switch status {
	case sg.Proved, sg.Observed, sg.None:
	default:
		return fmt.Errorf("%s %q, want proved, observed or none", censusColumns[first-1].Name, status)
	}
	for c := first; c <= last; c++ {
		if valid(c) != (status != sg.None) {
			return fmt.Errorf("%s %s, but column %s is %s", censusColumns[first-1].Name, status, censusColumns[c].Name, map[bool]string{false: "null", true: "not null"}[valid(c)])
		}
	}
	return nil
}

// censusNulls checks the statuses of the census row r against the nulls
// of their columns: the rows' period (columns 6 to 9), and the rings'
// (26 to 29), whose status is null exactly for a game on a line.
func censusNulls(r CensusRow, valid func(c int) bool) error {
	if err := periodNulls(r.Status, valid, 6, 9); err != nil {
		return err
	}
	switch {
	case (r.Start == "ring") != valid(26):
		return fmt.Errorf("start %s, but column ring_status is %s", r.Start, map[bool]string{false: "null", true: "not null"}[valid(26)])
	case valid(26):
		return periodNulls(r.RingStatus, valid, 27, 29)
	}
	for c := 27; c <= 29; c++ {
		if valid(c) {
			return fmt.Errorf("start %s, but column %s is not null", r.Start, censusColumns[c].Name)
		}
	}
	return nil
}

// readCensus reads the rows of a census and verifies them.
func (f *File) readCensus(recs fileformat.Records) error {
	if len(recs.Schema.FieldIndices(oldOffsetColumn)) > 0 {
		return fmt.Errorf("a census of an older sgtab (column %s, now class_offset, and no ring columns): run its sweep again, with -fresh", oldOffsetColumn)
	}
	idx, err := fieldsByName(recs.Schema, rowFields(censusColumns), false)
	if err != nil {
		return err
	}
	rows, err := readRowTable(recs, f.Meta, func(rec arrow.RecordBatch, i, row int) (CensusRow, error) {
		return censusRow(rec, idx, i, row)
	})
	if err != nil {
		return err
	}
	if err := checkRowsCRC(f.Meta, censusColumns, rows); err != nil {
		return err
	}
	f.Census = rows
	return nil
}

// censusRow reads row i of rec, whose columns idx are censusColumns, row
// row of the census.
func censusRow(rec arrow.RecordBatch, idx []int, i, row int) (CensusRow, error) {
	col := func(c int) arrow.Array { return rec.Column(idx[c]) }
	str := func(c int) string { return col(c).(*array.String).Value(i) }
	num := func(c int) int64 { return col(c).(*array.Int64).Value(i) }
	if err := checkNulls(rec, censusColumns, idx, i, row); err != nil {
		return CensusRow{}, err
	}
	r := CensusRow{
		Name: str(0), Rule: str(1), Family: str(2), Start: str(3), Play: str(4),
		Status: sg.Status(str(5)), Heaps: int(num(10)), MaxSG: uint32(num(11)),
		MaxAt: int(num(12)), RareMask: uint32(num(13)), RareCount: int(num(14)), LastRare: -1,
		Checksum: str(16), Seconds: col(17).(*array.Float64).Value(i), Shift: int(num(19)),
		Class: str(20), ClassKey: str(21), ClassSize: int(num(22)),
		Representative: str(23), ClassOffset: int(num(24)),
	}
	if col(26).IsValid(i) {
		r.RingStatus = sg.Status(str(26))
	}
	if err := censusNulls(r, func(c int) bool { return col(c).IsValid(i) }); err != nil {
		return CensusRow{}, fmt.Errorf("row %d: %w", row, err)
	}
	if col(6).IsValid(i) {
		r.Period, r.Preperiod, r.Saltus, r.LastException = int(num(6)), int(num(7)), uint32(num(8)), int(num(9))
	}
	if col(27).IsValid(i) {
		r.RingPeriod, r.RingPreperiod, r.RingSaltus = int(num(27)), int(num(28)), uint32(num(29))
	}
	if col(15).IsValid(i) {
		r.LastRare = int(num(15))
	}
	var err error
	if r.RarePos, err = rarePosAt(rec, idx[25], i, row); err != nil {
		return CensusRow{}, err
	}
	l := col(18).(*array.List)
	lo, hi := l.ValueOffsets(i)
	vs := l.ListValues().(*array.Int32)
	for j := lo; j < hi; j++ {
		r.First = append(r.First, uint32(vs.Value(int(j))))
	}
	return r, nil
}
