package export

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/sgtab/sgtab/compute"
)

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
	RareCount         int
	Checksum          string
	Seconds           float64
}

// Summarize returns the summary row of t, which must have been analysed.
func Summarize(t *compute.Table) Summary {
	a := t.Analysis
	return Summary{
		Name: t.Game.Name, Rule: t.Game.RuleText(), Start: t.Game.Start.String(),
		Heaps: t.N(), Status: a.Status,
		Period: a.Period.Length, Preperiod: a.Period.Start, Saltus: a.Period.Saltus,
		MaxSG: t.MaxG(), RareMask: a.Rare.Mask, RareCount: a.Rare.Count,
		Checksum: a.Checksum, Seconds: t.Elapsed.Seconds(),
	}
}

// summarySchema is the schema of the summary table: period, preperiod and
// saltus are null where no period was found.
var summarySchema = arrow.NewSchema([]arrow.Field{
	{Name: "name", Type: arrow.BinaryTypes.String},
	{Name: "rule", Type: arrow.BinaryTypes.String},
	{Name: "start", Type: arrow.BinaryTypes.String},
	{Name: "heaps", Type: arrow.PrimitiveTypes.Uint64},
	{Name: "status", Type: arrow.BinaryTypes.String},
	{Name: "period", Type: arrow.PrimitiveTypes.Uint64, Nullable: true},
	{Name: "preperiod", Type: arrow.PrimitiveTypes.Uint64, Nullable: true},
	{Name: "saltus", Type: arrow.PrimitiveTypes.Uint32, Nullable: true},
	{Name: "max_sg", Type: arrow.PrimitiveTypes.Uint32},
	{Name: "rare_mask", Type: arrow.PrimitiveTypes.Uint32},
	{Name: "rare_count", Type: arrow.PrimitiveTypes.Uint64},
	{Name: "checksum", Type: arrow.BinaryTypes.String},
	{Name: "seconds", Type: arrow.PrimitiveTypes.Float64},
}, nil)

// WriteSummary writes rows to the Parquet file path, one row per game in
// the order given, with the schema metadata sgtab.version and sgtab.games
// (the number of rows). The file is written under a temporary name and
// renamed when complete.
func WriteSummary(path string, rows []Summary, opt Options) error {
	err := writeFile(path, func(f *os.File) error {
		md := arrow.NewMetadata([]string{"sgtab.games", KeyVersion}, []string{strconv.Itoa(len(rows)), opt.version()})
		schema := arrow.NewSchema(summarySchema.Fields(), &md)
		mem := opt.allocator()
		b := array.NewRecordBuilder(mem, schema)
		defer b.Release()
		for _, r := range rows {
			b.Field(0).(*array.StringBuilder).Append(r.Name)
			b.Field(1).(*array.StringBuilder).Append(r.Rule)
			b.Field(2).(*array.StringBuilder).Append(r.Start)
			b.Field(3).(*array.Uint64Builder).Append(uint64(r.Heaps))
			b.Field(4).(*array.StringBuilder).Append(string(r.Status))
			if r.Status == compute.None {
				b.Field(5).AppendNull()
				b.Field(6).AppendNull()
				b.Field(7).AppendNull()
			} else {
				b.Field(5).(*array.Uint64Builder).Append(uint64(r.Period))
				b.Field(6).(*array.Uint64Builder).Append(uint64(r.Preperiod))
				b.Field(7).(*array.Uint32Builder).Append(r.Saltus)
			}
			b.Field(8).(*array.Uint32Builder).Append(r.MaxSG)
			b.Field(9).(*array.Uint32Builder).Append(r.RareMask)
			b.Field(10).(*array.Uint64Builder).Append(uint64(r.RareCount))
			b.Field(11).(*array.StringBuilder).Append(r.Checksum)
			b.Field(12).(*array.Float64Builder).Append(r.Seconds)
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

// ReadSummary reads a summary table written by WriteSummary, and its
// key/value metadata. It returns an error, never panics, when the file is
// not such a table.
func ReadSummary(path string) (rows []Summary, meta map[string]string, err error) {
	err = readParquetFile(path, func(pf *file.Reader, m map[string]string) error {
		meta = m
		if _, ok := meta["sgtab.games"]; !ok {
			return errors.New("not an sgtab summary table (no sgtab.games key)")
		}
		fr, err := pqarrow.NewFileReader(pf, pqarrow.ArrowReadProperties{BatchSize: 1 << 16}, memory.DefaultAllocator)
		if err != nil {
			return err
		}
		schema, err := fr.Schema()
		if err != nil {
			return err
		}
		want := summarySchema.Fields()
		if len(schema.Fields()) != len(want) {
			return fmt.Errorf("%d columns, want %d", len(schema.Fields()), len(want))
		}
		for i, f := range schema.Fields() {
			if f.Name != want[i].Name || !arrow.TypeEqual(f.Type, want[i].Type) {
				return fmt.Errorf("column %d is %s %s, want %s %s", i, f.Name, f.Type, want[i].Name, want[i].Type)
			}
		}
		rr, err := fr.GetRecordReader(context.Background(), nil, nil)
		if err != nil {
			return err
		}
		defer rr.Release()
		for rr.Next() {
			rec := rr.RecordBatch()
			str := func(c int) *array.String { return rec.Column(c).(*array.String) }
			u64 := func(c int) *array.Uint64 { return rec.Column(c).(*array.Uint64) }
			u32 := func(c int) *array.Uint32 { return rec.Column(c).(*array.Uint32) }
			for i := range int(rec.NumRows()) {
				r := Summary{
					Name: str(0).Value(i), Rule: str(1).Value(i), Start: str(2).Value(i),
					Heaps: int(u64(3).Value(i)), Status: compute.Status(str(4).Value(i)),
					MaxSG: u32(8).Value(i), RareMask: u32(9).Value(i), RareCount: int(u64(10).Value(i)),
					Checksum: str(11).Value(i), Seconds: rec.Column(12).(*array.Float64).Value(i),
				}
				if u64(5).IsValid(i) {
					r.Period, r.Preperiod, r.Saltus = int(u64(5).Value(i)), int(u64(6).Value(i)), u32(7).Value(i)
				}
				rows = append(rows, r)
			}
		}
		if err := rr.Err(); err != nil {
			return err
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	return rows, meta, nil
}
