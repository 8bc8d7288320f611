//go:build !race

package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/rules"
)

// TestMemoryEstimate runs tables of one, two (a ring) and four bytes a
// value in child processes, as sgtab runs them, and compares each one's
// peak memory (VmHWM) with what rules.HeapMemory estimates beforehand: the
// estimate must not be below the peak, nor far above it. It needs
// SGTAB_LONG (a few seconds and a few hundred megabytes a case) and Linux.
func TestMemoryEstimate(t *testing.T) {
	if os.Getenv("SGTAB_LONG") == "" {
		t.Skip("set SGTAB_LONG=1 to measure the memory of large tables")
	}
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("no /proc here to read peak memory from")
	}
	dir := t.TempDir()
	for _, tc := range []struct {
		yaml  string
		heaps int64
		start rules.Start
		width int
	}{
		{"name: kayles\ncode: \"0.77\"\n", 1e8, rules.StartLine, 8},
		{"name: ring\ncode: \"0.77\"\nstart: ring\n", 5e7, rules.StartRing, 8},
		{"name: nim\nmoves:\n  - take: {min: 1}\n", 3e7, rules.StartLine, 32},
	} {
		cfg := fmt.Sprintf("%s/g%d.yaml", dir, tc.heaps)
		if err := os.WriteFile(cfg, []byte(tc.yaml), 0o644); err != nil {
			t.Fatal(err)
		}
		args := []string{"run", "-heaps", fmt.Sprint(tc.heaps), "-plot", "none", "-out", dir, cfg}
		cmd := sgtabProcess(dir, args...)
		cmd.Env = append(cmd.Env, childPeak+"=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", args, err, out)
		}
		var peak int64
		for line := range strings.Lines(string(out)) {
			if v, ok := strings.CutPrefix(strings.TrimSpace(line), "peak "); ok {
				peak, _ = strconv.ParseInt(v, 10, 64)
			}
		}
		est := rules.HeapMemory(tc.heaps, tc.start, tc.width)
		t.Logf("%s: peak %s, estimate %s", args, rules.ByteSize(peak), rules.ByteSize(est))
		if peak == 0 || est < peak || est > 2*peak {
			t.Errorf("%s: peak %s, estimated %s", args, rules.ByteSize(peak), rules.ByteSize(est))
		}
	}
}
