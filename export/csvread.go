package export

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/sgtab/sgtab/export/fileformat"
)

// A LineError is a problem at a line of a file: a CSV table's row, or a
// line of its sidecar. It prints as FILE:LINE: what is wrong.
type LineError struct {
	File string
	Line int
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err) }

func (e *LineError) Unwrap() error { return e.Err }

// A rowError is an error about one row of a table, numbered from 0, which
// the reader of a CSV table words with the row's line.
type rowError struct {
	row int
	err error
}

func (e *rowError) Error() string { return e.err.Error() }

func (e *rowError) Unwrap() error { return e.err }

// isCSV reports whether path names a CSV table: its name ends in .csv.
func isCSV(path string) bool { return strings.EqualFold(filepath.Ext(path), ".csv") }

// readCSV reads the CSV table at path and its sidecar, and verifies them
// as Read verifies a Parquet file: the sidecar gives the columns, the
// number of rows and the metadata, and the rows must be those columns, in
// order, that many.
func readCSV(ctx context.Context, path string, mem memory.Allocator, opt ReadOptions) (f *File, err error) {
	side, err := readSidecar(SidecarPath(path))
	if err != nil {
		return nil, err
	}
	err = fileformat.OpenFile(path, func(r io.ReaderAt, size int64) error {
		f, err = readRecords(ctx, "csv", side.records(path, r, size, mem), opt)
		return err
	})
	if re, ok := errors.AsType[*rowError](err); ok {
		// A table of numbers only, one row a line after the header.
		return nil, &LineError{File: path, Line: re.row + 2, Err: re.err}
	}
	if err != nil && !isLineError(err) && ctx.Err() == nil {
		return nil, fmt.Errorf("checked against its sidecar %s: %w", filepath.Base(SidecarPath(path)), err)
	}
	return f, err
}

// isLineError reports whether err is a *LineError itself, not one wrapped.
func isLineError(err error) bool {
	le, ok := errors.AsType[*LineError](err)
	return ok && error(le) == err
}

// records returns the records of the CSV table of s, the size bytes of r
// read from path, as record batches of fileformat.DefaultBatchRows rows.
func (s *sidecar) records(path string, r io.ReaderAt, size int64, mem memory.Allocator) fileformat.Records {
	schema := s.schema()
	sc := &csvScan{path: path, side: s, schema: schema, mem: mem}
	if Kind(s.Metadata[KeyKind]) == KindLattice {
		sc.width, _ = strconv.Atoi(s.Metadata[KeyWidth]) // readLattice checks it
	}
	return fileformat.Records{
		Schema: schema,
		Meta:   s.Metadata,
		Rows:   s.Rows,
		Each: func(fn func(arrow.RecordBatch) error) error {
			return sc.scan(io.NewSectionReader(r, 0, size), fn)
		},
	}
}

// maxCSVLine bounds a CSV table's lines, in bytes: far more than a row of
// numbers takes, or one of a node name (graph.MaxName bytes, each quote
// doubled); a reader holds a whole line in memory, and a damaged file (a
// run of zero bytes) may have no line break at all.
const maxCSVLine = 1 << 16

// A csvScan reads the rows of a CSV table into record batches.
type csvScan struct {
	path   string
	side   *sidecar
	schema *arrow.Schema
	mem    memory.Allocator
	width  int    // a lattice's board's width, for the order of its rows; 0 for other tables
	line   []byte // the row being read, as sgtab writes it
}

// A csvSource yields the records of a CSV file: next returns the fields of
// the next one, which stay valid until the next call, and the line where
// it starts; io.EOF after the last. Blank lines are skipped. ended returns
// the line where the last record read ends.
type csvSource interface {
	next() (fields [][]byte, line int, err error)
	ended() int
}

// scan reads the CSV table from r and calls fn with its record batches in
// order, checking its header, each row's fields, the order of its rows
// (n = 0, 1, … in a table; (x, y) across the board in a lattice), their
// number and their block checksums.
func (sc *csvScan) scan(r io.Reader, fn func(arrow.RecordBatch) error) error {
	strs := sc.schema.Field(0).Type.ID() == arrow.STRING
	var src csvSource
	if strs {
		src = newQuotedRecords(r, sc.path)
	} else {
		src = newNumberLines(r, sc.path)
	}
	b := array.NewRecordBuilder(sc.mem, sc.schema)
	defer b.Release()
	blocks := newBlockSums(sc.side.Rows, sc.side.BlockRows)
	last := 0  // the line of the last record read
	first := 0 // the line of the first row of the block being read
	for row := -1; ; row++ {
		fields, line, err := src.next()
		switch {
		case errors.Is(err, io.EOF):
			return sc.end(b, fn, row, src.ended())
		case err != nil:
			return err
		case len(fields) != len(sc.side.Columns):
			return &LineError{File: sc.path, Line: line, Err: fmt.Errorf("want %d fields (the columns %s), got %d", len(sc.side.Columns), strings.Join(sc.side.header(), ","), len(fields))}
		case row < 0:
			if err := sc.checkHeader(fields, line); err != nil {
				return err
			}
			last = line
			continue
		case row%int(sc.side.BlockRows) == 0:
			first = line
		}
		canon, err := sc.row(b, fields, row, line, last, strs)
		if err != nil {
			return &LineError{File: sc.path, Line: line, Err: err}
		}
		last = line
		if blocks.add(canon) {
			if err := sc.checkBlock(blocks, first, line); err != nil {
				return err
			}
		}
		if b.Field(0).Len() == fileformat.DefaultBatchRows {
			if err := emitBatch(b, fn); err != nil {
				return err
			}
		}
	}
}

// checkHeader checks the header row, at line.
func (sc *csvScan) checkHeader(fields [][]byte, line int) error {
	names := sc.side.header()
	got := make([]string, len(fields))
	for i, f := range fields {
		got[i] = string(f)
	}
	if !slices.Equal(got, names) {
		return &LineError{File: sc.path, Line: line, Err: fmt.Errorf("the header is %s, but the sidecar's columns are %s", strings.Join(got, ","), strings.Join(names, ","))}
	}
	return nil
}

// end checks, at the end of the file, that the rows read (the last ending
// at line last) are as many as the sidecar says, and hands on the last
// batch.
func (sc *csvScan) end(b *array.RecordBuilder, fn func(arrow.RecordBatch) error, rows, last int) error {
	switch {
	case rows < 0:
		return &LineError{File: sc.path, Line: 1, Err: fmt.Errorf("empty: want the header %s", strings.Join(sc.side.header(), ","))}
	case int64(rows) != sc.side.Rows:
		return &LineError{File: sc.path, Line: last + 1, Err: fmt.Errorf("the file ends after %d rows, but its sidecar says %d", rows, sc.side.Rows)}
	}
	return emitBatch(b, fn)
}

// checkBlock checks the checksum of the block of rows blocks has just
// ended, from line first to line last, against the sidecar's.
func (sc *csvScan) checkBlock(blocks *blockSums, first, last int) error {
	got := blocks.sums[len(blocks.sums)-8:]
	want := sc.side.BlockCRC[len(blocks.sums)-8 : len(blocks.sums)]
	if string(got) == want {
		return nil
	}
	return &LineError{File: sc.path, Line: first, Err: fmt.Errorf("the rows of lines %d to %d are not those written with its sidecar %s (their CRC-32C is %s, the sidecar says %s): a value was changed, or the sidecar is another table's",
		first, last, filepath.Base(SidecarPath(sc.path)), got, want)}
}

// row appends the fields of the row numbered row (from 0), at line (the
// last row ended at line last), to the builders of b, and returns the row
// as sgtab writes it, for the block checksums.
func (sc *csvScan) row(b *array.RecordBuilder, fields [][]byte, row, line, last int, strs bool) ([]byte, error) {
	switch {
	case int64(row) >= sc.side.Rows:
		return nil, fmt.Errorf("more rows than the %d its sidecar says", sc.side.Rows)
	case !strs && line != last+1:
		return nil, errors.New("a blank line before this row: a table has one row a line")
	}
	var vals [2]int64 // the key columns: n, or x and y
	canon := sc.line[:0]
	for i, f := range fields {
		if i > 0 {
			canon = append(canon, ',')
		}
		c := sc.side.Columns[i]
		if c.Type == "string" {
			b.Field(i).(*array.StringBuilder).Append(string(f))
			canon = appendField(canon, string(f))
			continue
		}
		v, err := parseField(c, f)
		if err != nil {
			return nil, err
		}
		if i < len(vals) {
			vals[i] = v
		}
		canon = strconv.AppendInt(canon, v, 10)
		if c.Type == "int32" {
			b.Field(i).(*array.Int32Builder).Append(int32(v))
		} else {
			b.Field(i).(*array.Int64Builder).Append(v)
		}
	}
	sc.line = append(canon, '\n')
	switch {
	case sc.side.Columns[0].Name == colN && vals[0] != int64(row):
		return nil, fmt.Errorf("n = %d, want %d: a row is missing or out of order", vals[0], row)
	case sc.width > 0 && (vals[0] != int64(row%sc.width) || vals[1] != int64(row/sc.width)):
		return nil, fmt.Errorf("(x, y) = (%d, %d), want (%d, %d): a row is missing or out of order", vals[0], vals[1], row%sc.width, row/sc.width)
	}
	return sc.line, nil
}

// parseField reads the field f of the integer column c: a whole number in
// decimal, of c's type, at least 0 but for a node's name, and an SG value
// (at most 2^32 − 1) in sg and sg_ring.
func parseField(c sidecarColumn, f []byte) (int64, error) {
	bits := 64
	if c.Type == "int32" {
		bits = 32
	}
	v, ok, inRange := decimal(f, bits)
	switch {
	case !ok:
		return 0, fmt.Errorf("column %s: %q is not a whole number", c.Name, f)
	case !inRange:
		return 0, fmt.Errorf("column %s: %s is out of the range of %s", c.Name, f, c.Type)
	case c.Name == colNode:
	case v < 0:
		return 0, fmt.Errorf("column %s: %d, want a whole number ≥ 0", c.Name, v)
	case (c.Name == colSG || c.Name == colRing) && v > math.MaxUint32:
		return 0, fmt.Errorf("column %s: %d is not an SG value (0 to %d)", c.Name, v, uint32(math.MaxUint32))
	}
	return v, nil
}

// decimal reads f, a whole number in decimal digits with an optional
// minus sign, as strconv.ParseInt(f, 10, bits) does but without
// allocating: ok when f is one, inRange when it fits in bits bits.
func decimal(f []byte, bits int) (v int64, ok, inRange bool) {
	neg := len(f) > 0 && f[0] == '-'
	if neg {
		f = f[1:]
	}
	if len(f) == 0 {
		return 0, false, false
	}
	limit := uint64(1) << (bits - 1) // the magnitude of the least value
	var u uint64
	inRange = true
	for _, c := range f {
		if c < '0' || c > '9' {
			return 0, false, false
		}
		if u > (limit-uint64(c-'0'))/10 {
			inRange = false // keep going: is it a number at all?
			continue
		}
		u = u*10 + uint64(c-'0')
	}
	if !neg && u == limit {
		inRange = false
	}
	if neg {
		return -int64(u), true, inRange
	}
	return int64(u), true, inRange
}

// emitBatch hands the rows b holds, if any, to fn as a record batch.
func emitBatch(b *array.RecordBuilder, fn func(arrow.RecordBatch) error) error {
	if b.Field(0).Len() == 0 {
		return nil
	}
	return emit(b, fn)
}

// skipBOM skips a UTF-8 byte-order mark at the start of br, as a
// spreadsheet may save one.
func skipBOM(br *bufio.Reader) {
	if bom, _ := br.Peek(len("\uFEFF")); string(bom) == "\uFEFF" {
		br.Discard(len(bom))
	}
}

// numberLines reads a CSV file of numbers, whose fields hold no comma, line
// break or quote (a field in quotes is read without them), a line at a
// time, allocating nothing per line: the fast way through the tables of
// heap games and lattices, which may have billions of rows.
type numberLines struct {
	br     *bufio.Reader // of maxCSVLine bytes: a longer line is refused
	file   string
	line   int // the line read last
	last   int // the line of the last record
	fields [][]byte
}

func newNumberLines(r io.Reader, file string) *numberLines {
	l := &numberLines{br: bufio.NewReaderSize(r, maxCSVLine), file: file}
	skipBOM(l.br)
	return l
}

func (l *numberLines) ended() int { return l.last }

func (l *numberLines) next() ([][]byte, int, error) {
	for {
		raw, err := l.br.ReadSlice('\n')
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			return nil, 0, &LineError{File: l.file, Line: l.line + 1, Err: errLongLine}
		case errors.Is(err, io.EOF) && len(raw) == 0:
			return nil, 0, io.EOF
		case err != nil && !errors.Is(err, io.EOF):
			return nil, 0, fmt.Errorf("%s: %w", l.file, err)
		}
		l.line++
		raw = bytes.TrimSuffix(bytes.TrimSuffix(raw, []byte("\n")), []byte("\r"))
		if len(raw) == 0 {
			continue
		}
		l.fields = l.fields[:0]
		for f := range bytes.SplitSeq(raw, []byte(",")) {
			if len(f) >= 2 && f[0] == '"' && f[len(f)-1] == '"' {
				f = f[1 : len(f)-1]
			}
			if bytes.IndexByte(f, '"') >= 0 {
				return nil, 0, &LineError{File: l.file, Line: l.line, Err: fmt.Errorf("a quote in the field %q of a table of numbers", f)}
			}
			l.fields = append(l.fields, f)
		}
		l.last = l.line
		return l.fields, l.line, nil
	}
}

// quotedRecords reads a CSV file whose fields may be quoted and hold
// commas, quotes and line breaks (the names of a graph's nodes), with
// encoding/csv.
type quotedRecords struct {
	r      *csv.Reader
	file   string
	last   int // the line where the last record ends
	fields [][]byte
}

func newQuotedRecords(r io.Reader, file string) *quotedRecords {
	br := bufio.NewReaderSize(&lineCap{r: r, file: file, most: maxCSVLine}, 1<<16)
	skipBOM(br)
	cr := csv.NewReader(br)
	cr.FieldsPerRecord = -1 // the caller checks
	cr.ReuseRecord = true
	return &quotedRecords{r: cr, file: file}
}

func (q *quotedRecords) ended() int { return q.last }

func (q *quotedRecords) next() ([][]byte, int, error) {
	rec, err := q.r.Read()
	if pe, ok := errors.AsType[*csv.ParseError](err); ok {
		return nil, 0, &LineError{File: q.file, Line: pe.Line, Err: pe.Err}
	}
	if err != nil {
		if !errors.Is(err, io.EOF) && !isLineError(err) {
			err = fmt.Errorf("%s: %w", q.file, err)
		}
		return nil, 0, err
	}
	line, _ := q.r.FieldPos(0)
	q.last, _ = q.r.FieldPos(len(rec) - 1)
	q.fields = q.fields[:0]
	for _, s := range rec {
		q.fields = append(q.fields, []byte(s))
	}
	return q.fields, line, nil
}

// errLongLine is the error of a line of more than maxCSVLine bytes.
var errLongLine = fmt.Errorf("a line of more than %d bytes, longer than any row of a table", maxCSVLine)

// A lineCap reads r, failing with a *LineError once a line runs past most
// bytes (its line break not counted): encoding/csv would hold it whole.
type lineCap struct {
	r    io.Reader
	file string
	most int
	line int // lines ended so far
	run  int // bytes of the line being read so far
}

// Read implements io.Reader.
func (c *lineCap) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	rest := p[:n]
	for {
		i := bytes.IndexByte(rest, '\n')
		if i < 0 {
			break
		}
		if c.run+i > c.most {
			return 0, &LineError{File: c.file, Line: c.line + 1, Err: errLongLine}
		}
		c.line++
		c.run = 0
		rest = rest[i+1:]
	}
	if c.run += len(rest); c.run > c.most {
		return 0, &LineError{File: c.file, Line: c.line + 1, Err: errLongLine}
	}
	return n, err
}
