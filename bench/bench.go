package bench

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// A Workload is a fixed game and size that Run times.
type Workload struct {
	Name string
	// YAML is the game's config.
	YAML string
	// N is the size of the full run, QuickN of the quick one.
	N, QuickN int
	// Checksum is a published checksum of SG(0..N), "" if none is known.
	Checksum string
}

// Workloads are the games whose speed matters most, at the sizes the
// fastest public solvers are measured at: open octal games (Officers,
// Treblecross), Grundy's game, Kayles (ended by its proof) and 0.16 (a long
// preperiod).
var Workloads = []Workload{
	// Officers to 10^7: checksum 6B0BFD70, as printed by Beling's ogs.
	{"officers", `code: "0.6"`, 10_000_000, 100_000, "6B0BFD70"},
	{"treblecross", `code: "0.007"`, 1_000_000, 20_000, ""},
	{"grundy", "moves:\n  - split: {parts: 2, distinct: true}", 1 << 24, 1 << 16, ""},
	{"kayles", `code: "0.77"`, 1_000_000_000, 1_000_000, ""},
	{"0.16", `code: "0.16"`, 1_000_000, 1_000_000, ""},
}

// Find returns the workloads named, in the order named, or every workload
// when names is empty; an error names a workload that is none, and the
// workloads.
func Find(names []string) ([]Workload, error) {
	if len(names) == 0 {
		return Workloads, nil
	}
	var chosen []Workload
	for _, name := range names {
		i := -1
		for j, w := range Workloads {
			if w.Name == name {
				i = j
			}
		}
		if i < 0 {
			all := make([]string, len(Workloads))
			for j, w := range Workloads {
				all[j] = w.Name
			}
			return nil, fmt.Errorf("unknown workload %q (the workloads are %s)", name, strings.Join(all, ", "))
		}
		chosen = append(chosen, Workloads[i])
	}
	return chosen, nil
}

// A Result is what Run measured of a workload.
type Result struct {
	// N is the size computed, in Seconds, to Table.
	N       int
	Seconds float64
	Table   *sg.Table
	// Known compares the table's checksum with the published one: "ok",
	// "DIFFERS: " and the published checksum, or "-" when none is known
	// at this size.
	Known string
	// PlainTo is the size both engines computed, the plain one in
	// PlainSeconds and the default one in FastSeconds.
	PlainTo                   int
	PlainSeconds, FastSeconds float64
}

// A Progress starts the progress of one computation, total values
// described by desc, and returns the function that counts values done and
// the one that ends it.
type Progress func(total int64, desc string) (add func(int64), finish func())

// Run computes the workload w to n (its N or QuickN) with the default
// engine, and to min(plainN, n) with the plain engine and with the
// default one again, showing each computation's progress with progress
// (nil: none).
func Run(ctx context.Context, w Workload, n, plainN int, progress Progress) (Result, error) {
	games, err := rules.Parse(strings.NewReader(w.YAML), w.Name)
	if err != nil {
		return Result{}, err
	}
	if progress == nil {
		progress = func(int64, string) (func(int64), func()) { return func(int64) {}, func() {} }
	}
	g := games[0]
	r := Result{N: n, PlainTo: min(plainN, n), Known: "-"}
	if r.Table, r.Seconds, err = timed(ctx, g, n, sg.Options{}, progress, w.Name); err != nil {
		return r, err
	}
	if _, r.PlainSeconds, err = timed(ctx, g, r.PlainTo, sg.Options{Plain: true, Exhaustive: true}, progress, w.Name+" (plain)"); err != nil {
		return r, err
	}
	if _, r.FastSeconds, err = timed(ctx, g, r.PlainTo, sg.Options{}, progress, w.Name); err != nil {
		return r, err
	}
	if w.Checksum != "" && n == w.N {
		r.Known = "ok"
		if r.Table.Analysis.Checksum != w.Checksum {
			r.Known = "DIFFERS: " + w.Checksum
		}
	}
	return r, nil
}

// timed computes g to n and returns the table and the seconds it took,
// with its progress started by progress as desc.
func timed(ctx context.Context, g rules.Game, n int, opt sg.Options, progress Progress, desc string) (*sg.Table, float64, error) {
	add, finish := progress(int64(n)+1, desc)
	opt.Progress = add
	start := time.Now()
	t, err := compute.Sequence(ctx, g, n, opt)
	secs := max(time.Since(start).Seconds(), 1e-9)
	finish()
	return t, secs, err
}
