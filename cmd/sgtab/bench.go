package main

import (
	"context"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/sgtab/sgtab/bench"
	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/progress"
)

const benchUsage = "sgtab bench [-quick] [-plain N] [WORKLOAD ...]"

const benchExamples = `  sgtab bench                # every workload at full size
  sgtab bench -quick         # every workload at a small size
  sgtab bench grundy 0.16    # two workloads
`

// runBench times each workload with the default engine, and with the plain
// engine (every pair scanned, no proof shortcut) up to a smaller size, and
// prints values per second and the ratio of the two at that size
// (package bench).
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
	chosen, err := bench.Find(args)
	if err != nil {
		return fs.usageError("%v", err)
	}
	// A bar on stderr when it is a terminal.
	bar := func(total int64, desc string) (func(int64), func()) {
		b := progress.New(stderr, total, desc, progress.Options{WarnAfter: longRun})
		return b.Add, b.Finish
	}
	// A figure means nothing without the CPU it was measured on.
	fmt.Fprintf(stdout, "cpu: %s\n", compute.KernelCPU())
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "workload\tN\tseconds\tvalues/s\tkernels\tstatus\tchecksum\tknown\tplain to\tplain s\tsgtab s\tspeed-up\t")
	for _, w := range chosen {
		n := w.N
		if *quick {
			n = w.QuickN
		}
		r, err := bench.Run(ctx, w, n, *plainN, bar)
		if err != nil {
			return err
		}
		a := r.Table.Analysis
		fmt.Fprintf(tw, "%s\t%d\t%.2f\t%.3g\t%s\t%s\t%s\t%s\t%d\t%.2f\t%.2f\t%.1f×\t\n",
			w.Name, n, r.Seconds, float64(n+1)/r.Seconds, compute.Kernels(), a.Status, a.Checksum, r.Known,
			r.PlainTo, r.PlainSeconds, r.FastSeconds, r.PlainSeconds/r.FastSeconds)
	}
	return tw.Flush()
}
