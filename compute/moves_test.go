package compute_test

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/rules"
)

// TestMovesMex checks Moves against the engine: on every heap (and ring) of
// a set of games with every kind of move, the mex of the values of the
// moves listed is the value the engine computed.
func TestMovesMex(t *testing.T) {
	for _, yaml := range []string{
		`code: "0.77"`, `code: "4!.0"`, `code: "0.6"`, `code: "0.007"`, `code: "4.(3)"`,
		`code: "0.F6"`, `code: "C!.(F)"`, `code: "0.3033"`,
		"code: \"0.777\"\nstart: ring", "code: \"4.07\"\nstart: ring", "code: \"8!.F\"\nstart: ring",
	} {
		g := game(t, yaml)
		tab, err := compute.Sequence(t.Context(), g, 60, compute.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for n := range 61 {
			for _, ring := range []bool{false, true} {
				if ring && tab.Ring.Len() == 0 {
					continue
				}
				seen := map[uint32]bool{}
				for mv := range compute.Moves(g.Rule, n, ring) {
					total := mv.Take
					for _, h := range mv.Leave {
						total += h
					}
					if total != n {
						t.Fatalf("%q: move %+v on %d does not add up", yaml, mv, n)
					}
					seen[mv.Value(tab.G)] = true
				}
				mex := uint32(0)
				for seen[mex] {
					mex++
				}
				want := tab.G.At(n)
				if ring {
					want = tab.Ring.At(n)
				}
				if mex != want {
					t.Fatalf("%q, n = %d, ring %v: mex of the moves %d, engine %d", yaml, n, ring, mex, want)
				}
			}
		}
	}
}

// TestMovesToPeriod checks MovesTo against Moves on heaps far beyond the
// values it is given: for games whose period is proved, the values past
// the proof's window come from the period, and the counts and first moves
// of every target value must equal a walk over every move with the values
// computed to the heap itself.
func TestMovesToPeriod(t *testing.T) {
	for _, code := range []string{"0.77", "0.07", "0.137", "0.33", "0.54", "0.4"} {
		g := game(t, "code: \""+code+"\"")
		full, err := compute.Sequence(t.Context(), g, 3000, compute.Options{Exhaustive: true})
		if err != nil {
			t.Fatal(err)
		}
		proved, err := compute.Sequence(t.Context(), g, 3000, compute.Options{StopWhenProved: true})
		if err != nil {
			t.Fatal(err)
		}
		a := proved.Analysis
		if a.Status != compute.Proved {
			t.Fatalf("%s: no proved period", code)
		}
		per := a.Period
		sg := func(n int) uint32 {
			if n < proved.G.Len() {
				return proved.G.At(n)
			}
			return proved.G.At(per.Start + (n-per.Start)%per.Length)
		}
		for _, n := range []int{0, 1, 7, 2 * (per.Start + per.Length), 2*(per.Start+per.Length) + 1, 1999, 2000, 2999, 3000} {
			for target := range uint32(full.G.Max() + 2) {
				var want []compute.Move
				for mv := range compute.Moves(g.Rule, n, false) {
					if mv.Value(full.G) == target {
						want = append(want, mv)
					}
				}
				for _, limit := range []int{-1, 0, 3} {
					count, first, err := compute.MovesTo(g.Rule, n, false, sg, 0, &per, target, limit)
					if err != nil {
						t.Fatal(err)
					}
					w := want
					if limit >= 0 && len(w) > limit {
						w = w[:limit]
					}
					if count != int64(len(want)) || !movesEqual(first, w) {
						t.Fatalf("%s, heap %d, target %d, limit %d: count %d, moves %v; want %d, %v", code, n, target, limit, count, first, len(want), w)
					}
				}
			}
		}
	}
}

func movesEqual(a, b []compute.Move) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Take != b[i].Take || !slices.Equal(a[i].Leave, b[i].Leave) {
			return false
		}
	}
	return true
}

// TestMovesToTooMuch checks that MovesTo refuses a heap whose moves would
// take too long to go through, rather than running for hours.
func TestMovesToTooMuch(t *testing.T) {
	g := game(t, `code: "0.8"`) // hexadecimal 8: remove one, leave three heaps
	_, _, err := compute.MovesTo(g.Rule, 1e6, false, func(int) uint32 { return 0 }, 0, nil, 1, 10)
	if err == nil || !strings.Contains(err.Error(), "take about") {
		t.Errorf("err = %v", err)
	}
}

// TestWork checks that Work counts the moves the plain engine goes
// through: within 5% of the moves of every heap up to 400, counted one by
// one, for rules with each kind of move (a tail's splits are counted once
// per remainder, as the engine's unions see them).
func TestWork(t *testing.T) {
	for _, code := range []string{"0.77", "0.007", "4!.0", "0.F", "0.137"} {
		g := game(t, "code: \""+code+"\"")
		const n = 400
		var moves int
		for m := 1; m <= n; m++ {
			for range compute.Moves(g.Rule, m, false) {
				moves++
			}
		}
		if w := compute.Work(g.Rule, false, n); w < 0.95*float64(moves) || w > 1.05*float64(moves) {
			t.Errorf("%s: Work = %.0f, the moves of heaps 1..%d number %d", code, w, n, moves)
		}
	}
}

// TestMoveWork checks MoveWork, which sums the removals of a repeating
// tail a residue class at a time, against the sum over every removal, one
// by one: one step, and m/2 for the two-heap splits of the remainder m (a
// constant where a period serves) and m²/12 for the three-heap ones.
func TestMoveWork(t *testing.T) {
	per := &compute.Period{Start: 5, Length: 3}
	for _, code := range []string{"0.77", "0.(3)", "4.(3)", "0.(7)", "0.1(37)", "0.8(F)", "0.3F(0)", "0.07", "4!.0"} {
		g := game(t, "code: \""+code+"\"")
		for _, n := range []int{0, 1, 2, 7, 15, 16, 17, 100, 999, 1000, 4321} {
			for _, ring := range []bool{false, true} {
				for _, p := range []*compute.Period{nil, per} {
					r := g.Rule
					if ring {
						r = compute.RingRuleForTest(r)
					}
					maxK := n
					if k, ok := r.MaxTake(); ok {
						maxK = min(k, n)
					}
					var want float64
					for k := 0; k <= maxK; k++ {
						d, m := r.Digit(k), float64(n-k)
						want++
						if d.Leave&rules.Leave2 != 0 {
							if p != nil && m > float64(2*(p.Start+p.Length)) {
								want += float64(p.Start + 2*p.Length)
							} else {
								want += m / 2
							}
						}
						if d.Leave&rules.Leave3 != 0 {
							want += m * m / 12
						}
					}
					if got := compute.MoveWork(g.Rule, n, ring, p); math.Abs(got-want) > 1e-9*max(want, 1) {
						t.Errorf("%s, n = %d, ring %v, period %v: MoveWork %g, want %g", code, n, ring, p, got, want)
					}
				}
			}
		}
	}
}

// TestMoveDescribe checks how moves are said in words: on a heap, taking
// part of it or all of it, or splitting it, and on a ring.
func TestMoveDescribe(t *testing.T) {
	for _, tc := range []struct {
		mv   compute.Move
		n    int
		ring bool
		want string
	}{
		{compute.Move{Take: 7, Leave: []int{2}}, 9, false, "take 7 from the heap of 9, leaving a heap of 2"},
		{compute.Move{Take: 9}, 9, false, "take all 9"},
		{compute.Move{Take: 0, Leave: []int{2, 5}}, 7, false, "split the heap of 7, leaving heaps of 2 and 5"},
		{compute.Move{Take: 1, Leave: []int{1, 2, 3}}, 7, false, "take 1 from the heap of 7, leaving heaps of 1, 2 and 3"},
		{compute.Move{Take: 2, Leave: []int{5}}, 7, true, "take 2 from the ring of 7, leaving a row of 5"},
	} {
		if got := tc.mv.Describe(tc.n, tc.ring); got != tc.want {
			t.Errorf("%+v.Describe(%d) = %q, want %q", tc.mv, tc.n, got, tc.want)
		}
	}
}
