package tabulate

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/family/heap"
	"github.com/sgtab/sgtab/rules"
	"github.com/sgtab/sgtab/sweep"
)

// SweepOptions say how Sweep runs a sweep's plan.
type SweepOptions struct {
	// Out is the sweep's output folder: the census and journal of the
	// plan's shard go into its folder there (sweep.Shard.Dir).
	Out string
	// Fresh forgets the journal of an earlier run into Dir and starts
	// over.
	Fresh bool
	// Workers is the number of games computed at once; 0 means one per
	// CPU.
	Workers int
	// Tables, when its Dir is set, also writes each game's table and
	// plots as it says, under each name the game has in the sweep.
	Tables family.Output
	// Version is sgtab's version, written into the journal and census.
	Version string
	// Display shows the games done and messages; nil shows nothing.
	Display Display
}

// Sweep computes the games of the plan p that the journal of its shard
// does not hold yet (an interrupted run goes on where it stopped), journals
// each as it ends, and writes the shard's census into its folder in
// opt.Out (sweep.CensusFile),
// whose rows and path it returns. Interrupted, it says how many games are
// kept and how to go on.
func Sweep(ctx context.Context, p *sweep.Plan, opt SweepOptions) ([]export.CensusRow, string, error) {
	d := opt.Display
	if d == nil {
		d = quiet{}
	}
	if err := sweep.CheckFolder(opt.Out, p.Shard); err != nil {
		return nil, "", err
	}
	dir := filepath.Join(opt.Out, p.Shard.Dir())
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, "", fmt.Errorf("create output directory: %w", err)
	}
	RemoveStale(dir, d.Say)
	header := sweep.Header{Sweep: sweep.SHA(p.Sweep.Config), N: p.N, Auto: p.Auto, Shard: p.Shard.String(), Version: opt.Version}
	key, err := family.LoadKey(true)
	if err != nil {
		d.Say("sgtab: warning: %v; the journal and census are written unsigned, and a run again computes every game\n", err)
	}
	journal, err := sweep.OpenJournal(dir, header, opt.Fresh, key)
	if err != nil {
		return nil, "", err
	}
	defer journal.Close() // appended and synced line by line
	if n := journal.Unsigned(); n > 0 {
		d.Say("sgtab: warning: %s: %d %s not signed with your key, not taken: %s computed again\n",
			filepath.Join(dir, sweep.JournalFile), n, family.Plural(n, "line"), family.Plural(n, "game"))
	}
	opt.Tables.Key = key
	resumed := 0
	for _, job := range p.Jobs {
		if _, ok := journal.Done()[job.Key]; ok {
			resumed++
		}
	}
	if resumed > 0 {
		d.Say("sgtab: resuming: %d of %d games done by an earlier run into %s\n", resumed, len(p.Jobs), dir)
	}
	todo := len(p.Jobs) - resumed
	bar := d.Begin(int64(todo), fmt.Sprintf("%d %s", todo, family.Plural(todo, "game")))
	results, err := sweep.Run(ctx, p, journal, sweep.Options{
		Workers: opt.Workers,
		Done: func(job sweep.Job, t *sg.Table) error {
			bar.Add(1)
			if opt.Tables.Dir != "" {
				return writeSweepTables(p, job, t, opt.Tables)
			}
			return nil
		},
	})
	d.End()
	if err != nil {
		if ctx.Err() != nil {
			return nil, "", fmt.Errorf("interrupted with %d of %d games done (kept in %s); run the same command again to go on",
				len(journal.Done()), len(p.Jobs), filepath.Join(dir, sweep.JournalFile))
		}
		return nil, "", err
	}
	rows, err := sweep.Census(p, results)
	if err != nil {
		return nil, "", err
	}
	path := filepath.Join(dir, sweep.CensusFile)
	if err := export.WriteCensus(path, rows, sweep.Meta(p), export.Options{Version: opt.Version, MACKey: key}); err != nil {
		return nil, "", err
	}
	return rows, path, nil
}

// writeSweepTables writes the table t of job under the name of each game
// of the plan that the job computes, as o says.
func writeSweepTables(p *sweep.Plan, job sweep.Job, t *sg.Table, o family.Output) error {
	if err := os.MkdirAll(o.Dir, 0o755); err != nil {
		return err
	}
	for _, m := range p.Games {
		if p.Jobs[m.Job].Key != job.Key {
			continue
		}
		named := *t
		// A member may share the job's values without its rule (see
		// sweep.Plan): its table states its own.
		named.Game.Name, named.Game.Rule = m.Name, m.Rule
		if _, err := heap.Write(&named, o, nil); err != nil {
			return err
		}
	}
	return nil
}

// LoadSweep reads the sweep config at path (rules.LoadSweep), its
// problems as Problems, one a line.
func LoadSweep(path string) (*rules.Sweep, error) {
	s, err := rules.LoadSweep(path)
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return nil, Problems(j.Unwrap())
	}
	return s, err
}

// QuotientSweep computes the census of the misère quotients of the heaps
// 1..n of the rules on a line of the plan p (sweep.Quotients, each within
// sweep.CensusQuotientLimits) and writes it into opt.Out
// (sweep.QuotientsFile), whose rows and path it returns, as sgtab sweep
// -quotients does. Only opt.Out, opt.Workers and opt.Version count: the
// census runs whole, unjournalled.
func QuotientSweep(ctx context.Context, p *sweep.Plan, n int, opt SweepOptions) ([]export.QuotientRow, string, error) {
	if err := os.MkdirAll(opt.Out, 0o755); err != nil {
		return nil, "", fmt.Errorf("create output directory: %w", err)
	}
	rows, err := sweep.Quotients(ctx, p, n, opt.Workers, sweep.CensusQuotientLimits, nil)
	if err != nil {
		return nil, "", err
	}
	path := filepath.Join(opt.Out, sweep.QuotientsFile)
	meta := map[string]string{export.KeySweep: p.Sweep.Config, export.KeySweepSHA: sweep.SHA(p.Sweep.Config), export.KeyHeaps: strconv.Itoa(n)}
	if err := export.WriteQuotientCensus(path, rows, meta, export.Options{Version: opt.Version}); err != nil {
		return nil, "", err
	}
	return rows, path, nil
}

// Merge joins the censuses of a sweep's shards in the folder dir into
// its census (sweep.Merge), as sgtab merge does, and returns its rows,
// plan and path. Only shards signed with the user's key (family.LoadKey)
// are merged: an error says which key that is, and how to use another.
func Merge(dir, version string) ([]export.CensusRow, *sweep.Plan, string, error) {
	key, err := family.LoadKey(false)
	if err != nil {
		return nil, nil, "", fmt.Errorf("merge needs the key the shards were signed with: %w", err)
	}
	rows, p, err := sweep.Merge(dir, version, key)
	if errors.Is(err, sweep.ErrUnsigned) {
		path, _ := family.KeyPath()
		return nil, nil, "", fmt.Errorf("%w (your key: %s; set $%s to the key the shards' runs had, or run the shard again)", err, path, family.KeyEnv)
	}
	if err != nil {
		return nil, nil, "", err
	}
	return rows, p, filepath.Join(dir, sweep.CensusFile), nil
}
