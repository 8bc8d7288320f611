package export

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/rules"
)

// ReadParquet reads a table written by WriteParquet. It returns the table,
// with G, Ring and the Game's Name, Rule, Start, Heaps and Config, and
// Created, taken from the metadata, and the file's key/value metadata. It returns an error, never panics, when the file
// is not such a table: a column missing or of the wrong type, a null value,
// n not running 0, 1, …, N, or a damaged file.
func ReadParquet(path string) (*compute.Table, map[string]string, error) {
	t, meta, err := readFile(path, func(r io.ReaderAt, size int64) (*compute.Table, map[string]string, error) {
		return readParquet(r, size, memory.DefaultAllocator)
	})
	if err != nil {
		return nil, nil, fmt.Errorf("read %s: %w", path, err)
	}
	return t, meta, nil
}

// ReadParquetFrom reads a table from the size bytes of r, as ReadParquet does.
func ReadParquetFrom(r io.ReaderAt, size int64) (*compute.Table, map[string]string, error) {
	t, meta, err := readParquet(r, size, memory.DefaultAllocator)
	if err != nil {
		return nil, nil, fmt.Errorf("read parquet: %w", err)
	}
	return t, meta, nil
}

// ReadIPC reads a table written by WriteIPC, as ReadParquet does.
func ReadIPC(path string) (*compute.Table, map[string]string, error) {
	t, meta, err := readFile(path, func(r io.ReaderAt, size int64) (*compute.Table, map[string]string, error) {
		return readIPC(r, size, memory.DefaultAllocator)
	})
	if err != nil {
		return nil, nil, fmt.Errorf("read %s: %w", path, err)
	}
	return t, meta, nil
}

// ReadIPCFrom reads a table from the size bytes of r, as ReadIPC does.
func ReadIPCFrom(r io.ReaderAt, size int64) (*compute.Table, map[string]string, error) {
	t, meta, err := readIPC(r, size, memory.DefaultAllocator)
	if err != nil {
		return nil, nil, fmt.Errorf("read ipc: %w", err)
	}
	return t, meta, nil
}

// ReadTable reads a table written by WriteParquet or WriteIPC, telling the
// format from the file's first bytes. It reports the format, "parquet" or
// "arrow", and otherwise does what ReadParquet does.
func ReadTable(path string) (t *compute.Table, meta map[string]string, format string, err error) {
	format, err = sniff(path)
	if err != nil {
		return nil, nil, "", fmt.Errorf("read %s: %w", path, err)
	}
	if format == "parquet" {
		t, meta, err = ReadParquet(path)
	} else {
		t, meta, err = ReadIPC(path)
	}
	return t, meta, format, err
}

// sniff returns the format of the file path from its magic bytes.
func sniff(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close() // read-only: Close has nothing to report
	head := make([]byte, 6)
	if _, err := io.ReadFull(f, head); err != nil {
		return "", errors.New("not a Parquet or Arrow file: too short")
	}
	switch {
	case string(head[:4]) == "PAR1":
		return "parquet", nil
	case string(head) == "ARROW1":
		return "arrow", nil
	}
	return "", errors.New("not a Parquet or Arrow IPC file")
}

type readFunc func(r io.ReaderAt, size int64) (*compute.Table, map[string]string, error)

func readFile(path string, read readFunc) (*compute.Table, map[string]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close() // read-only: Close has nothing to report
	st, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	return read(f, st.Size())
}

// recoverCorrupt turns a panic inside arrow-go, which some damaged inputs
// cause, into an error. Use it as `defer recoverCorrupt(&err)`.
func recoverCorrupt(err *error) {
	if p := recover(); p != nil {
		*err = fmt.Errorf("damaged file: %v", p)
	}
}

func readParquet(r io.ReaderAt, size int64, mem memory.Allocator) (t *compute.Table, meta map[string]string, err error) {
	defer recoverCorrupt(&err)
	pf, err := file.NewParquetReader(io.NewSectionReader(r, 0, size))
	if err != nil {
		return nil, nil, err
	}
	defer pf.Close() // reading from an io.ReaderAt the caller owns: nothing to report
	meta = kvMetadata(pf)
	fr, err := pqarrow.NewFileReader(pf, pqarrow.ArrowReadProperties{BatchSize: defaultBatchRows}, mem)
	if err != nil {
		return nil, nil, err
	}
	schema, err := fr.Schema()
	if err != nil {
		return nil, nil, err
	}
	cols, err := findColumns(schema)
	if err != nil {
		return nil, nil, err
	}
	// All columns, so that record columns are numbered as schema fields.
	rr, err := fr.GetRecordReader(context.Background(), nil, nil)
	if err != nil {
		return nil, nil, err
	}
	defer rr.Release()
	tb := newTableBuilder(meta)
	for rr.Next() {
		if err := tb.add(rr.RecordBatch(), cols); err != nil {
			return nil, nil, err
		}
	}
	if err := rr.Err(); err != nil {
		return nil, nil, err
	}
	if int64(tb.t.G.Len()) != pf.NumRows() {
		return nil, nil, fmt.Errorf("read %d rows, file says %d", tb.t.G.Len(), pf.NumRows())
	}
	if err := tb.finish(); err != nil {
		return nil, nil, err
	}
	return tb.t, meta, nil
}

func readIPC(r io.ReaderAt, size int64, mem memory.Allocator) (t *compute.Table, meta map[string]string, err error) {
	defer recoverCorrupt(&err)
	fr, err := ipc.NewFileReader(io.NewSectionReader(r, 0, size), ipc.WithAllocator(mem))
	if err != nil {
		return nil, nil, err
	}
	defer fr.Close() // reading from an io.ReaderAt the caller owns: nothing to report
	schema := fr.Schema()
	meta = schema.Metadata().ToMap()
	cols, err := findColumns(schema)
	if err != nil {
		return nil, nil, err
	}
	tb := newTableBuilder(meta)
	for i := range fr.NumRecords() {
		rec, err := fr.RecordBatchAt(i)
		if err != nil {
			return nil, nil, err
		}
		err = tb.add(rec, cols)
		rec.Release()
		if err != nil {
			return nil, nil, err
		}
	}
	if err := tb.finish(); err != nil {
		return nil, nil, err
	}
	return tb.t, meta, nil
}

// columns holds the field indices of n, sg and sg_ring (-1 when absent).
type columns struct{ n, sg, ring int }

// findColumns finds n, sg and (optionally) sg_ring in s and checks their types.
func findColumns(s *arrow.Schema) (columns, error) {
	find := func(name string, dt arrow.DataType, required bool) (int, error) {
		idx := s.FieldIndices(name)
		switch {
		case len(idx) == 0 && !required:
			return -1, nil
		case len(idx) == 0:
			return -1, fmt.Errorf("column %s missing", name)
		case len(idx) > 1:
			return -1, fmt.Errorf("column %s appears %d times", name, len(idx))
		}
		if got := s.Field(idx[0]).Type; !arrow.TypeEqual(got, dt) {
			return -1, fmt.Errorf("column %s has type %s, want %s", name, got, dt)
		}
		return idx[0], nil
	}
	var c columns
	var err error
	if c.n, err = find(colN, arrow.PrimitiveTypes.Uint64, true); err != nil {
		return c, err
	}
	if c.sg, err = find(colSG, arrow.PrimitiveTypes.Uint32, true); err != nil {
		return c, err
	}
	if c.ring, err = find(colRing, arrow.PrimitiveTypes.Uint32, false); err != nil {
		return c, err
	}
	return c, nil
}

// A tableBuilder collects record batches into a Table.
// Values are stored in the narrowest width that holds them, as the
// engine stores them.
type tableBuilder struct {
	t    *compute.Table
	meta map[string]string
}

func newTableBuilder(meta map[string]string) *tableBuilder {
	return &tableBuilder{t: &compute.Table{}, meta: meta}
}

// add appends the rows of rec, checking that n continues 0, 1, 2, ….
func (b *tableBuilder) add(rec arrow.RecordBatch, c columns) error {
	idx := []int{c.n, c.sg}
	if c.ring >= 0 {
		idx = append(idx, c.ring)
	}
	for _, i := range idx {
		if a := rec.Column(i); a.Len() != int(rec.NumRows()) || a.NullN() != 0 {
			return fmt.Errorf("column %s: %d values (%d null) in a batch of %d rows",
				rec.ColumnName(i), a.Len(), a.NullN(), rec.NumRows())
		}
	}
	first := b.t.G.Len()
	for i, n := range rec.Column(c.n).(*array.Uint64).Uint64Values() {
		if n != uint64(first+i) {
			return fmt.Errorf("column n: row %d holds n = %d, want %d", first+i, n, first+i)
		}
	}
	b.t.G.Append(rec.Column(c.sg).(*array.Uint32).Uint32Values()...)
	if c.ring >= 0 {
		b.t.Ring.Append(rec.Column(c.ring).(*array.Uint32).Uint32Values()...)
	}
	return nil
}

// finish checks the row count against sgtab.heaps and fills in the Game.
func (b *tableBuilder) finish() error {
	if b.t.G.Len() == 0 {
		return errors.New("no rows")
	}
	g := &b.t.Game
	g.Heaps = b.t.G.Len() - 1
	if s, ok := b.meta[KeyHeaps]; ok {
		n, err := strconv.Atoi(s)
		if err != nil {
			return fmt.Errorf("metadata %s: %w", KeyHeaps, err)
		}
		if n != g.Heaps {
			return fmt.Errorf("metadata %s = %d, but the file holds n = 0..%d", KeyHeaps, n, g.Heaps)
		}
	}
	g.Name = b.meta[KeyName]
	g.Config = b.meta[KeyConfig]
	g.Misere = b.meta[KeyPlay] == "misere"
	if s, ok := strings.CutPrefix(b.meta[KeyRule], "state:"); ok {
		g.State = s
	} else if s, ok := b.meta[KeyRule]; ok {
		r, err := rules.ParseCode(s, 0)
		if err != nil {
			return fmt.Errorf("metadata %s: %w", KeyRule, err)
		}
		g.Rule = r
	}
	if s, ok := b.meta[KeyCreated]; ok {
		c, err := time.Parse(time.RFC3339, s)
		if err != nil {
			return fmt.Errorf("metadata %s: %w", KeyCreated, err)
		}
		b.t.Created = c
	}
	switch s := b.meta[KeyStart]; s {
	case "", "line":
		g.Start = rules.StartLine
	case "ring":
		g.Start = rules.StartRing
	default:
		return fmt.Errorf("metadata %s = %q, want line or ring", KeyStart, s)
	}
	return nil
}
