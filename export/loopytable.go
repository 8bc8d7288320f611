package export

import (
	"context"
	"fmt"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export/fileformat"
)

// A table of generalized values (sg.Table.Loopy: a scripted game
// whose positions repeat) is a heap game's table with the columns of a
// loopy graph table's values: n, sg (null at a value ∞) and
// finite_followers (withFiniteFollowers), sgtab.values generalized SG,
// and sgtab.crc32c of the values then of the generalized values
// (loopyCRC). It is written as Parquet or Arrow only.

// tableCRC returns sgtab.crc32c of t: the CRC-32C of its columns of
// values, and of its generalized values when it has them.
func tableCRC(t *sg.Table) string {
	crc := crcValue(valuesOf(t)...)
	if t.Loopy != nil {
		crc = loopyCRC(crc, t.Loopy)
	}
	return fmt.Sprintf("%08X", crc)
}

// loopyBatches returns the record batches of the table of generalized
// values t, of schema, rows rows each.
func loopyBatches(t *sg.Table, schema *arrow.Schema, rows int) fileformat.Batches {
	return func(mem memory.Allocator, write func(arrow.RecordBatch) error) error {
		b := array.NewRecordBuilder(mem, schema)
		defer b.Release()
		for lo := 0; lo < len(t.Loopy); lo += rows {
			hi := min(lo+rows, len(t.Loopy))
			ns := b.Field(0).(*array.Int64Builder)
			for n := lo; n < hi; n++ {
				ns.Append(int64(n))
			}
			appendGeneralized(b.Field(1), b.Field(2), t.Loopy[lo:hi])
			if err := emit(b, write); err != nil {
				return err
			}
		}
		return nil
	}
}

// readLoopyTable reads a table of generalized values and verifies it as
// readTable verifies a heap game's table.
func (f *File) readLoopyTable(ctx context.Context, recs fileformat.Records, opt ReadOptions) error {
	idx, err := columns(recs.Schema, 2, colN, colSG)
	if err != nil {
		return err
	}
	ks := recs.Schema.FieldIndices(colFiniteFollowers)
	if len(ks) != 1 {
		return fmt.Errorf("column %s: %d of it, want 1", colFiniteFollowers, len(ks))
	}
	idx = append(idx, ks[0])
	t := &sg.Table{Loopy: []sg.Generalized{}}
	var long []int64
	err = recs.Each(func(rec arrow.RecordBatch) error {
		cols, err := fileformat.BatchColumns(rec, idx[:1])
		if err != nil {
			return err
		}
		if long, err = counting(colN, cols[0], t.G.Len(), long); err != nil {
			return err
		}
		return readGeneralized(rec.Column(idx[1]), rec.Column(idx[2]), t.G.Len(), func(x sg.Generalized) {
			t.Loopy = append(t.Loopy, x)
			t.G.Append(x.Value)
		})
	})
	if err != nil {
		return err
	}
	if recs.Rows >= 0 && int64(t.G.Len()) != recs.Rows {
		return fmt.Errorf("read %d rows, file says %d", t.G.Len(), recs.Rows)
	}
	if t.G.Len() == 0 {
		return fmt.Errorf("no rows")
	}
	f.Table = t
	if err := f.tableGame(); err != nil {
		return err
	}
	if got := t.G.Checksum(); got != f.Meta[KeyChecksum] {
		return fmt.Errorf("damaged: the values' checksum is %s, but %s says %s", got, KeyChecksum, f.Meta[KeyChecksum])
	}
	if got := tableCRC(t); got != f.Meta[KeyCRC] {
		return fmt.Errorf("damaged: the values' CRC-32C is %s, but %s says %s", got, KeyCRC, f.Meta[KeyCRC])
	}
	return f.verifyAnalysis(ctx, opt)
}
