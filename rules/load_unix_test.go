//go:build unix

package rules

import (
	"path/filepath"
	"syscall"
	"testing"
)

// TestLoadFIFO checks that Load refuses a named pipe at once, rather than
// waiting for a writer to open it and reading what it writes.
func TestLoadFIFO(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pipe.yaml")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skip("no named pipes here:", err)
	}
	err := loadError(path)
	want := path + ":1:1: a named pipe, not a regular file"
	if err == nil || err.Error() != want {
		t.Errorf("Load(fifo) = %.300v, want %q", err, want)
	}
}
