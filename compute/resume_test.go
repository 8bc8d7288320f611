package compute_test

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/internal/testenv"
	"github.com/sgtab/sgtab/compute/sg"
)

// TestResume computes games in two goes — to a heap size m, then on from
// those values — and checks that the values equal those of one go, for
// sparse-space, plain split, ring, tail and three-heap games, on one and
// two workers, with m before and after the width grows and the table
// takes its full size.
func TestResume(t *testing.T) {
	const n = 70000
	for _, yaml := range []string{
		`code: "0.6"`, `code: "4!.0"`, `code: "0.007"`, "code: \"0.77\"\nstart: ring", `code: "4.(3)"`, `code: "0.(3)"`, `code: "0.F"`,
	} {
		g := game(t, yaml)
		size := 20000
		if testenv.Race {
			size = 5000
		}
		switch yaml {
		case `code: "0.(3)"`, "code: \"0.77\"\nstart: ring":
			size = n // past the table's first room, 2^16: cheap for Nim and proved Kayles
		case `code: "0.007"`, `code: "4.(3)"`:
			size = min(size, 5000) // quadratic
		case `code: "0.F"`:
			size = 1000 // cubic
		}
		whole, err := compute.Sequence(t.Context(), g, size, sg.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for wi, workers := range []int{1, 2} {
			for mi, m := range []int{1, 255, 256, size / 2, size} {
				if !testenv.Long && (wi+mi)%2 == 1 {
					continue // every prefix on one worker or the other
				}
				first, err := compute.Sequence(t.Context(), g, m, sg.Options{Workers: workers, Exhaustive: true})
				if err != nil {
					t.Fatal(err)
				}
				got, err := compute.Sequence(t.Context(), g, size, sg.Options{Workers: workers, From: first})
				if err != nil {
					t.Fatal(err)
				}
				if !got.G.Equal(whole.G) || !got.Ring.Equal(whole.Ring) || got.Analysis.Checksum != whole.Analysis.Checksum {
					t.Fatalf("%q on %d workers, resumed at %d: the values differ from one go", yaml, workers, m)
				}
			}
		}
	}
}

// TestCheckpoints takes every checkpoint of a computation, cancels it
// midway, and resumes from each checkpoint: each holds final values, the
// last one is taken at the cancellation, and every resumption ends with
// the values of one go.
func TestCheckpoints(t *testing.T) {
	g := game(t, `code: "0.6"`)
	n := 30000
	if testenv.Race {
		n = 14000 // still three checkpoints, 4096 heap sizes apart
	}
	whole, err := compute.Sequence(t.Context(), g, n, sg.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	var saved []sg.Values
	_, err = compute.Sequence(ctx, g, n, sg.Options{
		Checkpoint: func(G, _ sg.Values) error {
			saved = append(saved, sg.ValuesOf(G.Uint32s()))
			if G.Len() > n/2 {
				cancel()
			}
			return nil
		},
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want it cancelled", err)
	}
	if len(saved) < 3 {
		t.Fatalf("%d checkpoints", len(saved))
	}
	last := saved[len(saved)-1]
	if last.Len() <= saved[len(saved)-2].Len() {
		t.Error("no checkpoint at the cancellation")
	}
	for i, v := range saved {
		if !v.Equal(whole.G.Slice(0, v.Len())) {
			t.Fatalf("a checkpoint of %d values holds values that are not final", v.Len())
		}
		if i%2 == 1 && i != len(saved)-1 {
			continue // resuming from every other one is enough
		}
		got, err := compute.Sequence(t.Context(), g, n, sg.Options{From: &sg.Table{Game: g, G: v}})
		if err != nil {
			t.Fatal(err)
		}
		if !got.G.Equal(whole.G) {
			t.Fatalf("resumed from %d values: the values differ", v.Len())
		}
	}
	// A checkpoint that fails ends the computation with its error.
	boom := errors.New("disk full")
	if _, err := compute.Sequence(t.Context(), g, n, sg.Options{Checkpoint: func(_, _ sg.Values) error { return boom }}); !errors.Is(err, boom) {
		t.Errorf("err = %v, want %v", err, boom)
	}
}

// TestResumeRing resumes ring games from tables as a file gives them back,
// each column in its own width (the rows of 0.777 outgrow a byte by n =
// 3000, its rings stay below 4), and from tables longer and shorter than a
// proof needs, with and without StopWhenProved: values, length and
// analysis (rows and rings, and how far the rows were computed) equal
// those of one go. Resuming once lost the ring analysis, left the rings
// past the resumed values at 0, and with StopWhenProved either ran to the
// end of the table or failed.
func TestResumeRing(t *testing.T) {
	for _, tc := range []struct {
		code     string
		from, to int
		stop     bool
	}{
		{"0.777", 3000, 3000, false},
		{"0.777", 3000, 5000, false},
		{"0.777", 3000, 5000, true},
		{"0.77", 1000, 1000, false},
		{"0.77", 1000, 5000, false},
		{"0.77", 1000, 100000, true}, // longer than the proof needs
		{"0.77", 166, 100000, true},  // as long as one go with StopWhenProved
		{"0.77", 100, 100000, true},  // shorter
	} {
		g := game(t, "code: \""+tc.code+"\"\nstart: ring")
		first, err := compute.Sequence(t.Context(), g, tc.from, sg.Options{})
		if err != nil {
			t.Fatal(err)
		}
		// As a file gives it back: each column in its narrowest width,
		// with its analysis.
		read := &sg.Table{Game: g, G: sg.ValuesOf(first.G.Uint32s()), Ring: sg.ValuesOf(first.Ring.Uint32s()), Analysis: first.Analysis}
		opt := sg.Options{StopWhenProved: tc.stop}
		whole, err := compute.Sequence(t.Context(), g, tc.to, opt)
		if err != nil {
			t.Fatal(err)
		}
		opt.From = read
		got, err := compute.Sequence(t.Context(), g, tc.to, opt)
		if err != nil {
			t.Fatalf("%s from %d to %d: %v", tc.code, tc.from, tc.to, err)
		}
		if !got.G.Equal(whole.G) || !got.Ring.Equal(whole.Ring) {
			t.Errorf("%s from %d to %d (stop %v): values differ from one go (N = %d, want %d)", tc.code, tc.from, tc.to, tc.stop, got.N(), whole.N())
			continue
		}
		a, b := *got.Analysis, *whole.Analysis
		a.Rare.Positions, b.Rare.Positions = nil, nil
		if a.Ring == nil || b.Ring == nil || *a.Ring != *b.Ring {
			t.Errorf("%s from %d to %d (stop %v): ring analysis %+v, want %+v", tc.code, tc.from, tc.to, tc.stop, a.Ring, b.Ring)
		}
		a.Ring, b.Ring = nil, nil
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s from %d to %d (stop %v): analysis %+v, want %+v", tc.code, tc.from, tc.to, tc.stop, a, b)
		}
	}
}

// TestResumeReportsInherited resumes a computation with Inherited set: it
// is told the heap sizes taken from From, once, and Progress only those
// computed; without it, Progress counts them all.
func TestResumeReportsInherited(t *testing.T) {
	g := game(t, `code: "0.6"`)
	first, err := compute.Sequence(t.Context(), g, 2000, sg.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var inherited, progress []int64
	var sum int64
	opt := sg.Options{Workers: 1, From: first,
		Inherited: func(n int64) { inherited = append(inherited, n) },
		Progress:  func(d int64) { progress, sum = append(progress, d), sum+d },
	}
	if _, err := compute.Sequence(t.Context(), g, 20000, opt); err != nil {
		t.Fatal(err)
	}
	if len(inherited) != 1 || inherited[0] != 2001 || sum != 20001-2001 {
		t.Errorf("inherited %v, progress %v (sum %d), want [2001] and 18000 in all", inherited, progress, sum)
	}
	opt.Inherited, sum = nil, 0
	if _, err := compute.Sequence(t.Context(), g, 20000, opt); err != nil {
		t.Fatal(err)
	}
	if sum != 20001 {
		t.Errorf("without Inherited, progress counts %d, want 20001", sum)
	}
}
