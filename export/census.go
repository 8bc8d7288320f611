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
	// short form; games of one class have equal values. Representative is
	// the class's game of the least shift (then name), and
	// SG(n + Offset) = SG_representative(n) for every n ≥ 0.
	ClassKey       string
	Class          string
	ClassSize      int
	Representative string
	Offset         int
}

// censusColumns are the census's columns, in order; numbers are int64 and
// the period's columns null where no period was found.
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
	{Name: "offset", Type: arrow.PrimitiveTypes.Int64},
}

// censusRarePos follows censusColumns: the parity of the rare/common
// split, "even" or "odd" when the heap's parity counts, null otherwise (as
// in the summary). Censuses written before it read without it.
var censusRarePos = rarePosColumn

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
	num(r.Offset)
	str(string(r.RarePos))
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
		schema := arrow.NewSchema(append(append([]arrow.Field(nil), censusColumns...), censusRarePos), schemaMetadata(md))
		mem := opt.allocator()
		b := array.NewRecordBuilder(mem, schema)
		defer b.Release()
		str := func(i int, s string) { b.Field(i).(*array.StringBuilder).Append(s) }
		num := func(i int, v int64) { b.Field(i).(*array.Int64Builder).Append(v) }
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
			num(24, int64(r.Offset))
			if r.RarePos == compute.NoParity {
				b.Field(25).AppendNull()
			} else {
				str(25, string(r.RarePos))
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

// periodNulls checks a census row's status and the nulls of its period's
// columns (6 to 9, valid(c) says which hold a value): a known status, and
// a period exactly when the status is not none.
func periodNulls(status compute.Status, valid func(c int) bool) error {
	switch status {
	case compute.Proved, compute.Observed, compute.None:
	default:
		return fmt.Errorf("status %q, want proved, observed or none", status)
	}
	for c := 6; c <= 9; c++ {
		if valid(c) != (status != compute.None) {
			return fmt.Errorf("status %s, but column %s is %s", status, censusColumns[c].Name, map[bool]string{false: "null", true: "not null"}[valid(c)])
		}
	}
	return nil
}

// readCensus reads the rows of a census and verifies them.
func (f *File) readCensus(recs records) error {
	idx, err := fieldsByName(recs.schema, censusColumns, false)
	if err != nil {
		return err
	}
	pos, err := rarePosIndex(recs.schema)
	if err != nil {
		return err
	}
	rows := []CensusRow{}
	err = recs.each(func(rec arrow.RecordBatch) error {
		col := func(c int) arrow.Array { return rec.Column(idx[c]) }
		str := func(c, i int) string { return col(c).(*array.String).Value(i) }
		num := func(c, i int) int64 { return col(c).(*array.Int64).Value(i) }
		for i := range int(rec.NumRows()) {
			for c := range censusColumns {
				if !censusColumns[c].Nullable && col(c).IsNull(i) {
					return fmt.Errorf("column %s, row %d: null", censusColumns[c].Name, len(rows)+i)
				}
			}
			r := CensusRow{
				Name: str(0, i), Rule: str(1, i), Family: str(2, i), Start: str(3, i), Play: str(4, i),
				Status: compute.Status(str(5, i)), Heaps: int(num(10, i)), MaxSG: uint32(num(11, i)),
				MaxAt: int(num(12, i)), RareMask: uint32(num(13, i)), RareCount: int(num(14, i)), LastRare: -1,
				Checksum: str(16, i), Seconds: col(17).(*array.Float64).Value(i), Shift: int(num(19, i)),
				Class: str(20, i), ClassKey: str(21, i), ClassSize: int(num(22, i)),
				Representative: str(23, i), Offset: int(num(24, i)),
			}
			if err := periodNulls(r.Status, func(c int) bool { return col(c).IsValid(i) }); err != nil {
				return fmt.Errorf("row %d: %w", len(rows)+i, err)
			}
			if col(6).IsValid(i) {
				r.Period, r.Preperiod, r.Saltus, r.LastException = int(num(6, i)), int(num(7, i)), uint32(num(8, i)), int(num(9, i))
			}
			if col(15).IsValid(i) {
				r.LastRare = int(num(15, i))
			}
			var err error
			if r.RarePos, err = rarePosAt(rec, pos, i, len(rows)+i); err != nil {
				return err
			}
			l := col(18).(*array.List)
			lo, hi := l.ValueOffsets(i)
			vs := l.ListValues().(*array.Int32)
			for j := lo; j < hi; j++ {
				r.First = append(r.First, uint32(vs.Value(int(j))))
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
