package sweep_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute/misere"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/rules"
	"github.com/sgtab/sgtab/sweep"
)

// TestQuotientCensus runs a census of misère quotients: one row per rule
// of the games on a line (ring starts left out, a game's normal and misère
// play one row), each verified to the bound or stopped at a bound of the
// census with the order it had, and reads it back.
func TestQuotientCensus(t *testing.T) {
	s, err := rules.ParseSweep(strings.NewReader("sweep:\n  codes: [\"0.7*\"]\n  games:\n    - {name: nim, code: \"0.(3)\"}\n  start: [line, ring]\n  play: [normal, misere]\n"), "s.yaml")
	if err != nil {
		t.Fatal(err)
	}
	p, err := sweep.NewPlan(s, -1, -1, sweep.All)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := sweep.Quotients(t.Context(), p, 10, 2, misere.QuotientLimits{Order: 10}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	byName := map[string]export.QuotientRow{}
	for _, r := range rows {
		names = append(names, r.Name)
		byName[r.Name] = r
	}
	if want := []string{"0.70", "0.71", "0.72", "0.73", "0.74", "0.75", "0.76", "0.77", "nim"}; !slices.Equal(names, want) {
		t.Fatalf("rows %v, want %v", names, want)
	}
	// 0.75: order 8 from heap 5 on (see compute's TestQuotientPublished).
	if r := byName["0.75"]; r.Status != export.StatusVerified || r.Order != 8 || r.StableFrom != 5 || !r.Stabilised || r.Tame || r.PPortion != 2 {
		t.Errorf("0.75: %+v", r)
	}
	// Misère Nim's quotient grows past the census's bound of 10 at heap
	// 8, where T_3 (order 10) becomes T_4 (order 18).
	if r := byName["nim"]; r.Status != "outgrew" || r.Bound != "order" || r.Reached != 7 || r.Order != 10 || r.StableFrom != 4 {
		t.Errorf("nim: %+v", r)
	}
	path := filepath.Join(t.TempDir(), sweep.QuotientsFile)
	if err := export.WriteQuotientCensus(path, rows, map[string]string{export.KeyHeaps: "10"}, export.Options{Version: "test"}); err != nil {
		t.Fatal(err)
	}
	back, _, err := export.ReadQuotientCensus(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range back {
		back[i].Seconds, rows[i].Seconds = 0, 0
	}
	if !slices.EqualFunc(back, rows, func(a, b export.QuotientRow) bool {
		return a.Name == b.Name && a.Order == b.Order && slices.Equal(a.Orders, b.Orders) && a.Bound == b.Bound && a.Tame == b.Tame
	}) {
		t.Errorf("read back %+v", back)
	}
}
