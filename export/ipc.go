package export

import (
	"fmt"
	"io"
	"os"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/ipc"

	"github.com/sgtab/sgtab/compute"
)

// WriteIPC writes t to the Arrow IPC file (Feather v2) path, uncompressed,
// with the schema of Schema and the metadata of Metadata plus opt.Extra, in
// record batches of opt.BatchRows rows. The file is written as path+".tmp"
// and renamed to path when complete; on error neither exists afterwards (an
// older file at path is left alone).
func WriteIPC(path string, t *compute.Table, opt Options) error {
	err := writeFile(path, func(f *os.File) error { return writeIPC(f, t, opt) })
	if err != nil {
		return fmt.Errorf("write ipc %s: %w", path, err)
	}
	return nil
}

// WriteIPCTo writes t to w as an Arrow IPC file, as WriteIPC does.
func WriteIPCTo(w io.Writer, t *compute.Table, opt Options) error {
	if err := writeIPC(w, t, opt); err != nil {
		return fmt.Errorf("write ipc: %w", err)
	}
	return nil
}

func writeIPC(w io.Writer, t *compute.Table, opt Options) (err error) {
	schema, mem, err := prepare(t, opt)
	if err != nil {
		return err
	}
	fw, err := ipc.NewFileWriter(w, ipc.WithSchema(schema), ipc.WithAllocator(mem))
	if err != nil {
		return err
	}
	defer func() {
		if cerr := fw.Close(); err == nil {
			err = cerr
		}
	}()
	return forEachBatch(schema, t, opt.batchRows(), mem, func(rec arrow.RecordBatch) error {
		return fw.Write(rec)
	})
}
