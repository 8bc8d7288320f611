package bench_test

import (
	"context"
	"testing"

	"github.com/sgtab/sgtab/bench"
)

// TestFind checks that workloads are found by name, in the order named,
// all of them for no name, and that an unknown one is named with the
// workloads.
func TestFind(t *testing.T) {
	all, err := bench.Find(nil)
	if err != nil || len(all) != len(bench.Workloads) {
		t.Fatalf("no names: %d workloads, %v; want all %d", len(all), err, len(bench.Workloads))
	}
	got, err := bench.Find([]string{"kayles", "officers"})
	if err != nil || len(got) != 2 || got[0].Name != "kayles" || got[1].Name != "officers" {
		t.Errorf("kayles officers: %v, %v", got, err)
	}
	_, err = bench.Find([]string{"nim"})
	if want := `unknown workload "nim" (the workloads are officers, treblecross, grundy, kayles, 0.16)`; err == nil || err.Error() != want {
		t.Errorf("nim: %v, want %q", err, want)
	}
}

// TestRun times Officers to 2000 (its plain engine to 500) and checks
// what it measured; the published checksum is of 10^7 only.
func TestRun(t *testing.T) {
	w, err := bench.Find([]string{"officers"})
	if err != nil {
		t.Fatal(err)
	}
	var totals []int64
	var done int64
	r, err := bench.Run(context.Background(), w[0], 2000, 500, func(total int64, desc string) (func(int64), func()) {
		totals = append(totals, total)
		return func(d int64) { done += d }, func() {}
	})
	if err != nil {
		t.Fatal(err)
	}
	if r.N != 2000 || r.Table.N() != 2000 || r.PlainTo != 500 || r.Known != "-" || r.Seconds <= 0 || r.PlainSeconds <= 0 || r.FastSeconds <= 0 {
		t.Errorf("result %+v", r)
	}
	if len(totals) != 3 || totals[0] != 2001 || totals[1] != 501 || totals[2] != 501 {
		t.Errorf("progress totals %v, want [2001 501 501]", totals)
	}
}
