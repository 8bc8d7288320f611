package main

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/rules"
	"github.com/sgtab/sgtab/tabulate"
)

// TestProgressETA feeds the progress samples of a game whose heaps cost in
// proportion to their size (time ∝ n²) and of one whose heaps cost the
// same (time ∝ n): the ETA must follow each, where a constant rate would
// promise the first four times too early at a quarter of the way.
func TestProgressETA(t *testing.T) {
	const total = 1_000_000
	for _, tc := range []struct {
		name  string
		alpha float64
	}{{"quadratic", 2}, {"linear", 1}} {
		p := &progress{total: total}
		var n int64
		for s := 1.0; s <= 40; s++ {
			// t = 40 s at n = total/4: t = 40·(n/(total/4))^α.
			n = int64(float64(total/4) * math.Pow(s/40, 1/tc.alpha))
			p.watch(s, n)
		}
		eta, ok := p.eta(40, n)
		want := 40 * (math.Pow(4, tc.alpha) - 1) // seconds left
		if !ok || eta.Seconds() < 0.9*want || eta.Seconds() > 1.1*want {
			t.Errorf("%s: ETA %v, want about %.0f s", tc.name, eta, want)
		}
	}
}

// TestProgressInherited feeds the progress samples of runs that go on from
// inherited positions, read before computing starts: a table given to
// -from that holds most of the positions, then computed at a constant
// rate; and a checkpoint of a game whose heaps cost in proportion to their
// size (time ∝ n² − n0²), whose run takes 6 minutes in all. The ETA must
// follow each, and the second must not be warned of; counting the
// inherited positions as computed, the first said "ETA 5 s" where 6
// minutes were left, and the second warned of 15 minutes more.
func TestProgressInherited(t *testing.T) {
	const total = 10_000_000
	for _, tc := range []struct {
		name      string
		inherited int64
		read      float64                 // seconds spent reading them, before any position is computed
		at        func(s float64) int64   // positions done s seconds into computing
		left      func(s float64) float64 // the seconds left then
		when      float64                 // seconds into the run when the ETA is read
	}{
		{"-from, linear", 6_000_000, 0.9,
			func(s float64) int64 { return 6_000_000 + int64(10_000*s) },
			func(s float64) float64 { return (4_000_000 - 10_000*s) / 10_000 }, 8},
		{"checkpoint, quadratic", 800_000, 0.5,
			func(s float64) int64 { return int64(math.Sqrt(800_000*800_000 + s/3.6e-12)) },
			func(s float64) float64 { return 3.6e-12*(total*total-800_000*800_000) - s }, 16},
	} {
		var warned bytes.Buffer
		p := &progress{total: total, warn: &warned}
		p.watch(0.25, 0)
		p.inherit(tc.inherited)
		for s := 1.0; s <= tc.when; s++ {
			if msg := p.watch(s, tc.at(s-tc.read)); msg != "" {
				t.Errorf("%s: warned %q", tc.name, msg)
			}
		}
		n := tc.at(tc.when - tc.read)
		eta, ok := p.eta(tc.when, n)
		want := tc.left(tc.when - tc.read)
		if !ok || eta.Seconds() < 0.75*want || eta.Seconds() > 1.25*want {
			t.Errorf("%s: ETA %v, want about %.0f s", tc.name, eta, want)
		}
		if d := p.describe(tc.when, n); !strings.Contains(d, "ETA "+family.RoundDuration(eta)) {
			t.Errorf("%s: the bar says %q", tc.name, d)
		}
	}
}

// TestProgressFirstFrame checks that no rate is shown before a second has
// passed (the first positions come too fast to mean anything), and that a
// game named alone is "1 game".
func TestProgressFirstFrame(t *testing.T) {
	p := &progress{total: 1000, desc: "1 game"}
	if d := p.describe(0.01, 900); strings.Contains(d, "/s") || strings.Contains(d, "ETA") {
		t.Errorf("first frame %q shows a rate", d)
	}
	if d := p.describe(1.5, 950); !strings.Contains(d, "/s") {
		t.Errorf("frame after 1.5 s %q shows no rate", d)
	}
}

// TestProgressWarns checks that a run set to take more than ten minutes is
// warned of once, after it has gone long enough to judge, and a short one
// not at all.
func TestProgressWarns(t *testing.T) {
	var buf bytes.Buffer
	slow := &progress{total: 1_000_000, warn: &buf}
	var msgs []string
	for s := 1.0; s <= 60; s++ {
		// 100 positions a second, at a constant rate: about 2.8 h left.
		if m := slow.watch(s, int64(100*s)); m != "" {
			msgs = append(msgs, m)
		}
	}
	if len(msgs) != 1 || !strings.Contains(msgs[0], "at this pace the run needs about 3 h more") || !strings.Contains(msgs[0], "-cap N") {
		t.Errorf("warnings %q", msgs)
	}
	fast := &progress{total: 1_000_000, warn: &buf}
	for s := 1.0; s <= 60; s++ {
		if m := fast.watch(s, int64(10_000*s)); m != "" {
			t.Errorf("a run of 100 s was warned of: %q", m)
		}
	}
	if family.RoundDuration(3*time.Hour) != "3 h" {
		t.Errorf("family.RoundDuration(3 h) = %q", family.RoundDuration(3*time.Hour))
	}
}

// TestCheckCost checks what run says before a long computation that nothing
// can shorten: with -heaps auto up to the default cap it refuses, naming
// -cap and a size that takes minutes; with a size chosen, it warns.
func TestCheckCost(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("g.yaml", []byte("name: tail3\ncode: \"0.(F)\"\nheaps: 100000\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	games, err := tabulate.LoadGames([]string{"g.yaml"})
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	err = checkCost(games, 2, true, false, &stderr)
	if err == nil || !strings.Contains(err.Error(), "choose how far to go with -cap N (-cap ") {
		t.Errorf("auto to the default cap: %v", err)
	}
	if err := checkCost(games, 2, false, false, &stderr); err != nil || !strings.Contains(stderr.String(), "warning: tail3: computing SG(0..100000) takes about") {
		t.Errorf("a chosen size: %v, %q", err, stderr.String())
	}
	// Kayles may prove its period, Grundy's game use sparse space: no word.
	stderr.Reset()
	for _, code := range []string{"0.77", "4!.0"} {
		games[0].Rule, _ = rules.ParseCode(code, 0)
		if err := checkCost(games, 2, true, false, &stderr); err != nil || stderr.Len() > 0 {
			t.Errorf("%s: %v, %q", code, err, stderr.String())
		}
	}
}

// TestCheckCostLatticeAndState checks what run says, on one worker, before
// a lattice or built-in game that takes more than ten minutes (Wythoff's
// game on the largest board, 2^14×2^14, Fibonacci Nim to 2^24, Euclid's
// game to 40000), from their estimates alone: a size chosen is warned of,
// and with -heaps auto, whatever -cap says, the game is refused with a
// size of its config that takes minutes. Their bundled sizes are not
// spoken of.
func TestCheckCostLatticeAndState(t *testing.T) {
	wythoff := func(w, h int) rules.Game {
		return rules.Game{Name: "wythoff", Lattice: &rules.Lattice{Size: [2]int{w, h}, Steps: []rules.Step{
			{D: [2]int{-1, 0}, Repeat: true}, {D: [2]int{0, -1}, Repeat: true}, {D: [2]int{-1, -1}, Repeat: true}}}}
	}
	for _, tc := range []struct {
		game         rules.Game
		warn, refuse string
	}{
		{wythoff(1<<14, 1<<14), "warning: wythoff: computing its board of 16384×16384 takes about",
			"; make its board smaller in its config (size: ["},
		{rules.Game{Name: "fib", State: "fibonacci-nim", Heaps: 1 << 24}, "warning: fib: computing its 16.8M positions (heaps: 16777216) takes about",
			"; make it smaller in its config (heaps: "},
		{rules.Game{Name: "euclid", State: "euclid", Heaps: 40000}, "warning: euclid: computing its 1.6G positions (heaps: 40000) takes about",
			"; make it smaller in its config (heaps: "},
		{wythoff(1000, 1000), "", ""},
		{rules.Game{Name: "fib", State: "fibonacci-nim", Heaps: 10000}, "", ""},
		{rules.Game{Name: "euclid", State: "euclid", Heaps: 300}, "", ""},
	} {
		var stderr bytes.Buffer
		games := []rules.Game{tc.game}
		if err := checkCost(games, 1, false, false, &stderr); err != nil || tc.warn == "" && stderr.Len() > 0 || !strings.Contains(stderr.String(), tc.warn) {
			t.Errorf("%s, a size chosen: %v, %q", tc.game.Name, err, stderr.String())
		}
		for _, capSet := range []bool{false, true} {
			stderr.Reset()
			err := checkCost(games, 1, true, capSet, &stderr)
			if tc.refuse == "" && err != nil || tc.refuse != "" && (err == nil || !strings.Contains(err.Error(), tc.refuse)) || stderr.Len() > 0 {
				t.Errorf("%s, -heaps auto (-cap set: %v): %v, %q", tc.game.Name, capSet, err, stderr.String())
			}
		}
	}
	// From the command line: refused before anything is computed.
	t.Chdir(t.TempDir())
	if err := os.WriteFile("fib.yaml", []byte("name: fib\nstate: fibonacci-nim\nheaps: 16777216\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := sgtab(t, "run", "-heaps", "auto", "-workers", "2", "fib.yaml")
	if code != 1 || !strings.Contains(stderr, "sgtab: fib: computing its 16.8M positions (heaps: 16777216) takes about") {
		t.Errorf("run -heaps auto: status %d\n%s", code, stderr)
	}
	if _, err := os.Stat("sgtab-out"); err == nil {
		t.Error("the refused run made its output folder")
	}
}

// checkCost runs tabulate.CheckCosts as run does, with workers workers,
// -heaps auto or not and -cap set or not, saying what it says on w.
func checkCost(games []rules.Game, workers int, auto, capSet bool, w io.Writer) error {
	return tabulate.CheckCosts(games, tabulate.Options{Workers: workers, Auto: auto, CapSet: capSet},
		func(format string, args ...any) { fmt.Fprintf(w, format, args...) })
}
