package heap

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/rules"
)

// TestVerifyMisereTable checks what the full check of a stored misère
// table says it checked: its outcomes and genera, computed again.
func TestVerifyMisereTable(t *testing.T) {
	games, err := rules.Parse(strings.NewReader("name: kayles-misere\ncode: \"0.77\"\nplay: misere\n"), "g.yaml")
	if err != nil {
		t.Fatal(err)
	}
	tab, err := compute.Sequence(t.Context(), games[0], 25, sg.Options{})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "t.parquet")
	if err := export.WriteParquet(path, tab, export.Options{Version: version}); err != nil {
		t.Fatal(err)
	}
	f, err := export.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	what, err := VerifyTable(t.Context(), f, 1, family.NoMeter)
	if err != nil || what != "every outcome and genus computed again from the rule, heaps 0..25" {
		t.Errorf("VerifyTable: %q, %v", what, err)
	}
}
