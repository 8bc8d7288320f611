package export

import (
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export/fileformat"
)

// A keyedTable is a table as its writers see it, whatever its kind: one
// row per position, key columns that name the position (a heap game's n,
// a lattice's x and y, a graph's node), then its value columns (sg, and
// sg_ring on a ring start). Lattice and graph tables are written through
// it in every format, heap games' tables as CSV (as Parquet and Arrow IPC
// they take batcher's way, which copies no value).
type keyedTable struct {
	schema *arrow.Schema // the key columns, then the value columns
	values []sg.Values   // the value columns, each one value per row
	// keys appends the key columns of rows lo..hi−1 to the first fields of
	// b; nil for a heap game's table.
	keys func(b *array.RecordBuilder, lo, hi int)
	// text appends the key fields of row i to a CSV line, comma-separated.
	text func(line []byte, i int) []byte
}

// rows returns the number of rows.
func (k keyedTable) rows() int { return k.values[0].Len() }

// write writes k to the file path in the format f, in record batches of
// opt.BatchRows rows, as a whole or not at all (fileformat.WriteFile).
func (k keyedTable) write(f fileformat.Binary, path string, opt Options) error {
	return f.WriteFile(path, k.schema, opt.fileOptions(), k.batches(opt.batchRows()))
}

// batches returns the fileformat.Batches of k's record batches, rows rows each.
func (k keyedTable) batches(rows int) fileformat.Batches {
	return func(mem memory.Allocator, write func(arrow.RecordBatch) error) error {
		b := array.NewRecordBuilder(mem, k.schema)
		defer b.Release()
		first := k.schema.NumFields() - len(k.values) // the first value column
		buf := make([]uint32, 0, rows)
		for lo := 0; lo < k.rows(); lo += rows {
			hi := min(lo+rows, k.rows())
			k.keys(b, lo, hi)
			for c, v := range k.values {
				buf = v.AppendTo(buf[:0], lo, hi)
				appendSG(b.Field(first+c), buf)
			}
			if err := emit(b, write); err != nil {
				return err
			}
		}
		return nil
	}
}

// appendSG appends the values vs to col, an sg column of int32 or int64.
func appendSG(col array.Builder, vs []uint32) {
	switch sgs := col.(type) {
	case *array.Int32Builder:
		sgs.Reserve(len(vs))
		for _, v := range vs {
			sgs.UnsafeAppend(int32(v))
		}
	case *array.Int64Builder:
		sgs.Reserve(len(vs))
		for _, v := range vs {
			sgs.UnsafeAppend(int64(v))
		}
	}
}

// emit hands the record batch b has built to write, and releases it.
func emit(b *array.RecordBuilder, write func(arrow.RecordBatch) error) error {
	rec := b.NewRecordBatch()
	defer rec.Release()
	return write(rec)
}
