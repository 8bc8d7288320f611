package export

import (
	"fmt"
	"io"
	"os"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export/fileformat"
)

// writeTable writes the heap game's table t to w, with the schema of
// Schema and the metadata of opt (see prepare), in record batches of
// opt.BatchRows rows.
func writeTable(f fileformat.Binary, w io.Writer, t *sg.Table, opt Options) error {
	schema, err := prepare(t, opt)
	if err != nil {
		return err
	}
	if t.Loopy != nil {
		schema = withFiniteFollowers(schema)
		return f.Write(w, schema, opt.fileOptions(), loopyBatches(t, schema, opt.batchRows()))
	}
	return f.Write(w, schema, opt.fileOptions(), func(mem memory.Allocator, write func(arrow.RecordBatch) error) error {
		return forEachBatch(schema, t, opt.batchRows(), mem, write)
	})
}

// writeTableFile writes the heap game's table t to the file path (see
// writeTable) as a whole or not at all.
func writeTableFile(f fileformat.Binary, path string, t *sg.Table, opt Options) error {
	return f.Create(path, func(w io.Writer) error { return writeTable(f, w, t, opt) })
}

// writeTableTo writes the heap game's table t to w, and names the format
// in an error.
func writeTableTo(f fileformat.Binary, w io.Writer, t *sg.Table, opt Options) error {
	if err := writeTable(f, w, t, opt); err != nil {
		return fmt.Errorf("write %s: %w", f.Name, err)
	}
	return nil
}

// WriteIPC writes t to the Arrow IPC file (Feather v2) path, uncompressed,
// with the schema of Schema and the metadata of Metadata plus opt.Extra, in
// record batches of opt.BatchRows rows. The file is written as path+".tmp"
// and renamed to path when complete; on error neither exists afterwards (an
// older file at path is left alone).
func WriteIPC(path string, t *sg.Table, opt Options) error {
	return writeTableFile(fileformat.IPC, path, t, opt)
}

// WriteIPCTo writes t to w as an Arrow IPC file, as WriteIPC does.
func WriteIPCTo(w io.Writer, t *sg.Table, opt Options) error {
	return writeTableTo(fileformat.IPC, w, t, opt)
}

// WriteParquet writes t to the Parquet file path, with the schema of Schema
// and the metadata of Metadata plus opt.Extra. Columns are zstd-compressed
// and not dictionary-encoded; n is DELTA_BINARY_PACKED. The file is written
// as path+".tmp" and renamed to path when complete; on error neither exists
// afterwards (an older file at path is left alone).
func WriteParquet(path string, t *sg.Table, opt Options) error {
	return writeTableFile(fileformat.Parquet, path, t, opt)
}

// WriteParquetTo writes t to w as a Parquet file, as WriteParquet does.
func WriteParquetTo(w io.Writer, t *sg.Table, opt Options) error {
	return writeTableTo(fileformat.Parquet, w, t, opt)
}

// writeFile writes path with fileformat.WriteFile, handing write the open file.
func writeFile(path string, write func(f *os.File) error) error {
	return fileformat.WriteFile(path, func(w io.Writer) error { return write(w.(*os.File)) })
}
