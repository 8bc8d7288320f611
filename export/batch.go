package export

import (
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/sgtab/sgtab/compute/sg"
)

// A batcher cuts a table into record batches, copying as little as it can:
// a value column stored in 32 bits (and written as int32) points into the
// table's own memory; narrower ones are widened into a buffer reused by every
// batch, as is the n column. A batch must be released before the next one is
// made, and the writers must not keep it (pqarrow and ipc encode or write a
// batch before Write returns).
type batcher struct {
	schema *arrow.Schema
	t      *sg.Table
	n      *memory.Buffer // room for one batch of n values
	cols   []valueColumn  // sg, sg_ring on a ring, a misère table's genus
}

// A valueColumn is one column of values being cut into batches.
type valueColumn struct {
	v    sg.Values
	dt   arrow.DataType // int32 or int64
	wide []uint32       // one batch widened to 32 bits, when stored narrower
	long []int64        // one batch as int64, when written so
}

func newBatcher(schema *arrow.Schema, t *sg.Table, rows int, mem memory.Allocator) *batcher {
	n := memory.NewResizableBuffer(mem)
	n.Resize(min(rows, t.G.Len()) * arrow.Int64SizeBytes)
	b := &batcher{schema: schema, t: t, n: n}
	for i, v := range valuesOf(t) {
		b.cols = append(b.cols, valueColumn{v: v, dt: schema.Field(1 + i).Type})
	}
	return b
}

// release frees the n buffer.
func (b *batcher) release() { b.n.Release() }

// batch returns the record batch of rows lo..hi-1; the caller releases it.
func (b *batcher) batch(lo, hi int) arrow.RecordBatch {
	rows := hi - lo
	nbuf := memory.SliceBuffer(b.n, 0, rows*arrow.Int64SizeBytes)
	defer nbuf.Release()
	ns := arrow.Int64Traits.CastFromBytes(nbuf.Bytes())
	for i := range ns {
		ns[i] = int64(lo + i)
	}
	cols := []arrow.Array{newArray(arrow.PrimitiveTypes.Int64, rows, nbuf)}
	for i := range b.cols {
		cols = append(cols, b.cols[i].array(lo, hi))
	}
	rec := array.NewRecordBatch(b.schema, cols, int64(rows))
	for _, c := range cols {
		c.Release()
	}
	return rec
}

// array returns the values lo..hi-1 of the column as an array of its type.
func (c *valueColumn) array(lo, hi int) arrow.Array {
	var v32 []uint32
	if s, ok := c.v.Shared32(); ok {
		v32 = s[lo:hi]
	} else {
		c.wide = c.v.AppendTo(c.wide[:0], lo, hi)
		v32 = c.wide
	}
	if c.dt.ID() == arrow.INT64 {
		c.long = c.long[:0]
		for _, x := range v32 {
			c.long = append(c.long, int64(x))
		}
		return newArray(c.dt, len(c.long), memory.NewBufferBytes(arrow.Int64Traits.CastToBytes(c.long)))
	}
	// Every value is at most 2^31 − 1 (valueType), so its bits read the
	// same as int32.
	return newArray(c.dt, len(v32), memory.NewBufferBytes(arrow.Uint32Traits.CastToBytes(v32)))
}

func newArray(dt arrow.DataType, rows int, values *memory.Buffer) arrow.Array {
	data := array.NewData(dt, rows, []*memory.Buffer{nil, values}, nil, 0, 0)
	defer data.Release()
	return array.MakeFromData(data)
}

// forEachBatch calls write with each record batch of t in order, releasing
// each after write returns, and stops at the first error.
func forEachBatch(schema *arrow.Schema, t *sg.Table, rows int, mem memory.Allocator, write func(arrow.RecordBatch) error) error {
	b := newBatcher(schema, t, rows, mem)
	defer b.release()
	for lo := 0; lo < t.G.Len(); lo += rows {
		rec := b.batch(lo, min(lo+rows, t.G.Len()))
		err := write(rec)
		rec.Release()
		if err != nil {
			return err
		}
	}
	return nil
}

// prepare checks t and returns the schema a writer writes it with: that
// of Schema, with the metadata of opt (and its MAC with opt.MACKey).
func prepare(t *sg.Table, opt Options) (*arrow.Schema, error) {
	if err := checkTable(t); err != nil {
		return nil, err
	}
	meta, err := opt.metadata(t)
	if err != nil {
		return nil, err
	}
	if len(opt.MACKey) > 0 {
		meta[KeyMAC] = macOf(opt.MACKey, meta, signedValues(t)...)
	}
	return Schema(t, meta), nil
}
