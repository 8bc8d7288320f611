package main

import (
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// located is how every line sgtab prints about a bad config starts.
var located = regexp.MustCompile(`^[^:]+:\d+:\d+: `)

// TestValidateHostile runs sgtab validate on every config of the hostile
// corpus (rules/testdata/hostile), and on a FIFO and /dev/zero: each must
// fail with exit status 1, every problem located as FILE:LINE:COL, within
// a second and a bounded amount of memory, never hang or panic.
func TestValidateHostile(t *testing.T) {
	paths, err := filepath.Glob("../../rules/testdata/hostile/*.yaml")
	if err != nil || len(paths) < 30 {
		t.Fatalf("hostile corpus: %d files, %v", len(paths), err)
	}
	fifo := filepath.Join(t.TempDir(), "fifo.yaml")
	if err := syscall.Mkfifo(fifo, 0o600); err == nil {
		paths = append(paths, fifo)
	}
	paths = append(paths, "/dev/zero")
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			start := time.Now()
			done := make(chan struct{})
			var code int
			var stderr string
			go func() {
				defer close(done)
				code, _, stderr = sgtab(t, "validate", path)
			}()
			select {
			case <-done:
			case <-time.After(20 * time.Second):
				t.Fatalf("validate %s does not return", path)
			}
			elapsed := time.Since(start)
			runtime.ReadMemStats(&after)
			if code != 1 {
				t.Errorf("status %d, want 1\n%s", code, stderr)
			}
			lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
			for _, l := range lines[:len(lines)-1] {
				if !located.MatchString(l) {
					t.Errorf("line %q is not located FILE:LINE:COL", l)
				}
			}
			if !strings.HasPrefix(lines[len(lines)-1], "sgtab: ") {
				t.Errorf("last line %q", lines[len(lines)-1])
			}
			// A second on an idle machine; the race detector slows
			// parsing about tenfold.
			limit := time.Second
			if raceEnabled {
				limit *= 10
			}
			if elapsed > limit {
				t.Errorf("took %v", elapsed)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<30 {
				t.Errorf("allocated %d bytes", alloc)
			}
		})
	}
}
