package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/rules"
)

// checkpointPath is where run keeps the checkpoint of the game name in
// dir: a hidden file, so that globs of a run's tables pass it by, and
// which no game's output can be (names do not start with ".").
func checkpointPath(dir, name string) string {
	return filepath.Join(dir, "."+name+".checkpoint.parquet")
}

// parseFormats reads -formats: a comma-separated list of parquet, arrow and
// csv.
func parseFormats(v string) ([]string, error) {
	var out []string
	for _, f := range strings.Split(v, ",") {
		f = strings.TrimSpace(f)
		switch {
		case heapWriters[f] == nil:
			return nil, fmt.Errorf("%q is not parquet, arrow or csv", f)
		case slices.Contains(out, f):
			return nil, fmt.Errorf("%s listed twice", f)
		}
		out = append(out, f)
	}
	return out, nil
}

// removeStale removes the temporary files that runs killed while writing
// left in dir, saying so (export.RemoveStale: a file being written is
// never removed). A file it cannot remove is warned of, not an error.
func removeStale(dir string, stderr io.Writer) {
	removed, err := export.RemoveStale(dir)
	for _, f := range removed {
		fmt.Fprintf(stderr, "sgtab: removed %s (%s), a temporary file left by a run that was killed\n", f.Path, rules.ByteSize(f.Size))
	}
	if err != nil {
		fmt.Fprintf(stderr, "sgtab: warning: temporary files left by killed runs: %v\n", err)
	}
}

// A resumer finds, for each game of a run, the values it may go on from,
// and keeps its checkpoints.
type resumer struct {
	dir           string
	fresh, strict bool // -fresh: go on from nothing; -resume: refuse a checkpoint that cannot be used
	auto          bool // -heaps auto: a proved table ends where its proof needs
	from          *export.File
	fromPath      string
	stderr        io.Writer
	vouch         voucher // checks the values of a checkpoint or table before the run goes on from them
	// bar, when set, is cleared from the terminal while the resumer speaks.
	bar *progress
	// write writes a checkpoint; export.WriteCheckpoint unless set.
	write func(path string, t *compute.Table, opt export.Options) error

	mu      sync.Mutex
	reached map[string]int  // the last heap size each game's checkpoint holds
	failed  map[string]bool // the games whose checkpoint could not be written
}

// say prints a message of the resumer's on its stderr, over the bar.
func (r *resumer) say(format string, args ...any) {
	if r.bar == nil {
		fmt.Fprintf(r.stderr, format, args...)
		return
	}
	r.bar.print(func() { fmt.Fprintf(r.stderr, format, args...) })
}

// start returns the values the game g goes on from: the table named by
// -from when it is g's; else, unless -fresh, the longer of its checkpoint
// and its finished table in the output folder, when they are g's and of
// this version of sgtab, as far as their values can be trusted (see
// voucher). A checkpoint that cannot be used is said why, and with -resume
// refused. When the table in the folder is already the one the run would
// write (see complete) and all its values are trusted, its file is
// returned instead: there is nothing to compute.
func (r *resumer) start(g rules.Game) (from *compute.Table, finished *export.File, err error) {
	if r.from != nil && r.from.Table.Game.Key() == g.Key() {
		t := r.from.Table
		if t.N() > g.Heaps {
			return nil, nil, fmt.Errorf("%s: -from %s holds SG(0..%d), more than the %d asked", g.Name, r.fromPath, t.N(), g.Heaps)
		}
		r.say("sgtab: %s: going on from %s, SG(0..%d)\n", g.Name, r.fromPath, t.N())
		return t, nil, nil
	}
	if r.fresh {
		return nil, nil, nil
	}
	// A finished table of the same game: a run stopped after it, the same
	// run again, or a larger one asked now.
	f, path, err := r.folderFile(g)
	if err != nil {
		return nil, nil, err
	}
	var trusted *compute.Table // f's values, as far as they are trusted, once checked
	if f != nil && r.complete(g, f.Table) {
		if trusted, err = r.vouch.usable(f, "its table "+path, r.strict); err != nil {
			return nil, nil, fmt.Errorf("%s: its table %s: %w", g.Name, path, err)
		}
		if trusted == f.Table {
			r.say("sgtab: %s: SG(0..%d) is already in %s; nothing to compute (-fresh computes it again)\n", g.Name, f.Table.N(), path)
			return nil, f, nil
		}
		f = nil
	}
	var best *compute.Table
	cp := checkpointPath(r.dir, g.Name)
	if _, err := os.Lstat(cp); err == nil {
		t, err := r.readCheckpoint(cp, g)
		switch {
		case r.stopped(err):
			return nil, nil, err
		case err != nil && r.strict:
			return nil, nil, fmt.Errorf("%s: -resume: the checkpoint cannot be used: %w", g.Name, err)
		case err != nil:
			r.say("sgtab: %s: not resuming: %v; starting over\n", g.Name, err)
		case t != nil && t.N() <= g.Heaps:
			best = t
		}
	}
	longest := -1
	if best != nil {
		longest = best.N()
	}
	if t, err := r.folderTable(f, path, longest); err != nil {
		return nil, nil, fmt.Errorf("%s: %w", g.Name, err)
	} else if t != nil {
		best = t
	}
	if trusted != nil && trusted.N() > longest {
		best = trusted
	}
	if best != nil {
		r.say("sgtab: %s: resuming from n = %d (-fresh computes it all again)\n", g.Name, best.N())
	}
	return best, nil, nil
}

// complete reports whether t, g's table read back from the output folder,
// is the table the run would write: of the size asked, or with -heaps auto
// (r.auto) and a proved period, of the size the proof ends it at
// (compute.ProvedEnd). Computing on from it would only write it again.
func (r *resumer) complete(g rules.Game, t *compute.Table) bool {
	if end, ok := compute.ProvedEnd(g, t.Analysis, g.Heaps); ok && r.auto {
		return t.N() == end
	}
	return t.N() == g.Heaps
}

// keep writes the files of the table f, a game's finished table in the
// output folder, as o says, leaving as they are its table files that hold
// the same values and metadata, and removes the game's checkpoint, if any.
// The time the table took is that of its row in the folder's summary.
func (r *resumer) keep(f *export.File, o outputs) (*summary, export.Summary, error) {
	t, g := f.Table, f.Table.Game
	read := filepath.Join(r.dir, g.Name+".parquet") // f, read by start
	same := map[string]bool{read: true}
	for _, format := range o.formats {
		path := filepath.Join(o.dir, g.Name+"."+format)
		if path == read {
			continue
		}
		if got, err := export.Read(path); err == nil && got.Kind == export.KindTable && maps.Equal(got.Meta, f.Meta) {
			same[path] = true
		}
	}
	rows, _ := readSummaryIfAny(filepath.Join(r.dir, summaryFile)) // a summary that cannot be read only loses the time
	for _, row := range rows {
		if row.Name == g.Name && row.Checksum == t.Analysis.Checksum && row.Heaps == t.N() {
			t.Elapsed = time.Duration(row.Seconds * float64(time.Second))
		}
	}
	s, err := writeTableKeeping(t, o, same)
	if err != nil {
		return nil, export.Summary{}, err
	}
	return s, export.Summarize(t), r.done(g)
}

// checkpoint returns the checkpoint hook of the game g: it writes g's
// values so far to its checkpoint, whole or not at all. A checkpoint that
// cannot be written (a full disk, a folder made read-only) does not end the
// computation: the first failure of each game is warned of, and its last
// checkpoint written, if any, stays to resume from.
func (r *resumer) checkpoint(g rules.Game) func(G, Ring compute.Values) error {
	write := r.write
	if write == nil {
		write = export.WriteCheckpoint
	}
	return func(G, Ring compute.Values) error {
		t := &compute.Table{Game: g, G: G, Ring: Ring}
		err := write(checkpointPath(r.dir, g.Name), t, export.Options{Version: version, MACKey: r.vouch.key})
		r.mu.Lock()
		defer r.mu.Unlock()
		switch {
		case err == nil:
			r.reached[g.Name] = G.Len() - 1
		case !r.failed[g.Name]:
			r.failed[g.Name] = true
			kept := "no checkpoint to resume from"
			if n, ok := r.reached[g.Name]; ok {
				kept = fmt.Sprintf("the checkpoint at n = %d stays", n)
			}
			r.say("sgtab: warning: %s: %v; computing on without checkpoints (%s)\n", g.Name, err, kept)
		}
		return nil
	}
}

// done removes the checkpoint of a game whose table is written.
func (r *resumer) done(g rules.Game) error {
	err := os.Remove(checkpointPath(r.dir, g.Name))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	r.mu.Lock()
	delete(r.reached, g.Name)
	r.mu.Unlock()
	return err
}

// interrupted says where each game stopped that has a checkpoint.
func (r *resumer) interrupted() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var parts []string
	for _, name := range slices.Sorted(maps.Keys(r.reached)) {
		parts = append(parts, fmt.Sprintf("%s at n = %d", name, r.reached[name]))
	}
	if len(parts) == 0 {
		return "interrupted before any checkpoint; run the same command again to start over"
	}
	return "interrupted: " + strings.Join(parts, ", ") + "; run the same command again to resume"
}
