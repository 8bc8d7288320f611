//go:build unix

package graph

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/sgtab/sgtab/rules"
)

// TestGraphFilesNotRegular checks that a named pipe or a device given as an
// edge list (CSV, Parquet) or as a nodes file is refused at once, without
// waiting for a writer to open the pipe or reading the device for ever, as
// a config is.
func TestGraphFilesNotRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := func(name string) string {
		path := filepath.Join(dir, name)
		if err := syscall.Mkfifo(path, 0o600); err != nil {
			t.Skip("no named pipes here:", err)
		}
		return path
	}
	zero := filepath.Join(dir, "zero.csv")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	edges := writeFile(t, "g.csv", "from,to\na,b\n")
	for _, c := range []struct{ edges, nodes, want string }{
		{fifo("pipe.csv"), "", "a named pipe, not a regular file"},
		{fifo("pipe.parquet"), "", "a named pipe, not a regular file"},
		{edges, fifo("nodes.csv"), "a named pipe, not a regular file"},
		{zero, "", "a device, not a regular file"},
		{edges, zero, "a device, not a regular file"},
		{dir, "", "a directory, not an edge list file"},
	} {
		_, err := ReadFile(c.edges, c.nodes)
		bad := c.edges
		if c.nodes != "" {
			bad = c.nodes
		}
		if want := bad + ":1:1: " + c.want; err == nil || err.Error() != want {
			t.Errorf("ReadFile(%s, %q) = %v, want %q", filepath.Base(c.edges), filepath.Base(c.nodes), err, want)
		}
		if !errors.Is(err, rules.ErrNotFile) {
			t.Errorf("%v does not match rules.ErrNotFile", err)
		}
	}
}
