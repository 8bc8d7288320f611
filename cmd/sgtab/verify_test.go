package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// writeGame writes the config of one game named name in dir and returns
// its path.
func writeGame(t *testing.T, dir, name, yaml string) string {
	t.Helper()
	path := filepath.Join(dir, name+".yaml")
	if err := os.WriteFile(path, []byte("name: "+name+"\n"+yaml+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// runOK runs sgtab with args and fails the test unless it exits 0.
func runOK(t *testing.T, args ...string) {
	t.Helper()
	var stderr bytes.Buffer
	if code := run(t.Context(), args, io.Discard, &stderr); code != 0 {
		t.Fatalf("sgtab %s: status %d\n%s", strings.Join(args, " "), code, stderr.String())
	}
}

// TestReadInterrupted checks that every command that reads a stored table
// stops when a signal cancels its context while the table's values are
// checked, with the signal's exit status (143 for SIGTERM).
func TestReadInterrupted(t *testing.T) {
	dir := t.TempDir()
	config := writeGame(t, dir, "officers", `code: "0.6"`)
	out := filepath.Join(dir, "out")
	runOK(t, "run", "-heaps", "5000", "-plot", "none", "-out", out, config)
	table := filepath.Join(out, "officers.parquet")
	ctx, cancel := context.WithCancelCause(t.Context())
	cancel(signalError{syscall.SIGTERM})
	for _, args := range [][]string{
		{"inspect", table},
		{"plot", "-out", dir, table},
		{"query", "-table", table, "7"},
		{"export", "-lang", "go", table},
		{"run", "-heaps", "6000", "-plot", "none", "-out", filepath.Join(dir, "more"), "-from", table, config},
	} {
		var stderr bytes.Buffer
		code := run(ctx, args, io.Discard, &stderr)
		if code != 143 || !strings.Contains(stderr.String(), "interrupted by terminated") {
			t.Errorf("sgtab %s: status %d, want 143\n%s", args[0], code, stderr.String())
		}
	}
}
