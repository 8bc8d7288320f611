package compute_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/classical"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// verifyGames are games of every shape Verify handles: sparse space
// (Officers, Grundy's game, with the heap's parity: 0.127), a scan with no
// split (Treblecross), three-heap splits (0.F, hexadecimal), repeating
// tails with and without splits (Nim, Lasker's Nim, 0.(7)), rings, misère
// play and a built-in game.
var verifyGames = []struct {
	name, yaml string
	n          int
}{
	{"officers", officersYAML, 10000},
	{"grundy", grundyYAML, 10000},
	{"0.127", `code: "0.127"`, 3000},
	{"treblecross", treblecrossYAML, 1500},
	{"kayles", kaylesYAML, 3000},
	{"hex-0.F", `code: "0.F"`, 200},
	{"hex-distinct", `code: "0.8!4"`, 300},
	{"nim", nimYAML, 3000},
	{"lasker", laskerYAML, 1000},
	{"tail-splits", `code: "0.(7)"`, 400},
	{"ring", ringYAML, 2000},
	{"ring-hex", "code: \"0.F\"\nstart: ring", 150},
	{"misere", "code: \"0.3(31)\"\nplay: misere", 2000},
	{"fibonacci", "state: fibonacci-nim", 3000},
}

// TestVerifyFindsAlteredValue checks that VerifyTable (Verify, or
// VerifyState for the built-in game) passes the engine's tables, on one
// worker and on two, and that a value changed anywhere —
// a row's or a ring's, below or past a proved period's window — is
// reported at its heap size with the value its options give, which is the
// engine's.
func TestVerifyFindsAlteredValue(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, tc := range verifyGames {
		t.Run(tc.name, func(t *testing.T) {
			tab := verifySequence(t, tc.yaml, tc.n)
			for _, w := range []int{1, 2} {
				if _, err := compute.VerifyTable(t.Context(), tab, sg.VerifyOptions{Workers: w}); err != nil {
					t.Fatalf("workers %d: the engine's table fails: %v", w, err)
				}
			}
			for range 6 {
				ring := tab.Ring.Len() > 0 && r.IntN(2) == 0
				n := r.IntN(tab.N() + 1)
				bad, want := alter(tab, n, ring, r)
				for _, w := range []int{1, 2} {
					_, err := compute.VerifyTable(t.Context(), bad, sg.VerifyOptions{Workers: w})
					m, ok := errors.AsType[*sg.MismatchError](err)
					if !ok || m.N != n || m.Ring != ring || m.Want != want {
						t.Fatalf("workers %d, value at %d (ring %v) changed from %d: got %v", w, n, ring, want, err)
					}
				}
			}
		})
	}
}

// verifySequence computes a game's table, every value of it (no period
// fills any in), or for a proved period the rest filled in from it.
func verifySequence(t testing.TB, yaml string, n int) *sg.Table {
	t.Helper()
	g := game(t, yaml)
	if g.Kind() == rules.KindState {
		g.Heaps = n
		tab, _, err := classical.Solve(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		return tab
	}
	return sequence(t, yaml, n)
}

// alter returns a copy of tab with its value at n (a ring's, with ring)
// changed, and the value it had.
func alter(tab *sg.Table, n int, ring bool, r *rand.Rand) (*sg.Table, uint32) {
	g, rg := tab.G.Uint32s(), tab.Ring.Uint32s()
	vs := g
	if ring {
		vs = rg
	}
	old := vs[n]
	for vs[n] == old {
		vs[n] = uint32(r.IntN(int(max(tab.MaxG(), 1)) + 2))
		if tab.Game.HoldsOutcomes() {
			vs[n] = 1 - old
		}
	}
	return &sg.Table{Game: tab.Game, G: sg.ValuesOf(g), Ring: sg.ValuesOf(rg)}, old
}

// TestVerifyByKind checks that each kind's verification takes its own
// tables only: Verify refuses a built-in game's table with an error (no
// mismatch), VerifyState checks it and finds a value changed, and
// VerifyTable passes each table to its kind's and refuses a table that
// claims a lattice game.
func TestVerifyByKind(t *testing.T) {
	fib := verifySequence(t, "state: fibonacci-nim", 300)
	heap := sequence(t, kaylesYAML, 300)
	if _, err := compute.Verify(t.Context(), fib, sg.VerifyOptions{}); err == nil || !strings.Contains(err.Error(), "state game") {
		t.Errorf("Verify of a built-in game's table: %v, want an error naming its kind", err)
	} else if _, ok := errors.AsType[*sg.MismatchError](err); ok {
		t.Errorf("Verify of a built-in game's table: a mismatch (%v), want it refused", err)
	}
	bad, want := alter(fib, 200, false, rand.New(rand.NewPCG(5, 5)))
	for _, verify := range []func(context.Context, *sg.Table, sg.VerifyOptions) (sg.Verification, error){compute.VerifyState, compute.VerifyTable} {
		if v, err := verify(t.Context(), fib, sg.VerifyOptions{}); err != nil || v.Through != 300 {
			t.Errorf("the built-in game's own table: %+v, %v", v, err)
		}
		_, err := verify(t.Context(), bad, sg.VerifyOptions{})
		if m, ok := errors.AsType[*sg.MismatchError](err); !ok || m.N != 200 || m.Want != want {
			t.Errorf("value at 200 changed from %d: got %v", want, err)
		}
	}
	if v, err := compute.VerifyTable(t.Context(), heap, sg.VerifyOptions{}); err != nil || v.Through != 300 {
		t.Errorf("VerifyTable of Kayles: %+v, %v", v, err)
	}
	lattice := &sg.Table{Game: game(t, wythoffYAML), G: sg.ValuesOf([]uint32{0, 1})}
	if _, err := compute.VerifyTable(t.Context(), lattice, sg.VerifyOptions{}); err == nil || !strings.Contains(err.Error(), "lattice game") {
		t.Errorf("VerifyTable of a table claiming a lattice game: %v, want an error naming its kind", err)
	}
}

// TestVerifyProvedWindow checks that a table whose period is proved is
// checked against its options up to the proof's window only, and past it
// against the period: Kayles to 10^6 costs a few thousand option values.
func TestVerifyProvedWindow(t *testing.T) {
	tab := sequence(t, kaylesYAML, 1e6)
	v, err := compute.Verify(t.Context(), tab, sg.VerifyOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// Kayles: period 12 from n0 = 71 (Winning Ways ch. 4), k = 2: the
	// window reads up to 2·71 + 2·12 + 2 − 2 = 166.
	if v.Through != 1e6 || v.ByOptions != 166 || v.Work > 1e6+1e5 {
		t.Errorf("Verify = %+v, want through 10^6, by options to 166, work about 10^6 (one step a value)", v)
	}
}

// TestVerifyBudget checks that a long rule's check is refused before it
// starts when an estimate shows it would pass the budget, and stopped at
// the budget when only the work done shows it, by the work counted, not
// the time: a rule of 16000 digits 4 (remove k, split the rest in two),
// whose check to 400 looks at about 1.2·10^7 option values.
func TestVerifyBudget(t *testing.T) {
	code := "0." + strings.Repeat("4", 16000)
	tab := sequence(t, "code: \""+code+"\"", 400)
	v, err := compute.Verify(t.Context(), tab, sg.VerifyOptions{MaxWork: 1e6})
	if b, ok := errors.AsType[*sg.BudgetError](err); !ok || b.Estimate == 0 || v.Work != 0 {
		t.Errorf("budget 10^6: %+v, %v; want refused before any work", v, err)
	}
	// The heaps of a run (32 at most) are marked together, each pair
	// both ways: a run costs at most 2·32·(400²/4) option values.
	const budget, run = 1.05e7, 2 * 32 * 400 * 400 / 4
	for _, w := range []int{1, 2} {
		v, err = compute.Verify(t.Context(), tab, sg.VerifyOptions{MaxWork: budget, Workers: w})
		if b, ok := errors.AsType[*sg.BudgetError](err); !ok || b.Estimate != 0 || v.Work <= budget || v.Work > budget+int64(w)*(1<<16+run) {
			t.Errorf("workers %d, budget 1.05·10^7: %+v, %v; want stopped just past the budget", w, v, err)
		}
	}
	if v, err := compute.Verify(t.Context(), tab, sg.VerifyOptions{MaxWork: 2e7}); err != nil || v.Work > 2e7 {
		t.Errorf("budget 2·10^7: %+v, %v; want the table checked", v, err)
	}
}

// TestVerifyCancel checks that a verification stops soon after its context
// is cancelled, with the cancellation's cause: after the first chunk of a
// table of 3·10^4 values, of 8, on one worker.
func TestVerifyCancel(t *testing.T) {
	tab := sequence(t, officersYAML, 3e4)
	whole, err := compute.Verify(t.Context(), tab, sg.VerifyOptions{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	stop := errors.New("stopped")
	ctx, cancel := context.WithCancelCause(t.Context())
	defer cancel(nil)
	var checked int64
	v, err := compute.Verify(ctx, tab, sg.VerifyOptions{Workers: 1, Progress: func(d int64) {
		checked += d
		cancel(stop)
	}})
	if !errors.Is(err, stop) || checked > 1<<12 || v.Work >= whole.Work/4 {
		t.Errorf("cancelled: checked %d values, work %d of %d, %v; want the cause after one chunk", checked, v.Work, whole.Work, err)
	}
}

// TestVerifyThrough checks that a check of the first values stops where
// asked, and a value past them goes unseen.
func TestVerifyThrough(t *testing.T) {
	tab := sequence(t, officersYAML, 5000)
	bad, _ := alter(tab, 3000, false, rand.New(rand.NewPCG(3, 3)))
	v, err := compute.Verify(t.Context(), bad, sg.VerifyOptions{Through: 1024})
	if err != nil || v.Through != 1024 {
		t.Errorf("through 1024: %+v, %v", v, err)
	}
	if _, err := compute.Verify(t.Context(), bad, sg.VerifyOptions{}); err == nil {
		t.Error("the whole table: no error")
	}
}

// TestVerifyMisereGame checks the outcomes of a misère table by
// recomputation, and names them outcomes.
func TestVerifyMisereGame(t *testing.T) {
	g := rules.Game{Name: "m", Rule: game(t, `code: "0.3"`).Rule, Misere: true}
	tab, err := compute.Sequence(t.Context(), g, 100, sg.Options{})
	if err != nil {
		t.Fatal(err)
	}
	bad, _ := alter(tab, 40, false, rand.New(rand.NewPCG(4, 4)))
	_, err = compute.Verify(t.Context(), bad, sg.VerifyOptions{})
	if err == nil || !strings.HasPrefix(err.Error(), "outcome(40) is") {
		t.Errorf("got %v, want outcome(40) reported", err)
	}
}

func benchVerify(b *testing.B, yaml string, n, workers int) {
	tab := sequence(b, yaml, n)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := compute.Verify(b.Context(), tab, sg.VerifyOptions{Workers: workers}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n+1)*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
}

// Verification beside computation (BenchmarkOfficers3e5Workers1 and the
// others): sparse space (Officers, Grundy's game) and a scan of every pair
// (Treblecross), on one worker and on two.
func BenchmarkVerifyOfficers3e5Workers1(b *testing.B) { benchVerify(b, officersYAML, 3e5, 1) }
func BenchmarkVerifyOfficers3e5Workers2(b *testing.B) { benchVerify(b, officersYAML, 3e5, 2) }
func BenchmarkVerifyGrundy2e18Workers1(b *testing.B)  { benchVerify(b, grundyYAML, 1<<18, 1) }
func BenchmarkVerifyGrundy2e18Workers2(b *testing.B)  { benchVerify(b, grundyYAML, 1<<18, 2) }
func BenchmarkVerifyTreblecross1e5Workers1(b *testing.B) {
	benchVerify(b, treblecrossYAML, 1e5, 1)
}
func BenchmarkVerifyTreblecross1e5Workers2(b *testing.B) {
	benchVerify(b, treblecrossYAML, 1e5, 2)
}

// TestVerifyAgainstBrute checks Verify against the brute force, not the
// engine: the brute force's values of 300 random games (codes, move lists,
// rings, three-heap splits, distinct parts, tails) to 40 pass, and one
// value changed is reported at its heap size with the brute force's value.
func TestVerifyAgainstBrute(t *testing.T) {
	const n = 40
	r := rand.New(rand.NewPCG(7, 7))
	for i, rg := range bruteRandomGames(bruteNumGames) {
		g := game(t, rg.yaml)
		G := rg.game.HeapValues(n)
		tab := &sg.Table{Game: g, G: sg.ValuesOf(G)}
		if rg.game.Ring {
			tab.Ring = sg.ValuesOf(rg.game.RingValues(G))
		}
		if _, err := compute.Verify(t.Context(), tab, sg.VerifyOptions{}); err != nil {
			t.Fatalf("random-%03d: the brute force's values fail: %v\n%s", i, err, rg.yaml)
		}
		ring := rg.game.Ring && r.IntN(2) == 0
		at := r.IntN(n + 1)
		bad, want := alter(tab, at, ring, r)
		_, err := compute.Verify(t.Context(), bad, sg.VerifyOptions{})
		if m, ok := errors.AsType[*sg.MismatchError](err); !ok || m.N != at || m.Ring != ring || m.Want != want {
			t.Fatalf("random-%03d: value at %d (ring %v) changed from %d: %v\n%s", i, at, ring, want, err, rg.yaml)
		}
	}
}
