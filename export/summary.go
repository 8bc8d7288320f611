package export

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strconv"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/sgtab/sgtab/compute"
)

// keyGames is the summary table's count of rows (games).
const keyGames = "sgtab.games"

// A Summary is one row of a batch run's summary table: what sgtab found for
// one game, so that many games compare in one query.
type Summary struct {
	Name, Rule, Start string
	Heaps             int
	Status            compute.Status
	// Period, Preperiod and Saltus are meaningful unless Status is None.
	Period, Preperiod int
	Saltus            uint32
	MaxSG             uint32
	RareMask          uint32
	RarePos           compute.Parity // how the heap's parity counts in the split
	RareCount         int
	Checksum          string
	Seconds           float64
	// RingStatus is the standing of the ring values' period, "" unless
	// the game starts on a ring; RingPeriod, RingPreperiod and RingSaltus
	// are meaningful when it is proved or observed.
	RingStatus                compute.Status
	RingPeriod, RingPreperiod int
	RingSaltus                uint32
	// Play is normal or misere, Values what the table holds: SG or
	// outcome (rules.Game.Quantity).
	Play, Values string
}

// Summarize returns the summary row of t, which must have been analysed.
func Summarize(t *compute.Table) Summary {
	a := t.Analysis
	s := Summary{
		Name: t.Game.Name, Rule: t.Game.RuleText(), Start: t.Game.Start.String(),
		Heaps: t.N(), Status: a.Status,
		Period: a.Period.Length, Preperiod: a.Period.Start, Saltus: a.Period.Saltus,
		MaxSG: t.MaxG(), RareMask: a.Rare.Mask, RarePos: a.Rare.Pos, RareCount: a.Rare.Count,
		Checksum: a.Checksum, Seconds: t.Elapsed.Seconds(),
		Play: map[bool]string{false: "normal", true: "misere"}[t.Game.Misere], Values: t.Game.Quantity(),
	}
	if r := a.Ring; r != nil {
		s.RingStatus = r.Status
		s.RingPeriod, s.RingPreperiod, s.RingSaltus = r.Period.Length, r.Period.Start, r.Period.Saltus
	}
	return s
}

// summaryColumns are the summary table's columns, in order: every number
// is int64 (signed, so that readers may subtract columns), and period,
// preperiod and saltus are null where no period was found.
var summaryColumns = []arrow.Field{
	{Name: "name", Type: arrow.BinaryTypes.String},
	{Name: "rule", Type: arrow.BinaryTypes.String},
	{Name: "start", Type: arrow.BinaryTypes.String},
	{Name: "heaps", Type: arrow.PrimitiveTypes.Int64},
	{Name: "status", Type: arrow.BinaryTypes.String},
	{Name: "period", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
	{Name: "preperiod", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
	{Name: "saltus", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
	{Name: "max_sg", Type: arrow.PrimitiveTypes.Int64},
	{Name: "rare_mask", Type: arrow.PrimitiveTypes.Int64},
	{Name: "rare_count", Type: arrow.PrimitiveTypes.Int64},
	{Name: "checksum", Type: arrow.BinaryTypes.String},
	{Name: "seconds", Type: arrow.PrimitiveTypes.Float64},
}

// ringColumns follow summaryColumns: the ring values' standing and period,
// null for a game that does not start on a ring (and period, preperiod and
// saltus null where no period was found). Summaries written before them
// read without them.
var ringColumns = []arrow.Field{
	{Name: "ring_status", Type: arrow.BinaryTypes.String, Nullable: true},
	{Name: "ring_period", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
	{Name: "ring_preperiod", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
	{Name: "ring_saltus", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
}

// rarePosColumn follows ringColumns: the parity of the rare/common split,
// "even" or "odd" when the heap's parity counts, null otherwise. Summaries
// written before it read without it.
var rarePosColumn = arrow.Field{Name: "rare_pos", Type: arrow.BinaryTypes.String, Nullable: true}

// playColumns follow rarePosColumn: the play (normal or misere) and what
// the table holds (SG or outcome). Summaries written before them read
// without them.
var playColumns = []arrow.Field{
	{Name: "play", Type: arrow.BinaryTypes.String},
	{Name: "values", Type: arrow.BinaryTypes.String},
}

// WriteSummary writes rows to the Parquet file path, one row per game in
// the order given, with the metadata sgtab.kind (summary), sgtab.version
// and sgtab.games (the number of rows). The file is written under a
// temporary name and renamed when complete (WriteFile).
func WriteSummary(path string, rows []Summary, opt Options) error {
	err := writeFile(path, func(f *os.File) error {
		md := arrow.NewMetadata([]string{keyGames, KeyKind, KeyVersion}, []string{strconv.Itoa(len(rows)), string(KindSummary), opt.version()})
		fields := append(append([]arrow.Field(nil), summaryColumns...), ringColumns...)
		schema := arrow.NewSchema(append(append(fields, rarePosColumn), playColumns...), &md)
		return writeBatch(f, schema, opt, func(b *array.RecordBuilder) {
			str := func(i int, s string) { b.Field(i).(*array.StringBuilder).Append(s) }
			num := func(i int, v int64) { b.Field(i).(*array.Int64Builder).Append(v) }
			// nums appends vs from column i on, or nulls unless ok.
			nums := func(i int, ok bool, vs ...int64) {
				for j, v := range vs {
					if ok {
						num(i+j, v)
					} else {
						b.Field(i + j).AppendNull()
					}
				}
			}
			for _, r := range rows {
				str(0, r.Name)
				str(1, r.Rule)
				str(2, r.Start)
				num(3, int64(r.Heaps))
				str(4, string(r.Status))
				nums(5, r.Status != compute.None, int64(r.Period), int64(r.Preperiod), int64(r.Saltus))
				num(8, int64(r.MaxSG))
				num(9, int64(r.RareMask))
				num(10, int64(r.RareCount))
				str(11, r.Checksum)
				b.Field(12).(*array.Float64Builder).Append(r.Seconds)
				if r.RingStatus == "" {
					b.Field(13).AppendNull()
				} else {
					str(13, string(r.RingStatus))
				}
				nums(14, r.RingStatus != "" && r.RingStatus != compute.None, int64(r.RingPeriod), int64(r.RingPreperiod), int64(r.RingSaltus))
				if r.RarePos == compute.NoParity {
					b.Field(17).AppendNull()
				} else {
					str(17, string(r.RarePos))
				}
				str(18, r.Play)
				str(19, r.Values)
			}
		})
	})
	if err != nil {
		return fmt.Errorf("write parquet %s: %w", path, err)
	}
	return nil
}

// MergeSummary adds rows to the summary table at path: a row replaces the
// row of the same game name in place, and rows of new games follow the
// others in the order given; rows of other games are kept. Without a file
// at path, it writes rows alone. A file there that is not a summary table
// is an error, and nothing is written. Runs into one folder at once merge
// one after the other (the folder is locked while merging),
// so that none loses another's rows.
func MergeSummary(path string, rows []Summary, opt Options) error {
	unlock, err := lockDir(filepath.Dir(path))
	if err != nil {
		return fmt.Errorf("merge summary %s: %w", path, err)
	}
	defer unlock()
	old, err := readSummaryIfAny(path)
	if err != nil {
		return fmt.Errorf("merge summary: %w; move it away or choose another output folder", err)
	}
	return WriteSummary(path, MergeRows(old, rows), opt)
}

// readSummaryIfAny reads the summary table at path, or returns nothing
// when there is no file there.
func readSummaryIfAny(path string) ([]Summary, error) {
	if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	rows, _, err := ReadSummary(path)
	return rows, err
}

// MergeRows returns old with each row of rows in place of the row of the
// same name, and the rows of new names after them, in order.
func MergeRows(old, rows []Summary) []Summary {
	out := append([]Summary(nil), old...)
	at := make(map[string]int, len(out))
	for i, r := range out {
		at[r.Name] = i
	}
	for _, r := range rows {
		if i, ok := at[r.Name]; ok {
			out[i] = r
			continue
		}
		at[r.Name] = len(out)
		out = append(out, r)
	}
	return out
}

// ReadSummary reads and verifies a summary table written by WriteSummary
// (see Read), and its key/value metadata. Summaries written before their
// numbers became int64 are read as well.
func ReadSummary(path string) (rows []Summary, meta map[string]string, err error) {
	f, err := Read(path)
	if err != nil {
		return nil, nil, err
	}
	if f.Kind != KindSummary {
		return nil, nil, fmt.Errorf("read %s: not an sgtab summary table (it holds a %s)", path, f.Kind)
	}
	return f.Summary, f.Meta, nil
}

// readSummary reads the rows of a summary table, by column name, and
// checks their number against sgtab.games.
func (f *File) readSummary(recs records) error {
	// Summaries written before their numbers became int64 hold other
	// integer types.
	idx, err := fieldsByName(recs.schema, summaryColumns, true)
	if err != nil {
		return err
	}
	pos, err := rarePosIndex(recs.schema)
	if err != nil {
		return err
	}
	var play []int
	if len(recs.schema.FieldIndices(playColumns[0].Name)) > 0 {
		if play, err = fieldsByName(recs.schema, playColumns, false); err != nil {
			return err
		}
	}
	var ring []int
	if len(recs.schema.FieldIndices(ringColumns[0].Name)) > 0 {
		if ring, err = fieldsByName(recs.schema, ringColumns, true); err != nil {
			return err
		}
	}
	rows := []Summary{}
	err = recs.each(func(rec arrow.RecordBatch) error {
		first := len(rows) // the table's row of the batch's row 0
		str := func(c, i int) string { return rec.Column(idx[c]).(*array.String).Value(i) }
		var bad error
		num := func(c, i int) int64 {
			v, err := intAt(rec.Column(idx[c]), i)
			if err == nil && (v < 0 || c != 3 && c != 5 && c != 6 && c != 10 && v > math.MaxUint32) {
				err = fmt.Errorf("%d out of range", v)
			}
			if err != nil && bad == nil {
				bad = fmt.Errorf("column %s, row %d: %w", summaryColumns[c].Name, first+i, err)
			}
			return v
		}
		for i := range int(rec.NumRows()) {
			for c := range summaryColumns {
				if !summaryColumns[c].Nullable && rec.Column(idx[c]).IsNull(i) {
					return fmt.Errorf("column %s, row %d: null", summaryColumns[c].Name, first+i)
				}
			}
			r := Summary{
				Name: str(0, i), Rule: str(1, i), Start: str(2, i),
				Heaps: int(num(3, i)), Status: compute.Status(str(4, i)),
				MaxSG: uint32(num(8, i)), RareMask: uint32(num(9, i)), RareCount: int(num(10, i)),
				Checksum: str(11, i), Seconds: rec.Column(idx[12]).(*array.Float64).Value(i),
			}
			if rec.Column(idx[5]).IsValid(i) {
				r.Period, r.Preperiod, r.Saltus = int(num(5, i)), int(num(6, i)), uint32(num(7, i))
			}
			if r.RarePos, err = rarePosAt(rec, pos, i, first+i); err != nil {
				return err
			}
			if play != nil {
				r.Play, r.Values = rec.Column(play[0]).(*array.String).Value(i), rec.Column(play[1]).(*array.String).Value(i)
			}
			if ring != nil && rec.Column(ring[0]).IsValid(i) {
				r.RingStatus = compute.Status(rec.Column(ring[0]).(*array.String).Value(i))
				if rec.Column(ring[1]).IsValid(i) {
					vs := [3]int64{}
					for c := range vs {
						v, err := intAt(rec.Column(ring[c+1]), i)
						if err == nil && (v < 0 || c == 2 && v > math.MaxUint32) {
							err = fmt.Errorf("%d out of range", v)
						}
						if err != nil {
							return fmt.Errorf("column %s, row %d: %w", ringColumns[c+1].Name, first+i, err)
						}
						vs[c] = v
					}
					r.RingPeriod, r.RingPreperiod, r.RingSaltus = int(vs[0]), int(vs[1]), uint32(vs[2])
				}
			}
			rows = append(rows, r)
		}
		return bad
	})
	if err != nil {
		return err
	}
	if n, err := strconv.Atoi(f.Meta[keyGames]); err != nil || n != len(rows) {
		return fmt.Errorf("%d rows, but %s says %q", len(rows), keyGames, f.Meta[keyGames])
	}
	f.Summary = rows
	return nil
}

// rarePosIndex returns the index in s of the column rare_pos, -1 when
// there is none (a file written before it).
func rarePosIndex(s *arrow.Schema) (int, error) {
	j := s.FieldIndices(rarePosColumn.Name)
	switch {
	case len(j) == 0:
		return -1, nil
	case len(j) > 1 || !arrow.TypeEqual(s.Field(j[0]).Type, rarePosColumn.Type):
		return 0, fmt.Errorf("column %s: %d of it, of type %s", rarePosColumn.Name, len(j), s.Field(j[0]).Type)
	}
	return j[0], nil
}

// rarePosAt reads the parity of row i (row in the file) from the column
// rare_pos at index pos (none when pos < 0 or the row is null).
func rarePosAt(rec arrow.RecordBatch, pos, i, row int) (compute.Parity, error) {
	if pos < 0 || rec.Column(pos).IsNull(i) {
		return compute.NoParity, nil
	}
	switch p := compute.Parity(rec.Column(pos).(*array.String).Value(i)); p {
	case compute.Even, compute.Odd:
		return p, nil
	default:
		return "", fmt.Errorf("column %s, row %d: %q, want even or odd", rarePosColumn.Name, row, p)
	}
}
