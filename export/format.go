package export

import (
	"fmt"
	"io"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/sgtab/sgtab/compute/sg"
)

// A format is one of the binary formats sgtab writes tables in, Parquet
// (parquetFormat) or Arrow IPC (ipcFormat): the writers of every kind of
// table write either through it, one record batch at a time.
type format struct {
	name string // as a write error names it: "write parquet PATH: …"
	// open returns a writer of the record batches of schema to w, which
	// Close finishes.
	open func(w io.Writer, schema *arrow.Schema, mem memory.Allocator, opt Options) (batchWriter, error)
}

// A batchWriter writes record batches to a file, and Close finishes it.
type batchWriter interface {
	Write(arrow.RecordBatch) error
	Close() error
}

// batchFunc hands the record batches of a table, allocated from mem, to
// write in order, and stops at the first error.
type batchFunc func(mem memory.Allocator, write func(arrow.RecordBatch) error) error

// write writes the file of schema to w, with the record batches batches
// hands on.
func (f format) write(w io.Writer, schema *arrow.Schema, opt Options, batches batchFunc) (err error) {
	mem := opt.allocator()
	bw, err := f.open(w, schema, mem, opt)
	if err != nil {
		return err
	}
	// Close finishes the file: it writes the footer (after a failed
	// write a Parquet writer has closed itself, and Close does nothing).
	defer func() {
		if cerr := bw.Close(); err == nil {
			err = cerr
		}
	}()
	return batches(mem, bw.Write)
}

// create writes the file path with write as a whole or not at all
// (WriteFile), and names the format and path in an error.
func (f format) create(path string, write func(w io.Writer) error) error {
	if err := WriteFile(path, write); err != nil {
		return fmt.Errorf("write %s %s: %w", f.name, path, err)
	}
	return nil
}

// writeFile writes the file path of schema, with the record batches
// batches hands on, as a whole or not at all.
func (f format) writeFile(path string, schema *arrow.Schema, opt Options, batches batchFunc) error {
	return f.create(path, func(w io.Writer) error { return f.write(w, schema, opt, batches) })
}

// writeTable writes the heap game's table t to w, with the schema of
// Schema and the metadata of opt (see prepare), in record batches of
// opt.BatchRows rows.
func (f format) writeTable(w io.Writer, t *sg.Table, opt Options) error {
	schema, err := prepare(t, opt)
	if err != nil {
		return err
	}
	if t.Loopy != nil {
		schema = withFiniteFollowers(schema)
		return f.write(w, schema, opt, loopyBatches(t, schema, opt.batchRows()))
	}
	return f.write(w, schema, opt, func(mem memory.Allocator, write func(arrow.RecordBatch) error) error {
		return forEachBatch(schema, t, opt.batchRows(), mem, write)
	})
}

// writeTableFile writes the heap game's table t to the file path (see
// writeTable) as a whole or not at all.
func (f format) writeTableFile(path string, t *sg.Table, opt Options) error {
	return f.create(path, func(w io.Writer) error { return f.writeTable(w, t, opt) })
}

// writeTableTo writes the heap game's table t to w, and names the format
// in an error.
func (f format) writeTableTo(w io.Writer, t *sg.Table, opt Options) error {
	if err := f.writeTable(w, t, opt); err != nil {
		return fmt.Errorf("write %s: %w", f.name, err)
	}
	return nil
}
