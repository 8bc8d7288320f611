package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/family/heap"
	"github.com/sgtab/sgtab/rules"
	"github.com/sgtab/sgtab/sweep"
	"github.com/sgtab/sgtab/tabulate"
)

const sweepUsage = "sgtab sweep [-out DIR] [-heaps N|auto] [-cap N] [-workers K] [-shard I/N | -shards N] [-tables] [-plot png|svg|none] [-fresh] SWEEP.yaml"

const sweepExamples = `  sgtab sweep configs/sweeps/octal-2.yaml              # every two-digit octal code, into ./sgtab-sweep
  sgtab sweep -cap 100000 -out census my-sweep.yaml     # each game to its proof, or to 10^5
  sgtab sweep -shard 2/8 -out census my-sweep.yaml      # shard 2 of 8 (or from a Slurm array / an Indexed Job)
  sgtab merge census                                    # the shards' censuses as one
`

// runSweep computes every game of a sweep config into a census, resuming
// from the journal of an earlier run of the same sweep into the folder.
func runSweep(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("sweep", sweepUsage, sweepExamples, stdout, stderr)
	out := fs.String("out", "sgtab-sweep", "write the census into `DIR`")
	heapsFlag := fs.String("heaps", "", "compute every game to `N`; auto: each until its period is proved, or to -cap (default: the sweep's own)")
	capFlag := fs.Int64("cap", 0, "with auto, compute at most SG(0..`N`) (default: the sweep's cap)")
	workers := fs.Int("workers", 0, "use `K` goroutines: games at once; 0 means one per CPU")
	shardFlag := fs.String("shard", "", "compute shard `I/N` of the sweep only, 0 ≤ I < N (default: from a Slurm job array or a Kubernetes Indexed Job, else all)")
	shards := fs.Int("shards", 0, "the number of shards, `N`, of a Kubernetes Indexed Job (its completions), whose index JOB_COMPLETION_INDEX gives")
	tables := fs.Bool("tables", false, "also write each game's table and plots, into DIR/tables")
	plotFormat := plotFlag(fs, "with -tables, draw each game's plots as `FORMAT`: png, svg or none")
	fresh := fs.Bool("fresh", false, "start over: forget the journal of an earlier run of this sweep into DIR")
	args, err := fs.parse(args)
	if err != nil {
		return err
	}
	if len(args) != 1 {
		return fs.usageError("want one sweep config, got %d", len(args))
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
	heaps, capN := -1, -1
	if isSet(fs.FlagSet, "heaps") {
		h, err := parseHeaps(*heapsFlag)
		if err != nil {
			return fs.usageError("-heaps %s: %v", *heapsFlag, err)
		}
		heaps = int(h)
	}
	if isSet(fs.FlagSet, "cap") {
		if heaps > 0 {
			return fs.usageError("-cap applies to -heaps auto only")
		}
		if *capFlag < 1 || *capFlag >= rules.MaxHeaps {
			return fs.usageError("-cap must be from 1 to 2^40")
		}
		capN = int(*capFlag)
	}
	shard := sweep.All
	switch {
	case *shardFlag != "" && isSet(fs.FlagSet, "shards"):
		return fs.usageError("-shard and -shards exclude each other: -shard I/N chooses the shard, -shards N lets JOB_COMPLETION_INDEX choose it")
	case *shardFlag != "":
		if shard, err = sweep.ParseShard(*shardFlag); err != nil {
			return fs.usageError("-shard %s: %v", *shardFlag, err)
		}
	default:
		if isSet(fs.FlagSet, "shards") && *shards < 1 {
			return fs.usageError("-shards must be at least 1")
		}
		var from string
		if shard, from, err = sweep.ShardFromEnv(*shards); err != nil {
			return fs.usageError("%v", err)
		}
		if from != "" {
			fmt.Fprintf(stderr, "sgtab: shard %s, from %s\n", shard, from)
		}
	}
	s, err := rules.LoadSweep(args[0])
	if err != nil {
		if j, ok := err.(interface{ Unwrap() []error }); ok {
			return tabulate.Problems(j.Unwrap())
		}
		return err
	}
	plan, err := sweep.NewPlan(s, heaps, capN, shard)
	if err != nil {
		return err
	}
	dir := filepath.Join(*out, shard.Dir())
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("create output directory: %w", err)
	}
	tabulate.RemoveStale(dir, func(format string, args ...any) { fmt.Fprintf(stderr, format, args...) })
	header := sweep.Header{Sweep: sweep.SHA(s.Config), N: plan.N, Auto: plan.Auto, Shard: shard.String(), Version: version}
	journal, err := sweep.OpenJournal(dir, header, *fresh)
	if err != nil {
		return err
	}
	defer journal.Close() // appended and synced line by line
	resumed := 0
	for _, job := range plan.Jobs {
		if _, ok := journal.Done()[job.Key]; ok {
			resumed++
		}
	}
	if resumed > 0 {
		fmt.Fprintf(stderr, "sgtab: resuming: %d of %d games done by an earlier run into %s\n", resumed, len(plan.Jobs), dir)
	}
	bar := newProgress(stderr, int64(len(plan.Jobs)-resumed), fmt.Sprintf("%d %s", len(plan.Jobs)-resumed, family.Plural(len(plan.Jobs)-resumed, "game")))
	bar.unit = "games"
	start := time.Now()
	results, err := sweep.Run(ctx, plan, journal, sweep.Options{
		Workers: w,
		Done: func(job sweep.Job, t *compute.Table) error {
			bar.add(1)
			if *tables {
				return writeSweepTables(plan, job, t, family.Output{Dir: filepath.Join(dir, "tables"), Plot: *plotFormat, Formats: []string{"parquet", "arrow"}, Version: version})
			}
			return nil
		},
	})
	bar.finish()
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("interrupted with %d of %d games done (kept in %s); run the same command again to go on",
				len(journal.Done()), len(plan.Jobs), filepath.Join(dir, "journal.jsonl"))
		}
		return err
	}
	rows, err := sweep.Census(plan, results)
	if err != nil {
		return err
	}
	path := filepath.Join(dir, sweep.CensusFile)
	if err := export.WriteCensus(path, rows, sweep.Meta(plan), export.Options{Version: version}); err != nil {
		return err
	}
	_, err = io.WriteString(stdout, sweep.Report("census", rows, plan, path, time.Since(start)))
	return err
}

// writeSweepTables writes the table t of job under the name of each game
// of the plan that the job computes, as o says.
func writeSweepTables(p *sweep.Plan, job sweep.Job, t *compute.Table, o family.Output) error {
	if err := os.MkdirAll(o.Dir, 0o755); err != nil {
		return err
	}
	for _, m := range p.Games {
		if p.Jobs[m.Job].Key != job.Key {
			continue
		}
		named := *t
		named.Game.Name = m.Name
		if _, err := heap.Write(&named, o, nil); err != nil {
			return err
		}
	}
	return nil
}

const mergeUsage = "sgtab merge DIR"

const mergeExamples = `  sgtab merge census        # census/shard=*/census.parquet into census/census.parquet
`

// runMerge joins the censuses of a sweep's shards into one.
func runMerge(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("merge", mergeUsage, mergeExamples, stdout, stderr)
	args, err := fs.parse(args)
	if err != nil {
		return err
	}
	if len(args) != 1 {
		return fs.usageError("want one folder, got %d", len(args))
	}
	start := time.Now()
	rows, p, err := sweep.Merge(args[0], version)
	if err != nil {
		return err
	}
	_, err = io.WriteString(stdout, sweep.Report("merged census", rows, p, filepath.Join(args[0], sweep.CensusFile), time.Since(start)))
	return err
}
