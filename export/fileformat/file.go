package fileformat

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
)

// WriteFile writes the file path as a whole or not at all: write fills a
// new temporary file, which is synced and renamed to path only when write
// succeeds. The temporary file gets a unique name in path's folder,
// ".NAME.*.tmp", created exclusively (os.CreateTemp), so that two writers
// never share one, a stale one from an earlier crash does not stand in the
// way, and a link planted under a predictable name is never followed. It is
// locked (flock, where the system has it) from its creation until it is
// renamed, so that RemoveStale can tell it from one a killed process left.
// On any error it is removed, and path is as it was before. The file's mode
// is 0644.
func WriteFile(path string, write func(w io.Writer) error) (err error) {
	f, err := createTemp(path)
	if err != nil {
		return err
	}
	tmp := f.Name()
	renamed, closed := false, false
	defer func() {
		if !closed {
			_ = f.Close() // an error on the way: nothing more to report
		}
		if !renamed { // an error, or a panic on its way up
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
	if err == nil && renameLocked {
		// Renamed while locked: no cleaner can take it for stale between
		// its last byte and its new name.
		err = os.Rename(tmp, path)
		renamed = err == nil
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	closed = true
	if err == nil && !renamed {
		err = os.Rename(tmp, path)
		renamed = err == nil
	}
	return err
}

// createTemp creates and locks the temporary file that WriteFile fills for
// path. A cleaner may remove a new file before its lock is taken; it is
// then created again.
func createTemp(path string) (*os.File, error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	for {
		f, err := os.CreateTemp(dir, "."+base+".*.tmp")
		if err != nil {
			return nil, err
		}
		kept, err := lockTemp(f)
		if err == nil && kept {
			return f, nil
		}
		f.Close()           // removed by a cleaner, or not lockable: nothing to report
		os.Remove(f.Name()) // best effort
		if err != nil {
			return nil, err
		}
	}
}

// tempName matches the names of WriteFile's temporary files: ".NAME.*.tmp",
// the * a decimal number (os.CreateTemp).
var tempName = regexp.MustCompile(`^\..+\.[0-9]+\.tmp$`)

// A StaleFile is a temporary file that RemoveStale removed: its path and
// size in bytes.
type StaleFile struct {
	Path string
	Size int64
}

// RemoveStale removes from the folder dir the temporary files of WriteFile
// that no process is writing: regular files named as WriteFile names them
// whose lock it can take at once. A killed process leaves such files behind
// (a table's may take gigabytes); a live writer holds its file's lock, so
// it is never removed, nor is a file of another name or kind, or one it may
// not open. Where the system has no flock nothing is removed. It returns
// the files it removed; a folder that does not exist holds none.
func RemoveStale(dir string) ([]StaleFile, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var removed []StaleFile
	var errs []error
	for _, e := range entries {
		if !e.Type().IsRegular() || !tempName.MatchString(e.Name()) {
			continue
		}
		path := filepath.Join(dir, e.Name())
		size, ok, err := removeUnlocked(path)
		if err != nil {
			errs = append(errs, err)
		}
		if ok {
			removed = append(removed, StaleFile{Path: path, Size: size})
		}
	}
	return removed, errors.Join(errs...)
}
