package export

import (
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/sgtab/sgtab/compute"
)

// A batcher cuts a table into record batches without copying G or Ring: the
// sg and sg_ring columns point into the table's slices, and the n column is
// filled into one buffer reused by every batch. A batch must be released
// before the next one is made, and the writers must not keep it (pqarrow and
// ipc encode or write a batch before Write returns).
type batcher struct {
	schema  *arrow.Schema
	t       *compute.Table
	n       *memory.Buffer // room for one batch of n values
	g, ring []uint32       // one batch of values widened to 32 bits, when stored narrower
}

func newBatcher(schema *arrow.Schema, t *compute.Table, rows int, mem memory.Allocator) *batcher {
	n := memory.NewResizableBuffer(mem)
	n.Resize(min(rows, t.G.Len()) * arrow.Uint64SizeBytes)
	return &batcher{schema: schema, t: t, n: n}
}

// release frees the n buffer.
func (b *batcher) release() { b.n.Release() }

// batch returns the record batch of rows lo..hi-1; the caller releases it.
func (b *batcher) batch(lo, hi int) arrow.RecordBatch {
	rows := hi - lo
	nbuf := memory.SliceBuffer(b.n, 0, rows*arrow.Uint64SizeBytes)
	defer nbuf.Release()
	ns := arrow.Uint64Traits.CastFromBytes(nbuf.Bytes())
	for i := range ns {
		ns[i] = uint64(lo + i)
	}
	cols := []arrow.Array{
		newArray(arrow.PrimitiveTypes.Uint64, rows, nbuf),
		uint32Array(wide(b.t.G, lo, hi, &b.g)),
	}
	if b.t.Ring.Len() > 0 {
		cols = append(cols, uint32Array(wide(b.t.Ring, lo, hi, &b.ring)))
	}
	rec := array.NewRecordBatch(b.schema, cols, int64(rows))
	for _, c := range cols {
		c.Release()
	}
	return rec
}

// wide returns the values lo..hi-1 of v as uint32: v's own memory when it
// stores 32 bits, else a copy into *buf, which is reused from batch to batch.
func wide(v compute.Values, lo, hi int, buf *[]uint32) []uint32 {
	if s, ok := v.Shared32(); ok {
		return s[lo:hi]
	}
	*buf = v.AppendTo((*buf)[:0], lo, hi)
	return *buf
}

// uint32Array returns an array over the memory of v, without copying it.
func uint32Array(v []uint32) arrow.Array {
	return newArray(arrow.PrimitiveTypes.Uint32, len(v), memory.NewBufferBytes(arrow.Uint32Traits.CastToBytes(v)))
}

func newArray(dt arrow.DataType, rows int, values *memory.Buffer) arrow.Array {
	data := array.NewData(dt, rows, []*memory.Buffer{nil, values}, nil, 0, 0)
	defer data.Release()
	return array.MakeFromData(data)
}

// forEachBatch calls write with each record batch of t in order, releasing
// each after write returns, and stops at the first error.
func forEachBatch(schema *arrow.Schema, t *compute.Table, rows int, mem memory.Allocator, write func(arrow.RecordBatch) error) error {
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

// prepare checks t and returns the schema and allocator a writer uses.
func prepare(t *compute.Table, opt Options) (*arrow.Schema, memory.Allocator, error) {
	if err := checkTable(t); err != nil {
		return nil, nil, err
	}
	meta, err := opt.metadata(t)
	if err != nil {
		return nil, nil, err
	}
	return Schema(t, meta), opt.allocator(), nil
}
