package fileformat

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	flatbuffers "github.com/google/flatbuffers/go"
)

// An Arrow IPC file ends with its footer, a flatbuffer holding the schema,
// then the footer's length (4 bytes) and the magic ARROW1. arrow-go sizes
// slices by the lengths of the footer's vectors as it finds them — the
// schema's fields, a field's children, its key/value metadata, a union's
// type ids — so that one damaged length has it allocate gigabytes before
// any check. checkIPCFooter walks those vectors first and refuses a footer
// whose vectors do not fit in it, or whose tables are more than it can hold.

// Slots of the tables of the Arrow format (File.fbs, Schema.fbs) that
// checkIPCFooter reads.
const (
	footerSchema, footerDictionaries, footerRecordBatches = 1, 2, 3
	schemaFields, schemaMeta                              = 1, 2
	fieldTypeType, fieldType, fieldChildren, fieldMeta    = 2, 3, 5, 6
	unionTypeIDs                                          = 1
	typeUnion                                             = 14 // Type.Union
	blockBytes                                            = 24 // a Block struct: offset, metadata length, body length
	maxFieldDepth                                         = 64 // nesting of children a reader follows
)

// errFooter is the error of a footer whose vectors do not fit in it.
var errFooter = errors.New("damaged file: its footer's schema holds lengths past its end")

// checkIPCFooter checks the footer of the Arrow IPC file of the size bytes
// of r (see above); a footer whose length is wrong is left to arrow-go,
// which checks it.
func checkIPCFooter(r io.ReaderAt, size int64) (err error) {
	defer func() {
		if recover() != nil { // an offset out of range: damaged
			err = errFooter
		}
	}()
	const tail = 10 // the footer's length and ARROW1
	if size < 2*tail {
		return nil
	}
	end := make([]byte, tail)
	if _, err := r.ReadAt(end, size-tail); err != nil {
		return err
	}
	n := int64(binary.LittleEndian.Uint32(end))
	if n <= 4 || n > size-tail {
		return nil
	}
	buf := make([]byte, n)
	if _, err := r.ReadAt(buf, size-tail-n); err != nil {
		return err
	}
	footer := flatbuffers.Table{Bytes: buf, Pos: flatbuffers.GetUOffsetT(buf)}
	for _, slot := range []int{footerDictionaries, footerRecordBatches} {
		if _, _, err := vectorIn(&footer, slot, blockBytes); err != nil {
			return err
		}
	}
	if schema, ok := tableIn(&footer, footerSchema); ok {
		w := &schemaWalk{left: len(buf) / 4}
		return w.schema(&schema)
	}
	return nil
}

// A schemaWalk checks a schema's tables, at most left of them: a table
// takes at least 4 bytes of the footer, and a damaged footer that points
// to one table many times is refused rather than walked for ever.
type schemaWalk struct{ left int }

// schema checks the vectors of a Schema table and of its fields.
func (w *schemaWalk) schema(t *flatbuffers.Table) error {
	if _, _, err := vectorIn(t, schemaMeta, 4); err != nil {
		return err
	}
	return eachTable(t, schemaFields, func(f *flatbuffers.Table) error { return w.field(f, 0) })
}

// field checks the vectors of a Field table at nesting depth, and of its
// children.
func (w *schemaWalk) field(t *flatbuffers.Table, depth int) error {
	if w.left--; w.left < 0 {
		return errFooter
	}
	if depth > maxFieldDepth {
		return fmt.Errorf("damaged file: its schema nests fields more than %d deep", maxFieldDepth)
	}
	if _, _, err := vectorIn(t, fieldMeta, 4); err != nil {
		return err
	}
	if o := t.Offset(slotOffset(fieldTypeType)); o != 0 && t.GetByte(t.Pos+flatbuffers.UOffsetT(o)) == typeUnion {
		if union, ok := tableIn(t, fieldType); ok {
			if _, _, err := vectorIn(&union, unionTypeIDs, 4); err != nil {
				return err
			}
		}
	}
	return eachTable(t, fieldChildren, func(c *flatbuffers.Table) error { return w.field(c, depth+1) })
}

// slotOffset returns the vtable offset of a table's field slot.
func slotOffset(slot int) flatbuffers.VOffsetT { return flatbuffers.VOffsetT(4 + 2*slot) }

// vectorIn returns the start and length of the vector in slot of t
// (length 0 when absent), and an error when its elem-byte elements do not
// fit in the buffer.
func vectorIn(t *flatbuffers.Table, slot, elem int) (flatbuffers.UOffsetT, int, error) {
	o := t.Offset(slotOffset(slot))
	if o == 0 {
		return 0, 0, nil
	}
	start, n := t.Vector(flatbuffers.UOffsetT(o)), t.VectorLen(flatbuffers.UOffsetT(o))
	if n < 0 || int64(start)+int64(n)*int64(elem) > int64(len(t.Bytes)) {
		return 0, 0, errFooter
	}
	return start, n, nil
}

// tableIn returns the table in slot of t, and whether there is one.
func tableIn(t *flatbuffers.Table, slot int) (flatbuffers.Table, bool) {
	o := t.Offset(slotOffset(slot))
	if o == 0 {
		return flatbuffers.Table{}, false
	}
	return flatbuffers.Table{Bytes: t.Bytes, Pos: t.Indirect(t.Pos + flatbuffers.UOffsetT(o))}, true
}

// eachTable calls fn with each table of the vector of tables in slot of t.
func eachTable(t *flatbuffers.Table, slot int, fn func(*flatbuffers.Table) error) error {
	start, n, err := vectorIn(t, slot, 4)
	if err != nil {
		return err
	}
	for i := range n {
		e := flatbuffers.Table{Bytes: t.Bytes, Pos: t.Indirect(start + flatbuffers.UOffsetT(4*i))}
		if err := fn(&e); err != nil {
			return err
		}
	}
	return nil
}
