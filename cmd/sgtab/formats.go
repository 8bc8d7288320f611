package main

import (
	"path/filepath"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/export"
)

// A tableWriter writes a table of type T as one file format at a path.
type tableWriter[T any] func(path string, t T, opt export.Options) error

// The writers of each format of -formats, for each kind of table run
// writes.
var (
	heapWriters = map[string]tableWriter[*compute.Table]{
		"parquet": export.WriteParquet, "arrow": export.WriteIPC, "csv": export.WriteCSV,
	}
	latticeWriters = map[string]tableWriter[*compute.LatticeTable]{
		"parquet": export.WriteLatticeParquet, "arrow": export.WriteLatticeIPC, "csv": export.WriteLatticeCSV,
	}
	graphWriters = map[string]tableWriter[*compute.GraphTable]{
		"parquet": export.WriteGraphParquet, "arrow": export.WriteGraphIPC, "csv": export.WriteGraphCSV,
	}
)

// writeFormats writes the table t of the game name into dir as each of
// formats, DIR/NAME.FORMAT, with writers, but for the files named in kept,
// which hold t already and are left as they are; it returns the table's
// files: a CSV table's sidecar too.
func writeFormats[T any](dir, name string, formats []string, writers map[string]tableWriter[T], t T, opt export.Options, kept map[string]bool) ([]string, error) {
	var files []string
	for _, f := range formats {
		path := filepath.Join(dir, name+"."+f)
		if !kept[path] {
			if err := writers[f](path, t, opt); err != nil {
				return nil, err
			}
		}
		files = append(files, path)
		if f == "csv" {
			files = append(files, export.SidecarPath(path))
		}
	}
	return files, nil
}
