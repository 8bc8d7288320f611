package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/progress"
	"github.com/sgtab/sgtab/rules"
	"github.com/sgtab/sgtab/sweep"
	"github.com/sgtab/sgtab/tabulate"
)

const sweepUsage = "sgtab sweep [-out DIR] [-heaps N|auto] [-cap N] [-workers K] [-shard I/N | -shards N] [-tables] [-plot png|svg|none] [-fresh] [-quotients N] [-report html|none] SWEEP.yaml"

const sweepExamples = `  sgtab sweep configs/sweeps/octal-2.yaml              # every two-digit octal code, into ./sgtab-sweep
  sgtab sweep -cap 100000 -out census my-sweep.yaml     # each game to its proof, or to 10^5
  sgtab sweep -shard 2/8 -out census my-sweep.yaml      # shard 2 of 8, chosen by hand
  sgtab sweep -shards 8 -out census my-sweep.yaml       # in a Slurm array task or an Indexed Job's pod: its shard of 8
  sgtab merge census                                    # the shards' censuses as one
  sgtab sweep -quotients 20 configs/sweeps/octal-3-quotients.yaml   # misère quotients of heaps 1..20
`

// runSweep computes every game of a sweep config into a census, resuming
// from the journal of an earlier run of the same sweep into the folder.
func runSweep(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("sweep", sweepUsage, sweepExamples, stdout, stderr)
	out := fs.String("out", "sgtab-sweep", "write the census into `DIR`")
	heapsFlag := fs.String("heaps", "", "compute every game to `N`; auto: each until its period is proved, or to -cap (default: the sweep's own)")
	var capFlag rules.Count
	fs.Var(&capFlag, "cap", "with auto, compute at most SG(0..`N`) (default: the sweep's cap)")
	workers := fs.Int("workers", 0, "use `K` goroutines: games at once; 0 means one per CPU")
	shardFlag := fs.String("shard", "", "compute shard `I/N` of the sweep only, 0 ≤ I < N (default: all, or as -shards says)")
	shards := fs.Int("shards", 0, "split the sweep into `N` shards, computing the one whose index the scheduler gives: SLURM_ARRAY_TASK_ID (sbatch --array=0-(N−1)) or JOB_COMPLETION_INDEX (a Kubernetes Indexed Job)")
	tables := fs.Bool("tables", false, "also write each game's table and plots, into DIR/tables")
	plotFormat := plotFlag(fs, "with -tables, draw each game's plots as `FORMAT`: png, svg or none")
	fresh := fs.Bool("fresh", false, "start over: forget the journal of an earlier run of this sweep into DIR")
	reportMode := reportFlag(fs)
	quotients := fs.String("quotients", "", "instead of the census of values, a census of misère quotients: each rule's of the heaps 1..`N`, into DIR/"+sweep.QuotientsFile)
	args, err := fs.parse(args)
	if err != nil {
		return err
	}
	if len(args) != 1 {
		return fs.usageError("want one sweep config, got %d", len(args))
	}
	if err := checkReportFlag(fs, *reportMode); err != nil {
		return err
	}
	if isSet(fs.FlagSet, "quotients") {
		if err := runQuotientCensus(ctx, fs, args[0], *quotients, *out, *workers, stdout, stderr); err != nil || *reportMode == "none" {
			return err
		}
		return writeReport(ctx, *out, "", stdout, stderr)
	}
	if err := checkPlotFlag(fs, *plotFormat); err != nil {
		return err
	}
	if isSet(fs.FlagSet, "plot") && !*tables {
		return fs.usageError("-plot applies to -tables only")
	}
	w, err := checkWorkers(fs, *workers)
	if err != nil {
		return err
	}
	heaps, capN, err := sweepSize(fs, *heapsFlag, capFlag.N)
	if err != nil {
		return err
	}
	shard, err := sweepShard(fs, *shardFlag, *shards, stderr)
	if err != nil {
		return err
	}
	s, err := tabulate.LoadSweep(args[0])
	if err != nil {
		return err
	}
	plan, err := sweep.NewPlan(s, heaps, capN, shard)
	if err != nil {
		return err
	}
	opt := tabulate.SweepOptions{Out: *out, Fresh: *fresh, Workers: w, Version: version,
		Display: progress.NewDisplay(stderr, progress.Options{Unit: "games", WarnAfter: longRun, Independent: true})}
	if *tables {
		opt.Tables = family.Output{Dir: filepath.Join(*out, shard.Dir(), "tables"), Plot: *plotFormat, Formats: []string{"parquet", "arrow"}, Version: version}
	}
	start := time.Now()
	rows, path, err := tabulate.Sweep(ctx, plan, opt)
	if err != nil {
		return err
	}
	if _, err = io.WriteString(stdout, sweep.Report("census", rows, plan, path, time.Since(start))); err != nil || *reportMode == "none" {
		return err
	}
	return writeReport(ctx, filepath.Dir(path), "", stdout, stderr)
}

// sweepSize returns the sizes that -heaps and -cap choose: -1 for each
// flag not given (the sweep's own), heaps 0 for auto.
func sweepSize(fs *flagSet, heapsFlag string, capFlag int64) (heaps, capN int, err error) {
	heaps, capN = -1, -1
	if isSet(fs.FlagSet, "heaps") {
		h, err := rules.ParseHeaps(heapsFlag)
		if err != nil {
			return 0, 0, fs.usageError("-heaps %s: %v", heapsFlag, err)
		}
		heaps = int(h)
	}
	if isSet(fs.FlagSet, "cap") {
		if heaps > 0 {
			return 0, 0, fs.usageError("-cap applies to -heaps auto only")
		}
		if capFlag < 1 || capFlag >= rules.MaxHeaps {
			return 0, 0, fs.usageError("-cap must be from 1 to 2^40")
		}
		capN = int(capFlag)
	}
	return heaps, capN, nil
}

// sweepShard returns the shard that -shard or -shards and the environment
// choose (sweep.ChooseShard), saying on stderr where it came from when not
// from the flags.
func sweepShard(fs *flagSet, shardFlag string, shards int, stderr io.Writer) (sweep.Shard, error) {
	shard, from, err := sweep.ChooseShard(shardFlag, shards, isSet(fs.FlagSet, "shards"))
	if err != nil {
		return sweep.All, fs.usageError("%v", err)
	}
	if from != "" {
		fmt.Fprintf(stderr, "sgtab: shard %s, from %s\n", shard, from)
	}
	return shard, nil
}

const mergeUsage = "sgtab merge [-report html|none] DIR"

const mergeExamples = `  sgtab merge census        # census/shard=*/census.parquet into census/census.parquet
`

// runMerge joins the censuses of a sweep's shards into one.
func runMerge(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("merge", mergeUsage, mergeExamples, stdout, stderr)
	reportMode := reportFlag(fs)
	args, err := fs.parse(args)
	if err != nil {
		return err
	}
	if err := checkReportFlag(fs, *reportMode); err != nil {
		return err
	}
	if len(args) != 1 {
		return fs.usageError("want one folder, got %d", len(args))
	}
	start := time.Now()
	rows, p, path, err := tabulate.Merge(args[0], version)
	if err != nil {
		return err
	}
	if _, err = io.WriteString(stdout, sweep.Report("merged census", rows, p, path, time.Since(start))); err != nil || *reportMode == "none" {
		return err
	}
	return writeReport(ctx, filepath.Dir(path), "", stdout, stderr)
}
