package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/sgtab/sgtab/progress"
	"github.com/sgtab/sgtab/rules"
	"github.com/sgtab/sgtab/solve"
)

const solveUsage = "sgtab solve [-workers K] [-table SIZE] [-moves] [-edges FILE] [-out FILE [-checkpoint DUR] [-plot png|svg|none] [-shard I/N | -shards N]] GAME SIZE|POSITION | script CONFIG N[,M]"

const solveExamples = `  sgtab solve -moves cram 5x7       # the empty 5×7 board, and its winning moves
  sgtab solve -out cram.parquet cram 4..7x4..10   # a table of boards, kept and resumed
  sgtab solve -moves cram '..../..../.##./....'
  sgtab solve chomp 8x10 ; sgtab solve -moves chomp 5,5,3,1
  sgtab solve node-kayles 4x5 ; sgtab solve -edges g.txt node-kayles
  sgtab solve script configs/script-kayles.yaml 40
`

// runSolve finds the nimber of one large position by pruned search
// (package solve).
func runSolve(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("solve", solveUsage, solveExamples, stdout, stderr)
	workers := fs.Int("workers", 1, "search the root's children on `K` goroutines")
	table := fs.String("table", "256MiB", "bound the transposition table to `SIZE` (KiB, MiB, GiB)")
	moves := fs.Bool("moves", false, "list the winning moves")
	edges := fs.String("edges", "", "node-kayles: the graph's edges in `FILE`, two vertex numbers a line")
	out := fs.String("out", "", "keep the boards of a range in the Parquet table `FILE`, and resume from it")
	every := fs.Duration("checkpoint", time.Minute, "with -out, keep what the search of a board has proved in FILE.search every `DUR` (0: never) and when stopped; the same command resumes from it")
	plotFormat := plotFlag(fs, "with -out, draw the table's nimbers by size beside it as `FORMAT`: png, svg or none")
	shardFlag := fs.String("shard", "", "with -out, search only shard `I/N` of the range's boards (0 ≤ I < N)")
	shards := fs.Int("shards", 0, "with -out, split the range into `N` shards, searching the one the scheduler gives: SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX")
	args, err := fs.parse(args)
	if err != nil {
		return err
	}
	mem, err := rules.ParseByteSize(*table)
	if err != nil {
		return fs.usageError("-table: %v", err)
	}
	req := solve.Request{Edges: *edges, Workers: *workers, Memory: mem, Moves: *moves, Every: 10 * time.Second, Out: *out, Version: version}
	if err := req.SetArgs(args); err != nil {
		return fs.usageError("%v", err)
	}
	if *every < 0 {
		return fs.usageError("-checkpoint must be a duration ≥ 0 (got %s)", *every)
	}
	req.Checkpoint = *every
	if err := checkPlotFlag(fs, *plotFormat); err != nil {
		return err
	}
	req.Plot = *plotFormat
	if *workers < 1 {
		return fs.usageError("-workers must be at least 1")
	}
	if req.Shard, err = sweepShard(fs, *shardFlag, *shards, stderr); err != nil {
		return err
	}
	if req.Shard.N > 1 && *out == "" {
		return fs.usageError("shards share their boards through -out FILE: give it")
	}
	if progress.IsTerminal(stderr) {
		req.Progress = func(line string) { fmt.Fprintln(stderr, line) }
	}
	return solve.Run(ctx, req, stdout)
}
