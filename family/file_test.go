package family_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/family"
	_ "github.com/sgtab/sgtab/family/all"
	"github.com/sgtab/sgtab/family/heap"
	"github.com/sgtab/sgtab/rules"
)

// A counter counts the values a verification checks.
type counter struct{ n int64 }

func (c *counter) Add(d int64)     { c.n += d }
func (c *counter) Inherit(d int64) { c.n += d }

// TestVerifyAndPlotFile writes Kayles's table to 200, checks its every
// value on the meter of a task, and draws its plots; a file that holds no
// game's values is skipped with a note.
func TestVerifyAndPlotFile(t *testing.T) {
	games, err := rules.Parse(strings.NewReader("name: kayles\ncode: \"0.77\"\n"), "k.yaml")
	if err != nil {
		t.Fatal(err)
	}
	table, err := compute.Sequence(context.Background(), games[0], 200, sg.Options{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if _, err := heap.Write(table, family.Output{Dir: dir, Formats: []string{"parquet"}, Plot: "none"}, nil); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "kayles.parquet")
	f, err := export.ReadContext(context.Background(), path, family.ReadOptions())
	if err != nil {
		t.Fatal(err)
	}
	var c counter
	var desc string
	ended := false
	checked, err := family.VerifyFile(context.Background(), f, 1, func(total int64, d string) (family.Meter, func()) {
		desc = d
		return &c, func() { ended = true }
	})
	if err != nil || checked == "" || c.n != 201 || desc != "verifying kayles" || !ended {
		t.Errorf("verified %q, %v; counted %d values on %q (ended %v), want 201 on \"verifying kayles\"", checked, err, c.n, desc, ended)
	}
	files, notes, err := family.PlotFile(context.Background(), path, family.Output{Dir: dir, Plot: "svg"})
	if err != nil || len(files) == 0 || !strings.HasSuffix(files[0], "kayles.svg") {
		t.Errorf("plots %v, notes %v, %v; want kayles.svg first", files, notes, err)
	}
	rare := filepath.Join(dir, "kayles-rare.parquet")
	files, notes, err = family.PlotFile(context.Background(), rare, family.Output{Dir: dir, Plot: "svg"})
	if err != nil || len(files) != 0 || len(notes) != 1 || !strings.HasSuffix(notes[0], ": skipped") {
		t.Errorf("rare positions: plots %v, notes %v, %v; want one note, skipped", files, notes, err)
	}
}
