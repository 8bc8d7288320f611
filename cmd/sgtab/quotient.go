package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	"github.com/sgtab/sgtab/compute/misere"
	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/family/heap"
	"github.com/sgtab/sgtab/rules"
	"github.com/sgtab/sgtab/sweep"
	"github.com/sgtab/sgtab/tabulate"
)

const quotientUsage = "sgtab quotient -heaps N [-out DIR] [-plot png|svg|none] [-report html|none] [-max-positions N] [-max-steps N] CONFIG ..."

const quotientExamples = `  sgtab quotient -heaps 16 configs/octal-0.07-dawsons-kayles.yaml   # Dawson's Kayles's heaps 1..16
  sgtab query -table sgtab-out/dawsons-kayles-quotient.parquet 4 9 14  # a sum, by the monoid product
  sgtab query -quotient 12 configs/octal-0.77-kayles.yaml 5 7 11       # computed on the fly
  sgtab quotient -heaps 30 -max-steps 2e10 configs/octal-0.07-dawsons-kayles.yaml  # order 360 (Siegel's Q30), about 4 s
`

// runQuotient computes, writes and prints the misère quotient of the heaps
// 1..N of each heap game of the configs (family/heap.Quotient).
func runQuotient(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("quotient", quotientUsage, quotientExamples, stdout, stderr)
	heaps := fs.String("heaps", "", "the heap bound `N`: the quotient of the heaps 1..N (at most "+strconv.Itoa(misere.MaxQuotientHeap)+")")
	out := fs.String("out", "sgtab-out", "write NAME-quotient.parquet and its heat map into `DIR`")
	plotFormat := fs.String("plot", "png", "draw the multiplication table as `FORMAT`: png, svg or none")
	reportMode := reportFlag(fs)
	bounds := quotientBoundFlags(fs, false)
	args, err := fs.parse(args)
	if err != nil {
		return err
	}
	lim, err := bounds()
	if err != nil {
		return err
	}
	n, err := heap.ParseQuotientHeaps(*heaps)
	if err != nil {
		return fs.usageError("-heaps: %v", err)
	}
	if err := checkPlotFlag(fs, *plotFormat); err != nil {
		return err
	}
	if err := checkReportFlag(fs, *reportMode); err != nil {
		return err
	}
	if len(args) == 0 {
		return fs.usageError("no config named")
	}
	games, err := tabulate.LoadGames(args)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return fmt.Errorf("create output directory: %w", err)
	}
	for _, g := range games {
		q, err := tabulate.QuotientOf(ctx, g, n, lim)
		if err != nil {
			return err
		}
		files, notes, err := heap.WriteQuotient(g, q, family.Output{Dir: *out, Plot: *plotFormat, Version: version})
		if err != nil {
			return err
		}
		heap.QuotientText(stdout, g.Name, q)
		for _, note := range notes {
			fmt.Fprintf(stderr, "sgtab: note: %s\n", note)
		}
		fmt.Fprintf(stdout, "  wrote       %s\n", family.FilesPattern(files))
	}
	if *reportMode == "none" {
		return nil
	}
	return writeReport(ctx, *out, "", stdout, stderr)
}

// quotientBoundFlags adds -max-positions and -max-steps to fs, the bounds
// of the work behind a quotient, and returns the function that reads them
// once fs is parsed; with sums (query), they bound the misère search of a
// sum of heaps as well.
func quotientBoundFlags(fs *flagSet, sums bool) func() (misere.QuotientLimits, error) {
	positions := rules.Count{N: misere.DefaultQuotientPositions, Max: misere.MaxQuotientPositions}
	steps := rules.Count{N: misere.DefaultQuotientSteps, Max: misere.MaxQuotientSteps}
	also := func(def string) string {
		if !sums {
			return ""
		}
		return "; when given, the misère search of a sum of heaps too (bounded at " + def + " otherwise)"
	}
	fs.Var(&positions, "max-positions", "refuse a quotient whose search or proof remembers more than `N` positions, about 90 bytes each (at most 1e9)"+also("2e6"))
	fs.Var(&steps, "max-steps", "refuse a quotient whose search or proof visits more than `N` options (at most 1e12)"+also("2e8"))
	return func() (misere.QuotientLimits, error) {
		lim := misere.QuotientLimits{Positions: int(positions.N), Steps: steps.N}
		if err := lim.Check(); err != nil {
			return lim, fs.usageError("%v", err)
		}
		return lim, nil
	}
}

// runQuotientCensus runs sweep -quotients N: the census of the misère
// quotients of the heaps 1..N of the sweep's rules on a line, into
// out/quotients.parquet, and its report.
func runQuotientCensus(ctx context.Context, fs *flagSet, path, heaps, out string, workers int, stdout, stderr io.Writer) error {
	for _, name := range []string{"heaps", "cap", "shard", "shards", "tables", "plot", "fresh"} {
		if isSet(fs.FlagSet, name) {
			return fs.usageError("-%s does not apply to -quotients, whose census runs whole", name)
		}
	}
	n, err := heap.ParseQuotientHeaps(heaps)
	if err != nil {
		return fs.usageError("-quotients: %v", err)
	}
	w, err := checkWorkers(fs, workers)
	if err != nil {
		return err
	}
	s, err := tabulate.LoadSweep(path)
	if err != nil {
		return err
	}
	plan, err := sweep.NewPlan(s, -1, -1, sweep.All)
	if err != nil {
		return err
	}
	start := time.Now()
	rows, file, err := tabulate.QuotientSweep(ctx, plan, n, tabulate.SweepOptions{Out: out, Workers: w, Version: version})
	if err != nil {
		return err
	}
	_, err = io.WriteString(stdout, sweep.QuotientReport(rows, n, file, time.Since(start)))
	return err
}
