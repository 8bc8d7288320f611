package heap

import (
	"runtime/debug"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// TestLargeTableTightensGC checks that a table of 64 MiB of values lowers
// the collector's headroom to 10%, so that the values do not cost twice
// their bytes: Kayles to 2^26, one byte a value.
func TestLargeTableTightensGC(t *testing.T) {
	prev := debug.SetGCPercent(100)
	defer debug.SetGCPercent(prev)
	games, err := rules.Parse(strings.NewReader("name: k\ncode: \"0.77\"\n"), "k.yaml")
	if err != nil {
		t.Fatal(err)
	}
	tab, err := Sequence(t.Context(), games[0], 1<<26, sg.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := debug.SetGCPercent(100); got != largeTableGC || tab.G.Width() != 8 {
		t.Errorf("GOGC %d after a table of %d values of %d bits, want %d", got, tab.G.Len(), tab.G.Width(), largeTableGC)
	}
}
