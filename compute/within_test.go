package compute_test

import (
	"errors"
	"runtime"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/heap"
	"github.com/sgtab/sgtab/compute/moves"
	"github.com/sgtab/sgtab/compute/period"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// TestRunTableEqualsTail checks that a rule with a run is computed as the
// rule it is within the table: HDU 3951's k = 10^9 on a ring to 300 has the
// values of removing any number of coins (0.(7)), and a run spelled out
// past its end has the values the definition gives: 0.31{65540} removes one
// token (leaving the rest as one heap, or nothing), or 2 to 65541 tokens
// only as a whole heap, so SG(n) = mex{SG(n − 1), 0 while n ≤ 65541}.
func TestRunTableEqualsTail(t *testing.T) {
	huge := sequence(t, "code: \"0.7{1000000000}\"\nstart: ring", 300)
	tail := sequence(t, "code: \"0.(7)\"\nstart: ring", 300)
	if !huge.G.Equal(tail.G) || !huge.Ring.Equal(tail.Ring) {
		t.Errorf("0.7{1000000000} to 300 differs from 0.(7)")
	}
	if huge.Analysis.Status == sg.Proved {
		t.Errorf("0.7{1000000000} to 300: rows proved (%+v), but the game changes past 10^9", huge.Analysis)
	}
	const n = 65600
	whole := sequence(t, "code: \"0.31{65540}\"", n)
	want := make([]uint32, n+1)
	for m := 1; m <= n; m++ {
		seen := map[uint32]bool{want[m-1]: true}
		seen[0] = seen[0] || m <= 65541
		for seen[want[m]] {
			want[m]++
		}
	}
	for m, w := range want {
		if got := whole.G.At(m); got != w {
			t.Fatalf("0.31{65540}: SG(%d) = %d, want %d", m, got, w)
		}
	}
}

// TestRunWork checks that the estimate of a run is that of its removals
// spelled out, without spelling them out.
func TestRunWork(t *testing.T) {
	run, _ := rules.ParseCode("0.37{100000}", 0)
	spelled := run.Within(200000)
	for _, n := range []int{10, 70000, 100001, 100002, 150000} {
		for _, ring := range []bool{false, true} {
			got, want := heap.Work(run, ring, n), heap.Work(spelled, ring, n)
			if diff := got - want; diff > 1e-6*want || -diff > 1e-6*want {
				t.Errorf("Work(%s, ring %v, %d) = %g, spelled out %g", run, ring, n, got, want)
			}
		}
		per := &sg.Period{Start: 5, Length: 3}
		got, want := moves.Work(run, n, false, per), moves.Work(spelled, n, false, per)
		if diff := got - want; diff > 1e-6*want || -diff > 1e-6*want {
			t.Errorf("MoveWork(%s, %d) = %g, spelled out %g", run, n, got, want)
		}
	}
}

// TestRunVerifyAndMisere checks the other engines that step through a
// rule with a run: verification (a table of HDU 3951's k = 10^9 passes,
// one changed ring value fails) and misère play (removing 1 to 10^9
// tokens is misère Nim on every heap up to 10^9).
func TestRunVerifyAndMisere(t *testing.T) {
	tab := sequence(t, "code: \"0.7{1000000000}\"\nstart: ring", 300)
	if _, err := compute.Verify(t.Context(), tab, sg.VerifyOptions{}); err != nil {
		t.Fatalf("verify 0.7{1000000000}: %v", err)
	}
	ring := tab.Ring.Uint32s()
	ring[200]++
	bad := &sg.Table{Game: tab.Game, G: tab.G, Ring: sg.ValuesOf(ring)}
	_, err := compute.Verify(t.Context(), bad, sg.VerifyOptions{})
	if mm, ok := errors.AsType[*sg.MismatchError](err); !ok || mm.N != 200 || !mm.Ring {
		t.Errorf("verify 0.7{1000000000} with SG_ring(200) changed: %v, want a mismatch at ring 200", err)
	}
	run := sequence(t, "moves:\n  - take: {min: 1, max: 1000000000}\nplay: misere", 300)
	nim := sequence(t, "code: \"0.(3)\"\nplay: misere", 300)
	if !run.G.Equal(nim.G) {
		t.Errorf("misère take 1..10^9 to 300 differs from misère Nim")
	}
}

// TestRunAllocations checks that a removal count of 10^18 costs the
// engines no more than a table of the heaps asked: computing a ring of
// HDU 3951's rule to 300, estimating it to 10^12, the work of a move list
// at 10^18, the mirror's argument and its answers.
func TestRunAllocations(t *testing.T) {
	g := game(t, "code: \"0.7{1000000000000000000}\"\nstart: ring")
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	if _, err := compute.Sequence(t.Context(), g, 300, sg.Options{Workers: 1}); err != nil {
		t.Fatal(err)
	}
	_ = heap.Work(g.Rule, true, 1e12)
	_ = compute.Estimate(g, 1e12, 1)
	_ = moves.Work(g.Rule, 1e18, true, nil)
	m, ok := period.RingMirror(g.Rule)
	if !ok || !m.Decided(64, 1e18) || m.Lost(1e18) {
		t.Fatalf("0.7{10^18}: the mirror's argument %+v, %v", m, ok)
	}
	runtime.ReadMemStats(&after)
	if use := after.TotalAlloc - before.TotalAlloc; use > 4<<20 {
		t.Errorf("a table to 300 and estimates to 10^12 of 0.7{10^18} allocated %d bytes, want less than 4 MiB", use)
	}
}
