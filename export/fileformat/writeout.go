package fileformat

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// WriteOut writes path with write as a shell's > would, except that a
// regular file is never left half-written: a regular file, or none yet, is
// replaced whole (WriteFile; through a symbolic link, the file it points
// to), and anything else — a device such as /dev/null, a named pipe, a
// link to one such as /proc/self/fd/1 — is opened and written through,
// never replaced.
func WriteOut(path string, write func(io.Writer) error) error {
	info, err := os.Stat(path) // through links
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if err == nil && !info.Mode().IsRegular() {
		if done, err := writeThrough(path, write); done {
			return err
		}
	}
	if target, err := filepath.EvalSymlinks(path); err == nil {
		path = target
	}
	return WriteFile(path, write)
}

// writeThrough opens the file at path, which is not a regular file, and
// writes it with write. It reports false, having written nothing, when
// what it opened is a regular file after all (path was replaced meanwhile).
func writeThrough(path string, write func(io.Writer) error) (bool, error) {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return true, err
	}
	if info, err := f.Stat(); err == nil && info.Mode().IsRegular() {
		f.Close() // nothing written
		return false, nil
	}
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return true, err
}
