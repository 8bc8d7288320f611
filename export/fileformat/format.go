package fileformat

import (
	"fmt"
	"io"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// A Binary is one of the binary formats sgtab writes tables in, Parquet
// (Parquet) or Arrow IPC (IPC): the writers of every kind of table write
// either through it, one record batch at a time.
type Binary struct {
	Name string // as a write error names it: "write parquet PATH: …"
	// open returns a writer of the record batches of schema to w, which
	// Close finishes.
	open func(w io.Writer, schema *arrow.Schema, mem memory.Allocator, opt Options) (batchWriter, error)
}

// Options controls the writers of every format. The zero value means
// defaults.
type Options struct {
	// RowGroupRows is the largest number of rows in a Parquet row group
	// (default 4Mi). IPC files ignore it.
	RowGroupRows int
	// Allocator allocates Arrow memory; nil means memory.DefaultAllocator.
	Allocator memory.Allocator
}

// defaultRowGroupRows is the number of rows of a Parquet row group for the
// zero Options.RowGroupRows.
const defaultRowGroupRows = 4 << 20

func (o Options) rowGroupRows() int {
	if o.RowGroupRows > 0 {
		return o.RowGroupRows
	}
	return defaultRowGroupRows
}

func (o Options) allocator() memory.Allocator {
	if o.Allocator != nil {
		return o.Allocator
	}
	return memory.DefaultAllocator
}

// A batchWriter writes record batches to a file, and Close finishes it.
type batchWriter interface {
	Write(arrow.RecordBatch) error
	Close() error
}

// Batches hands the record batches of a table, allocated from mem, to
// write in order, and stops at the first error.
type Batches func(mem memory.Allocator, write func(arrow.RecordBatch) error) error

// Write writes the file of schema to w, with the record batches batches
// hands on.
func (f Binary) Write(w io.Writer, schema *arrow.Schema, opt Options, batches Batches) (err error) {
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

// Create writes the file path with write as a whole or not at all
// (WriteFile), and names the format and path in an error.
func (f Binary) Create(path string, write func(w io.Writer) error) error {
	if err := WriteFile(path, write); err != nil {
		return fmt.Errorf("write %s %s: %w", f.Name, path, err)
	}
	return nil
}

// WriteFile writes the file path of schema, with the record batches
// batches hands on, as a whole or not at all.
func (f Binary) WriteFile(path string, schema *arrow.Schema, opt Options, batches Batches) error {
	return f.Create(path, func(w io.Writer) error { return f.Write(w, schema, opt, batches) })
}

// DefaultBatchRows is the number of rows of the record batches read, and
// of those a table's writers write by default (export.Options.BatchRows).
const DefaultBatchRows = 1 << 20
