package main

import (
	"strings"
	"testing"
)

// TestMemoryEnvInvalid checks that a value of $SGTAB_MEMORY that is not a
// size is reported, naming the variable and the value, with exit status 2
// (a mistake in how sgtab was called, as a bad flag is), before any work.
func TestMemoryEnvInvalid(t *testing.T) {
	chdir(t)
	for _, value := range []string{"garbage", "-1", "0", "NaN", "0x10GiB", "9999999999999999999999GiB", "Inf", "1.5 lots"} {
		for _, args := range [][]string{
			{"query", "nim.yaml", "5"},
			{"run", "-out", "out", "-heaps", "30", "nim.yaml"},
			{"validate", "nim.yaml"},
		} {
			t.Run(value+"/"+args[0], func(t *testing.T) {
				t.Setenv("SGTAB_MEMORY", value)
				code, stdout, stderr := sgtab(t, args...)
				if code != 2 || stdout != "" || !strings.HasPrefix(stderr, "sgtab: $SGTAB_MEMORY is invalid: ") ||
					!strings.Contains(stderr, `(got "`+value+`")`) || strings.Count(stderr, "\n") != 1 {
					t.Errorf("status %d, stdout %q, stderr %q; want 2 and one line naming $SGTAB_MEMORY and its value", code, stdout, stderr)
				}
			})
		}
	}
	for _, value := range []string{"", "4GiB", "1.5 GiB", "1e10"} {
		t.Setenv("SGTAB_MEMORY", value)
		if code, _, stderr := sgtab(t, "query", "nim.yaml", "5"); code != 0 {
			t.Errorf("SGTAB_MEMORY=%q: status %d, %s", value, code, stderr)
		}
	}
}
