//go:build unix

package fileformat_test

import (
	"github.com/sgtab/sgtab/export/fileformat"
	"io"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
)

// TestRemoveStale fills a folder with temporary files as a killed run
// leaves them, one being written (its lock held, as WriteFile holds it),
// and files that only look like them: RemoveStale removes the stale ones
// alone, with their sizes.
func TestRemoveStale(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(".officers.parquet.1234.tmp", "stale table")
	write("..officers.checkpoint.parquet.99.tmp", "stale checkpoint")
	write(".officers.arrow.77.tmp", "being written")
	live, err := os.Open(filepath.Join(dir, ".officers.arrow.77.tmp"))
	if err != nil {
		t.Fatal(err)
	}
	defer live.Close()
	if err := syscall.Flock(int(live.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	keep := []string{".officers.arrow.77.tmp"}
	for _, name := range []string{"officers.parquet.12.tmp", ".officers.parquet.tmp", ".officers.parquet.12x.tmp", ".notes.12.tmp~", "officers.parquet"} {
		write(name, "not a temporary file of sgtab's")
		keep = append(keep, name)
	}
	if err := os.Symlink(filepath.Join(dir, "officers.parquet"), filepath.Join(dir, ".link.5.tmp")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, ".folder.6.tmp"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, ".fifo.7.tmp"), 0o644); err != nil {
		t.Fatal(err)
	}
	keep = append(keep, ".link.5.tmp", ".folder.6.tmp", ".fifo.7.tmp")

	removed, err := fileformat.RemoveStale(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []fileformat.StaleFile{
		{Path: filepath.Join(dir, "..officers.checkpoint.parquet.99.tmp"), Size: 16},
		{Path: filepath.Join(dir, ".officers.parquet.1234.tmp"), Size: 11},
	}
	if !slices.Equal(removed, want) {
		t.Errorf("removed %v, want %v", removed, want)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var left []string
	for _, e := range entries {
		left = append(left, e.Name())
	}
	slices.Sort(keep)
	if !slices.Equal(left, keep) {
		t.Errorf("left %v, want %v", left, keep)
	}
	if removed, err := fileformat.RemoveStale(filepath.Join(dir, "none")); err != nil || removed != nil {
		t.Errorf("a folder that does not exist: %v, %v", removed, err)
	}
}

// TestWriteFileLocked cleans the folder while WriteFile writes into it:
// the file being written stays and is renamed into place whole.
func TestWriteFileLocked(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t.parquet")
	err := fileformat.WriteFile(path, func(w io.Writer) error {
		if _, err := io.WriteString(w, "first half, "); err != nil {
			return err
		}
		if removed, err := fileformat.RemoveStale(dir); err != nil || len(removed) > 0 {
			t.Errorf("while writing: removed %v, %v", removed, err)
		}
		_, err := io.WriteString(w, "second half")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(path); err != nil || string(data) != "first half, second half" {
		t.Errorf("read %q, %v", data, err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the folder holds %d files, want the one written", len(entries))
	}
}
