package main

import (
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"syscall"
	"testing"
)

// located is how every line sgtab prints about a bad config starts.
var located = regexp.MustCompile(`^[^:]+:\d+:\d+: `)

// TestValidateHostile runs sgtab validate on every config of the hostile
// corpus (rules/testdata/hostile), and on a FIFO and /dev/zero: each must
// fail with exit status 1, every problem located as FILE:LINE:COL, within
// a bounded amount of memory and of heap allocations (the work of reading
// a config goes with them; rules.TestHostile bounds them per byte), never
// panic; a hang shows as go test's timeout.
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
			code, _, stderr := sgtab(t, "validate", path)
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
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<30 {
				t.Errorf("allocated %d bytes", alloc)
			}
			if objects := after.Mallocs - before.Mallocs; objects > 4<<20 {
				t.Errorf("made %d heap allocations, want at most %d", objects, 4<<20)
			}
		})
	}
}
