package export_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute/period"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/export/internal/testtable"
)

// TestRingMirrorMetadata checks that the mirror strategy's proof travels
// with a ring table and is read back verified: 0.777's rings proved lost
// from 4 on; HDU 3951's rule with k = 10^9, whose bound the table does not
// reach, keeps the bound alone; a claim the rule and the values do not
// give, a bound changed or made up, is refused; an unclaimed bound is not
// reported.
func TestRingMirrorMetadata(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, tab *sg.Table, opt export.Options) string {
		t.Helper()
		path := filepath.Join(dir, name+".parquet")
		if err := export.WriteParquet(path, tab, opt); err != nil {
			t.Fatal(err)
		}
		return path
	}
	coin := testtable.Computed(t, "name: coin-ring-3\ncode: \"0.777\"\nstart: ring\n", 300)
	huge := testtable.Computed(t, "name: coin-ring-k\nmoves:\n  - take: {min: 1, max: 1000000000}\n    leave: [0, 1, 2]\nstart: ring\n", 300)
	for _, tc := range []struct {
		tab              *sg.Table
		from, status     string
		theorem, windows string
	}{
		{coin, "4", "proved", period.MirrorTheorem, "n ≥ 4, from the rule alone"},
		{huge, "1000000001", "observed", "", ""},
	} {
		path := write(tc.tab.Game.Name, tc.tab, export.Options{})
		got, meta, err := export.ReadParquet(path)
		if err != nil {
			t.Fatal(err)
		}
		if meta[export.KeyRingLostFrom] != tc.from || meta[export.KeyRingLostTheorem] != period.MirrorTheorem ||
			meta[export.KeyRingStatus] != tc.status || meta[export.KeyRingTheorem] != tc.theorem || meta[export.KeyRingProofWindow] != tc.windows {
			t.Errorf("%s: ring metadata %q %q %q %q %q", path, meta[export.KeyRingLostFrom], meta[export.KeyRingLostTheorem],
				meta[export.KeyRingStatus], meta[export.KeyRingTheorem], meta[export.KeyRingProofWindow])
		}
		if r := got.Analysis.Ring; r.MirrorFrom != tc.tab.Analysis.Ring.MirrorFrom || r.Status != tc.tab.Analysis.Ring.Status {
			t.Errorf("%s: read back %+v, want %+v", path, r, tc.tab.Analysis.Ring)
		}
	}

	// A bound that is not the rule's.
	changed := *coin
	a := *coin.Analysis
	ring := *a.Ring
	ring.MirrorFrom = 7
	a.Ring = &ring
	changed.Analysis = &a
	_, _, err := export.ReadParquet(write("changed", &changed, export.Options{}))
	if err == nil || !strings.Contains(err.Error(), "sgtab.ring_lost_from says every ring from n = 7 on is lost") {
		t.Errorf("a bound of 7 for 0.777: %v, want it refused", err)
	}
	// A bound claimed for a rule without a symmetric split.
	officers := testtable.Computed(t, "name: officers-ring\ncode: \"0.6\"\nstart: ring\n", 100)
	claim := export.Options{Extra: map[string]string{export.KeyRingLostFrom: "5"}}
	if _, _, err := export.ReadParquet(write("officers-ring", officers, claim)); err == nil || !strings.Contains(err.Error(), "do not prove it") {
		t.Errorf("a bound claimed for 0.6: %v, want it refused", err)
	}
	// Not claimed (written without an analysis): nothing reported.
	bare := *coin
	bare.Analysis = nil
	got, _, err := export.ReadParquet(write("bare", &bare, export.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	if r := got.Analysis.Ring; r.MirrorFrom != 0 || r.Status == sg.Proved {
		t.Errorf("0.777 written without its analysis reads back %+v, want no proof", r)
	}
}
