package export

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
	"os"
	"strconv"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/sgtab/sgtab/compute"
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
	Status compute.Status
	// Period, Preperiod, Saltus and LastException are meaningful unless
	// Status is None.
	Period, Preperiod, LastException int
	Saltus                           uint32
	Heaps                            int // the last heap size computed
	MaxSG                            uint32
	MaxAt                            int // the first heap size of value MaxSG
	RareMask                         uint32
	RarePos                          compute.Parity // how the heap's parity counts in the split
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
	RingStatus                compute.Status
	RingPeriod, RingPreperiod int
	RingSaltus                uint32
}

// censusColumns are the census's columns, in order; numbers are int64,
// the period's columns null where no period was found, the ring's null for
// a game on a line (and where the rings have no period).
var censusColumns = []arrow.Field{
	{Name: "name", Type: arrow.BinaryTypes.String},
	{Name: "rule", Type: arrow.BinaryTypes.String},
	{Name: "family", Type: arrow.BinaryTypes.String},
	{Name: "start", Type: arrow.BinaryTypes.String},
	{Name: "play", Type: arrow.BinaryTypes.String},
	{Name: "status", Type: arrow.BinaryTypes.String},
	{Name: "period", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
	{Name: "preperiod", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
	{Name: "saltus", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
	{Name: "last_exception", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
	{Name: "heaps", Type: arrow.PrimitiveTypes.Int64},
	{Name: "max_sg", Type: arrow.PrimitiveTypes.Int64},
	{Name: "max_sg_at", Type: arrow.PrimitiveTypes.Int64},
	{Name: "rare_mask", Type: arrow.PrimitiveTypes.Int64},
	{Name: "rare_count", Type: arrow.PrimitiveTypes.Int64},
	{Name: "last_rare", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
	{Name: "checksum", Type: arrow.BinaryTypes.String},
	{Name: "seconds", Type: arrow.PrimitiveTypes.Float64},
	{Name: "first_values", Type: arrow.ListOf(arrow.PrimitiveTypes.Int32)},
	{Name: "shift", Type: arrow.PrimitiveTypes.Int64},
	{Name: "class", Type: arrow.BinaryTypes.String},
	{Name: "class_key", Type: arrow.BinaryTypes.String},
	{Name: "class_size", Type: arrow.PrimitiveTypes.Int64},
	{Name: "representative", Type: arrow.BinaryTypes.String},
	{Name: "class_offset", Type: arrow.PrimitiveTypes.Int64},
	rarePosColumn,
	ringColumns[0], ringColumns[1], ringColumns[2], ringColumns[3],
}

// oldOffsetColumn is the column of a census written before its ring
// columns, which it lacks, named offset what is now class_offset.
const oldOffsetColumn = "offset"

// censusCRC returns the CRC-32C of rows: every column of every row, in
// order, as the census holds it (see appendRow), so that no value can be
// edited unseen.
func censusCRC(rows []CensusRow) string {
	var crc uint32
	var buf []byte
	for _, r := range rows {
		buf = appendRow(buf[:0], r)
		crc = crc32.Update(crc, castagnoli, buf)
	}
	return fmt.Sprintf("%08X", crc)
}

// appendRow appends to b every field of r in the order of the census's
// columns: each string with its length, each number as a varint, seconds
// by its bits, and the first values as the census stores them (int32, at
// most 2^31 − 1).
func appendRow(b []byte, r CensusRow) []byte {
	str := func(s string) { b = append(binary.AppendUvarint(b, uint64(len(s))), s...) }
	num := func(v int) { b = binary.AppendVarint(b, int64(v)) }
	str(r.Name)
	str(r.Rule)
	str(r.Family)
	str(r.Start)
	str(r.Play)
	str(string(r.Status))
	for _, v := range []int{r.Period, r.Preperiod, int(r.Saltus), r.LastException, r.Heaps,
		int(r.MaxSG), r.MaxAt, int(r.RareMask), r.RareCount, r.LastRare} {
		num(v)
	}
	str(r.Checksum)
	b = binary.LittleEndian.AppendUint64(b, math.Float64bits(r.Seconds))
	num(len(r.First))
	for _, v := range r.First {
		num(int(min(v, math.MaxInt32)))
	}
	num(r.Shift)
	str(r.Class)
	str(r.ClassKey)
	num(r.ClassSize)
	str(r.Representative)
	num(r.ClassOffset)
	str(string(r.RarePos))
	str(string(r.RingStatus))
	num(r.RingPeriod)
	num(r.RingPreperiod)
	num(int(r.RingSaltus))
	return b
}

// WriteCensus writes rows to the Parquet file path with the metadata
// sgtab.kind (census), sgtab.version, sgtab.games (the number of rows),
// sgtab.rows_crc32c and meta (the sweep, its hash, N, auto, the shard),
// under a temporary name renamed when complete (WriteFile).
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
			if _, ok := md[k]; ok {
				return fmt.Errorf("metadata key %q is set by sgtab", k)
			}
			md[k] = v
		}
		schema := arrow.NewSchema(censusColumns, schemaMetadata(md))
		mem := opt.allocator()
		b := array.NewRecordBuilder(mem, schema)
		defer b.Release()
		str := func(i int, s string) { b.Field(i).(*array.StringBuilder).Append(s) }
		num := func(i int, v int64) { b.Field(i).(*array.Int64Builder).Append(v) }
		// nullStr appends s, or null for "".
		nullStr := func(i int, s string) {
			if s == "" {
				b.Field(i).AppendNull()
			} else {
				str(i, s)
			}
		}
		for _, r := range rows {
			str(0, r.Name)
			str(1, r.Rule)
			str(2, r.Family)
			str(3, r.Start)
			str(4, r.Play)
			str(5, string(r.Status))
			if r.Status == compute.None {
				for i := 6; i <= 9; i++ {
					b.Field(i).AppendNull()
				}
			} else {
				num(6, int64(r.Period))
				num(7, int64(r.Preperiod))
				num(8, int64(r.Saltus))
				num(9, int64(r.LastException))
			}
			num(10, int64(r.Heaps))
			num(11, int64(r.MaxSG))
			num(12, int64(r.MaxAt))
			num(13, int64(r.RareMask))
			num(14, int64(r.RareCount))
			if r.LastRare < 0 {
				b.Field(15).AppendNull()
			} else {
				num(15, int64(r.LastRare))
			}
			str(16, r.Checksum)
			b.Field(17).(*array.Float64Builder).Append(r.Seconds)
			lb := b.Field(18).(*array.ListBuilder)
			lb.Append(true)
			vb := lb.ValueBuilder().(*array.Int32Builder)
			for _, v := range r.First {
				vb.Append(int32(min(v, 1<<31-1)))
			}
			num(19, int64(r.Shift))
			str(20, r.Class)
			str(21, r.ClassKey)
			num(22, int64(r.ClassSize))
			str(23, r.Representative)
			num(24, int64(r.ClassOffset))
			nullStr(25, string(r.RarePos))
			nullStr(26, string(r.RingStatus))
			for j, v := range []int{r.RingPeriod, r.RingPreperiod, int(r.RingSaltus)} {
				if r.RingStatus == "" || r.RingStatus == compute.None {
					b.Field(27 + j).AppendNull()
				} else {
					num(27+j, int64(v))
				}
			}
		}
		rec := b.NewRecordBatch()
		defer rec.Release()
		return writeRecord(f, schema, mem, opt, rec)
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
	f, err := Read(path)
	if err != nil {
		return nil, nil, err
	}
	if f.Kind != KindCensus {
		return nil, nil, fmt.Errorf("read %s: not a census (it holds a %s)", path, f.Kind)
	}
	return f.Census, f.Meta, nil
}

// periodNulls checks a status and the nulls of its period's columns,
// first to last, which follow the status's column (valid(c) says which
// hold a value): a known status, and a period exactly when it is not none.
func periodNulls(status compute.Status, valid func(c int) bool, first, last int) error {
	switch status {
	case compute.Proved, compute.Observed, compute.None:
	default:
		return fmt.Errorf("%s %q, want proved, observed or none", censusColumns[first-1].Name, status)
	}
	for c := first; c <= last; c++ {
		if valid(c) != (status != compute.None) {
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
func (f *File) readCensus(recs records) error {
	if len(recs.schema.FieldIndices(oldOffsetColumn)) > 0 {
		return fmt.Errorf("a census of an older sgtab (column %s, now class_offset, and no ring columns): run its sweep again, with -fresh", oldOffsetColumn)
	}
	idx, err := fieldsByName(recs.schema, censusColumns, false)
	if err != nil {
		return err
	}
	rows := []CensusRow{}
	err = recs.each(func(rec arrow.RecordBatch) error {
		for i := range int(rec.NumRows()) {
			r, err := censusRow(rec, idx, i, len(rows))
			if err != nil {
				return err
			}
			rows = append(rows, r)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if n, err := strconv.Atoi(f.Meta[keyCensusGames]); err != nil || n != len(rows) {
		return fmt.Errorf("%d rows, but %s says %q", len(rows), keyCensusGames, f.Meta[keyCensusGames])
	}
	crc, ok := f.Meta[KeyCensusCRC]
	if !ok {
		return errors.New("no checksum (" + KeyCensusCRC + ") to verify the rows with")
	}
	if got := censusCRC(rows); got != crc {
		return fmt.Errorf("damaged: the rows' CRC-32C is %s, but %s says %s", got, KeyCensusCRC, crc)
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
	for c := range censusColumns {
		if !censusColumns[c].Nullable && col(c).IsNull(i) {
			return CensusRow{}, fmt.Errorf("column %s, row %d: null", censusColumns[c].Name, row)
		}
	}
	r := CensusRow{
		Name: str(0), Rule: str(1), Family: str(2), Start: str(3), Play: str(4),
		Status: compute.Status(str(5)), Heaps: int(num(10)), MaxSG: uint32(num(11)),
		MaxAt: int(num(12)), RareMask: uint32(num(13)), RareCount: int(num(14)), LastRare: -1,
		Checksum: str(16), Seconds: col(17).(*array.Float64).Value(i), Shift: int(num(19)),
		Class: str(20), ClassKey: str(21), ClassSize: int(num(22)),
		Representative: str(23), ClassOffset: int(num(24)),
	}
	if col(26).IsValid(i) {
		r.RingStatus = compute.Status(str(26))
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
