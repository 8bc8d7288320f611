package moves_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/heap"
	"github.com/sgtab/sgtab/compute/internal/brute"
	"github.com/sgtab/sgtab/compute/internal/testenv"
	"github.com/sgtab/sgtab/compute/moves"
	"github.com/sgtab/sgtab/compute/sg"
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
		g := testenv.Game(t, yaml)
		tab, err := compute.Sequence(t.Context(), g, 60, sg.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for n := range 61 {
			for _, ring := range []bool{false, true} {
				if ring && tab.Ring.Len() == 0 {
					continue
				}
				seen := map[uint32]bool{}
				for mv := range moves.Of(g.Rule, n, ring) {
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

// TestMovesToPeriod checks To against Of on heaps far beyond the
// values it is given: for games whose period is proved, the values past
// the proof's window come from the period, and the counts and first moves
// of every target value must equal a walk over every move with the values
// computed to the heap itself.
func TestMovesToPeriod(t *testing.T) {
	for _, code := range []string{"0.77", "0.07", "0.137", "0.33", "0.54", "0.4"} {
		g, full, per, sg := provedAndFull(t, code, 3000)
		for _, n := range []int{0, 1, 7, 2 * (per.Start + per.Length), 2*(per.Start+per.Length) + 1, 1999, 2000, 2999, 3000} {
			for target := range uint64(full.G.Max() + 2) {
				var want []moves.Move
				for mv := range moves.Of(g.Rule, n, false) {
					if uint64(mv.Value(full.G)) == target {
						want = append(want, mv)
					}
				}
				checkMovesTo(t, code, g.Rule, n, sg, per, target, want, -1, 0, 3)
			}
		}
	}
}

// provedAndFull returns the game of code, its values to n all computed,
// and its period proved by Sequence with StopWhenProved, with the values
// it gives every heap (from the proof's table, then the period).
func provedAndFull(t *testing.T, code string, n int) (rules.Game, *sg.Table, sg.Period, func(int) uint64) {
	t.Helper()
	g := testenv.Game(t, "code: \""+code+"\"")
	full, err := compute.Sequence(t.Context(), g, n, sg.Options{Exhaustive: true})
	if err != nil {
		t.Fatal(err)
	}
	proved, err := compute.Sequence(t.Context(), g, n, sg.Options{StopWhenProved: true})
	if err != nil {
		t.Fatal(err)
	}
	a := proved.Analysis
	if a.Status != sg.Proved {
		t.Fatalf("%s: no proved period", code)
	}
	per := a.Period
	return g, full, per, func(n int) uint64 {
		v, _ := per.Extend(proved.G, n)
		return v
	}
}

// checkMovesTo checks To on a heap of n of code's rule r to target,
// with the values sg and the period per, against want, the moves a walk
// over every move finds: the count, and the first moves up to each limit.
func checkMovesTo(t *testing.T, code string, r rules.Rule, n int, sg func(int) uint64, per sg.Period, target uint64, want []moves.Move, limits ...int) {
	t.Helper()
	for _, limit := range limits {
		count, first, err := moves.To(r, n, false, sg, 0, &per, target, limit)
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

func movesEqual(a, b []moves.Move) bool {
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

// TestMovesToTooMuch checks that To refuses a heap whose moves would
// take too long to go through, rather than running for hours.
func TestMovesToTooMuch(t *testing.T) {
	g := testenv.Game(t, `code: "0.8"`) // hexadecimal 8: remove one, leave three heaps
	_, _, err := moves.To(g.Rule, 1e6, false, func(int) uint64 { return 0 }, 0, nil, 1, 10)
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
		g := testenv.Game(t, "code: \""+code+"\"")
		const n = 400
		var count int
		for m := 1; m <= n; m++ {
			for range moves.Of(g.Rule, m, false) {
				count++
			}
		}
		if w := heap.Work(g.Rule, false, n); w < 0.95*float64(count) || w > 1.05*float64(count) {
			t.Errorf("%s: Work = %.0f, the moves of heaps 1..%d number %d", code, w, n, count)
		}
	}
}

// TestMoveWork checks Work, which sums the removals of a repeating
// tail a residue class at a time, against the sum over every removal, one
// by one: one step, and m/2 for the two-heap splits of the remainder m (a
// constant where a period serves) and m²/12 for the three-heap ones.
func TestMoveWork(t *testing.T) {
	per := &sg.Period{Start: 5, Length: 3}
	for _, code := range []string{"0.77", "0.(3)", "4.(3)", "0.(7)", "0.1(37)", "0.8(F)", "0.3F(0)", "0.07", "4!.0"} {
		g := testenv.Game(t, "code: \""+code+"\"")
		for _, n := range []int{0, 1, 2, 7, 15, 16, 17, 100, 999, 1000, 4321} {
			for _, ring := range []bool{false, true} {
				for _, p := range []*sg.Period{nil, per} {
					r := g.Rule
					if ring {
						r = r.RingOpening()
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
					if got := moves.Work(g.Rule, n, ring, p); math.Abs(got-want) > 1e-9*max(want, 1) {
						t.Errorf("%s, n = %d, ring %v, period %v: Work %g, want %g", code, n, ring, p, got, want)
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
		mv   moves.Move
		n    int
		ring bool
		want string
	}{
		{moves.Move{Take: 7, Leave: []int{2}}, 9, false, "take 7 from the heap of 9, leaving a heap of 2"},
		{moves.Move{Take: 9}, 9, false, "take all 9"},
		{moves.Move{Take: 0, Leave: []int{2, 5}}, 7, false, "split the heap of 7, leaving heaps of 2 and 5"},
		{moves.Move{Take: 1, Leave: []int{1, 2, 3}}, 7, false, "take 1 from the heap of 7, leaving heaps of 1, 2 and 3"},
		{moves.Move{Take: 2, Leave: []int{5}}, 7, true, "take 2 from the ring of 7, leaving a row of 5"},
	} {
		if got := tc.mv.Describe(tc.n, tc.ring); got != tc.want {
			t.Errorf("%+v.Describe(%d) = %q, want %q", tc.mv, tc.n, got, tc.want)
		}
	}
}

// TestMovesToArithmetic checks the moves found from a proved arithmetic
// period (compute's arithWalk, which solves for the heaps and splits of a
// value by residues and bits) against a walk over every move with the
// values computed to the heap itself: the count and the first moves of
// every target value, for games whose splits remove a fixed number of
// tokens (Lasker's Nim, 4.(3); 0.5(3), period 26 and saltus 16; …).
func TestMovesToArithmetic(t *testing.T) {
	for _, code := range []string{"4.(3)", "4.1(3)", "4.3(2)", "4.1(2)", "0.5(2)", "0.5(3)", "0.(3)"} {
		g, full, per, sg := provedAndFull(t, code, 700)
		if per.Saltus == 0 {
			t.Fatalf("%s: period %+v, no saltus", code, per)
		}
		heaps := []int{333, 500, 699, 700}
		for n := range 41 {
			heaps = append(heaps, n)
		}
		for _, n := range heaps {
			byValue := map[uint64][]moves.Move{}
			for mv := range moves.Of(g.Rule, n, false) {
				v := uint64(mv.Value(full.G))
				byValue[v] = append(byValue[v], mv)
			}
			// Every value a move has, and a few no move has.
			targets := []uint64{uint64(full.G.Max()) + 1, uint64(n) + 3}
			for v := range byValue {
				targets = append(targets, v, v+1)
			}
			for _, target := range targets {
				checkMovesTo(t, code, g.Rule, n, sg, per, target, byValue[target], -1, 3)
			}
		}
	}
}

// TestMovesToLaskerLarge counts the moves of large heaps of Lasker's Nim to
// random targets from its proved period against a count over every move
// with the values of the published formula (brute.LaskerSG), and checks that
// every move listed of heaps up to 2^62 has the value asked.
func TestMovesToLaskerLarge(t *testing.T) {
	g := testenv.Game(t, `code: "4.(3)"`)
	proved, err := compute.Sequence(t.Context(), g, 100, sg.Options{StopWhenProved: true})
	if err != nil {
		t.Fatal(err)
	}
	per := proved.Analysis.Period
	sg := func(n int) uint64 {
		v, _ := per.Extend(proved.G, n)
		return v
	}
	rng := rand.New(rand.NewPCG(3, 25))
	for range 100 {
		n := 10_000 + rng.IntN(20_000)
		target := brute.LaskerSG(rng.IntN(n + 1))
		if rng.IntN(2) == 0 {
			target = uint64(rng.IntN(2 * n))
		}
		var want int64
		for mv := range moves.Of(g.Rule, n, false) {
			var v uint64
			for _, h := range mv.Leave {
				v ^= brute.LaskerSG(h)
			}
			if v == target {
				want++
			}
		}
		count, err := moves.CountTo(g.Rule, n, false, sg, 0, &per, target)
		if err != nil || count != want {
			t.Fatalf("heap %d, target %d: count %d, %v; want %d", n, target, count, err, want)
		}
	}
	for range 100 {
		n := rng.IntN(1 << 62)
		target := brute.LaskerSG(n) ^ brute.LaskerSG(rng.IntN(1<<62))
		count, moves, err := moves.To(g.Rule, n, false, sg, 0, &per, target, -1)
		if err != nil || count != int64(len(moves)) {
			t.Fatalf("heap %d, target %d: count %d, %d moves listed, %v", n, target, count, len(moves), err)
		}
		for _, mv := range moves {
			v, sum := uint64(0), mv.Take
			for _, h := range mv.Leave {
				v ^= brute.LaskerSG(h)
				sum += h
			}
			if v != target || sum != n {
				t.Fatalf("heap %d, target %d: move %+v has value %d", n, target, mv, v)
			}
		}
	}
}
