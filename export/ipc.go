package export

import (
	"io"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/sgtab/sgtab/compute/sg"
)

// ipcFormat writes Arrow IPC files (Feather v2), uncompressed.
var ipcFormat = format{name: "ipc", open: openIPC}

// openIPC returns an Arrow IPC file writer of schema to w.
func openIPC(w io.Writer, schema *arrow.Schema, mem memory.Allocator, _ Options) (batchWriter, error) {
	return ipc.NewFileWriter(w, ipc.WithSchema(schema), ipc.WithAllocator(mem))
}

// WriteIPC writes t to the Arrow IPC file (Feather v2) path, uncompressed,
// with the schema of Schema and the metadata of Metadata plus opt.Extra, in
// record batches of opt.BatchRows rows. The file is written as path+".tmp"
// and renamed to path when complete; on error neither exists afterwards (an
// older file at path is left alone).
func WriteIPC(path string, t *sg.Table, opt Options) error {
	return ipcFormat.writeTableFile(path, t, opt)
}

// WriteIPCTo writes t to w as an Arrow IPC file, as WriteIPC does.
func WriteIPCTo(w io.Writer, t *sg.Table, opt Options) error {
	return ipcFormat.writeTableTo(w, t, opt)
}
