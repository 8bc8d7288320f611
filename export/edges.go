package export

import (
	"fmt"
	"os"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/sgtab/sgtab/export/fileformat"
	"github.com/sgtab/sgtab/rules"
)

// Edges is the edge list of a game on a graph, read from a file: an edge
// from From[i] to To[i] for every i, the nodes named by integers (Ints) or
// by strings (Strings), as the file's columns are.
type Edges struct {
	Ints    struct{ From, To []int64 }
	Strings struct{ From, To []string }
}

// Len returns the number of edges.
func (e *Edges) Len() int { return len(e.Ints.From) + len(e.Strings.From) }

// ReadEdges reads an edge list from the Parquet or Arrow IPC file at path:
// its columns from and to (other columns are ignored), both of an integer
// type or both strings, with no nulls and no empty string. The file must be
// a regular file of at most rules.MaxGraphFile bytes (rules.OpenRegular).
func ReadEdges(path string) (*Edges, error) {
	f, err := rules.OpenRegular(path, rules.MaxGraphFile, "an edge list")
	if err != nil {
		return nil, err
	}
	defer f.Close() // read-only
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	e := &Edges{}
	err = fileformat.OpenRecords(f, st.Size(), memory.DefaultAllocator, func(_ string, recs fileformat.Records) error {
		return e.read(recs)
	})
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return e, nil
}

func (e *Edges) read(recs fileformat.Records) error {
	idx := make([]int, 2)
	for c, name := range []string{"from", "to"} {
		switch j := recs.Schema.FieldIndices(name); len(j) {
		case 0:
			return fmt.Errorf("column %s missing: an edge list has the columns from and to", name)
		case 1:
			idx[c] = j[0]
		default:
			return fmt.Errorf("column %s appears %d times", name, len(j))
		}
	}
	from, to := recs.Schema.Field(idx[0]).Type, recs.Schema.Field(idx[1]).Type
	strs := from.ID() == arrow.STRING || from.ID() == arrow.LARGE_STRING
	if strs != (to.ID() == arrow.STRING || to.ID() == arrow.LARGE_STRING) {
		return fmt.Errorf("columns from (%s) and to (%s): want both integers or both strings", from, to)
	}
	if recs.Rows > 0 && !strs {
		e.Ints.From, e.Ints.To = make([]int64, 0, recs.Rows), make([]int64, 0, recs.Rows)
	}
	var buf []int64
	row := 0
	return recs.EachColumns(idx, func(cols []arrow.Array) error {
		var err error
		for c, name := range []string{"from", "to"} {
			if strs {
				ss, ok := cols[c].(interface {
					Value(int) string
					Len() int
				})
				if !ok {
					return fmt.Errorf("column %s: type %s", name, cols[c].DataType())
				}
				list := &e.Strings.From
				if c == 1 {
					list = &e.Strings.To
				}
				for i := range ss.Len() {
					s := ss.Value(i)
					if s == "" {
						return fmt.Errorf("column %s, row %d: an empty node name", name, row+i)
					}
					// The value shares the batch's memory, which the
					// next batch reuses.
					*list = append(*list, strings.Clone(s))
				}
				continue
			}
			if buf, err = ints(cols[c], buf); err != nil {
				return fmt.Errorf("column %s: %w", name, err)
			}
			if c == 0 {
				e.Ints.From = append(e.Ints.From, buf...)
			} else {
				e.Ints.To = append(e.Ints.To, buf...)
			}
		}
		row += cols[0].Len()
		return nil
	})
}

// WriteEdges writes the edge list e to the Parquet file path, with the
// columns from and to (int64 or string, as e's names), in one batch; the
// file is written under a temporary name and renamed when complete.
func WriteEdges(path string, e *Edges, opt Options) error {
	err := writeFile(path, func(f *os.File) error {
		typ := arrow.DataType(arrow.PrimitiveTypes.Int64)
		if e.Strings.From != nil {
			typ = arrow.BinaryTypes.String
		}
		schema := arrow.NewSchema([]arrow.Field{{Name: "from", Type: typ}, {Name: "to", Type: typ}}, nil)
		return fileformat.WriteBatch(f, schema, opt.fileOptions(), func(b *array.RecordBuilder) {
			if e.Strings.From != nil {
				b.Field(0).(*array.StringBuilder).AppendValues(e.Strings.From, nil)
				b.Field(1).(*array.StringBuilder).AppendValues(e.Strings.To, nil)
			} else {
				b.Field(0).(*array.Int64Builder).AppendValues(e.Ints.From, nil)
				b.Field(1).(*array.Int64Builder).AppendValues(e.Ints.To, nil)
			}
		})
	})
	if err != nil {
		return fmt.Errorf("write parquet %s: %w", path, err)
	}
	return nil
}
