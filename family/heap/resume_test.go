package heap

import (
	"bytes"
	"fmt"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/rules"
)

// version is the version the tests' checkpoints record.
const version = "test"

// TestCheckpointWriteFails computes a game whose first checkpoint is
// written and every later one fails, as on a disk that fills up: the
// computation goes on to the right values, one warning says so and which
// checkpoint stays, and the first checkpoint is left whole to resume from.
func TestCheckpointWriteFails(t *testing.T) {
	dir := t.TempDir()
	games, err := rules.Parse(strings.NewReader("name: g\ncode: \"0.6\"\n"), "g.yaml")
	if err != nil {
		t.Fatal(err)
	}
	g := games[0]
	var stderr bytes.Buffer
	writes := 0
	env := &family.Env{Output: family.Output{Dir: dir, Version: version},
		Say: func(format string, args ...any) { fmt.Fprintf(&stderr, format, args...) }}
	res := newResumer(env)
	res.write = func(path string, tab *sg.Table, opt export.Options) error {
		if writes++; writes == 1 {
			return export.WriteCheckpoint(path, tab, opt)
		}
		return fmt.Errorf("write checkpoint %s: %w", path, syscall.ENOSPC)
	}
	got, err := compute.Sequence(t.Context(), g, 20000, sg.Options{Workers: 1, Checkpoint: res.checkpoint(g), CheckpointEvery: time.Nanosecond})
	if err != nil {
		t.Fatal(err)
	}
	want, err := compute.Sequence(t.Context(), g, 20000, sg.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !got.G.Equal(want.G) {
		t.Error("the values differ from those of a run without checkpoints")
	}
	if writes < 3 {
		t.Fatalf("%d checkpoints: the test tests nothing", writes)
	}
	kept, err := export.ReadCheckpoint(CheckpointPath(dir, "g"), g.Key(), version)
	if err != nil {
		t.Fatalf("the first checkpoint is not left whole: %v", err)
	}
	warning := fmt.Sprintf("sgtab: warning: g: write checkpoint %s: no space left on device; computing on without checkpoints (the checkpoint at n = %d stays)\n",
		CheckpointPath(dir, "g"), kept.N())
	if stderr.String() != warning {
		t.Errorf("said %q, want %q", stderr.String(), warning)
	}
	if msg := res.interrupted(); !strings.Contains(msg, fmt.Sprintf("g at n = %d", kept.N())) {
		t.Errorf("interrupted says %q", msg)
	}
}
