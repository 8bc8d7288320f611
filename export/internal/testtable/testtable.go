// Package testtable computes the tables that the tests of package export
// and of the packages beside it write, read and turn into code.
package testtable

import (
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// Computed parses a one-game YAML config and computes the game's table to
// heap n, or fails the test.
func Computed(t testing.TB, yaml string, n int) *sg.Table {
	t.Helper()
	games, err := rules.Parse(strings.NewReader(yaml), "g.yaml")
	if err != nil {
		t.Fatal(err)
	}
	tab, err := compute.Sequence(t.Context(), games[0], n, sg.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return tab
}
