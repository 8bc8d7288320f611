package export

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/rules"
)

// A File is a file that sgtab wrote, read back and verified (see Read): a
// heap game's table, a lattice table, the rare positions of a table, or a
// run's summary. Exactly one of Table, Lattice, Rare and Summary is set, as
// Kind says.
type File struct {
	Format string // "parquet", "arrow" or "csv"
	Kind   Kind
	// Meta holds the key/value metadata (without Parquet's ARROW:schema).
	Meta map[string]string

	Table   *compute.Table        // KindTable (with its Analysis) and KindCheckpoint
	Lattice *compute.LatticeTable // KindLattice
	Graph   *compute.GraphTable   // KindGraph
	Rare    *RareTable            // KindRare
	Summary []Summary             // KindSummary
	Census  []CensusRow           // KindCensus

	// Foreign is set for a table of n and sg without sgtab metadata, as
	// another tool writes it: its values are taken as they are, with no
	// checksum to verify them and no rule to check them against, and its
	// analysis claims no proof (compute.Observe). A table whose columns
	// are sgtab's own (n, sg and sg_ring, none nullable) but that has no
	// metadata is refused instead: its metadata was lost.
	Foreign bool
}

// A RareTable holds the rare positions of a table: Values[i] is SG(N[i]),
// rare under Mask.
type RareTable struct {
	Game   rules.Game
	Heaps  int           // the table's N: every position is at most Heaps
	Split  compute.Split // the split the positions are rare under (Count: their number)
	N      []int
	Values []uint32
}

// Read reads the file at path — Parquet or Arrow IPC, told by its first
// bytes, or a CSV table, told by its name's ending .csv, read with its
// sidecar (see WriteCSV) — and verifies it before returning it:
//
//   - the columns are those of its kind, of integer types without nulls, and
//     n (or x, y) runs over 0..N (the board) in order;
//   - the row count agrees with sgtab.heaps (or sgtab.width·sgtab.height);
//   - the values match their checksums, sgtab.checksum and sgtab.crc32c;
//   - a table's first values (up to 1024, and up to the last heap size its
//     proof needs) are those sgtab computes for the rule of sgtab.rule, so
//     that a file cannot pass for another game;
//   - a table's analysis is computed again from its values (Table.Analysis),
//     and a period is reported proved only when the metadata says so and the
//     values prove it again.
//
// A mismatch is an error saying what differs; a CSV table's names the line
// of the row where it can (a *LineError), and a CSV table without its
// sidecar, or whose rows are not the columns and number its sidecar says,
// is refused. Only a table of n and sg with
// no sgtab metadata at all, and columns other than sgtab's, is read
// unverified (File.Foreign). path must be a
// regular file: a FIFO or a device is refused without reading it.
//
// Checking the first values costs at most DefaultBudget option values
// (compute.Verify): a table whose check would cost more, as one of a rule
// with thousands of digits may, is refused saying so. ReadContext sets
// another budget, and stops when its context is cancelled.
func Read(path string) (*File, error) {
	return ReadContext(context.Background(), path, ReadOptions{})
}

// DefaultBudget bounds the work of checking a table's first values against
// its rule, in option values looked at (compute.VerifyOptions.MaxWork):
// about a second or two of one core's work, hundreds of times what the
// first 1024 values of a game of a few digits cost.
const DefaultBudget = 1 << 31

// ReadOptions tune ReadContext. The zero value means defaults.
type ReadOptions struct {
	// Budget bounds the work of checking a table's first values against
	// its rule: 0 means DefaultBudget, a negative number no bound.
	Budget int64
	// Workers share that check (compute.VerifyOptions.Workers); 0 means
	// GOMAXPROCS.
	Workers int
}

func (o ReadOptions) budget() int64 {
	switch {
	case o.Budget == 0:
		return DefaultBudget
	case o.Budget < 0:
		return 0
	}
	return o.Budget
}

// ReadContext reads and verifies the file at path as Read does, within the
// budget of opt, and returns context.Cause(ctx) when ctx is cancelled
// while it checks the values.
func ReadContext(ctx context.Context, path string, opt ReadOptions) (*File, error) {
	f, err := read(ctx, path, memory.DefaultAllocator, opt)
	switch {
	case isLineError(err):
		return nil, fmt.Errorf("read %w", err) // read FILE:LINE: …
	case err != nil:
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return f, nil
}

// ReadFrom reads and verifies a file from the size bytes of r, as Read does.
func ReadFrom(r io.ReaderAt, size int64) (*File, error) {
	f, err := readFrom(context.Background(), r, size, memory.DefaultAllocator, ReadOptions{})
	if err != nil {
		return nil, fmt.Errorf("read: %w", err)
	}
	return f, nil
}

// ReadTable reads and verifies a heap game's table (Read), and reports its
// format, "parquet", "arrow" or "csv". Any other kind of file is an error.
func ReadTable(path string) (t *compute.Table, meta map[string]string, format string, err error) {
	f, err := Read(path)
	if err != nil {
		return nil, nil, "", err
	}
	if f.Kind != KindTable {
		return nil, nil, "", fmt.Errorf("read %s: %s", path, f.notTable())
	}
	return f.Table, f.Meta, f.Format, nil
}

// ReadParquet reads and verifies a table written by WriteParquet: its values,
// the Game (Name, Rule, Start, Heaps, Config, Misere or State) and Created
// from the metadata, and the metadata itself. See Read.
func ReadParquet(path string) (*compute.Table, map[string]string, error) {
	return readTableAs(path, "parquet")
}

// ReadIPC reads and verifies a table written by WriteIPC, as ReadParquet
// does.
func ReadIPC(path string) (*compute.Table, map[string]string, error) {
	return readTableAs(path, "arrow")
}

// ReadCSV reads and verifies a table written by WriteCSV, with its
// sidecar, as ReadParquet does.
func ReadCSV(path string) (*compute.Table, map[string]string, error) {
	return readTableAs(path, "csv")
}

func readTableAs(path, format string) (*compute.Table, map[string]string, error) {
	t, meta, got, err := ReadTable(path)
	if err == nil && got != format {
		err = fmt.Errorf("read %s: an %s file, not %s", path, got, format)
	}
	return t, meta, err
}

// ReadParquetFrom reads and verifies a table from the size bytes of r, as
// ReadParquet does.
func ReadParquetFrom(r io.ReaderAt, size int64) (*compute.Table, map[string]string, error) {
	return readTableFrom(r, size, "parquet")
}

// ReadIPCFrom reads and verifies a table from the size bytes of r, as
// ReadIPC does.
func ReadIPCFrom(r io.ReaderAt, size int64) (*compute.Table, map[string]string, error) {
	return readTableFrom(r, size, "arrow")
}

func readTableFrom(r io.ReaderAt, size int64, format string) (*compute.Table, map[string]string, error) {
	f, err := readFrom(context.Background(), r, size, memory.DefaultAllocator, ReadOptions{})
	switch {
	case err != nil:
	case f.Format != format:
		err = fmt.Errorf("an %s file, not %s", f.Format, format)
	case f.Kind != KindTable:
		err = errors.New(f.notTable())
	}
	if err != nil {
		return nil, nil, fmt.Errorf("read %s: %w", format, err)
	}
	return f.Table, f.Meta, nil
}

// notTable says what a file holds instead of a heap game's table.
func (f *File) notTable() string {
	switch f.Kind {
	case KindRare:
		return fmt.Sprintf("it holds the rare positions of %s, not its table", f.Meta[KeyName])
	case KindSummary:
		return "it is a run's summary, not a table"
	case KindCensus:
		return "it is a sweep's census, not a table"
	case KindCheckpoint:
		return fmt.Sprintf("it is a checkpoint of %s, not a finished table", f.Meta[KeyName])
	case KindLattice:
		return fmt.Sprintf("it is the lattice table of %s, not a heap game's table", f.Meta[KeyName])
	case KindGraph:
		return fmt.Sprintf("it is the table of %s, a game on a graph, not a heap game's table", f.Meta[KeyName])
	}
	return fmt.Sprintf("it holds a %s, not a table", f.Kind)
}

func read(ctx context.Context, path string, mem memory.Allocator, opt ReadOptions) (f *File, err error) {
	if isCSV(path) {
		return readCSV(ctx, path, mem, opt)
	}
	err = openFile(path, func(r io.ReaderAt, size int64) error {
		f, err = readFrom(ctx, r, size, mem, opt)
		if err != nil && strings.HasSuffix(strings.ToLower(path), ".csv.json") {
			err = fmt.Errorf("%w: it is the sidecar of a CSV table; read %s, which reads it too", err, strings.TrimSuffix(path, filepath.Ext(path)))
		}
		return err
	})
	return f, err
}

// openFile calls use with the regular file at path, open, and its size.
func openFile(path string, use func(r io.ReaderAt, size int64) error) error {
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

// recoverCorrupt turns a panic inside arrow-go, which some damaged inputs
// cause, into an error, worded by damaged. Use it as `defer
// recoverCorrupt(&err)`.
func recoverCorrupt(err *error) {
	if p := recover(); p != nil {
		if e, ok := p.(error); ok {
			*err = fmt.Errorf("damaged file: %w", e)
		} else {
			*err = fmt.Errorf("damaged file: %v", p)
		}
	}
	*err = damaged(*err)
}

// damaged words err, when a damaged file made the Go runtime fail inside
// arrow-go (which recovers from some such failures itself and returns
// them as errors, "runtime error: slice bounds out of range …"), as what
// it means of the file: the runtime's words name no part of it.
func damaged(err error) error {
	if err == nil {
		return nil
	}
	var re runtime.Error
	msg := err.Error()
	switch {
	case !errors.As(err, &re) && !strings.Contains(msg, "runtime error: "):
		return err
	case strings.Contains(msg, "nil pointer"):
		return errors.New("damaged file: a part of it that another part refers to is missing")
	}
	return errors.New("damaged file: a length or an offset in it points outside its data")
}

// A records is an open file's schema, metadata and record batches.
type records struct {
	schema *arrow.Schema
	meta   map[string]string
	rows   int64 // as the file's footer says
	// each calls fn with every record batch in order; fn must not keep it.
	each func(fn func(arrow.RecordBatch) error) error
}

func readFrom(ctx context.Context, r io.ReaderAt, size int64, mem memory.Allocator, opt ReadOptions) (f *File, err error) {
	err = openRecords(r, size, mem, func(format string, recs records) error {
		f, err = readRecords(ctx, format, recs, opt)
		return err
	})
	return f, err
}

// openRecords calls use with the format (parquet or arrow) and the records
// of the size bytes of r, a Parquet or Arrow IPC file.
func openRecords(r io.ReaderAt, size int64, mem memory.Allocator, use func(format string, recs records) error) (err error) {
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

// readRecords reads a file sgtab wrote (or a plain table) from its records.
func readRecords(ctx context.Context, format string, recs records, opt ReadOptions) (f *File, err error) {
	f = &File{Format: format, Meta: recs.meta}
	if f.Kind, err = kindOf(recs); err != nil {
		return nil, err
	}
	f.Foreign = f.Kind == KindTable && !hasSgtabKeys(recs.meta)
	switch f.Kind {
	case KindTable, KindCheckpoint:
		err = f.readTable(ctx, recs, opt)
	case KindLattice:
		err = f.readLattice(ctx, recs)
	case KindGraph:
		err = f.readGraph(recs)
	case KindRare:
		err = f.readRare(recs)
	case KindSummary:
		err = f.readSummary(recs)
	case KindCensus:
		err = f.readCensus(recs)
	}
	if err != nil {
		return nil, err
	}
	return f, nil
}

func parquetRecords(pf *file.Reader, mem memory.Allocator) (records, error) {
	meta := kvMetadata(pf)
	dropArrowSchema(pf)
	fr, err := pqarrow.NewFileReader(pf, pqarrow.ArrowReadProperties{BatchSize: defaultBatchRows}, mem)
	if err != nil {
		return records{}, err
	}
	schema, err := fr.Schema()
	if err != nil {
		return records{}, err
	}
	return records{
		schema: schema,
		meta:   meta,
		rows:   pf.NumRows(),
		each: func(fn func(arrow.RecordBatch) error) error {
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

func ipcRecords(fr *ipc.FileReader) records {
	var rows int64 = -1 // the IPC footer gives no count
	return records{
		schema: fr.Schema(),
		meta:   fr.Schema().Metadata().ToMap(),
		rows:   rows,
		each: func(fn func(arrow.RecordBatch) error) error {
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

// hasSgtabKeys reports whether meta holds any key sgtab writes.
func hasSgtabKeys(meta map[string]string) bool {
	for k := range meta {
		if strings.HasPrefix(k, "sgtab.") {
			return true
		}
	}
	return false
}

// kindOf tells what a file holds: its sgtab.kind, or for files written
// before that key, what its keys and columns say.
func kindOf(recs records) (Kind, error) {
	meta := recs.meta
	if k, ok := meta[KeyKind]; ok {
		switch Kind(k) {
		case KindTable, KindLattice, KindRare, KindSummary, KindCensus, KindCheckpoint, KindGraph:
			return Kind(k), nil
		}
		return "", fmt.Errorf("metadata %s = %q: not a kind of file sgtab reads", KeyKind, k)
	}
	switch {
	case meta[keyGames] != "":
		return KindSummary, nil
	case meta[KeyWidth] != "":
		return KindLattice, nil
	case meta[KeyRareCount] != "" && meta[KeyRareCount] == strconv.FormatInt(recs.rows, 10) &&
		meta[KeyHeaps] != strconv.FormatInt(recs.rows-1, 10):
		return KindRare, nil
	}
	return KindTable, nil
}

// column finds the column name of s and checks that its type is an integer
// type; it returns -1 when the column is absent and not required.
func column(s *arrow.Schema, name string, required bool) (int, error) {
	idx := s.FieldIndices(name)
	switch {
	case len(idx) == 0 && !required:
		return -1, nil
	case len(idx) == 0:
		return -1, fmt.Errorf("column %s missing", name)
	case len(idx) > 1:
		return -1, fmt.Errorf("column %s appears %d times", name, len(idx))
	}
	switch dt := s.Field(idx[0]).Type; dt.ID() {
	case arrow.INT32, arrow.INT64, arrow.UINT32, arrow.UINT64:
	default:
		return -1, fmt.Errorf("column %s has type %s, want an integer type (int64 or int32)", name, dt)
	}
	return idx[0], nil
}

// columns finds the columns names of s, the first required ones required.
func columns(s *arrow.Schema, required int, names ...string) ([]int, error) {
	idx := make([]int, len(names))
	for i, name := range names {
		c, err := column(s, name, i < required)
		if err != nil {
			return nil, err
		}
		idx[i] = c
	}
	return idx, nil
}

// batchColumns returns the columns idx of rec (skipping -1), checking that
// each has a value in every row.
func batchColumns(rec arrow.RecordBatch, idx []int) ([]arrow.Array, error) {
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

// ints returns the values of the integer column a, of any width, signed
// or not, as int64, in buf.
func ints(a arrow.Array, buf []int64) ([]int64, error) {
	buf = buf[:0]
	switch a := a.(type) {
	case *array.Int64:
		return append(buf, a.Int64Values()...), nil
	case *array.Int32:
		return widen(buf, a.Int32Values()), nil
	case *array.Int16:
		return widen(buf, a.Int16Values()), nil
	case *array.Int8:
		return widen(buf, a.Int8Values()), nil
	case *array.Uint32:
		return widen(buf, a.Uint32Values()), nil
	case *array.Uint16:
		return widen(buf, a.Uint16Values()), nil
	case *array.Uint8:
		return widen(buf, a.Uint8Values()), nil
	case *array.Uint64:
		for _, v := range a.Uint64Values() {
			if v > math.MaxInt64 {
				return nil, fmt.Errorf("value %d out of range", v)
			}
			buf = append(buf, int64(v))
		}
		return buf, nil
	}
	return nil, fmt.Errorf("type %s, want integers", a.DataType())
}

// widen appends the integers vs, each of which fits in int64, to buf.
func widen[T int8 | int16 | int32 | uint8 | uint16 | uint32](buf []int64, vs []T) []int64 {
	for _, v := range vs {
		buf = append(buf, int64(v))
	}
	return buf
}

// values returns the SG values of the column a, each from 0 to 2^32 − 1, in
// buf (or a's own memory).
func values(name string, a arrow.Array, buf []uint32) ([]uint32, error) {
	bad := func(v int64) error {
		return fmt.Errorf("column %s holds %d, not an SG value (0 to %d)", name, v, uint32(math.MaxUint32))
	}
	switch a := a.(type) {
	case *array.Uint32:
		return a.Uint32Values(), nil
	case *array.Int32:
		vs := a.Int32Values()
		for _, v := range vs {
			if v < 0 {
				return nil, bad(int64(v))
			}
		}
		return arrow.Uint32Traits.CastFromBytes(arrow.Int32Traits.CastToBytes(vs)), nil
	}
	long, err := ints(a, nil)
	if err != nil {
		return nil, fmt.Errorf("column %s: %w", name, err)
	}
	buf = buf[:0]
	for _, v := range long {
		if v < 0 || v > math.MaxUint32 {
			return nil, bad(v)
		}
		buf = append(buf, uint32(v))
	}
	return buf, nil
}

// counting checks that the column a holds first, first+1, …
func counting(name string, a arrow.Array, first int, buf []int64) ([]int64, error) {
	vs, err := ints(a, buf)
	if err != nil {
		return nil, fmt.Errorf("column %s: %w", name, err)
	}
	for i, v := range vs {
		if v != int64(first+i) {
			return nil, fmt.Errorf("column %s: row %d holds %s = %d, want %d", name, first+i, name, v, first+i)
		}
	}
	return vs, nil
}

// readTable reads a heap game's table and verifies it.
func (f *File) readTable(ctx context.Context, recs records, opt ReadOptions) error {
	idx, err := columns(recs.schema, 2, colN, colSG, colRing)
	if err != nil {
		return err
	}
	t := &compute.Table{}
	var (
		long []int64
		wide []uint32
	)
	err = recs.each(func(rec arrow.RecordBatch) error {
		cols, err := batchColumns(rec, idx)
		if err != nil {
			return err
		}
		if long, err = counting(colN, cols[0], t.G.Len(), long); err != nil {
			return err
		}
		vs, err := values(colSG, cols[1], wide)
		if err != nil {
			return err
		}
		t.G.Append(vs...)
		if cols[2] != nil {
			if vs, err = values(colRing, cols[2], wide); err != nil {
				return err
			}
			t.Ring.Append(vs...)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if recs.rows >= 0 && int64(t.G.Len()) != recs.rows {
		return fmt.Errorf("read %d rows, file says %d", t.G.Len(), recs.rows)
	}
	if t.G.Len() == 0 {
		return errors.New("no rows")
	}
	f.Table = t
	if f.Foreign && sgtabColumns(recs.schema) {
		return errors.New("it has the columns of a table sgtab writes (n, sg, none of them nullable) but none of its metadata: " +
			"a table whose metadata was lost or damaged, which nothing can verify; compute it again with sgtab run")
	}
	if err := f.tableGame(); err != nil {
		return err
	}
	if f.Foreign {
		t.Analysis = compute.Observe(t)
		return nil
	}
	if err := verifySums(f.Meta, t.G, t.Ring); err != nil {
		return err
	}
	return f.verifyAnalysis(ctx, opt)
}

// sgtabColumns reports whether the schema s has the columns of a heap
// game's table as sgtab writes them: n, sg and perhaps sg_ring, in this
// order, none of them nullable, which other tools' tables (pandas, polars,
// DuckDB: nullable columns) are not.
func sgtabColumns(s *arrow.Schema) bool {
	names := make([]string, s.NumFields())
	for i, f := range s.Fields() {
		if f.Nullable {
			return false
		}
		names[i] = f.Name
	}
	return slices.Equal(names, []string{colN, colSG}) || slices.Equal(names, []string{colN, colSG, colRing})
}

// tableGame fills in the Game of f.Table from the metadata, checking the
// keys that say what the table holds against the table.
func (f *File) tableGame() error {
	t, meta := f.Table, f.Meta
	g := &t.Game
	g.Heaps = t.G.Len() - 1
	if err := metaInt(meta, KeyHeaps, g.Heaps, "the file holds n = 0..%d"); err != nil {
		return err
	}
	g.Name = meta[KeyName]
	g.Config = meta[KeyConfig]
	switch s := meta[KeyPlay]; s {
	case "", "normal":
	case "misere":
		g.Misere = true
	default:
		return fmt.Errorf("metadata %s = %q, want normal or misere", KeyPlay, s)
	}
	if s, ok := strings.CutPrefix(meta[KeyRule], "state:"); ok {
		if !isStateGame(s) || s == "euclid" {
			return fmt.Errorf("metadata %s = %q: no built-in game with a heap table of that name", KeyRule, meta[KeyRule])
		}
		g.State = s
	} else if s, ok := meta[KeyRule]; ok {
		r, err := rules.ParseCode(s, 0)
		if err != nil {
			return fmt.Errorf("metadata %s: %w", KeyRule, err)
		}
		g.Rule = r
	} else if !f.Foreign {
		return fmt.Errorf("metadata %s missing: the file does not say the game's moves", KeyRule)
	}
	if s, ok := meta[KeyValues]; ok && s != g.Quantity() {
		return fmt.Errorf("metadata %s = %q, but the table of this game holds %s values", KeyValues, s, g.Quantity())
	}
	if s, ok := meta[KeyCreated]; ok {
		c, err := time.Parse(time.RFC3339, s)
		if err != nil {
			return fmt.Errorf("metadata %s: %w", KeyCreated, err)
		}
		t.Created = c
	}
	switch s := meta[KeyStart]; s {
	case "", "line":
		g.Start = rules.StartLine
	case "ring":
		g.Start = rules.StartRing
	default:
		return fmt.Errorf("metadata %s = %q, want line or ring", KeyStart, s)
	}
	switch hasRing := t.Ring.Len() > 0; {
	case g.Start == rules.StartRing && !hasRing:
		return fmt.Errorf("metadata %s = ring, but the file has no column %s", KeyStart, colRing)
	case g.Start != rules.StartRing && hasRing:
		return fmt.Errorf("the file has a column %s, but its metadata %s is not ring", colRing, KeyStart)
	}
	return nil
}

func isStateGame(s string) bool {
	for _, name := range rules.StateGames {
		if name == s {
			return true
		}
	}
	return false
}

// metaInt checks that the metadata key, when present, is the decimal want;
// format says what the file holds instead, from want.
func metaInt(meta map[string]string, key string, want int, format string) error {
	s, ok := meta[key]
	if !ok {
		return nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("metadata %s: %w", key, err)
	}
	if n != want {
		return fmt.Errorf("metadata %s = %d, but "+format, key, n, want)
	}
	return nil
}

// verifySums checks the values (g) and any further columns of values
// against sgtab.checksum (of g alone) and sgtab.crc32c (of all); at least
// one must be present.
func verifySums(meta map[string]string, g compute.Values, more ...compute.Values) error {
	sum, hasSum := meta[KeyChecksum]
	crc, hasCRC := meta[KeyCRC]
	if !hasSum && !hasCRC {
		return fmt.Errorf("no checksum (%s or %s) to verify the values with; compute the table again with sgtab run", KeyChecksum, KeyCRC)
	}
	if hasSum {
		if got := g.Checksum(); got != sum {
			return fmt.Errorf("damaged: the values' checksum is %s, but %s says %s", got, KeyChecksum, sum)
		}
	}
	if hasCRC {
		if got := crcOf(append([]compute.Values{g}, more...)...); got != crc {
			return fmt.Errorf("damaged: the values' CRC-32C is %s, but %s says %s", got, KeyCRC, crc)
		}
	}
	return nil
}

// verifyPrefix is how many heap sizes (and the side of the square of a
// board) a reader computes again to check that a table's values are those of
// its rule.
const verifyPrefix = 1024

// verifyAnalysis analyses f.Table's values again, reconciles the result with
// the metadata's claims, and checks the first values against the rule.
func (f *File) verifyAnalysis(ctx context.Context, opt ReadOptions) error {
	t, meta := f.Table, f.Meta
	a := compute.Analyze(t)
	claimed := meta[KeyStatus] == string(compute.Proved)
	check := min(t.N(), verifyPrefix)
	switch {
	case claimed:
		var want compute.Period
		if err := readPeriod(meta, &want); err != nil {
			return err
		}
		if a.Status != compute.Proved || a.Period != want {
			return fmt.Errorf("metadata %s says the period %d from n = %d is proved, but the values do not prove it", KeyStatus, want.Length, want.Start)
		}
		need := a.Proof.Need(a.Period)
		check = max(check, need)
		if c, err := strconv.Atoi(meta[KeyComputed]); err == nil && c >= need && c <= t.N() {
			a.Computed = c
		}
	case a.Status == compute.Proved:
		// The values would prove it, but the file does not claim it:
		// report what the values show, no more.
		a.Status, a.Proof = compute.Observed, compute.Proof{}
	}
	if r := a.Ring; r != nil {
		// The ring's period is proved from the rows' proved period: the
		// same rules, for the ring's own claim.
		switch {
		case meta[KeyRingStatus] == string(compute.Proved):
			var want compute.Period
			if err := readPeriodKeys(meta, &want, KeyRingPeriod, KeyRingPreperiod, KeyRingSaltus); err != nil {
				return err
			}
			if a.Status != compute.Proved || r.Status != compute.Proved || r.Period != want {
				return fmt.Errorf("metadata %s says the ring period %d from n = %d is proved, but the values do not prove it", KeyRingStatus, want.Length, want.Start)
			}
			check = max(check, r.Proof.Need(r.Period))
		case r.Status == compute.Proved:
			r.Status, r.Proof = compute.Observed, compute.Proof{}
		}
	}
	t.Analysis = a
	return checkRule(ctx, t, check, opt)
}

// readPeriod reads sgtab.period, sgtab.preperiod and sgtab.saltus into p.
func readPeriod(meta map[string]string, p *compute.Period) error {
	return readPeriodKeys(meta, p, KeyPeriod, KeyPreperiod, KeySaltus)
}

// readPeriodKeys reads a period's length, start and saltus into p from the
// metadata keys given.
func readPeriodKeys(meta map[string]string, p *compute.Period, period, preperiod, saltus string) error {
	for _, f := range []struct {
		key string
		v   *int
	}{{period, &p.Length}, {preperiod, &p.Start}} {
		n, err := strconv.Atoi(meta[f.key])
		if err != nil || n < 0 {
			return fmt.Errorf("metadata %s = %q, want a whole number", f.key, meta[f.key])
		}
		*f.v = n
	}
	s, err := strconv.ParseUint(meta[saltus], 10, 32)
	if err != nil {
		return fmt.Errorf("metadata %s = %q, want a whole number", saltus, meta[saltus])
	}
	p.Saltus = uint32(s)
	return nil
}

// checkRule checks t's first values, those of heap sizes 0..m, against
// its rule (compute.Verify), within the budget of opt: the first
// verifyPrefix first, so that a table of another game is told by its
// values before the budget refuses a long proof window.
func checkRule(ctx context.Context, t *compute.Table, m int, opt ReadOptions) error {
	budget := opt.budget()
	steps := []int{m}
	if m > verifyPrefix {
		steps = []int{verifyPrefix, m}
	}
	for _, through := range steps {
		v, err := compute.VerifyTable(ctx, t, compute.VerifyOptions{Through: through, MaxWork: budget, Workers: opt.Workers})
		if err != nil {
			return ruleError(t, err)
		}
		if budget > 0 {
			budget = max(1, budget-v.Work)
		}
	}
	return nil
}

// ruleError words an error of compute.Verify checking t against its rule.
func ruleError(t *compute.Table, err error) error {
	rule := ShortRule(t.Game)
	if bad, ok := errors.AsType[*compute.MismatchError](err); ok {
		f := bad.Quantity
		if bad.Ring {
			f = "ring " + f
		}
		if bad.Period != nil {
			return &rowError{bad.N, fmt.Errorf("the file's %s(%d) is %d, but the period %d that its values below prove for the rule %s gives %d: these are not the values of its game",
				f, bad.N, bad.Got, bad.Period.Length, rule, bad.Want)}
		}
		return &rowError{bad.N, fmt.Errorf("the file's %s(%d) is %d, but the rule %s gives %d: these are not the values of its game", f, bad.N, bad.Got, rule, bad.Want)}
	}
	if _, ok := errors.AsType[*compute.BudgetError](err); ok {
		return fmt.Errorf("%w, the most a reader spends on the rule %s: refused; sgtab inspect -verify checks it without a bound", err, rule)
	}
	return err
}

// ShortRule returns the game's rule as RuleText writes it, cut short with
// its length when it is too long to read in a message.
func ShortRule(g rules.Game) string {
	const most = 40
	s := g.RuleText()
	if len(s) <= most {
		return s
	}
	cut := most - 8
	for !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (%d characters)", s[:cut], len(s))
}
