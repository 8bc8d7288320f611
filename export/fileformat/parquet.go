package fileformat

import (
	"io"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// Parquet writes Parquet files: zstd, no dictionary encoding, n
// DELTA_BINARY_PACKED, row groups of at most Options.RowGroupRows rows.
var Parquet = Binary{Name: "parquet", open: openParquet}

// openParquet returns a Parquet writer of schema to w whose Write buffers
// each record batch into the row group being written (WriteBuffered), so
// that a row group holds opt.rowGroupRows() rows whatever the batches.
func openParquet(w io.Writer, schema *arrow.Schema, mem memory.Allocator, opt Options) (batchWriter, error) {
	fw, err := newParquetWriter(w, schema, mem, opt)
	if err != nil {
		return nil, err
	}
	return bufferedParquet{fw}, nil
}

// deltaColumn is the column that Parquet files hold DELTA_BINARY_PACKED: a
// table's heap sizes n, 0, 1, …, N in order, whose deltas are all 1.
const deltaColumn = "n"

// bufferedParquet is a Parquet writer that writes each record batch
// with WriteBuffered.
type bufferedParquet struct{ *pqarrow.FileWriter }

func (w bufferedParquet) Write(rec arrow.RecordBatch) error { return w.WriteBuffered(rec) }

// newParquetWriter returns a Parquet writer of schema to w: zstd, no
// dictionary encoding, n DELTA_BINARY_PACKED, row groups of
// opt.rowGroupRows() rows, the Arrow schema stored.
func newParquetWriter(w io.Writer, schema *arrow.Schema, mem memory.Allocator, opt Options) (*pqarrow.FileWriter, error) {
	props := parquet.NewWriterProperties(
		parquet.WithAllocator(mem),
		parquet.WithCompression(compress.Codecs.Zstd),
		parquet.WithDictionaryDefault(false),
		parquet.WithEncodingFor(deltaColumn, parquet.Encodings.DeltaBinaryPacked),
		parquet.WithMaxRowGroupLength(int64(opt.rowGroupRows())),
	)
	// The Parquet writer closes a sink that is an io.Closer; the caller
	// owns w, so hide its Close method.
	sink := struct{ io.Writer }{w}
	return pqarrow.NewFileWriter(schema, sink, props,
		pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema(), pqarrow.WithAllocator(mem)))
}

// WriteBatch writes one record batch of schema, which fill builds, to f
// as Parquet.
func WriteBatch(f io.Writer, schema *arrow.Schema, opt Options, fill func(b *array.RecordBuilder)) error {
	mem := opt.allocator()
	b := array.NewRecordBuilder(mem, schema)
	defer b.Release()
	fill(b)
	rec := b.NewRecordBatch()
	defer rec.Release()
	return WriteRecord(f, schema, mem, opt, rec)
}

// WriteRecord writes rec, the whole of a small table, as a Parquet file to w.
func WriteRecord(w io.Writer, schema *arrow.Schema, mem memory.Allocator, opt Options, rec arrow.RecordBatch) error {
	fw, err := newParquetWriter(w, schema, mem, opt)
	if err != nil {
		return err
	}
	if err := fw.Write(rec); err != nil {
		fw.Close() // err already says what went wrong
		return err
	}
	return fw.Close()
}
