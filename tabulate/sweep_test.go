package tabulate_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/rules"
	"github.com/sgtab/sgtab/sweep"
	"github.com/sgtab/sgtab/tabulate"
)

// TestLoadSweepProblems checks that the problems of a sweep config come
// back as Problems, one a line.
func TestLoadSweepProblems(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.yaml")
	if err := os.WriteFile(path, []byte("sweep:\n  codes: [\"0.*\"]\n  cap: -1\n  colour: red\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := tabulate.LoadSweep(path)
	if _, ok := errors.AsType[tabulate.Problems](err); !ok {
		t.Errorf("error %v (%T), want Problems", err, err)
	}
}

// TestQuotientSweep computes the census of the misère quotients of the
// heaps 1..6 of every one-digit octal code, and checks its file and rows.
func TestQuotientSweep(t *testing.T) {
	s, err := rules.ParseSweep(strings.NewReader("sweep:\n  codes: [\"0.*\"]\n  cap: 4096\n"), "octal-1.yaml")
	if err != nil {
		t.Fatal(err)
	}
	plan, err := sweep.NewPlan(s, -1, -1, sweep.All)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "census")
	rows, path, err := tabulate.QuotientSweep(context.Background(), plan, 6, tabulate.SweepOptions{Out: out, Version: "v0.2.0"})
	if err != nil {
		t.Fatal(err)
	}
	if path != filepath.Join(out, sweep.QuotientsFile) || len(rows) != 8 {
		t.Fatalf("%d rows in %s, want 8 in %s", len(rows), path, sweep.QuotientsFile)
	}
	for _, r := range rows {
		if r.Status != export.StatusVerified || r.Heaps != 6 || r.Order < 1 {
			t.Errorf("%s: %s, heaps %d, order %d; want verified, 6", r.Name, r.Status, r.Heaps, r.Order)
		}
	}
	if _, err := os.Stat(path); err != nil {
		t.Error(err)
	}
}
