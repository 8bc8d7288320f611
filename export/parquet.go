package export

import (
	"fmt"
	"io"
	"os"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/sgtab/sgtab/compute"
)

// WriteParquet writes t to the Parquet file path, with the schema of Schema
// and the metadata of Metadata plus opt.Extra. Columns are zstd-compressed
// and not dictionary-encoded; n is DELTA_BINARY_PACKED. The file is written
// as path+".tmp" and renamed to path when complete; on error neither exists
// afterwards (an older file at path is left alone).
func WriteParquet(path string, t *compute.Table, opt Options) error {
	err := writeFile(path, func(f *os.File) error { return writeParquet(f, t, opt) })
	if err != nil {
		return fmt.Errorf("write parquet %s: %w", path, err)
	}
	return nil
}

// WriteParquetTo writes t to w as a Parquet file, as WriteParquet does.
func WriteParquetTo(w io.Writer, t *compute.Table, opt Options) error {
	if err := writeParquet(w, t, opt); err != nil {
		return fmt.Errorf("write parquet: %w", err)
	}
	return nil
}

func writeParquet(w io.Writer, t *compute.Table, opt Options) (err error) {
	schema, mem, err := prepare(t, opt)
	if err != nil {
		return err
	}
	fw, err := newParquetWriter(w, schema, mem, opt)
	if err != nil {
		return err
	}
	// Close writes the footer; it is a no-op after a failed WriteBuffered
	// (which closes the writer itself).
	defer func() {
		if cerr := fw.Close(); err == nil {
			err = cerr
		}
	}()
	return forEachBatch(schema, t, opt.batchRows(), mem, func(rec arrow.RecordBatch) error {
		return fw.WriteBuffered(rec)
	})
}

// newParquetWriter returns a Parquet writer of schema to w: zstd, no
// dictionary encoding, n DELTA_BINARY_PACKED, row groups of
// opt.rowGroupRows() rows, the Arrow schema stored.
func newParquetWriter(w io.Writer, schema *arrow.Schema, mem memory.Allocator, opt Options) (*pqarrow.FileWriter, error) {
	props := parquet.NewWriterProperties(
		parquet.WithAllocator(mem),
		parquet.WithCompression(compress.Codecs.Zstd),
		parquet.WithDictionaryDefault(false),
		parquet.WithEncodingFor(colN, parquet.Encodings.DeltaBinaryPacked),
		parquet.WithMaxRowGroupLength(int64(opt.rowGroupRows())),
	)
	// The Parquet writer closes a sink that is an io.Closer; the caller
	// owns w, so hide its Close method.
	sink := struct{ io.Writer }{w}
	return pqarrow.NewFileWriter(schema, sink, props,
		pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema(), pqarrow.WithAllocator(mem)))
}

// writeRecord writes rec, the whole of a small table, as a Parquet file to w.
// writeParquetFile writes the Parquet file path of schema, whose record
// batches batches hands to write, under a temporary name renamed when
// complete (WriteFile).
func writeParquetFile(path string, schema *arrow.Schema, opt Options, batches func(mem memory.Allocator, write func(arrow.RecordBatch) error) error) error {
	err := writeFile(path, func(f *os.File) (err error) {
		mem := opt.allocator()
		fw, err := newParquetWriter(f, schema, mem, opt)
		if err != nil {
			return err
		}
		defer func() {
			if cerr := fw.Close(); err == nil {
				err = cerr
			}
		}()
		return batches(mem, func(rec arrow.RecordBatch) error { return fw.WriteBuffered(rec) })
	})
	if err != nil {
		return fmt.Errorf("write parquet %s: %w", path, err)
	}
	return nil
}

// writeIPCFile is writeParquetFile for an Arrow IPC file.
func writeIPCFile(path string, schema *arrow.Schema, opt Options, batches func(mem memory.Allocator, write func(arrow.RecordBatch) error) error) error {
	err := writeFile(path, func(f *os.File) (err error) {
		mem := opt.allocator()
		fw, err := ipc.NewFileWriter(f, ipc.WithSchema(schema), ipc.WithAllocator(mem))
		if err != nil {
			return err
		}
		defer func() {
			if cerr := fw.Close(); err == nil {
				err = cerr
			}
		}()
		return batches(mem, fw.Write)
	})
	if err != nil {
		return fmt.Errorf("write ipc %s: %w", path, err)
	}
	return nil
}

// writeBatch writes one record batch of schema, which fill builds, to f
// as Parquet.
func writeBatch(f io.Writer, schema *arrow.Schema, opt Options, fill func(b *array.RecordBuilder)) error {
	mem := opt.allocator()
	b := array.NewRecordBuilder(mem, schema)
	defer b.Release()
	fill(b)
	rec := b.NewRecordBatch()
	defer rec.Release()
	return writeRecord(f, schema, mem, opt, rec)
}

func writeRecord(w io.Writer, schema *arrow.Schema, mem memory.Allocator, opt Options, rec arrow.RecordBatch) error {
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
