package sweep_test

import (
	"strings"
	"testing"

	"github.com/sgtab/sgtab/rules"
	"github.com/sgtab/sgtab/sweep"
)

// TestDescribe checks what validate prints of a sweep: where it is, how
// many games it expands to and computes, and the sweep itself, indented.
func TestDescribe(t *testing.T) {
	s, err := rules.ParseSweep(strings.NewReader("sweep:\n  codes: [\"0.*\"]\n  cap: 4096\n"), "octal-1.yaml")
	if err != nil {
		t.Fatal(err)
	}
	text, err := sweep.Describe(s)
	if err != nil {
		t.Fatal(err)
	}
	first, rest, _ := strings.Cut(text, "\n")
	if want := "octal-1.yaml:1: sweep of 8 games (8 computed)"; first != want {
		t.Errorf("first line %q, want %q", first, want)
	}
	for line := range strings.Lines(rest) {
		if !strings.HasPrefix(line, "    ") {
			t.Errorf("line %q not indented", line)
		}
	}
	if !strings.Contains(rest, "0.*") {
		t.Errorf("the sweep's codes missing:\n%s", rest)
	}
}
