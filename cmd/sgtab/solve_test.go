package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestSolveCommand(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run(t.Context(), []string{"solve", "-moves", "cram", "3x5"}, &stdout, &stderr); code != 0 {
		t.Fatalf("status %d: %s", code, stderr.String())
	}
	if out := stdout.String(); !strings.HasPrefix(out, "cram 3×5: nimber 1 (the player to move wins)\n") || !strings.Contains(out, "winning moves: ") {
		t.Errorf("solve printed:\n%s", out)
	}
	for _, args := range [][]string{{"solve", "cram"}, {"solve", "-workers", "0", "cram", "4x4"}, {"solve", "-table", "lots", "cram", "4x4"}} {
		stdout.Reset()
		stderr.Reset()
		if code := run(t.Context(), args, &stdout, &stderr); code != 2 {
			t.Errorf("%q: status %d, want 2 (%s)", args, code, stderr.String())
		}
	}
	stderr.Reset()
	if code := run(t.Context(), []string{"solve", "cram", "9x9"}, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "at most 64") {
		t.Errorf("9x9: status %d, %s", code, stderr.String())
	}
}
