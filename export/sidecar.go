package export

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/sgtab/sgtab/export/fileformat"
	"github.com/sgtab/sgtab/rules"
)

// A CSV table is two files: NAME.csv, the rows as plain comma-separated
// text (a header row of the column names, then one row a line, LF line
// ends, numbers in decimal), and its sidecar NAME.csv.json (SidecarPath),
// a JSON object that holds what a Parquet file keeps in its schema and
// footer:
//
//	{
//	  "format": "sgtab-csv 1",
//	  "rows": 1001,
//	  "columns": [{"name": "n", "type": "int64"}, {"name": "sg", "type": "int32"}],
//	  "metadata": {"sgtab.checksum": "…", "sgtab.kind": "table", …}
//	}
//
// The columns and their types are those of the Parquet table (int32,
// int64, or string for the node names of a graph), and the metadata is its
// every key, sgtab.mac included, so that the CSV table is verified when
// read back exactly as the Parquet one is.

// csvFormat is the sidecar's "format": its layout, numbered for changes.
const csvFormat = "sgtab-csv 1"

// SidecarPath returns the path of the sidecar of the CSV table at path:
// path with ".json" added, so that the sidecar is found from the CSV's
// name alone, whatever that is, and sorts beside it.
func SidecarPath(path string) string { return path + ".json" }

// A sidecar is the JSON file beside a CSV table: its columns, its number
// of rows and its metadata.
type sidecar struct {
	Format    string            `json:"format"`
	Rows      int64             `json:"rows"`
	Columns   []sidecarColumn   `json:"columns"`
	Metadata  map[string]string `json:"metadata"`
	BlockRows int64             `json:"block_rows"`
	BlockCRC  string            `json:"block_crc32c"`
}

// A sidecarColumn names a CSV column and the type of its Parquet column.
type sidecarColumn struct {
	Name string `json:"name"`
	Type string `json:"type"` // int32, int64 or string
}

// csvTypes maps the Arrow types of sgtab's columns to their names in a
// sidecar, and back.
var csvTypes = map[arrow.Type]string{arrow.INT32: "int32", arrow.INT64: "int64", arrow.STRING: "string"}

// newSidecar returns the sidecar of a table of schema (its columns and
// metadata) and rows rows. Metadata that is not UTF-8 text, which JSON
// cannot hold as it is, is refused.
func newSidecar(schema *arrow.Schema, rows int) (*sidecar, error) {
	s := &sidecar{Format: csvFormat, Rows: int64(rows), Metadata: schema.Metadata().ToMap()}
	for _, f := range schema.Fields() {
		s.Columns = append(s.Columns, sidecarColumn{Name: f.Name, Type: csvTypes[f.Type.ID()]})
	}
	for k, v := range s.Metadata {
		if !utf8.ValidString(k) || !utf8.ValidString(v) {
			return nil, fmt.Errorf("metadata %s is not UTF-8 text, which JSON cannot hold", strconv.Quote(k))
		}
	}
	return s, nil
}

// write writes s as indented JSON, keys in sorted order, < > & as they are.
func (s *sidecar) write(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(s)
}

// header returns the CSV header row of s's columns.
func (s *sidecar) header() []string {
	names := make([]string, len(s.Columns))
	for i, c := range s.Columns {
		names[i] = c.Name
	}
	return names
}

// maxSidecar bounds a sidecar's size: its metadata holds the config, of
// at most rules.MaxConfigSize bytes, which JSON's escapes may lengthen.
const maxSidecar = 8 * rules.MaxConfigSize

// readSidecar reads and checks the sidecar at path.
func readSidecar(path string) (*sidecar, error) {
	var data []byte
	err := fileformat.OpenFile(path, func(r io.ReaderAt, size int64) error {
		if size > maxSidecar {
			return fmt.Errorf("%d bytes, more than a sidecar's at most %d", size, maxSidecar)
		}
		data = make([]byte, size)
		_, err := r.ReadAt(data, 0)
		if errors.Is(err, io.EOF) {
			err = nil
		}
		return err
	})
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("its sidecar %s is missing: it holds the table's metadata (its game, its checksums), without which its values cannot be verified; sgtab run -formats csv writes both", path)
	}
	if err != nil {
		return nil, fmt.Errorf("its sidecar %s: %w", path, err)
	}
	var s sidecar
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	err = dec.Decode(&s)
	if err == nil && dec.More() {
		err = errors.New("more after the JSON object")
	}
	if err != nil {
		err = fmt.Errorf("not a sidecar of an sgtab CSV table: %w", err)
		if line := jsonLine(data, err); line > 0 {
			return nil, &LineError{File: path, Line: line, Err: err}
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if err := s.check(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &s, nil
}

// jsonLine returns the line of data at which decoding JSON failed with
// err, or 0 when err does not say.
func jsonLine(data []byte, err error) int {
	var offset int64
	if se, ok := errors.AsType[*json.SyntaxError](err); ok {
		offset = se.Offset
	} else if te, ok := errors.AsType[*json.UnmarshalTypeError](err); ok {
		offset = te.Offset
	} else {
		return 0
	}
	offset = min(max(offset, 0), int64(len(data)))
	return bytes.Count(data[:offset], []byte("\n")) + 1
}

// csvColumns are the columns of a CSV table of each kind sgtab writes as
// CSV, in order; a table's sg_ring is there on a ring start only, and a
// misère table's genus columns follow (genusFields).
var csvColumns = map[Kind][]string{
	KindTable:   {colN, colSG, colRing},
	KindLattice: {"x", "y", colSG},
	KindGraph:   {colNode, colSG},
}

// check checks that s is a sidecar sgtab writes: its format, a table's
// kind and its columns.
func (s *sidecar) check() error {
	if s.Format != csvFormat {
		return fmt.Errorf("format %q, want %q", s.Format, csvFormat)
	}
	kind := Kind(s.Metadata[KeyKind])
	want, ok := csvColumns[kind]
	if !ok {
		return fmt.Errorf("metadata %s = %q: sgtab writes as CSV tables of kind table, lattice and graph only", KeyKind, kind)
	}
	names := s.header()
	if kind == KindTable && len(names) > 2 {
		if genus, ok := genusFields(names); ok && len(genus) > 0 {
			names = names[:len(names)-len(genus)] // checked with the game: checkGenus
		}
	}
	if !slices.Equal(names, want) && !(kind == KindTable && slices.Equal(names, want[:2])) {
		return fmt.Errorf("columns %s, but a %s has the columns %s", strings.Join(names, ","), kind, strings.Join(want, ","))
	}
	for _, c := range s.Columns {
		if c.Type != "int32" && c.Type != "int64" && !(c.Name == colNode && c.Type == "string") {
			return fmt.Errorf("column %s of type %q, want int32 or int64%s", c.Name, c.Type, map[bool]string{true: " or string"}[c.Name == colNode])
		}
	}
	if s.Rows < 1 {
		return fmt.Errorf("rows = %d, want at least 1", s.Rows)
	}
	if s.BlockRows < 1 || int64(len(s.BlockCRC)) != 8*((s.Rows-1)/s.BlockRows+1) {
		return fmt.Errorf("block_rows = %d and %d hexadecimal digits of block_crc32c: want 8 for each block of rows", s.BlockRows, len(s.BlockCRC))
	}
	return nil
}

// schema returns the Arrow schema of the table s describes.
func (s *sidecar) schema() *arrow.Schema {
	fields := make([]arrow.Field, len(s.Columns))
	for i, c := range s.Columns {
		dt := arrow.DataType(arrow.PrimitiveTypes.Int64)
		switch c.Type {
		case "int32":
			dt = arrow.PrimitiveTypes.Int32
		case "string":
			dt = arrow.BinaryTypes.String
		}
		fields[i] = arrow.Field{Name: c.Name, Type: dt}
	}
	return arrow.NewSchema(fields, schemaMetadata(s.Metadata))
}
