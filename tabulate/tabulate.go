// Package tabulate runs games end to end, as sgtab run does: each game's
// table computed by its family (package family) — going on from what an
// earlier run left, with checkpoints —, verified, written in the chosen
// formats into an output folder, plotted, and summarised in the folder's
// summary table. Go programs call Run as the command line does:
//
//	games, err := tabulate.LoadGames([]string{"configs/octal-0.77-kayles.yaml"})
//	…
//	err = tabulate.Run(ctx, games, tabulate.Options{Output: family.Output{Dir: "out",
//		Formats: []string{"parquet"}, Plot: "none"}}, func(i int, r *family.Report) error {
//		fmt.Print(r.Text)
//		return nil
//	})
//
// A run goes through these steps:
//
//  1. Each game's cost is estimated (family.Cost): a game that nothing can
//     shorten and that would take more than LongRun is warned of, or with
//     -heaps auto refused.
//  2. The output folder is made, temporary files that killed runs left in
//     it are removed, and its summary table is checked: no game of the run
//     may overwrite the files of a game an earlier run wrote there.
//  3. The games are tabulated by their families: one at a time, every
//     worker on it, but for families that tabulate several games at once
//     (family.Batcher: heap games), whose games then run together.
//  4. Each game's row goes into the folder's summary table.
//
// Sweep runs a sweep's plan as sgtab sweep does, and Query answers
// positions as sgtab query does: the configs and stored tables the
// positions name opened from their games' families and prepared as far as
// asked (OpenSource, Prepare), then each position answered and written.
package tabulate

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/export/fileformat"
	"github.com/sgtab/sgtab/family"
	_ "github.com/sgtab/sgtab/family/all" // every family of games
	"github.com/sgtab/sgtab/rules"
)

// LongRun is how long a game may be expected to take before a run warns
// (or, with -heaps auto, refuses) beforehand.
const LongRun = 10 * time.Minute

// Options say how a run goes; the zero value writes nothing anywhere
// useful, so set at least Output.Dir and Output.Formats.
type Options struct {
	// Output says where and how the tables and plots are written; its Key
	// is set by Run (the user's key, see family.LoadKey).
	family.Output
	// Workers is the number of goroutines; 0 means one per CPU.
	Workers int
	// Heaps, when positive, is the size of every game a run may size
	// (family.Sizer: heap games' table SG(0..Heaps)), overriding its
	// config; with Auto, the cap.
	Heaps int
	// Auto computes each game until its period is proved, or to Heaps;
	// CapSet says that the cap was chosen (a heap game that nothing may
	// shorten is then warned of, not refused).
	Auto, CapSet bool
	// Resume says what the games go on from: its From is read by Run
	// from its FromPath, when set.
	Resume family.Resume
	// Display shows the run's progress and messages; nil shows nothing.
	Display Display
}

// A Display shows a run's progress and messages to its user.
type Display interface {
	// Begin starts the progress of the run: total units of work (see
	// family.Family.Work) over all its games, described by desc.
	Begin(total int64, desc string) family.Meter
	// Task starts the progress of a task of total units on the side (the
	// check of a stored table's values), and returns its meter and the
	// function that ends it.
	Task(total int64, desc string) (family.Meter, func())
	// Say prints a message (over the progress, if shown).
	Say(format string, args ...any)
	// End ends the run's progress.
	End()
}

// Run tabulates games as opt says, calling done with the index and the
// report of each game as it ends (several may run at once: done is called
// from one goroutine at a time, in any order); an error of done ends the
// run. The games' rows go into the output folder's summary table, whose
// path Run returns.
func Run(ctx context.Context, games []rules.Game, opt Options, done func(i int, r *family.Report) error) (string, error) {
	d := opt.Display
	if d == nil {
		d = quiet{}
	}
	games = sized(games, opt.Heaps)
	if err := CheckCosts(games, opt, d.Say); err != nil {
		return "", err
	}
	trust := newVoucher(ctx, opt.Workers, d)
	opt.Key = trust.Key
	if opt.Resume.FromPath != "" {
		f, err := readFrom(trust, opt.Resume.FromPath, games)
		if err != nil {
			return "", err
		}
		opt.Resume.From = f
	}
	if err := os.MkdirAll(opt.Dir, 0o755); err != nil {
		return "", fmt.Errorf("create output directory: %w", err)
	}
	RemoveStale(opt.Dir, d.Say)
	summaryPath := filepath.Join(opt.Dir, family.SummaryFile)
	if err := checkEarlierGames(games, summaryPath); err != nil {
		return "", err
	}
	var total int64
	for _, g := range games {
		total += family.MustFor(g).Work(g)
	}
	env := &family.Env{Output: opt.Output, Workers: opt.Workers, Auto: opt.Auto, Resume: opt.Resume, Trust: trust,
		Progress: d.Begin(total, fmt.Sprintf("%d %s", len(games), family.Plural(len(games), "game"))), Say: d.Say, Task: d.Task}
	rows := make([]export.Summary, len(games))
	var mu sync.Mutex
	report := func(i int, r *family.Report) error {
		mu.Lock()
		defer mu.Unlock()
		rows[i] = r.Row
		return done(i, r)
	}
	err := tabulateAll(ctx, games, env, report)
	d.End()
	if err != nil {
		return "", err
	}
	return summaryPath, export.MergeSummary(summaryPath, rows, export.Options{Version: opt.Version})
}

// sized returns games with the size n, when positive, set on every game
// whose family may be sized (family.Sizer).
func sized(games []rules.Game, n int) []rules.Game {
	if n <= 0 {
		return games
	}
	out := make([]rules.Game, len(games))
	for i, g := range games {
		if s, ok := family.MustFor(g).(family.Sizer); ok {
			g = s.Size(g, n)
		}
		out[i] = g
	}
	return out
}

// tabulateAll tabulates games in env: those of families that run one
// game at a time first, in order, each on every worker; then those of each
// family that runs several at once (family.Batcher), together.
func tabulateAll(ctx context.Context, games []rules.Game, env *family.Env, report func(i int, r *family.Report) error) error {
	type batch struct {
		fam   family.Batcher
		games []rules.Game
		index []int
	}
	var batches []*batch
	byKind := map[rules.Kind]*batch{}
	for i, g := range games {
		fam := family.MustFor(g)
		if b, ok := fam.(family.Batcher); ok {
			if byKind[g.Kind()] == nil {
				byKind[g.Kind()] = &batch{fam: b}
				batches = append(batches, byKind[g.Kind()])
			}
			bt := byKind[g.Kind()]
			bt.games, bt.index = append(bt.games, g), append(bt.index, i)
			continue
		}
		r, err := fam.Tabulate(ctx, g, env)
		if err == nil {
			err = report(i, r)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", g.Name, err)
		}
	}
	for _, b := range batches {
		err := b.fam.TabulateAll(ctx, b.games, env, func(i int, r *family.Report) error { return report(b.index[i], r) })
		if err != nil {
			return err
		}
	}
	return nil
}

// CheckCosts estimates how long each game may take (family.Cost) and
// speaks (with say) before a run of more than LongRun when nothing can
// make it shorter. With Auto such a game is refused — naming a size that takes
// minutes — unless a chosen cap bounds it (CapSet, for a game that -cap
// sizes); otherwise a warning says what to expect. Games that a proof or
// sparse space may shorten are watched while they run instead.
func CheckCosts(games []rules.Game, opt Options, say func(format string, args ...any)) error {
	for _, g := range games {
		c := family.MustFor(g).Cost(g, opt.Workers)
		if c.Time <= LongRun || c.Shortened {
			continue
		}
		what := fmt.Sprintf("%s: %s takes about %s", g.Name, c.What, family.RoundDuration(c.Time))
		if c.Why != "" {
			what += " (" + c.Why + ")"
		}
		if opt.Auto && (!opt.CapSet || !c.Capped) && c.Shorter != nil {
			shorter := c.Shorter(LongRun / 2)
			if !c.Capped {
				shorter += ", or run it without -heaps auto" // -cap does not bound it
			}
			return fmt.Errorf("%s; %s", what, shorter)
		}
		say("sgtab: warning: %s\n", what)
	}
	return nil
}

// newVoucher returns the voucher of a run on workers workers (0: one per
// CPU): with the user's key, created when there is none. Without a key,
// said once, the run's tables go unsigned and every table it goes on from
// is checked value by value.
func newVoucher(ctx context.Context, workers int, d Display) *family.Voucher {
	key, err := family.LoadKey(true)
	if err != nil {
		d.Say("sgtab: warning: %v; tables are written unsigned, and going on from one checks each of its values\n", err)
	}
	return &family.Voucher{Ctx: ctx, Key: key, KeyErr: err, Workers: workers, Say: d.Say, Meter: d.Task}
}

// readFrom reads the table of -from, verified, and checks that it is the
// table of one of the games of the run and that its values are right:
// signed with the user's key, or each checked against its options (see
// family.Voucher).
func readFrom(v *family.Voucher, path string, games []rules.Game) (*export.File, error) {
	f, err := export.ReadContext(v.Ctx, path, export.ReadOptions{Key: v.Key})
	if err != nil {
		return nil, err
	}
	if f.Kind != export.KindTable || f.Foreign {
		return nil, fmt.Errorf("-from %s: %s", path, map[bool]string{true: "it has no sgtab metadata to tell its game by", false: f.Note()}[f.Foreign])
	}
	key := f.Table.Game.Key()
	var keys []string
	for _, g := range games {
		if g.Key() != key {
			keys = append(keys, g.Name+" "+g.Key())
			continue
		}
		bad, err := v.FirstWrong(f, "-from "+path)
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

// RemoveStale removes the temporary files that runs killed while writing
// left in dir, saying so with say (fileformat.RemoveStale: a file being
// written is never removed). A file it cannot remove is warned of, not an
// error.
func RemoveStale(dir string, say func(format string, args ...any)) {
	removed, err := fileformat.RemoveStale(dir)
	for _, f := range removed {
		say("sgtab: removed %s (%s), a temporary file left by a run that was killed\n", f.Path, rules.ByteSize(f.Size))
	}
	if err != nil {
		say("sgtab: warning: temporary files left by killed runs: %v\n", err)
	}
}

// quiet is the Display that shows nothing.
type quiet struct{}

func (quiet) Begin(int64, string) family.Meter          { return family.NoMeter }
func (quiet) Task(int64, string) (family.Meter, func()) { return family.NoMeter, func() {} }
func (quiet) Say(string, ...any)                        {}
func (quiet) End()                                      {}
