//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestRunRemovesStaleTemps plants in the output folder the temporary
// files a run killed while writing its table and its checkpoint leaves,
// and one being written by another process (its lock held): the next run
// into the folder removes the stale ones and says so, and leaves the live
// one alone.
func TestRunRemovesStaleTemps(t *testing.T) {
	chdir(t)
	if err := os.MkdirAll("out", 0o755); err != nil {
		t.Fatal(err)
	}
	stale := []string{"out/.nim.parquet.2871.tmp", "out/..nim.checkpoint.parquet.94811.tmp"}
	live := "out/.kayles.arrow.5512.tmp"
	for _, name := range append(stale, live) {
		if err := os.WriteFile(name, make([]byte, 3000), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Open(live)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := sgtab(t, "run", "-heaps", "100", "-plot", "none", "-out", "out", "nim.yaml")
	if code != 0 {
		t.Fatalf("status %d\n%s", code, stderr)
	}
	for _, name := range stale {
		if _, err := os.Lstat(name); err == nil {
			t.Errorf("%s is left", name)
		}
		if want := "sgtab: removed " + filepath.FromSlash(name) + " (2.9 KiB), a temporary file left by a run that was killed"; !strings.Contains(stderr, want) {
			t.Errorf("stderr does not say %q:\n%s", want, stderr)
		}
	}
	if _, err := os.Lstat(live); err != nil {
		t.Errorf("the file being written was removed: %v", err)
	}
}
