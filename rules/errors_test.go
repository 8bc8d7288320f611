package rules

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestProblems checks that a file's problems are listed by position, the
// first maxProblems of them and then one line counting the rest, located
// at the first of those; and that a problem repeated at one place (as one
// value used through several aliases would be) is listed once.
func TestProblems(t *testing.T) {
	var ps problems
	// Found in no particular order: lines 1000 down to 1, each twice.
	for line := 1000; line >= 1; line-- {
		for range 2 {
			ps.add(&ConfigError{File: "f.yaml", Line: line, Col: 1, Msg: "bad", Err: ErrBadValue})
		}
	}
	err := ps.err()
	lines := strings.Split(err.Error(), "\n")
	if len(lines) != maxProblems+1 {
		t.Fatalf("%d lines, want %d", len(lines), maxProblems+1)
	}
	for i, l := range lines[:maxProblems] {
		if want := fmt.Sprintf("f.yaml:%d:1: bad", i+1); l != want {
			t.Fatalf("line %d = %q, want %q", i, l, want)
		}
	}
	if want := fmt.Sprintf("f.yaml:%d:1: … and %d more problems", maxProblems+1, 1000-maxProblems); lines[maxProblems] != want {
		t.Errorf("last line %q, want %q", lines[maxProblems], want)
	}
	if !errors.Is(err, ErrBadValue) || !errors.Is(err, ErrTooMany) {
		t.Errorf("error matches neither ErrBadValue nor ErrTooMany")
	}
}
