package export

import "os"

// writeFile creates path+".tmp", calls write on it, syncs and closes it and
// renames it to path. On any error it removes the temporary file, so path is
// either the complete new file or as it was before.
func writeFile(path string, write func(f *os.File) error) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	err = write(f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		_ = os.Remove(tmp) // best effort: err already says what went wrong
		return err
	}
	return nil
}
