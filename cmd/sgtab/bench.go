package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/heap"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/progress"
	"github.com/sgtab/sgtab/rules"
)

const benchUsage = "sgtab bench [-quick] [-plain N] [WORKLOAD ...]"

const benchExamples = `  sgtab bench                # every workload at full size
  sgtab bench -quick         # every workload at a small size
  sgtab bench grundy 0.16    # two workloads
`

// A workload is a fixed game and size that sgtab bench times.
type workload struct {
	name, yaml string
	n, quickN  int
	// checksum is a published checksum of SG(0..n), "" if none is known.
	checksum string
}

// workloads are the games whose speed matters most, at the sizes the
// fastest public solvers are measured at: open octal games (Officers,
// Treblecross), Grundy's game, Kayles (ended by its proof) and 0.16 (a long
// preperiod).
var workloads = []workload{
	// Officers to 10^7: checksum 6B0BFD70, as printed by Beling's ogs.
	{"officers", `code: "0.6"`, 10_000_000, 100_000, "6B0BFD70"},
	{"treblecross", `code: "0.007"`, 1_000_000, 20_000, ""},
	{"grundy", "moves:\n  - split: {parts: 2, distinct: true}", 1 << 24, 1 << 16, ""},
	{"kayles", `code: "0.77"`, 1_000_000_000, 1_000_000, ""},
	{"0.16", `code: "0.16"`, 1_000_000, 1_000_000, ""},
}

// runBench times each workload with the default engine, and with the plain
// engine (every pair scanned, no proof shortcut) up to a smaller size, and
// prints values per second and the ratio of the two at that size.
func runBench(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("bench", benchUsage, benchExamples, stdout, stderr)
	quick := fs.Bool("quick", false, "run each workload at a small size")
	plainN := fs.Int("plain", 100000, "compare with the plain engine up to `N`")
	args, err := fs.parse(args)
	if err != nil {
		return err
	}
	if *plainN < 1 {
		return fs.usageError("-plain must be >= 1")
	}
	chosen := workloads
	if len(args) > 0 {
		chosen = nil
		for _, name := range args {
			i := -1
			for j, w := range workloads {
				if w.name == name {
					i = j
				}
			}
			if i < 0 {
				names := make([]string, len(workloads))
				for j, w := range workloads {
					names[j] = w.name
				}
				return fs.usageError("unknown workload %q (the workloads are %s)", name, strings.Join(names, ", "))
			}
			chosen = append(chosen, workloads[i])
		}
	}
	// A figure means nothing without the CPU it was measured on.
	fmt.Fprintf(stdout, "cpu: %s\n", heap.KernelCPU())
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "workload\tN\tseconds\tvalues/s\tkernels\tstatus\tchecksum\tknown\tplain to\tplain s\tsgtab s\tspeed-up\t")
	for _, w := range chosen {
		games, err := rules.Parse(strings.NewReader(w.yaml), w.name)
		if err != nil {
			return err
		}
		g := games[0]
		n := w.n
		if *quick {
			n = w.quickN
		}
		t, secs, err := timed(ctx, g, n, sg.Options{}, stderr, w.name)
		if err != nil {
			return err
		}
		m := min(*plainN, n)
		_, plainSecs, err := timed(ctx, g, m, sg.Options{Plain: true, Exhaustive: true}, stderr, w.name+" (plain)")
		if err != nil {
			return err
		}
		_, fastSecs, err := timed(ctx, g, m, sg.Options{}, stderr, w.name)
		if err != nil {
			return err
		}
		known := "-" // no published checksum at this size
		if w.checksum != "" && n == w.n {
			known = "ok"
			if t.Analysis.Checksum != w.checksum {
				known = "DIFFERS: " + w.checksum
			}
		}
		fmt.Fprintf(tw, "%s\t%d\t%.2f\t%.3g\t%s\t%s\t%s\t%s\t%d\t%.2f\t%.2f\t%.1f×\t\n",
			w.name, n, secs, float64(n+1)/secs, heap.Kernels(), t.Analysis.Status, t.Analysis.Checksum, known,
			m, plainSecs, fastSecs, plainSecs/fastSecs)
	}
	return tw.Flush()
}

// timed computes g to n and returns the table and the seconds it took,
// with a progress bar named desc on stderr when it is a terminal.
func timed(ctx context.Context, g rules.Game, n int, opt sg.Options, stderr io.Writer, desc string) (*sg.Table, float64, error) {
	bar := progress.New(stderr, int64(n)+1, desc, progress.Options{WarnAfter: longRun})
	opt.Progress = bar.Add
	start := time.Now()
	t, err := compute.Sequence(ctx, g, n, opt)
	secs := max(time.Since(start).Seconds(), 1e-9)
	bar.Finish()
	return t, secs, err
}
