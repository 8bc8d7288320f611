package fileformat

import (
	"io"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// IPC writes Arrow IPC files (Feather v2), uncompressed.
var IPC = Binary{Name: "ipc", open: openIPC}

// openIPC returns an Arrow IPC file writer of schema to w.
func openIPC(w io.Writer, schema *arrow.Schema, mem memory.Allocator, _ Options) (batchWriter, error) {
	return ipc.NewFileWriter(w, ipc.WithSchema(schema), ipc.WithAllocator(mem))
}
