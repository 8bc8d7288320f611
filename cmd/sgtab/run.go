package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/graph"
	"github.com/sgtab/sgtab/rules"
)

const runUsage = "sgtab run [-heaps N|auto] [-cap N] [-out DIR] [-workers K] [-json] [-plot png|svg|none] [-formats parquet,arrow] [-checkpoint DUR] [-fresh|-resume] [-from TABLE] [CONFIG|DIR ...]"

const runExamples = `  sgtab run                                   # every bundled config, into ./sgtab-out
  sgtab run -heaps 100000 configs/grundy.yaml # Grundy's game to 10^5
  sgtab run -heaps auto -json configs/        # each game until its period is proved
  sgtab run -json -out /tmp/t my-games/       # every config in a directory
  sgtab run -heaps 1e8 -from sgtab-out/officers.parquet configs/octal-0.6-officers.yaml   # extend a table
`

// defaultCap is how far -heaps auto computes a game whose period is not proved.
const defaultCap = 100000

// A rareSplit is a rare/common split that run reports: mask, parity, and
// the positions it makes rare.
type rareSplit struct {
	Mask  uint32         `json:"mask"`
	Pos   compute.Parity `json:"pos,omitempty"`
	Count int            `json:"count"`
}

// A summary is what run reports of one game.
type summary struct {
	Name    string   `json:"name"`
	Rule    string   `json:"rule"`
	Start   string   `json:"start"`
	Heaps   int      `json:"heaps"`
	MaxSG   uint32   `json:"max_sg"`
	Seconds float64  `json:"seconds"`
	Files   []string `json:"files"`

	// The analysis (compute.Analysis); pointers are null where they do not apply.
	Status        compute.Status `json:"status"`
	Period        *int           `json:"period"`
	Preperiod     *int           `json:"preperiod"`
	Saltus        *uint32        `json:"saltus"`
	LastException *int           `json:"last_exception"`
	ClosedForm    string         `json:"closed_form,omitempty"`
	Theorem       string         `json:"theorem,omitempty"`
	ProofWindow   string         `json:"proof_window,omitempty"`
	Computed      int            `json:"computed"`
	RareMask      uint32         `json:"rare_mask"`
	RarePos       compute.Parity `json:"rare_pos,omitempty"`
	RareCount     int            `json:"rare_count"`
	LastRare      *int           `json:"last_rare"`
	// RareBest is the best split when none is reported (it means nothing:
	// see compute.FindRare): null otherwise. The text output leaves it out.
	RareBest *rareSplit `json:"rare_best"`
	Checksum string     `json:"checksum"`

	// The analysis of the ring values SG_ring(n), for a game that starts
	// on a ring (compute.RingAnalysis): left out for other games.
	RingStatus      compute.Status `json:"ring_status,omitempty"`
	RingPeriod      *int           `json:"ring_period,omitempty"`
	RingPreperiod   *int           `json:"ring_preperiod,omitempty"`
	RingSaltus      *uint32        `json:"ring_saltus,omitempty"`
	RingClosedForm  string         `json:"ring_closed_form,omitempty"`
	RingTheorem     string         `json:"ring_theorem,omitempty"`
	RingProofWindow string         `json:"ring_proof_window,omitempty"`
	RingChecksum    string         `json:"ring_checksum,omitempty"`

	// Board and Losing describe a lattice game: its size, and how many of
	// its points have SG 0; Rows the additive periods of its first rows,
	// SG(x+p, y) = SG(x, y) + s from x = preperiod on, where found.
	Board  *[2]int     `json:"board,omitempty"`
	Losing *int        `json:"losing,omitempty"`
	Rows   []rowPeriod `json:"rows,omitempty"`
	// Nodes and Edges describe a game on a graph (and Losing how many of
	// its nodes have SG 0).
	Nodes *int   `json:"nodes,omitempty"`
	Edges *int64 `json:"edges,omitempty"`

	// Play is normal or misere; Values what the table holds: SG, or
	// outcome (1 when the player to move wins, 0 when that player loses:
	// misère play, Fibonacci Nim), and Outcomes says the latter.
	Play     string `json:"play"`
	Values   string `json:"values"`
	Outcomes bool   `json:"outcomes,omitempty"`
	// Findings states what a built-in game's table shows of its known
	// rule, checked on the whole table.
	Findings []string `json:"findings,omitempty"`

	Warnings []string `json:"warnings,omitempty"`
	// Notes say what run left out and why (a plot too small to draw).
	Notes []string `json:"notes,omitempty"`
}

// newSummary summarises the table t, written to files.
func newSummary(t *compute.Table, files []string) *summary {
	g, a := t.Game, t.Analysis
	s := &summary{
		Outcomes: g.HoldsOutcomes(),
		Play:     map[bool]string{false: "normal", true: "misere"}[g.Misere],
		Values:   g.Quantity(),
		Name:     g.Name,
		Rule:     g.RuleText(),
		Start:    g.Start.String(),
		Heaps:    t.N(),
		MaxSG:    t.MaxG(),
		Seconds:  t.Elapsed.Seconds(),
		Files:    files,
		Status:   a.Status,
		Computed: a.Computed,
		RareMask: a.Rare.Mask,
		Checksum: a.Checksum,
	}
	if a.Rare.Mask != 0 {
		s.RarePos, s.RareCount, s.LastRare = a.Rare.Pos, a.Rare.Count, new(a.Rare.Last)
	} else if b := a.Rare.Best; b.Mask != 0 {
		s.RareBest = &rareSplit{Mask: b.Mask, Pos: b.Pos, Count: b.Count}
	}
	if a.Status != compute.None {
		p := a.Period
		s.Period, s.Preperiod, s.Saltus = new(p.Length), new(p.Start), new(p.Saltus)
		if p.Start > 0 {
			s.LastException = new(p.LastException())
		}
		s.ClosedForm = a.ClosedForm
	}
	if a.Status == compute.Proved {
		s.Theorem, s.ProofWindow = a.Proof.Theorem, a.Proof.String()
	}
	for _, w := range t.Warnings {
		s.Warnings = append(s.Warnings, w.Error())
	}
	if g.State == "fibonacci-nim" {
		s.Findings = append(s.Findings, fibonacciFinding(t))
	}
	rows := ""
	if r := a.Ring; r != nil {
		rows = " for the rows"
		s.RingStatus, s.RingChecksum = r.Status, r.Checksum
		if r.Status != compute.None {
			p := r.Period
			s.RingPeriod, s.RingPreperiod, s.RingSaltus = new(p.Length), new(p.Start), new(p.Saltus)
			s.RingClosedForm = r.ClosedForm
		}
		if r.Status == compute.Proved {
			s.RingTheorem, s.RingProofWindow = r.Proof.Theorem, r.Proof.String()
		}
	}
	if a.Status == compute.None {
		s.Warnings = append(s.Warnings, fmt.Sprintf("no period found%s up to n = %d", rows, t.N()))
	}
	if a.Ring != nil && a.Ring.Status == compute.None {
		s.Warnings = append(s.Warnings, fmt.Sprintf("no period found for the rings up to n = %d", t.N()))
	}
	return s
}

// parseHeaps reads the -heaps flag: a whole number ≥ 1 (1e6 is accepted),
// or "auto" (returned as 0).
func parseHeaps(v string) (int64, error) {
	if v == "auto" {
		return 0, nil
	}
	f, err := strconv.ParseFloat(v, 64)
	switch {
	case err != nil && !errors.Is(err, strconv.ErrRange), f != math.Trunc(f):
		return 0, fmt.Errorf("want a whole number or auto")
	case f >= rules.MaxHeaps || errors.Is(err, strconv.ErrRange):
		return 0, fmt.Errorf("too large: must be below 2^40")
	}
	return int64(f), nil
}

// maxWorkersPerCPU bounds -workers: more goroutines than this many per CPU
// only cost memory and switching.
const maxWorkersPerCPU = 4

// longRun is how long a run may be expected to take before sgtab warns
// (or, for -heaps auto up to the default cap, refuses) beforehand.
const longRun = 10 * time.Minute

func runRun(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("run", runUsage, runExamples, stdout, stderr)
	heapsFlag := fs.String("heaps", "", "compute SG(0..`N`) for every game, overriding the configs;\nauto: compute each game until its period is proved, or up to -cap")
	capFlag := fs.Int64("cap", defaultCap, "with -heaps auto, compute at most SG(0..`N`)")
	out := fs.String("out", "sgtab-out", "write the tables into `DIR`")
	workers := fs.Int("workers", 0, "use `K` goroutines: games at once, or one game's pair scans; 0 means one per CPU")
	asJSON := fs.Bool("json", false, "print one JSON object per game per line")
	plotFormat := plotFlag(fs, "draw SG(n) against n as `FORMAT`: png, svg or none")
	formatsFlag := fs.String("formats", "parquet,arrow", "write the tables in `FORMATS`: parquet, arrow, csv, or several, comma-separated")
	every := fs.Duration("checkpoint", time.Minute, "write a checkpoint of each computation every `DUR` (0: none), and at Ctrl-C")
	fresh := fs.Bool("fresh", false, "compute every game from the start: use no checkpoint or earlier table")
	strict := fs.Bool("resume", false, "refuse to start over when a checkpoint cannot be used")
	fromPath := fs.String("from", "", "go on from the stored table `TABLE` (Parquet, Arrow or CSV) of the same game, to a larger -heaps")
	args, err := fs.parse(args)
	if err != nil {
		return err
	}
	formats, err := parseFormats(*formatsFlag)
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
	w, err := checkWorkers(fs, *workers)
	if err != nil {
		return err
	}
	auto := *heapsFlag == "auto"
	if isSet(fs.FlagSet, "cap") && !auto {
		return fs.usageError("-cap applies to -heaps auto only (use -heaps N for a fixed size)")
	}
	var heaps int64
	if isSet(fs.FlagSet, "heaps") {
		h, err := parseHeaps(*heapsFlag)
		if err != nil {
			return fs.usageError("-heaps %s: %v", *heapsFlag, err)
		}
		heaps = h
		flagName := "-heaps"
		if auto {
			heaps, flagName = *capFlag, "-cap"
		}
		for _, start := range []rules.Start{rules.StartLine, rules.StartRing} {
			err := rules.CheckHeaps(heaps, start)
			if _, ok := errors.AsType[*rules.MemoryError](err); ok {
				// A fact about the machine, not a usage mistake.
				return fmt.Errorf("%s %d: %w", flagName, heaps, err)
			}
			if err != nil {
				return fs.usageError("%s %d: %v", flagName, heaps, err)
			}
		}
	}
	games, err := loadGames(args)
	if err != nil {
		return err
	}
	var total int64
	for i := range games {
		if l := games[i].Lattice; l != nil {
			total += int64(l.Size[0]) * int64(l.Size[1])
			continue
		}
		if games[i].Graph != nil {
			continue // solved in one piece, without progress reports
		}
		if games[i].State != "" {
			total += compute.StatePositions(games[i])
			continue
		}
		if heaps > 0 {
			games[i].Heaps = int(heaps)
		}
		total += int64(games[i].Heaps) + 1
	}
	if err := checkCost(games, w, auto, isSet(fs.FlagSet, "cap"), stderr); err != nil {
		return err
	}
	res := &resumer{dir: *out, auto: auto, fresh: *fresh, strict: *strict, stderr: stderr, reached: map[string]int{}, failed: map[string]bool{}, vouch: newVoucher(ctx, w, stderr)}
	if *fromPath != "" {
		if res.from, err = readFrom(res.vouch, *fromPath, games); err != nil {
			return err
		}
		res.fromPath = *fromPath
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return fmt.Errorf("create output directory: %w", err)
	}
	removeStale(*out, stderr)
	summaryPath := filepath.Join(*out, summaryFile)
	if err := checkEarlierGames(games, summaryPath); err != nil {
		return err
	}
	o := outputs{dir: *out, plot: *plotFormat, formats: formats, key: res.vouch.key}

	bar := newProgress(stderr, total, fmt.Sprintf("%d %s", len(games), plural(len(games), "game")))
	res.bar = bar
	var (
		mu        sync.Mutex
		summaries = make([]*summary, len(games))
		rows      = make([]export.Summary, len(games)) // for summary.parquet
		next      int                                  // first summary not yet printed
		printErr  error
	)
	// done records a game's summary and prints those ready, in order.
	done := func(i int, s *summary, row export.Summary) {
		mu.Lock()
		defer mu.Unlock()
		summaries[i], rows[i] = s, row
		bar.print(func() {
			for ; next < len(summaries) && summaries[next] != nil; next++ {
				if err := printSummary(stdout, summaries[next], *asJSON); err != nil && printErr == nil {
					printErr = err
				}
			}
		})
	}
	// Lattice games first, one at a time on every worker; then the heap
	// games, several at once.
	var heapGames []rules.Game
	var heapIndex []int
	for i, g := range games {
		var (
			t   *compute.Table
			lt  *compute.LatticeTable
			err error
			s   *summary
			row export.Summary
		)
		switch {
		case g.Graph != nil:
			s, row, err = runGraph(ctx, g, o)
			if err != nil {
				bar.finish()
				return fmt.Errorf("%s: %w", g.Name, err)
			}
			done(i, s, row)
			continue
		case g.State != "":
			t, lt, err = compute.State(ctx, g, compute.Options{Progress: bar.add})
		case g.Lattice != nil:
			lt, err = compute.Lattice(ctx, g, compute.Options{Workers: w, Progress: bar.add})
		default:
			heapGames, heapIndex = append(heapGames, g), append(heapIndex, i)
			continue
		}
		if err == nil && lt != nil {
			s, row, err = writeLattice(lt, o)
		} else if err == nil {
			s, err = writeTable(t, o)
			row = export.Summarize(t)
		}
		if err != nil {
			bar.finish()
			return fmt.Errorf("%s: %w", g.Name, err)
		}
		done(i, s, row)
	}
	// The heap games: those whose table is in the folder already are
	// kept; the others are computed, several at once.
	var (
		todo      []rules.Game
		todoIndex []int
		froms     []*compute.Table
	)
	for i, g := range heapGames {
		from, finished, err := res.start(g)
		if err == nil && finished != nil {
			var s *summary
			var row export.Summary
			if s, row, err = res.keep(finished, o); err == nil {
				bar.inherit(int64(finished.Table.G.Len()))
				done(heapIndex[i], s, row)
				continue
			}
		}
		if err != nil {
			bar.finish()
			return err
		}
		todo, todoIndex, froms = append(todo, g), append(todoIndex, heapIndex[i]), append(froms, from)
	}
	opt := compute.Options{Workers: w, Progress: bar.add, Inherited: bar.inherit, StopWhenProved: auto,
		ForGame: func(i int, o *compute.Options) {
			o.From = froms[i]
			if *every > 0 && todo[i].State == "" && !todo[i].Misere {
				o.Checkpoint, o.CheckpointEvery = res.checkpoint(todo[i]), *every
			}
		}}
	err = compute.Each(ctx, todo, opt,
		func(i int, t *compute.Table) error {
			s, err := writeTable(t, o)
			if err != nil {
				return err
			}
			if err := res.done(todo[i]); err != nil {
				return err
			}
			done(todoIndex[i], s, export.Summarize(t))
			return nil
		})
	bar.finish()
	if err != nil {
		if ctx.Err() != nil {
			return errors.New(res.interrupted())
		}
		return err
	}
	if printErr != nil {
		return fmt.Errorf("print summary: %w", printErr)
	}
	if err := export.MergeSummary(summaryPath, rows, export.Options{Version: version}); err != nil {
		return err
	}
	if !*asJSON {
		fmt.Fprintf(stdout, "summary of %d %s: %s (one row per game run into %s)\n", len(rows), plural(len(rows), "game"), summaryPath, *out)
	}
	for _, s := range summaries {
		for _, w := range s.Warnings {
			fmt.Fprintf(stderr, "sgtab: warning: %s: %s\n", s.Name, w)
		}
		for _, n := range s.Notes {
			fmt.Fprintf(stderr, "sgtab: note: %s: %s\n", s.Name, n)
		}
	}
	return nil
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

// checkCost estimates how long each game may take (compute.Estimate) and
// speaks before a run of more than longRun when nothing can make it
// shorter: for a heap game, when no theorem can prove its period and
// sparse space cannot serve it; lattice and built-in games always. With
// -heaps auto such a game is refused — up to the default cap, a heap game
// always runs to the cap, and the size of a lattice or built-in game is
// its config's, which -cap does not bound — naming a size that takes
// minutes; otherwise a warning says what to expect. Heap games that a proof
// or sparse space may shorten are watched while they run instead (see
// progress).
func checkCost(games []rules.Game, workers int, auto, capSet bool, stderr io.Writer) error {
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	for _, g := range games {
		est := compute.Estimate(g, g.Heaps, workers)
		heap := g.Lattice == nil && g.State == "" && g.Graph == nil
		if est <= longRun || heap && (compute.Provable(g.Rule) || compute.SparseMayApply(g.Rule)) {
			continue
		}
		what := fmt.Sprintf("%s: %s takes about %s", g.Name, costWhat(g), roundDuration(est))
		if heap {
			what += " (no theorem can prove its period, so nothing ends it early)"
		}
		if auto && (!capSet || !heap) {
			return fmt.Errorf("%s; %s", what, shorter(g, workers))
		}
		fmt.Fprintf(stderr, "sgtab: warning: %s\n", what)
	}
	return nil
}

// costWhat says what the computation of g is: of its table to a size, of
// its board, or of a built-in game's positions.
func costWhat(g rules.Game) string {
	switch {
	case g.Lattice != nil:
		return fmt.Sprintf("computing its board of %d×%d", g.Lattice.Size[0], g.Lattice.Size[1])
	case g.State != "":
		return fmt.Sprintf("computing its %s positions (heaps: %d)", short(float64(compute.StatePositions(g))), g.Heaps)
	}
	return fmt.Sprintf("computing SG(0..%d)", g.Heaps)
}

// shorter says how to make the computation of g take at most about half
// of longRun: the largest round size whose estimate stays within it, and
// that estimate, as -cap for a heap game, else as the size in its config.
func shorter(g rules.Game, workers int) string {
	about := func(g rules.Game) string { return roundDuration(compute.Estimate(g, g.Heaps, workers)) }
	if l := g.Lattice; l != nil {
		small := *l
		g.Lattice = &small
		for small.Size[0]*small.Size[1] > 100 && compute.Estimate(g, 0, workers) > longRun/2 {
			small.Size = [2]int{max(small.Size[0]*7/10, 1), max(small.Size[1]*7/10, 1)}
		}
		small.Size = [2]int{roundDown(small.Size[0]), roundDown(small.Size[1])}
		return fmt.Sprintf("make its board smaller in its config (size: [%d, %d]: about %s), or run it without -heaps auto",
			small.Size[0], small.Size[1], about(g))
	}
	for g.Heaps > 10 && compute.Estimate(g, g.Heaps, workers) > longRun/2 {
		g.Heaps = g.Heaps * 7 / 10
	}
	g.Heaps = roundDown(g.Heaps)
	if g.State != "" {
		return fmt.Sprintf("make it smaller in its config (heaps: %d: about %s), or run it without -heaps auto", g.Heaps, about(g))
	}
	return fmt.Sprintf("choose how far to go with -cap N (-cap %d: about %s)", g.Heaps, about(g))
}

// roundDown rounds n down to one or two significant digits.
func roundDown(n int) int {
	p := 1
	for n/p >= 100 {
		p *= 10
	}
	return n / p * p
}

// roundDuration prints d to a sensible precision: "9 h", "25 min", "3 days".
func roundDuration(d time.Duration) string {
	switch {
	case d >= 72*time.Hour:
		return fmt.Sprintf("%.0f days", d.Hours()/24)
	case d >= 2*time.Hour:
		return fmt.Sprintf("%.0f h", d.Hours())
	case d >= 2*time.Minute:
		return fmt.Sprintf("%.0f min", d.Minutes())
	}
	return fmt.Sprintf("%.0f s", d.Seconds())
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

// euclidFinding checks Cole and Davie's rule on Euclid's table: with
// x ≥ y > 0, the player to move loses exactly when x < φ·y.
func euclidFinding(t *compute.LatticeTable) string {
	phi := (1 + math.Sqrt(5)) / 2
	for y := range t.H {
		for x := range t.W {
			a, b := max(x, y), min(x, y)
			lost := b == 0 || b < a && float64(a) < phi*float64(b)
			if (t.At(x, y) == 0) != lost {
				return fmt.Sprintf("the golden-ratio rule fails at (%d, %d)", x, y)
			}
		}
	}
	return "the losing pairs x ≥ y > 0 are exactly those with x < φ·y (Cole and Davie's rule), on the whole board"
}

// fibonacciFinding lists the losing heaps of Fibonacci Nim's table and says
// whether they are the Fibonacci numbers.
func fibonacciFinding(t *compute.Table) string {
	var losing []string
	fib := map[int]bool{}
	for a, b := 1, 2; a <= t.N(); a, b = b, a+b {
		fib[a] = true
	}
	holds := true
	for n := 1; n <= t.N(); n++ {
		lost := t.G.At(n) == 0
		if lost {
			losing = append(losing, strconv.Itoa(n))
		}
		holds = holds && lost == fib[n]
	}
	verdict := "the Fibonacci numbers, as Whinihan proved"
	if !holds {
		verdict = "NOT the Fibonacci numbers"
	}
	return fmt.Sprintf("losing heaps %s: %s", strings.Join(losing, ", "), verdict)
}

// A rowPeriod is the period of one row of a lattice table.
type rowPeriod struct {
	Y         int    `json:"y"`
	Period    int    `json:"period"`
	Preperiod int    `json:"preperiod"`
	Saltus    uint32 `json:"saltus"`
}

// rowsChecked is how many rows of a lattice table run looks for periods in.
const rowsChecked = 8

// rowPeriods finds the (observed) period of each of the first rows of t,
// where it has one: Wythoff's rows are additively periodic (Dress,
// Flammenkamp and Pink, 1999; Landman, 2002).
func rowPeriods(t *compute.LatticeTable) []rowPeriod {
	var out []rowPeriod
	for y := range min(t.H, rowsChecked) {
		row := t.G.Slice(y*t.W, (y+1)*t.W).Uint32s()
		if p, ok := compute.FindPeriod(row); ok {
			out = append(out, rowPeriod{Y: y, Period: p.Length, Preperiod: p.Start, Saltus: p.Saltus})
		}
	}
	return out
}

// writeLattice writes the lattice table t's files and its heat map as o
// says, and summarises it.
func writeLattice(t *compute.LatticeTable, o outputs) (*summary, export.Summary, error) {
	name, dir := t.Game.Name, o.dir
	files, err := writeFormats(dir, name, o.formats, latticeWriters, t, export.Options{Version: version}, nil)
	if err != nil {
		return nil, export.Summary{}, err
	}
	if o.plot != "none" {
		path, err := writeHeatmap(t, dir, o.plot)
		if err != nil {
			return nil, export.Summary{}, err
		}
		files = append(files, path)
	}
	values := t.G.Uint32s()
	losing := 0
	for _, v := range values {
		if v == 0 {
			losing++
		}
	}
	s := &summary{
		Name: name, Rule: t.Game.RuleText(), Start: "lattice",
		Heaps: t.W*t.H - 1, MaxSG: t.G.Max(), Seconds: t.Elapsed.Seconds(), Files: files,
		Status: compute.None, Checksum: compute.Checksum(values),
		Board: &[2]int{t.W, t.H}, Losing: &losing, Rows: rowPeriods(t),
	}
	if t.Game.State == "euclid" {
		s.Findings = append(s.Findings, euclidFinding(t))
	}
	row := export.Summary{
		Name: name, Rule: s.Rule, Start: "lattice", Heaps: s.Heaps, Status: compute.None,
		MaxSG: s.MaxSG, Checksum: s.Checksum, Seconds: s.Seconds,
	}
	return s, row, nil
}

// runGraph reads the graph of the game on a graph g, computes the value of
// every node, and writes its table files and histogram as o says.
func runGraph(ctx context.Context, g rules.Game, o outputs) (*summary, export.Summary, error) {
	start := time.Now()
	ng, err := graph.Load(g.Graph)
	if err != nil {
		return nil, export.Summary{}, err
	}
	sg, err := compute.GraphValues(ctx, ng.Graph)
	var ce *compute.CycleError
	if errors.As(err, &ce) {
		ce.Name = ng.Name
	}
	if err != nil {
		return nil, export.Summary{}, err
	}
	t := &compute.GraphTable{Game: g, Ints: ng.Ints, Strings: ng.Strings, G: compute.ValuesOf(sg),
		Edges: ng.Edges(), EdgesCRC: ng.CRC, Elapsed: time.Since(start), Created: time.Now()}
	files, err := writeFormats(o.dir, g.Name, o.formats, graphWriters, t, export.Options{Version: version}, nil)
	if err != nil {
		return nil, export.Summary{}, err
	}
	if o.plot != "none" {
		path, err := writeGraphHistogram(t, o.dir, o.plot)
		if err != nil {
			return nil, export.Summary{}, err
		}
		files = append(files, path)
	}
	losing := 0
	for _, v := range sg {
		if v == 0 {
			losing++
		}
	}
	nodes, edges := t.Nodes(), t.Edges
	s := &summary{
		Name: g.Name, Rule: g.RuleText(), Start: "graph", Heaps: nodes - 1, MaxSG: t.G.Max(),
		Seconds: t.Elapsed.Seconds(), Files: files, Status: compute.None, Checksum: t.G.Checksum(),
		Play: "normal", Values: "SG", Nodes: &nodes, Edges: &edges, Losing: &losing,
	}
	row := export.Summary{
		Name: g.Name, Rule: s.Rule, Start: "graph", Heaps: s.Heaps, Status: compute.None,
		MaxSG: s.MaxSG, Checksum: s.Checksum, Seconds: s.Seconds, Play: "normal", Values: "SG",
	}
	return s, row, nil
}

// outputs says where and how run writes a game: into dir, the table files
// of formats ("parquet", "arrow", "csv") and the plots as plot ("png", "svg" or
// "none").
type outputs struct {
	dir, plot string
	formats   []string
	key       []byte // signs the tables (export.Options.MACKey)
}

// writeTable writes t's table files, its rare positions when its values
// split into rare and common ones, and its plots, as o says, and
// summarises it.
func writeTable(t *compute.Table, o outputs) (*summary, error) { return writeTableKeeping(t, o, nil) }

// writeTableKeeping is writeTable but for the table files named in kept,
// which hold t already and are left as they are.
func writeTableKeeping(t *compute.Table, o outputs, kept map[string]bool) (*summary, error) {
	name, dir := t.Game.Name, o.dir
	opt := export.Options{Version: version, MACKey: o.key}
	files, err := writeFormats(dir, name, o.formats, heapWriters, t, opt, kept)
	if err != nil {
		return nil, err
	}
	var notes []string
	if o.plot != "none" {
		drawn, skipped, err := writePlots(t, dir, o.plot)
		if err != nil {
			return nil, err
		}
		files, notes = append(files, drawn...), skipped
	}
	if t.Analysis.Rare.Mask != 0 {
		path := filepath.Join(dir, name+"-rare.parquet")
		if err := export.WriteRare(path, t, opt); err != nil {
			return nil, err
		}
		files = append(files, path)
	}
	s := newSummary(t, files)
	s.Notes = notes
	return s, nil
}

func printSummary(w io.Writer, s *summary, asJSON bool) error {
	if asJSON {
		b, err := json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(w, "%s\n", b)
		return err
	}
	rule := s.Rule
	if s.Start == "ring" {
		rule += " (ring)"
	}
	var b strings.Builder
	if s.Board != nil {
		fmt.Fprintf(&b, "%-20s lattice        board %d×%d   max SG %-7d %7.2fs  %s\n", s.Name, s.Board[0], s.Board[1], s.MaxSG, s.Seconds, filesPattern(s.Files))
		fmt.Fprintf(&b, "    moves %s\n    %d losing %s (SG = 0)\n", s.Rule, *s.Losing, plural(*s.Losing, "position"))
		for _, f := range s.Findings {
			fmt.Fprintf(&b, "    %s\n", f)
		}
		for _, r := range s.Rows {
			fmt.Fprintf(&b, "    row y = %d: SG(x+%d, y) = SG(x, y) + %d from x = %d (observed)\n", r.Y, r.Period, r.Saltus, r.Preperiod)
		}
		fmt.Fprintf(&b, "    checksum %s\n", s.Checksum)
		_, err := io.WriteString(w, b.String())
		return err
	}
	if s.Nodes != nil {
		fmt.Fprintf(&b, "%-20s graph          nodes %-10d max SG %-7d %7.2fs  %s\n", s.Name, *s.Nodes, s.MaxSG, s.Seconds, filesPattern(s.Files))
		fmt.Fprintf(&b, "    moves %s: %d %s\n    %d losing %s (SG = 0)\n    checksum %s\n",
			s.Rule, *s.Edges, plural(int(min(*s.Edges, 2)), "edge"), *s.Losing, plural(*s.Losing, "node"), s.Checksum)
		_, err := io.WriteString(w, b.String())
		return err
	}
	largest := fmt.Sprintf("max SG %-7d", s.MaxSG)
	if s.Outcomes {
		largest = fmt.Sprintf("%-14s", "outcomes 0/1") // the largest says nothing
	}
	fmt.Fprintf(&b, "%-20s %-14s heaps 0..%-10d %s %7.2fs  %s\n",
		s.Name, rule, s.Heaps, largest, s.Seconds, filesPattern(s.Files))
	if s.Outcomes {
		fmt.Fprintf(&b, "    the table holds outcomes, not SG values: 1 when the player to move wins, 0 when that player loses\n")
	}
	for _, f := range s.Findings {
		fmt.Fprintf(&b, "    %s\n", f)
	}
	rows := ""
	if s.RingStatus != "" {
		rows = "rows: "
	}
	switch s.Status {
	case compute.None:
		fmt.Fprintf(&b, "    %sno period up to n = %d\n", rows, s.Heaps)
	default:
		fmt.Fprintf(&b, "    %s%s", rows, periodWords(*s.Period, *s.Saltus, *s.Preperiod))
		if s.Status == compute.Proved {
			fmt.Fprintf(&b, ": proved, %s, window %s", s.Theorem, s.ProofWindow)
			if s.Computed < s.Heaps {
				fmt.Fprintf(&b, "; computed to %d, the rest filled from the period", s.Computed)
			}
		} else {
			fmt.Fprintf(&b, ": observed up to n = %d, not proved", s.Heaps)
		}
		fmt.Fprintf(&b, "\n    %s\n", s.ClosedForm)
	}
	switch s.RingStatus {
	case "":
	case compute.None:
		fmt.Fprintf(&b, "    rings: no period up to n = %d\n", s.Heaps)
	default:
		fmt.Fprintf(&b, "    rings: %s", periodWords(*s.RingPeriod, *s.RingSaltus, *s.RingPreperiod))
		if s.RingStatus == compute.Proved {
			fmt.Fprintf(&b, ": proved, %s, window %s", s.RingTheorem, s.RingProofWindow)
		} else {
			fmt.Fprintf(&b, ": observed up to n = %d, not proved", s.Heaps)
		}
		fmt.Fprintf(&b, "\n    %s\n", s.RingClosedForm)
	}
	// A split that means nothing (rare_best in the JSON) is not printed.
	if s.RareMask != 0 {
		fmt.Fprintf(&b, "    rare values: mask %#x%s, %d %s, the last at n = %d\n", s.RareMask, parityWords(s.RarePos), s.RareCount, plural(s.RareCount, "position"), *s.LastRare)
	}
	fmt.Fprintf(&b, "    checksum %s\n", s.Checksum)
	_, err := io.WriteString(w, b.String())
	return err
}

// parityWords says how the heap's parity counts in a split, after its mask.
func parityWords(p compute.Parity) string {
	if p == compute.NoParity {
		return ""
	}
	return fmt.Sprintf(" + the heap's parity (rare where popcount(v & mask) + n is %s)", p)
}

// periodWords states a period p with saltus s from n = n0.
func periodWords(p int, s uint32, n0 int) string {
	t := fmt.Sprintf("period %d", p)
	if s > 0 {
		t += fmt.Sprintf(", saltus %d", s)
	}
	if n0 > 0 {
		t += fmt.Sprintf(" from n = %d (last exception %d)", n0, n0-1)
	}
	return t
}

// filesPattern writes dir/name.{a,b,c} for files named dir/name.a, … and
// lists the others after it.
func filesPattern(files []string) string {
	base := strings.TrimSuffix(files[0], filepath.Ext(files[0]))
	var exts, others []string
	for _, f := range files {
		if strings.TrimSuffix(f, filepath.Ext(f)) == base {
			exts = append(exts, strings.TrimPrefix(filepath.Ext(f), "."))
		} else {
			others = append(others, f)
		}
	}
	return strings.Join(append([]string{base + ".{" + strings.Join(exts, ",") + "}"}, others...), " ")
}

// readFrom reads the table of -from, verified, and checks that it is the
// table of one of the games of the run and that its values are right:
// signed with the user's key, or each checked against its options (see
// voucher).
func readFrom(v voucher, path string, games []rules.Game) (*export.File, error) {
	f, err := export.ReadContext(v.ctx, path, export.ReadOptions{})
	if err != nil {
		return nil, err
	}
	if f.Kind != export.KindTable || f.Foreign {
		return nil, fmt.Errorf("-from %s: %s", path, map[bool]string{true: "it has no sgtab metadata to tell its game by", false: kindNote(f)}[f.Foreign])
	}
	key := f.Table.Game.Key()
	var keys []string
	for _, g := range games {
		if g.Key() != key {
			keys = append(keys, g.Name+" "+g.Key())
			continue
		}
		bad, err := v.firstWrong(f, "-from "+path)
		switch {
		case err != nil:
			return nil, err
		case bad != nil:
			return nil, fmt.Errorf("-from %s: %v: these are not the values of its game, which sgtab run -fresh computes", path, bad)
		}
		return f, nil
	}
	return nil, fmt.Errorf("-from %s: its game is %s, which no game of the run is (%s)", path, key, strings.Join(keys, ", "))
}
