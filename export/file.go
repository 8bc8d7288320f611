package export

import (
	"io"
	"os"
	"path/filepath"
)

// WriteFile writes the file path as a whole or not at all: write fills a
// new temporary file, which is synced and renamed to path only when write
// succeeds. The temporary file gets a unique name in path's folder,
// ".NAME.*.tmp", created exclusively (os.CreateTemp), so that two writers
// never share one, a stale one from an earlier crash does not stand in the
// way, and a link planted under a predictable name is never followed. On
// any error it is removed, and path is as it was before. The file's mode is
// 0644.
func WriteFile(path string, write func(w io.Writer) error) (err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	renamed := false
	defer func() {
		if !renamed { // an error, or a panic on its way up
			_ = f.Close()      // may be closed already: nothing to report
			_ = os.Remove(tmp) // best effort: err already says what went wrong
		}
	}()
	err = write(f)
	if err == nil {
		err = f.Chmod(0o644)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		return err
	}
	renamed = true
	return nil
}

// writeFile writes path with WriteFile, handing write the open file.
func writeFile(path string, write func(f *os.File) error) error {
	return WriteFile(path, func(w io.Writer) error { return write(w.(*os.File)) })
}
