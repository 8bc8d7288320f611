package tabulate_test

import (
	"errors"
	"testing"

	"github.com/sgtab/sgtab/rules"
	"github.com/sgtab/sgtab/tabulate"
)

// TestProblemsCount checks that the line that stands for the problems
// left out of a config counts as them.
func TestProblemsCount(t *testing.T) {
	p := tabulate.Problems{errors.New("a.yaml: no such file"), &rules.ConfigError{Msg: "heaps: must be at least 1"},
		&rules.ConfigError{Msg: "… and 7 more problems", Dropped: 7}}
	if n := p.Count(); n != 9 {
		t.Errorf("Count() = %d, want 9", n)
	}
}
