package export

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/sgtab/sgtab/compute/graphgame"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export/fileformat"
)

// ValuesGeneralized is sgtab.values of a graph table whose graph has
// cycles: the column sg holds generalized SG values, null for ∞.
const ValuesGeneralized = "generalized SG"

// colFiniteFollowers is the column of a loopy graph table that holds, for
// a node of value ∞(K), the list K (null at a node of finite value).
const colFiniteFollowers = "finite_followers"

// loopySchema returns the schema of the loopy graph table t: node, sg
// (nullable: null at a node of value ∞) and finite_followers.
func loopySchema(t *graphgame.GraphTable, meta map[string]string) *arrow.Schema {
	return withFiniteFollowers(graphSchema(t, meta))
}

// withFiniteFollowers returns the schema s of a table whose second column
// is sg, made a table of generalized values: sg nullable (null at a value
// ∞), and the column finite_followers added (the K of ∞(K), null at a
// finite value). Graph tables and scripted games' tables share it.
func withFiniteFollowers(s *arrow.Schema) *arrow.Schema {
	fields := s.Fields()
	fields[1].Nullable = true
	fields = append(fields, arrow.Field{Name: colFiniteFollowers, Type: arrow.ListOf(arrow.PrimitiveTypes.Int32), Nullable: true})
	md := s.Metadata()
	return arrow.NewSchema(fields, &md)
}

// writeLoopy writes the loopy graph table t to path in the format f, in
// record batches of opt.BatchRows rows.
func writeLoopy(f fileformat.Binary, path string, t *graphgame.GraphTable, opt Options) error {
	return writeGraphWith(f, path, t, opt, loopySchema, func(b *array.RecordBuilder, lo, hi int) {
		appendGeneralized(b.Field(1), b.Field(2), t.Loopy[lo:hi])
	})
}

// appendGeneralized appends the generalized values xs to the columns sg
// (null for ∞) and finite_followers (the K of ∞(K), null for a number).
func appendGeneralized(sgCol, ksCol array.Builder, xs []sg.Generalized) {
	vals := sgCol.(*array.Int32Builder)
	ks := ksCol.(*array.ListBuilder)
	kv := ks.ValueBuilder().(*array.Int32Builder)
	for _, x := range xs {
		if !x.Inf {
			vals.Append(int32(x.Value))
			ks.AppendNull()
			continue
		}
		vals.AppendNull()
		ks.Append(true)
		for _, v := range x.K {
			kv.Append(int32(v))
		}
	}
}

// writeGraphWith writes the graph table t to path in the format f, in
// record batches of opt.BatchRows rows, with the schema schema makes from
// t and its metadata: the column node as graphTable writes it, then the
// columns fill appends for the rows lo..hi−1.
func writeGraphWith(f fileformat.Binary, path string, t *graphgame.GraphTable, opt Options,
	schema func(*graphgame.GraphTable, map[string]string) *arrow.Schema, fill func(b *array.RecordBuilder, lo, hi int)) error {
	k := graphTable(t, opt)
	sc := schema(t, k.schema.Metadata().ToMap())
	rows := opt.batchRows()
	return f.WriteFile(path, sc, opt.fileOptions(), func(mem memory.Allocator, write func(arrow.RecordBatch) error) error {
		b := array.NewRecordBuilder(mem, sc)
		defer b.Release()
		for lo := 0; lo < t.Nodes(); lo += rows {
			hi := min(lo+rows, t.Nodes())
			k.keys(b, lo, hi)
			fill(b, lo, hi)
			if err := emit(b, write); err != nil {
				return err
			}
		}
		return nil
	})
}

// loopyCRC adds to crc the generalized values vals of a table whose
// positions repeat: for each a byte, 1 for ∞ and 0 otherwise, and the
// members of K in 4 bytes each.
func loopyCRC(crc uint32, vals []sg.Generalized) uint32 {
	var buf [4]byte
	for _, x := range vals {
		if !x.Inf {
			crc = crc32.Update(crc, castagnoli, []byte{0})
			continue
		}
		crc = crc32.Update(crc, castagnoli, []byte{1})
		for _, k := range x.K {
			binary.LittleEndian.PutUint32(buf[:], k)
			crc = crc32.Update(crc, castagnoli, buf[:])
		}
	}
	return crc
}

// readLoopyRows reads the values of a loopy graph table's rows: the
// columns sg (at idx[0]: null for ∞) and finite_followers (at idx[1]) of
// rec, appending them to t.
func readLoopyRows(rec arrow.RecordBatch, idx [2]int, t *graphgame.GraphTable) error {
	return readGeneralized(rec.Column(idx[0]), rec.Column(idx[1]), t.Nodes(), func(x sg.Generalized) {
		t.Loopy = append(t.Loopy, x)
		t.G.Append(x.Value)
	})
}

// readGeneralized reads generalized values from the columns sg (null for
// ∞) and finite_followers of rows first+1… (as a message counts them),
// handing each to add: a number, or ∞(K) with Value 0.
func readGeneralized(sgCol, ksCol arrow.Array, first int, add func(sg.Generalized)) error {
	col, ok1 := sgCol.(*array.Int32)
	ks, ok2 := ksCol.(*array.List)
	if !ok1 || !ok2 {
		return fmt.Errorf("columns %s and %s: want int32 and a list of int32", colSG, colFiniteFollowers)
	}
	kv, ok := ks.ListValues().(*array.Int32)
	if !ok {
		return fmt.Errorf("column %s: want a list of int32", colFiniteFollowers)
	}
	for i := range col.Len() {
		row := first + i + 1
		if col.IsNull(i) == ks.IsNull(i) {
			return fmt.Errorf("row %d: want either a value in %s or a list in %s", row, colSG, colFiniteFollowers)
		}
		if !col.IsNull(i) {
			if v := col.Value(i); v < 0 {
				return fmt.Errorf("row %d: %s holds %d, not an SG value", row, colSG, v)
			}
			add(sg.Generalized{Value: uint32(col.Value(i))})
			continue
		}
		lo, hi := ks.ValueOffsets(i)
		k := make([]uint32, 0, hi-lo)
		for j := lo; j < hi; j++ {
			if kv.Value(int(j)) < 0 {
				return fmt.Errorf("row %d: %s holds %d, not an SG value", row, colFiniteFollowers, kv.Value(int(j)))
			}
			k = append(k, uint32(kv.Value(int(j))))
		}
		add(sg.Generalized{Inf: true, K: k})
	}
	return nil
}

// readLoopyGraph reads the rows of a loopy graph table, the names in the
// column node (at node), the values in sg and finite_followers, into t.
func readLoopyGraph(recs fileformat.Records, node int, t *graphgame.GraphTable, strs bool) error {
	var idx [2]int
	for i, name := range []string{colSG, colFiniteFollowers} {
		c := recs.Schema.FieldIndices(name)
		if len(c) != 1 {
			return fmt.Errorf("column %s: %d of it, want 1", name, len(c))
		}
		idx[i] = c[0]
	}
	t.Loopy = []sg.Generalized{}
	var long []int64
	return recs.Each(func(rec arrow.RecordBatch) error {
		cols, err := fileformat.BatchColumns(rec, []int{node})
		if err != nil {
			return err
		}
		if err := appendNames(t, cols[0], strs, &long); err != nil {
			return err
		}
		return readLoopyRows(rec, idx, t)
	})
}
