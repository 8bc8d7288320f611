package compute_test

import (
	"math"
	"testing"
	"time"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/classical"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// TestLatticeWork checks LatticeWork against the options of every point
// counted one by one (LatticeMoves), on boards of several shapes, for
// repeating and single steps: the words it counts are exactly a word per
// 64 options and one more, for each repeating step and point.
func TestLatticeWork(t *testing.T) {
	for _, yaml := range []string{
		"lattice:\n  size: [37, 23]\n  moves:\n    - {step: [-1, 0], repeat: true}\n    - {step: [0, -1], repeat: true}\n    - {step: [-1, -1], repeat: true}",
		"lattice:\n  size: [5, 90]\n  moves:\n    - {step: [-2, -1], repeat: true}\n    - {step: [-1, -3], repeat: true}\n    - {step: [-1, 0]}",
		"lattice:\n  size: [64, 64]\n  moves:\n    - {step: [-1, 0]}\n    - {step: [0, -1]}\n    - {step: [-1, -1]}",
		"lattice:\n  size: [40, 1]\n  moves:\n    - {step: [0, -1], repeat: true}\n    - {step: [-3, 0], repeat: true}",
	} {
		l := game(t, yaml).Lattice
		var options, repeats float64
		for _, s := range l.Steps {
			if s.Repeat {
				repeats++
			}
		}
		for y := range l.Size[1] {
			for x := range l.Size[0] {
				options += float64(len(compute.LatticeMoves(l, x, y)))
			}
		}
		points := float64(l.Size[0] * l.Size[1])
		p, lines, words := compute.LatticeWork(l)
		if want := repeats * (points + options/64); p != points || lines != repeats*points || math.Abs(words-want) > 1e-9*want {
			t.Errorf("%v: LatticeWork = %v, %v, %v; want %v, %v, %v", l, p, lines, words, points, repeats*points, want)
		}
	}
}

// TestEstimate checks the estimates of lattice games (LatticeEstimate) and
// built-in games (StateEstimate): the bundled sizes take well under a
// second; Wythoff's game on one worker takes 10.7 to 13.3 s on 4000×4000
// and 135 s on 8000×8000 (measured), and its estimate grows about 7 times
// when the sides double; Fibonacci Nim's 4 times when its size doubles (its
// analysis is quadratic) and Euclid's game's a little more; the sizes that
// ran for a minute or more with nothing said take minutes or hours. A name
// that no built-in game has has no estimate.
func TestEstimate(t *testing.T) {
	wythoff := func(w, h int) time.Duration {
		return compute.LatticeEstimate(&rules.Lattice{Size: [2]int{w, h}, Steps: []rules.Step{
			{D: [2]int{-1, 0}, Repeat: true}, {D: [2]int{0, -1}, Repeat: true}, {D: [2]int{-1, -1}, Repeat: true}}})
	}
	corner := &rules.Lattice{Size: [2]int{64, 64}, Steps: []rules.Step{{D: [2]int{-1, 0}}, {D: [2]int{0, -1}}, {D: [2]int{-1, -1}}}}
	fib := func(n int) time.Duration { return classical.StateEstimate(rules.Game{State: "fibonacci-nim"}, n) }
	euclid := func(n int) time.Duration { return classical.StateEstimate(rules.Game{State: "euclid"}, n) }
	for _, tc := range []struct {
		name     string
		got      time.Duration
		min, max time.Duration
	}{
		{"wythoff 1000×1000 (bundled)", wythoff(1000, 1000), 0, time.Second},
		{"corner walk 64×64 (bundled)", compute.LatticeEstimate(corner), 0, time.Millisecond},
		{"fibonacci-nim 10^4 (bundled)", fib(10000), 0, 100 * time.Millisecond},
		{"euclid 300 (bundled)", euclid(300), 0, time.Second},
		{"wythoff 4000×4000", wythoff(4000, 4000), 8 * time.Second, 30 * time.Second},
		{"wythoff 8000×8000", wythoff(8000, 8000), 100 * time.Second, 200 * time.Second},
		{"wythoff 2^14×2^14", wythoff(1<<14, 1<<14), 10 * time.Minute, 40 * time.Minute},
		{"wythoff 2^20×2^8", wythoff(1<<20, 1<<8), time.Hour, 1000 * time.Hour},
		{"fibonacci-nim 10^6", fib(1e6), 20 * time.Second, 80 * time.Second},
		{"fibonacci-nim 2^24", fib(1 << 24), 2 * time.Hour, 6 * time.Hour},
		{"euclid 4000", euclid(4000), 10 * time.Second, 30 * time.Second},
		{"euclid 16384", euclid(16384), 3 * time.Minute, 10 * time.Minute},
		{"no such built-in game", classical.StateEstimate(rules.Game{State: "no-such-game"}, 1000), 0, 0},
	} {
		if tc.got < tc.min || tc.got > tc.max {
			t.Errorf("%s: estimate %v, want %v to %v", tc.name, tc.got, tc.min, tc.max)
		}
	}
	for _, tc := range []struct {
		name       string
		small, big time.Duration
		lo, hi     float64
	}{
		{"wythoff", wythoff(4000, 4000), wythoff(8000, 8000), 6.5, 8.5},
		{"fibonacci-nim", fib(1e6), fib(2e6), 3.9, 4.1},
		{"euclid", euclid(4000), euclid(8000), 4, 4.5},
	} {
		if r := float64(tc.big) / float64(tc.small); r < tc.lo || r > tc.hi {
			t.Errorf("%s: doubling the size multiplies the estimate by %.2f, want %v to %v", tc.name, r, tc.lo, tc.hi)
		}
	}
}

// TestStateProgress checks that State reports the progress of a built-in
// game in the positions StatePositions counts, all of them by its end, so
// that a run's bar and pace warning follow it.
func TestStateProgress(t *testing.T) {
	for _, g := range []rules.Game{{State: "fibonacci-nim", Heaps: 1000}, {State: "euclid", Heaps: 50}} {
		var done int64
		if _, _, err := classical.State(t.Context(), g, sg.Options{Progress: func(d int64) { done += d }}); err != nil {
			t.Fatal(err)
		}
		if want := classical.StatePositions(g); done != want || want < int64(g.Heaps+1) {
			t.Errorf("%s: progress %d, positions %d", g.State, done, want)
		}
	}
}
