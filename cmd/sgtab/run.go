package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/progress"
	"github.com/sgtab/sgtab/rules"
	"github.com/sgtab/sgtab/tabulate"
)

const runUsage = "sgtab run [-heaps N|auto] [-cap N] [-out DIR] [-workers K] [-json] [-plot png|svg|none] [-formats parquet,arrow] [-checkpoint DUR] [-fresh|-resume] [-from TABLE] [-report html|none] [CONFIG|DIR ...]"

const runExamples = `  sgtab run                                   # every bundled config, into ./sgtab-out
  sgtab run -heaps 100000 configs/grundy.yaml # Grundy's game to 10^5
  sgtab run -heaps auto -json configs/        # each game until its period is proved
  sgtab run -json -out /tmp/t my-games/       # every config in a directory
  sgtab run -heaps 1e8 -from sgtab-out/officers.parquet configs/octal-0.6-officers.yaml   # extend a table
`

// defaultCap is how far -heaps auto computes a game whose period is not proved.
const defaultCap = 100000

// longRun is how long a run may be expected to take before sgtab warns
// (or, with -heaps auto, refuses) beforehand, or warns while it runs.
const longRun = tabulate.LongRun

// maxWorkersPerCPU bounds -workers: more goroutines than this many per CPU
// only cost memory and switching.
const maxWorkersPerCPU = 4

func runRun(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("run", runUsage, runExamples, stdout, stderr)
	heapsFlag := fs.String("heaps", "", "compute SG(0..`N`) for every game, overriding the configs;\nauto: compute each game until its period is proved, or up to -cap")
	capFlag := rules.Count{N: defaultCap}
	fs.Var(&capFlag, "cap", "with -heaps auto, compute at most SG(0..`N`) (5e8 is accepted)")
	out := fs.String("out", "sgtab-out", "write the tables into `DIR`")
	workers := fs.Int("workers", 0, "use `K` goroutines: games at once, or one game's pair scans; 0 means one per CPU")
	asJSON := fs.Bool("json", false, "print one JSON object per game per line")
	plotFormat := plotFlag(fs, "draw SG(n) against n as `FORMAT`: png, svg or none")
	formatsFlag := fs.String("formats", "parquet,arrow", "write the tables in `FORMATS`: parquet, arrow, csv, or several, comma-separated")
	every := fs.Duration("checkpoint", time.Minute, "write a checkpoint of each computation every `DUR` (0: none; less often when writing one takes over a tenth of DUR), and at Ctrl-C")
	fresh := fs.Bool("fresh", false, "compute every game from the start: use no checkpoint or earlier table")
	strict := fs.Bool("resume", false, "refuse to start over when a checkpoint cannot be used")
	reportMode := reportFlag(fs)
	fromPath := fs.String("from", "", "go on from the stored table `TABLE` (Parquet, Arrow or CSV) of the same game, to a larger -heaps")
	args, err := fs.parse(args)
	if err != nil {
		return err
	}
	formats, err := family.ParseFormats(*formatsFlag)
	if err != nil {
		return fs.usageError("-formats %s: %v", *formatsFlag, err)
	}
	if *every < 0 {
		return fs.usageError("-checkpoint must be a duration ≥ 0 (got %s)", *every)
	}
	if *fresh && *strict {
		return fs.usageError("-fresh and -resume contradict each other")
	}
	if err := checkPlotFlag(fs, *plotFormat); err != nil {
		return err
	}
	if err := checkReportFlag(fs, *reportMode); err != nil {
		return err
	}
	w, err := checkWorkers(fs, *workers)
	if err != nil {
		return err
	}
	heaps, auto, err := runSize(fs, *heapsFlag, capFlag.N)
	if err != nil {
		return err
	}
	games, err := tabulate.LoadGames(args)
	if err != nil {
		return err
	}
	d := progress.NewDisplay(stderr, progress.Options{WarnAfter: longRun})
	p := tabulate.NewPrinter(stdout, *asJSON, len(games), d)
	opt := tabulate.Options{
		Output:  family.Output{Dir: *out, Formats: formats, Plot: *plotFormat, Version: version},
		Workers: w, Heaps: int(heaps), Auto: auto, CapSet: isSet(fs.FlagSet, "cap"),
		Resume:  family.Resume{Every: *every, Fresh: *fresh, Strict: *strict, FromPath: *fromPath},
		Display: d,
	}
	summaryPath, err := tabulate.Run(ctx, games, opt, p.Done)
	if err != nil {
		return err
	}
	if p.Err() != nil {
		return fmt.Errorf("print summary: %w", p.Err())
	}
	if !*asJSON {
		fmt.Fprintf(stdout, "summary of %d %s: %s (one row per game run into %s)\n", len(games), family.Plural(len(games), "game"), summaryPath, *out)
	}
	if *reportMode == "html" {
		w := stdout
		if *asJSON {
			w = io.Discard
		}
		if err := writeReport(ctx, *out, "", w, stderr); err != nil {
			return err
		}
	}
	for _, r := range p.Reports() {
		r.Remarks(stderr)
	}
	return nil
}

// runSize returns the size that run's -heaps and -cap choose: with
// -heaps auto, auto and the cap; 0 when -heaps is not given.
func runSize(fs *flagSet, heapsFlag string, capFlag int64) (heaps int64, auto bool, err error) {
	auto = heapsFlag == "auto"
	if isSet(fs.FlagSet, "cap") && !auto {
		return 0, false, fs.usageError("-cap applies to -heaps auto only (use -heaps N for a fixed size)")
	}
	if !isSet(fs.FlagSet, "heaps") {
		return 0, false, nil
	}
	heaps, err = rules.ParseHeaps(heapsFlag)
	if err != nil {
		return 0, false, fs.usageError("-heaps %s: %v", heapsFlag, err)
	}
	flagName := "-heaps"
	if auto {
		heaps, flagName = capFlag, "-cap"
	}
	for _, start := range []rules.Start{rules.StartLine, rules.StartRing} {
		err := rules.CheckHeaps(heaps, start)
		if _, ok := errors.AsType[*rules.MemoryError](err); ok {
			// A fact about the machine, not a usage mistake.
			return 0, false, fmt.Errorf("%s %d: %w", flagName, heaps, err)
		}
		if err != nil {
			return 0, false, fs.usageError("%s %d: %v", flagName, heaps, err)
		}
	}
	return heaps, auto, nil
}

// plotFlag defines the flag -plot, the format of the plots a command draws
// (png by default), with the usage text usage.
func plotFlag(fs *flagSet, usage string) *string { return fs.String("plot", "png", usage) }

// checkPlotFlag checks the value of -plot.
func checkPlotFlag(fs *flagSet, format string) error {
	switch format {
	case "png", "svg", "none":
		return nil
	}
	return fs.usageError("-plot must be png, svg or none (got %q)", format)
}

// checkWorkers checks -workers and returns the number to use: 0 (one per
// CPU), or at most maxWorkersPerCPU per CPU, with a warning above that.
func checkWorkers(fs *flagSet, workers int) (int, error) {
	if workers < 0 {
		return 0, fs.usageError("-workers must be >= 0")
	}
	if most := maxWorkersPerCPU * runtime.NumCPU(); workers > most {
		fmt.Fprintf(fs.stderr, "sgtab: warning: -workers %d is more than %d per CPU; using %d\n", workers, maxWorkersPerCPU, most)
		return most, nil
	}
	return workers, nil
}

// isSet reports whether the flag name was given on the command line.
func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) {
		if f.Name == name {
			set = true
		}
	})
	return set
}
