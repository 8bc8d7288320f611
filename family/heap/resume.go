package heap

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	engine "github.com/sgtab/sgtab/compute/heap"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/rules"
)

// CheckpointPath is where a run keeps the checkpoint of the game name in
// dir: a hidden file, so that globs of a run's tables pass it by, and
// which no game's output can be (names do not start with ".").
func CheckpointPath(dir, name string) string {
	return filepath.Join(dir, "."+name+".checkpoint.parquet")
}

// A resumer finds, for each game of a run, the values it may go on from,
// and keeps its checkpoints.
type resumer struct {
	env  *family.Env
	auto bool // -heaps auto: a proved table ends where its proof needs
	// write writes a checkpoint; export.WriteCheckpoint unless set.
	write func(path string, t *sg.Table, opt export.Options) error

	mu      sync.Mutex
	reached map[string]int  // the last heap size each game's checkpoint holds
	failed  map[string]bool // the games whose checkpoint could not be written
}

// newResumer returns the resumer of the games of a run in env.
func newResumer(env *family.Env) *resumer {
	return &resumer{env: env, auto: env.Auto, reached: map[string]int{}, failed: map[string]bool{}}
}

// start returns the values the game g goes on from: the table of
// env.Resume.From when it is g's; else, unless Fresh, the longer of its
// checkpoint and its finished table in the output folder, when they are
// g's and of this version of sgtab, as far as their values can be trusted
// (see family.Voucher). A checkpoint that cannot be used is said why, and
// with Strict refused. When the table in the folder is already the one the
// run would write (see complete) and all its values are trusted, its file
// is returned instead: there is nothing to compute.
func (r *resumer) start(g rules.Game) (from *sg.Table, finished *export.File, err error) {
	rs := r.env.Resume
	if rs.From != nil && rs.From.Table.Game.Key() == g.Key() {
		t := rs.From.Table
		if t.N() > g.Heaps {
			return nil, nil, fmt.Errorf("%s: -from %s holds SG(0..%d), more than the %d asked", g.Name, rs.FromPath, t.N(), g.Heaps)
		}
		r.env.Say("sgtab: %s: going on from %s, SG(0..%d)\n", g.Name, rs.FromPath, t.N())
		return t, nil, nil
	}
	if rs.Fresh {
		return nil, nil, nil
	}
	// A finished table of the same game: a run stopped after it, the same
	// run again, or a larger one asked now.
	f, path, err := r.folderFile(g)
	if err != nil {
		return nil, nil, err
	}
	var trusted *sg.Table // f's values, as far as they are trusted, once checked
	if f != nil && r.complete(g, f.Table) {
		if trusted, err = r.env.Trust.Usable(f, "its table "+path, rs.Strict); err != nil {
			return nil, nil, fmt.Errorf("%s: its table %s: %w", g.Name, path, err)
		}
		if trusted == f.Table {
			r.env.Say("sgtab: %s: SG(0..%d) is already in %s; nothing to compute (-fresh computes it again)\n", g.Name, f.Table.N(), path)
			return nil, f, nil
		}
		f = nil
	}
	best, err := r.checkpointed(g)
	if err != nil {
		return nil, nil, err
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
		r.env.Say("sgtab: %s: resuming from n = %d (-fresh computes it all again)\n", g.Name, best.N())
	}
	return best, nil, nil
}

// checkpointed returns the values of g's checkpoint that a run may go on
// from, if any: a checkpoint that cannot be used is said why (with Strict,
// refused).
func (r *resumer) checkpointed(g rules.Game) (*sg.Table, error) {
	cp := CheckpointPath(r.env.Dir, g.Name)
	if _, err := os.Lstat(cp); err != nil {
		return nil, nil
	}
	t, err := r.readCheckpoint(cp, g)
	switch {
	case r.env.Trust.Stopped(err):
		return nil, err
	case err != nil && r.env.Resume.Strict:
		return nil, fmt.Errorf("%s: -resume: the checkpoint cannot be used: %w", g.Name, err)
	case err != nil:
		r.env.Say("sgtab: %s: not resuming: %v; starting over\n", g.Name, err)
	case t != nil && t.N() <= g.Heaps:
		return t, nil
	}
	return nil, nil
}

// readCheckpoint reads the checkpoint cp of the game g (see
// export.ReadCheckpoint) and returns the values a run may go on from
// (family.Voucher.Usable).
func (r *resumer) readCheckpoint(cp string, g rules.Game) (*sg.Table, error) {
	f, err := export.ReadCheckpointFile(r.env.Trust.Ctx, cp, g.Key(), r.env.Version, export.ReadOptions{Key: r.env.Trust.Key})
	if err != nil {
		return nil, err
	}
	return r.env.Trust.Usable(f, "the checkpoint", r.env.Resume.Strict)
}

// folderFile reads g's table in the output folder, path, and returns it
// when it is a table of g, of this sgtab version, of at most g.Heaps; nil
// otherwise. An error says the run was stopped.
func (r *resumer) folderFile(g rules.Game) (f *export.File, path string, err error) {
	path = filepath.Join(r.env.Dir, g.Name+".parquet")
	f, err = export.ReadContext(r.env.Trust.Ctx, path, export.ReadOptions{Key: r.env.Trust.Key})
	if r.env.Trust.Stopped(err) {
		return nil, path, err
	}
	if err != nil || f.Kind != export.KindTable || f.Table.Game.Key() != g.Key() ||
		f.Meta[export.KeyVersion] != r.env.Version || f.Table.N() > g.Heaps {
		return nil, path, nil
	}
	return f, path, nil
}

// folderTable returns the values of f, a table read from path in the
// output folder (folderFile), that a run may go on from (Usable), when it
// holds more than than heap sizes; nil otherwise.
func (r *resumer) folderTable(f *export.File, path string, than int) (*sg.Table, error) {
	if f == nil || f.Table.N() <= than {
		return nil, nil
	}
	t, err := r.env.Trust.Usable(f, "its table "+path, r.env.Resume.Strict)
	if err != nil {
		return nil, fmt.Errorf("its table %s: %w", path, err)
	}
	return t, nil
}

// complete reports whether t, g's table read back from the output folder,
// is the table the run would write: of the size asked, or with -heaps auto
// and a proved period, of the size the proof ends it at
// (heap.ProvedEnd). Computing on from it would only write it again.
func (r *resumer) complete(g rules.Game, t *sg.Table) bool {
	if end, ok := engine.ProvedEnd(g, t.Analysis, g.Heaps); ok && r.auto {
		return t.N() == end
	}
	return t.N() == g.Heaps
}

// keep writes the files of the table f, a game's finished table in the
// output folder, as the run says, leaving as they are its table files that
// hold the same values and metadata, and removes the game's checkpoint, if
// any. The time the table took is that of its row in the folder's summary.
func (r *resumer) keep(f *export.File) (*family.Report, error) {
	t, g := f.Table, f.Table.Game
	read := filepath.Join(r.env.Dir, g.Name+".parquet") // f, read by start
	same := map[string]bool{read: true}
	for _, format := range r.env.Formats {
		path := filepath.Join(r.env.Dir, g.Name+"."+format)
		if path == read {
			continue
		}
		if got, err := export.Read(path); err == nil && got.Kind == export.KindTable && maps.Equal(got.Meta, f.Meta) {
			same[path] = true
		}
	}
	rows, _ := family.ReadSummaryIfAny(filepath.Join(r.env.Dir, family.SummaryFile)) // a summary that cannot be read only loses the time
	for _, row := range rows {
		if row.Name == g.Name && row.Checksum == t.Analysis.Checksum && row.Heaps == t.N() {
			t.Elapsed = time.Duration(row.Seconds * float64(time.Second))
		}
	}
	rep, err := Write(t, r.env.Output, same)
	if err != nil {
		return nil, err
	}
	return rep, r.done(g)
}

// checkpoint returns the checkpoint hook of the game g: it writes g's
// values so far to its checkpoint, whole or not at all. A checkpoint that
// cannot be written (a full disk, a folder made read-only) does not end the
// computation: the first failure of each game is warned of, and its last
// checkpoint written, if any, stays to resume from.
func (r *resumer) checkpoint(g rules.Game) func(G, Ring sg.Values) error {
	write := r.write
	if write == nil {
		write = export.WriteCheckpoint
	}
	return func(G, Ring sg.Values) error {
		t := &sg.Table{Game: g, G: G, Ring: Ring}
		err := write(CheckpointPath(r.env.Dir, g.Name), t, r.env.Options())
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
			r.env.Say("sgtab: warning: %s: %v; computing on without checkpoints (%s)\n", g.Name, err, kept)
		}
		return nil
	}
}

// done removes the checkpoint of a game whose table is written.
func (r *resumer) done(g rules.Game) error {
	err := os.Remove(CheckpointPath(r.env.Dir, g.Name))
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
