package export

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/sgtab/sgtab/compute"
)

// ValuesGeneralized is sgtab.values of a graph table whose graph has
// cycles: the column sg holds generalized SG values, null for ∞.
const ValuesGeneralized = "generalized SG"

// colFiniteFollowers is the column of a loopy graph table that holds, for
// a node of value ∞(K), the list K (null at a node of finite value).
const colFiniteFollowers = "finite_followers"

// loopySchema returns the schema of the loopy graph table t: node, sg
// (nullable: null at a node of value ∞) and finite_followers.
func loopySchema(t *compute.GraphTable, meta map[string]string) *arrow.Schema {
	s := graphSchema(t, meta)
	fields := s.Fields()
	fields[1].Nullable = true
	fields = append(fields, arrow.Field{Name: colFiniteFollowers, Type: arrow.ListOf(arrow.PrimitiveTypes.Int32), Nullable: true})
	md := s.Metadata()
	return arrow.NewSchema(fields, &md)
}

// writeLoopy writes the loopy graph table t to path in the format f, in
// record batches of opt.BatchRows rows.
func writeLoopy(f format, path string, t *compute.GraphTable, opt Options) error {
	return writeGraphWith(f, path, t, opt, loopySchema, func(b *array.RecordBuilder, lo, hi int) {
		sg := b.Field(1).(*array.Int32Builder)
		ks := b.Field(2).(*array.ListBuilder)
		kv := ks.ValueBuilder().(*array.Int32Builder)
		for _, x := range t.Loopy[lo:hi] {
			if !x.Inf {
				sg.Append(int32(x.Value))
				ks.AppendNull()
				continue
			}
			sg.AppendNull()
			ks.Append(true)
			for _, v := range x.K {
				kv.Append(int32(v))
			}
		}
	})
}

// writeGraphWith writes the graph table t to path in the format f, in
// record batches of opt.BatchRows rows, with the schema schema makes from
// t and its metadata: the column node as graphTable writes it, then the
// columns fill appends for the rows lo..hi−1.
func writeGraphWith(f format, path string, t *compute.GraphTable, opt Options,
	schema func(*compute.GraphTable, map[string]string) *arrow.Schema, fill func(b *array.RecordBuilder, lo, hi int)) error {
	k := graphTable(t, opt)
	sc := schema(t, k.schema.Metadata().ToMap())
	rows := opt.batchRows()
	return f.writeFile(path, sc, opt, func(mem memory.Allocator, write func(arrow.RecordBatch) error) error {
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

// loopyCRC adds to crc the generalized values of t, when its graph has
// cycles: for each node a byte, 1 for ∞ and 0 otherwise, and the members
// of K in 4 bytes each.
func loopyCRC(crc uint32, t *compute.GraphTable) uint32 {
	var buf [4]byte
	for _, x := range t.Loopy {
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
func readLoopyRows(rec arrow.RecordBatch, idx [2]int, t *compute.GraphTable) error {
	sg, ok1 := rec.Column(idx[0]).(*array.Int32)
	ks, ok2 := rec.Column(idx[1]).(*array.List)
	if !ok1 || !ok2 {
		return fmt.Errorf("columns %s and %s: want int32 and a list of int32", colSG, colFiniteFollowers)
	}
	kv, ok := ks.ListValues().(*array.Int32)
	if !ok {
		return fmt.Errorf("column %s: want a list of int32", colFiniteFollowers)
	}
	for i := range sg.Len() {
		if sg.IsNull(i) == ks.IsNull(i) {
			return fmt.Errorf("row %d: want either a value in %s or a list in %s", t.Nodes()+1, colSG, colFiniteFollowers)
		}
		if !sg.IsNull(i) {
			if v := sg.Value(i); v < 0 {
				return fmt.Errorf("row %d: %s holds %d, not an SG value", t.Nodes()+1, colSG, v)
			}
			t.Loopy = append(t.Loopy, compute.Generalized{Value: uint32(sg.Value(i))})
			t.G.Append(uint32(sg.Value(i)))
			continue
		}
		lo, hi := ks.ValueOffsets(i)
		k := make([]uint32, 0, hi-lo)
		for j := lo; j < hi; j++ {
			if kv.Value(int(j)) < 0 {
				return fmt.Errorf("row %d: %s holds %d, not an SG value", t.Nodes()+1, colFiniteFollowers, kv.Value(int(j)))
			}
			k = append(k, uint32(kv.Value(int(j))))
		}
		t.Loopy = append(t.Loopy, compute.Generalized{Inf: true, K: k})
		t.G.Append(0)
	}
	return nil
}

// readLoopyGraph reads the rows of a loopy graph table, the names in the
// column node (at node), the values in sg and finite_followers, into t.
func readLoopyGraph(recs records, node int, t *compute.GraphTable, strs bool) error {
	var idx [2]int
	for i, name := range []string{colSG, colFiniteFollowers} {
		c := recs.schema.FieldIndices(name)
		if len(c) != 1 {
			return fmt.Errorf("column %s: %d of it, want 1", name, len(c))
		}
		idx[i] = c[0]
	}
	t.Loopy = []compute.Generalized{}
	var long []int64
	return recs.each(func(rec arrow.RecordBatch) error {
		cols, err := batchColumns(rec, []int{node})
		if err != nil {
			return err
		}
		if err := appendNames(t, cols[0], strs, &long); err != nil {
			return err
		}
		return readLoopyRows(rec, idx, t)
	})
}
