package export

import (
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export/fileformat"
)

// A rowColumn is a column of a table of rows of type R, one row per game:
// a run's summary (Summary) or a sweep's census (CensusRow). A table is
// the list of its columns, in order, each defined once: its Arrow field
// and the cell a row holds in it, which the table's writer appends and its
// CRC covers. Exactly one of str, num, float and list is set, as the
// field's type says (flag for a bool column).
type rowColumn[R any] struct {
	arrow.Field
	// valid reports whether a row's cell holds a value, nil for a column
	// that is never null; the cell is null where it is false.
	valid func(r *R) bool
	str   func(r *R) string   // a string column's cell
	num   func(r *R) int64    // an int64 column's
	float func(r *R) float64  // a float64 column's
	list  func(r *R) []uint32 // a list<int32> column's (each value at most 2^31 − 1)
	flag  func(r *R) bool     // a bool column's
}

// boolColumn returns the bool column name, whose cell in a row is cell.
func boolColumn[R any](name string, cell func(r *R) bool) rowColumn[R] {
	return rowColumn[R]{Field: arrow.Field{Name: name, Type: arrow.FixedWidthTypes.Boolean}, flag: cell}
}

// strColumn returns the string column name, whose cell in a row is cell.
func strColumn[R any](name string, cell func(r *R) string) rowColumn[R] {
	return rowColumn[R]{Field: arrow.Field{Name: name, Type: arrow.BinaryTypes.String}, str: cell}
}

// numColumn returns the int64 column name, whose cell in a row is cell.
func numColumn[R any](name string, cell func(r *R) int64) rowColumn[R] {
	return rowColumn[R]{Field: arrow.Field{Name: name, Type: arrow.PrimitiveTypes.Int64}, num: cell}
}

// floatColumn returns the float64 column name, whose cell in a row is cell.
func floatColumn[R any](name string, cell func(r *R) float64) rowColumn[R] {
	return rowColumn[R]{Field: arrow.Field{Name: name, Type: arrow.PrimitiveTypes.Float64}, float: cell}
}

// listColumn returns the list<int32> column name, whose cell in a row is
// cell, each value above 2^31 − 1 written as 2^31 − 1.
func listColumn[R any](name string, cell func(r *R) []uint32) rowColumn[R] {
	return rowColumn[R]{Field: arrow.Field{Name: name, Type: arrow.ListOf(arrow.PrimitiveTypes.Int32)}, list: cell}
}

// nullUnless returns c nullable, null in the rows where valid is false.
func (c rowColumn[R]) nullUnless(valid func(r *R) bool) rowColumn[R] {
	c.Nullable, c.valid = true, valid
	return c
}

// appendCell appends the cell of r to b, the builder of the column.
func (c *rowColumn[R]) appendCell(b array.Builder, r *R) {
	switch {
	case c.valid != nil && !c.valid(r):
		b.AppendNull()
	case c.str != nil:
		b.(*array.StringBuilder).Append(c.str(r))
	case c.num != nil:
		b.(*array.Int64Builder).Append(c.num(r))
	case c.float != nil:
		b.(*array.Float64Builder).Append(c.float(r))
	case c.flag != nil:
		b.(*array.BooleanBuilder).Append(c.flag(r))
	default:
		lb := b.(*array.ListBuilder)
		lb.Append(true)
		vb := lb.ValueBuilder().(*array.Int32Builder)
		for _, v := range c.list(r) {
			vb.Append(int32(min(v, math.MaxInt32)))
		}
	}
}

// appendBytes appends the cell of r to b as a row's CRC takes it, null or
// not (a null cell holds a value all the same): a string with its length,
// a number as a varint, a float by its bits, little-endian, a bool as a
// byte 0 or 1, a list as its
// length and its values as the column holds them.
func (c *rowColumn[R]) appendBytes(b []byte, r *R) []byte {
	switch {
	case c.str != nil:
		s := c.str(r)
		return append(binary.AppendUvarint(b, uint64(len(s))), s...)
	case c.num != nil:
		return binary.AppendVarint(b, c.num(r))
	case c.float != nil:
		return binary.LittleEndian.AppendUint64(b, math.Float64bits(c.float(r)))
	case c.flag != nil:
		if c.flag(r) {
			return append(b, 1)
		}
		return append(b, 0)
	}
	vs := c.list(r)
	b = binary.AppendVarint(b, int64(len(vs)))
	for _, v := range vs {
		b = binary.AppendVarint(b, int64(min(v, math.MaxInt32)))
	}
	return b
}

// periodColumns returns the columns PREFIXperiod, PREFIXpreperiod and
// PREFIXsaltus of a row table: the length, start and saltus of the period
// p gives a row, null in the rows where has is false (no period found).
func periodColumns[R any](prefix string, p func(r *R) sg.Period, has func(r *R) bool) []rowColumn[R] {
	return []rowColumn[R]{
		numColumn(prefix+"period", func(r *R) int64 { return int64(p(r).Length) }).nullUnless(has),
		numColumn(prefix+"preperiod", func(r *R) int64 { return int64(p(r).Start) }).nullUnless(has),
		numColumn(prefix+"saltus", func(r *R) int64 { return int64(p(r).Saltus) }).nullUnless(has),
	}
}

// ringColumns returns the columns ring_status, ring_period, ring_preperiod
// and ring_saltus of a row table: the standing of the period of a row's
// ring values (status) and that period (p), null for a game that does not
// start on a ring (status ""), and the period's null where the rings have
// none.
func ringColumns[R any](status func(r *R) sg.Status, p func(r *R) sg.Period) []rowColumn[R] {
	return append([]rowColumn[R]{
		strColumn("ring_status", func(r *R) string { return string(status(r)) }).
			nullUnless(func(r *R) bool { return status(r) != "" }),
	}, periodColumns("ring_", p, func(r *R) bool { return status(r) != "" && status(r) != sg.None })...)
}

// rarePos is the name of the column of a row table that holds the parity
// of the rare/common split (see rarePosColumn).
const rarePos = "rare_pos"

// rarePosColumn returns the column rare_pos of a row table, the parity pos
// gives a row: "even" or "odd" when the heap's parity counts in the
// rare/common split, null otherwise.
func rarePosColumn[R any](pos func(r *R) sg.Parity) rowColumn[R] {
	return strColumn(rarePos, func(r *R) string { return string(pos(r)) }).
		nullUnless(func(r *R) bool { return pos(r) != sg.NoParity })
}

// rowFields returns the fields of the columns cols.
func rowFields[R any](cols []rowColumn[R]) []arrow.Field {
	fields := make([]arrow.Field, len(cols))
	for i, c := range cols {
		fields[i] = c.Field
	}
	return fields
}

// writeRowTable writes rows to w as a Parquet file of the columns cols, with
// the schema metadata md, in one record batch.
func writeRowTable[R any](w io.Writer, cols []rowColumn[R], md *arrow.Metadata, rows []R, opt Options) error {
	schema := arrow.NewSchema(rowFields(cols), md)
	return fileformat.WriteBatch(w, schema, opt.fileOptions(), func(b *array.RecordBuilder) {
		for i := range rows {
			for c := range cols {
				cols[c].appendCell(b.Field(c), &rows[i])
			}
		}
	})
}

// writeRowFile writes rows, a table of the kind kind, to the Parquet file
// path with the metadata sgtab.kind, sgtab.version, sgtab.games (the
// number of rows), sgtab.rows_crc32c (every column of every row), meta,
// and with opt.MACKey sgtab.mac (rowsMAC), under a temporary name
// renamed when complete (fileformat.WriteFile).
func writeRowFile[R any](path string, kind Kind, cols []rowColumn[R], rows []R, meta map[string]string, opt Options) error {
	md := map[string]string{KeyKind: string(kind), KeyVersion: opt.version(),
		keyGames: strconv.Itoa(len(rows)), KeyCensusCRC: rowsCRC(cols, rows)}
	for k, v := range meta {
		if _, ok := md[k]; ok || k == KeyMAC {
			return fmt.Errorf("metadata key %q is set by sgtab", k)
		}
		md[k] = v
	}
	if len(opt.MACKey) > 0 {
		md[KeyMAC] = rowsMAC(opt.MACKey, md, cols, rows)
	}
	err := writeFile(path, func(f *os.File) error {
		return writeRowTable(f, cols, schemaMetadata(md), rows, opt)
	})
	if err != nil {
		return fmt.Errorf("write parquet %s: %w", path, err)
	}
	return nil
}

// readKind reads and verifies the file at path (Read), which must be of
// kind kind: what names that kind in the error it is when it is not.
func readKind(path string, kind Kind, what string) (*File, error) {
	return readKindContext(context.Background(), path, ReadOptions{}, kind, what)
}

// readKindContext is readKind with ReadContext's context and options.
func readKindContext(ctx context.Context, path string, opt ReadOptions, kind Kind, what string) (*File, error) {
	f, err := ReadContext(ctx, path, opt)
	if err != nil {
		return nil, err
	}
	if f.Kind != kind {
		return nil, fmt.Errorf("read %s: not %s (it holds a %s)", path, what, f.Kind)
	}
	return f, nil
}

// readRowTable reads every row of recs, a table of rows R, with row (row
// i of the record batch rec, row n of the table), and checks their number
// against sgtab.games of meta.
func readRowTable[R any](recs fileformat.Records, meta map[string]string, row func(rec arrow.RecordBatch, i, n int) (R, error)) ([]R, error) {
	rows := []R{}
	err := recs.Each(func(rec arrow.RecordBatch) error {
		for i := range int(rec.NumRows()) {
			r, err := row(rec, i, len(rows))
			if err != nil {
				return err
			}
			rows = append(rows, r)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if n, err := strconv.Atoi(meta[keyGames]); err != nil || n != len(rows) {
		return nil, fmt.Errorf("%d rows, but %s says %q", len(rows), keyGames, meta[keyGames])
	}
	return rows, nil
}

// readRows reads and verifies a table of rows R with the columns cols:
// the columns found by name, no null where a column takes none, each row
// made by cell from row i of rec (row row of the table; idx[c] is the
// index of cols[c] in rec), their number against sgtab.games and their
// CRC against sgtab.rows_crc32c of meta.
func readRows[R any](recs fileformat.Records, meta map[string]string, cols []rowColumn[R], cell func(rec arrow.RecordBatch, idx []int, i, row int) (R, error)) ([]R, error) {
	idx, err := fieldsByName(recs.Schema, rowFields(cols), false)
	if err != nil {
		return nil, err
	}
	rows, err := readRowTable(recs, meta, func(rec arrow.RecordBatch, i, row int) (R, error) {
		if err := checkNulls(rec, cols, idx, i, row); err != nil {
			var zero R
			return zero, err
		}
		return cell(rec, idx, i, row)
	})
	if err != nil {
		return nil, err
	}
	if err := checkRowsCRC(meta, cols, rows); err != nil {
		return nil, err
	}
	return rows, nil
}

// checkNulls checks that row i of rec, row row of its table, has a value
// in each column of cols that is not nullable, idx their indices in rec.
func checkNulls[R any](rec arrow.RecordBatch, cols []rowColumn[R], idx []int, i, row int) error {
	for c := range cols {
		if !cols[c].Nullable && rec.Column(idx[c]).IsNull(i) {
			return fmt.Errorf("column %s, row %d: null", cols[c].Name, row)
		}
	}
	return nil
}
