package fileformat

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// OpenFile calls use with the regular file at path, open, and its size.
func OpenFile(path string, use func(r io.ReaderAt, size int64) error) error {
	// Refuse FIFOs and devices before opening: opening a FIFO blocks, and
	// a device may never end.
	st, err := os.Stat(path)
	if err != nil {
		return err
	}
	if !st.Mode().IsRegular() {
		return fmt.Errorf("not a regular file (%s)", st.Mode().Type())
	}
	fh, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return err
	}
	defer fh.Close() // read-only: Close has nothing to report
	if st, err = fh.Stat(); err != nil {
		return err
	}
	if !st.Mode().IsRegular() {
		return fmt.Errorf("not a regular file (%s)", st.Mode().Type())
	}
	return use(fh, st.Size())
}

// sniff returns the format of the size bytes of r from their magic bytes.
func sniff(r io.ReaderAt, size int64) (string, error) {
	head := make([]byte, 6)
	if size < int64(len(head)) {
		return "", errors.New("not a Parquet or Arrow file: too short")
	}
	if _, err := r.ReadAt(head, 0); err != nil {
		return "", err
	}
	switch {
	case string(head[:4]) == "PAR1":
		return "parquet", nil
	case string(head) == "ARROW1":
		return "arrow", nil
	}
	return "", errors.New("not a Parquet or Arrow IPC file")
}

// A Records is an open file's schema, metadata and record batches, as
// OpenRecords reads them from a Parquet or Arrow IPC file (or a reader of
// another format makes them, export's of CSV tables).
type Records struct {
	Schema *arrow.Schema
	Meta   map[string]string // the key/value metadata, without ARROW:schema
	Rows   int64             // as the file's footer says; -1 when it does not say
	// Each calls fn with every record batch in order; fn must not keep it.
	Each func(fn func(arrow.RecordBatch) error) error
}

// EachColumns calls fn with the columns idx of every record batch in
// order (nil for an index of -1), each checked to hold a value in every row
// (BatchColumns); fn must not keep them.
func (recs Records) EachColumns(idx []int, fn func(cols []arrow.Array) error) error {
	return recs.Each(func(rec arrow.RecordBatch) error {
		cols, err := BatchColumns(rec, idx)
		if err != nil {
			return err
		}
		return fn(cols)
	})
}

// OpenRecords calls use with the format (parquet or arrow) and the records
// of the size bytes of r, a Parquet or Arrow IPC file.
func OpenRecords(r io.ReaderAt, size int64, mem memory.Allocator, use func(format string, recs Records) error) (err error) {
	defer recoverCorrupt(&err)
	format, err := sniff(r, size)
	if err != nil {
		return err
	}
	if format == "parquet" {
		pf, err := file.NewParquetReader(io.NewSectionReader(r, 0, size))
		if err != nil {
			return err
		}
		defer pf.Close() // reading from an io.ReaderAt the caller owns: nothing to report
		recs, err := parquetRecords(pf, mem)
		if err != nil {
			return err
		}
		return use(format, recs)
	}
	if err := checkIPCFooter(r, size); err != nil {
		return err
	}
	fr, err := ipc.NewFileReader(io.NewSectionReader(r, 0, size), ipc.WithAllocator(mem))
	if err != nil {
		return err
	}
	defer fr.Close() // reading from an io.ReaderAt the caller owns: nothing to report
	return use(format, ipcRecords(fr))
}

// parquetRecords returns the records of the Parquet file pf, in batches
// of at most DefaultBatchRows rows.
func parquetRecords(pf *file.Reader, mem memory.Allocator) (Records, error) {
	meta := kvMetadata(pf)
	dropArrowSchema(pf)
	fr, err := pqarrow.NewFileReader(pf, pqarrow.ArrowReadProperties{BatchSize: DefaultBatchRows}, mem)
	if err != nil {
		return Records{}, err
	}
	schema, err := fr.Schema()
	if err != nil {
		return Records{}, err
	}
	return Records{
		Schema: schema,
		Meta:   meta,
		Rows:   pf.NumRows(),
		Each: func(fn func(arrow.RecordBatch) error) error {
			// All columns, so that record columns are numbered as schema fields.
			rr, err := fr.GetRecordReader(context.Background(), nil, nil)
			if err != nil {
				return err
			}
			defer rr.Release()
			for rr.Next() {
				if err := fn(rr.RecordBatch()); err != nil {
					return err
				}
			}
			return rr.Err()
		},
	}, nil
}

// dropArrowSchema removes from the Parquet file's metadata, as pf holds
// it, the Arrow schema it may hold serialized (ARROW:schema): pqarrow would
// read it trusting the lengths it holds, and a damaged one has it allocate
// gigabytes, while the columns sgtab reads take their types from the
// Parquet schema as well.
func dropArrowSchema(pf *file.Reader) {
	md := pf.MetaData()
	kept := md.KeyValueMetadata()[:0:0]
	for _, kv := range md.KeyValueMetadata() {
		if kv.GetKey() != arrowSchemaKey {
			kept = append(kept, kv)
		}
	}
	md.FileMetaData.KeyValueMetadata = kept
}

// arrowSchemaKey is the Parquet metadata key of the serialized Arrow
// schema.
const arrowSchemaKey = "ARROW:schema"

// ipcRecords returns the records of the Arrow IPC file fr, a batch as
// the file holds it.
func ipcRecords(fr *ipc.FileReader) Records {
	var rows int64 = -1 // the IPC footer gives no count
	return Records{
		Schema: fr.Schema(),
		Meta:   fr.Schema().Metadata().ToMap(),
		Rows:   rows,
		Each: func(fn func(arrow.RecordBatch) error) error {
			for i := range fr.NumRecords() {
				rec, err := fr.RecordBatchAt(i)
				if err != nil {
					return err
				}
				err = fn(rec)
				rec.Release()
				if err != nil {
					return err
				}
			}
			return nil
		},
	}
}

// kvMetadata returns the key/value metadata of a Parquet file, without the
// Arrow schema that pqarrow stores there.
func kvMetadata(pf *file.Reader) map[string]string {
	meta := make(map[string]string)
	kv := pf.MetaData().KeyValueMetadata()
	for i, k := range kv.Keys() {
		if k != arrowSchemaKey {
			meta[k] = kv.Values()[i]
		}
	}
	return meta
}

// BatchColumns returns the columns idx of rec (skipping -1), checking that
// each has a value in every row.
func BatchColumns(rec arrow.RecordBatch, idx []int) ([]arrow.Array, error) {
	cols := make([]arrow.Array, len(idx))
	for j, i := range idx {
		if i < 0 {
			continue
		}
		a := rec.Column(i)
		if a.Len() != int(rec.NumRows()) || a.NullN() != 0 {
			return nil, fmt.Errorf("column %s: %d values (%d null) in a batch of %d rows",
				rec.ColumnName(i), a.Len(), a.NullN(), rec.NumRows())
		}
		cols[j] = a
	}
	return cols, nil
}
