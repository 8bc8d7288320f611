package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"strings"
	"testing"
)

// A fullWriter fails every write, as standard output on a full disk
// (/dev/full) does.
type fullWriter struct{}

func (fullWriter) Write(p []byte) (int, error) {
	return 0, errors.New("no space left on device")
}

// TestStdoutWriteErrors checks that every command that prints on standard
// output reports a write that fails, with exit status 1.
func TestStdoutWriteErrors(t *testing.T) {
	chdir(t)
	t.Setenv("SGTAB_MEMORY", "16GiB")
	if code := run(t.Context(), []string{"run", "-out", "out", "-heaps", "100", "-plot", "none", "games.yaml"}, io.Discard, io.Discard); code != 0 {
		t.Fatalf("sgtab run: status %d", code)
	}
	for _, shard := range []string{"0/2", "1/2"} {
		if code := run(t.Context(), []string{"sweep", "-cap", "300", "-shard", shard, "-out", "sh", "sweep.yaml"}, io.Discard, io.Discard); code != 0 {
			t.Fatalf("sgtab sweep -shard %s: status %d", shard, code)
		}
	}
	if err := os.WriteFile("g.yaml", []byte("name: g\ngraph: {generate: boxes, boxes: 6}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"run", "-out", "out2", "-heaps", "30", "-plot", "none", "nim.yaml"},
		{"run", "-json", "-out", "out2", "-heaps", "30", "-plot", "none", "nim.yaml"},
		{"validate", "games.yaml"},
		{"validate", "sweep.yaml"},
		{"sweep", "-cap", "300", "-out", "sw", "sweep.yaml"},
		{"merge", "sh"},
		{"query", "nim.yaml", "5", "7", "9"},
		{"query", "-count", "nim.yaml", "5", "7", "9"},
		{"query", "-json", "nim.yaml", "5", "7", "9"},
		{"query", "-positions", "positions.txt", "s25.yaml"},
		{"query", "g.yaml", "3", "5"},
		{"query", "-count", "g.yaml", "3", "5"},
		{"query", "-staircase", "g.yaml", "2", "0", "1", "3"},
		{"query", "-table", "out/kayles.parquet", "4", "7"},
		{"inspect", "out/kayles.parquet"},
		{"inspect", "-json", "out/kayles.parquet"},
		{"plot", "-format", "svg", "-out", "figs", "out/kayles.parquet"},
		{"export", "-lang", "c", "out/kayles.parquet"},
		{"list"},
		{"show", "kayles"},
		{"version"},
		{"help"},
		{"run", "-h"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var stderr bytes.Buffer
			code := run(t.Context(), args, fullWriter{}, &stderr)
			if code != 1 || !strings.Contains(stderr.String(), "no space left on device") {
				t.Errorf("status %d, stderr %q; want 1 and the write error", code, stderr.String())
			}
		})
	}
}
