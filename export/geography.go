package export

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/sgtab/sgtab/compute/graphgame"
	"github.com/sgtab/sgtab/export/fileformat"
)

// colMove is the column of a geography table that names a winning move
// from each node (null where the player to move loses).
const colMove = "move"

// geographySchema returns the schema of the geography table t: node, sg
// (the outcome: 1 when the player to move wins) and move, a node as node
// names them, nullable.
func geographySchema(t *graphgame.GraphTable, meta map[string]string) *arrow.Schema {
	s := graphSchema(t, meta)
	fields := s.Fields()
	move := fields[0]
	move.Name, move.Nullable = colMove, true
	md := s.Metadata()
	return arrow.NewSchema(append(fields, move), &md)
}

// writeGeography writes the geography table t to path in the format f:
// columns node, sg and move.
func writeGeography(f fileformat.Binary, path string, t *graphgame.GraphTable, opt Options) error {
	return writeGraphWith(f, path, t, opt, geographySchema, func(b *array.RecordBuilder, lo, hi int) {
		sg := b.Field(1).(*array.Int32Builder)
		for v := lo; v < hi; v++ {
			sg.Append(int32(t.G.At(v)))
			switch mv, w := b.Field(2), t.Moves[v]; {
			case w < 0:
				mv.AppendNull()
			case t.Ints != nil:
				mv.(*array.Int64Builder).Append(t.Ints[w])
			default:
				mv.(*array.StringBuilder).Append(t.Strings[w])
			}
		}
	})
}

// movesCRC adds to crc the winning moves of the geography table t: each
// node's move in 4 bytes, -1 where there is none.
func movesCRC(crc uint32, t *graphgame.GraphTable) uint32 {
	var buf [4]byte
	for _, w := range t.Moves {
		binary.LittleEndian.PutUint32(buf[:], uint32(w))
		crc = crc32.Update(crc, castagnoli, buf[:])
	}
	return crc
}

// readGeography reads the rows of a geography table, the names in the
// column node (at node), the outcomes in sg and the moves in move, into t.
func readGeography(recs fileformat.Records, node int, t *graphgame.GraphTable, strs bool) error {
	var moves []string
	err := readGraphRowsWith(recs, node, t, strs, func(rec arrow.RecordBatch) error {
		col := rec.Column(recs.Schema.FieldIndices(colMove)[0])
		for i := range col.Len() {
			switch a := col.(type) {
			case *array.String:
				moves = append(moves, nullOr(a.IsNull(i), "\x00", strings.Clone(a.Value(i))))
			case *array.Int64:
				moves = append(moves, nullOr(a.IsNull(i), "\x00", fmt.Sprint(a.Value(i))))
			default:
				return fmt.Errorf("column %s has type %s, want the type of column %s", colMove, col.DataType(), colNode)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	index := make(map[string]int32, t.Nodes())
	for v := range t.Nodes() {
		index[t.Name(v)] = int32(v)
	}
	t.Moves = make([]int32, len(moves))
	for v, name := range moves {
		w, ok := index[name]
		switch {
		case name == "\x00":
			w = -1
		case !ok:
			return fmt.Errorf("row %d: column %s names %q, not a node", v+1, colMove, name)
		}
		t.Moves[v] = w
	}
	return nil
}

// nullOr returns null when isNull, else v.
func nullOr(isNull bool, null, v string) string {
	if isNull {
		return null
	}
	return v
}
