package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/graph"
	"github.com/sgtab/sgtab/rules"
)

// Which stored values a run goes on from. A reader checks every table's
// checksums, its first values and its proof (export.Read): that catches
// damage and a table of another game, not a writer that lies past the
// first values. A run that goes on from a table — its checkpoint, its
// table in the output folder, or -from — takes its values as final, so it
// takes them only when
//
//   - the file is signed with the user's key (export.File.Signed): sgtab
//     wrote it, under this user's key, as it is; or
//   - every value passes compute.Verify, the mex of its options from the
//     file's own values, which costs about what computing them costs.
//
// A checkpoint or table in the folder that fails is used below its first
// wrong value, which is said (with -resume it is refused); a -from table
// that fails is refused.

// A voucher checks the tables a run goes on from.
type voucher struct {
	ctx     context.Context
	key     []byte // the user's key; nil when there is none
	keyErr  error  // why there is none
	workers int
	stderr  io.Writer
}

// firstWrong returns the first value of the table f, read from a file that
// what names, that its options do not give, or nil when there is none: at
// once when f is signed with the user's key, else after checking every
// value, said on stderr with a progress bar. It returns an error only when
// the context ends first.
func (v voucher) firstWrong(f *export.File, what string) (*compute.MismatchError, error) {
	if f.Signed(v.key) {
		return nil, nil
	}
	t := f.Table
	why := "it is not signed with your key"
	switch _, signed := f.Meta[export.KeyMAC]; {
	case v.key == nil:
		why = fmt.Sprintf("there is no key to check its signature with (%v)", v.keyErr)
	case !signed:
		why = "it is not signed"
	}
	fmt.Fprintf(v.stderr, "sgtab: %s: %s: %s, so each of its %d values is checked against its options\n", t.Game.Name, what, why, t.N()+1)
	bar := verifyProgress(v.stderr, t)
	_, err := compute.Verify(v.ctx, t, compute.VerifyOptions{Workers: v.workers, Progress: bar.add})
	bar.finish()
	if bad, ok := errors.AsType[*compute.MismatchError](err); ok {
		return bad, nil
	}
	return nil, err
}

// usable returns the values of the table f, read from a file that what
// names, that a resumed run may go on from: all of them when they pass
// (firstWrong), else those below the first wrong one, said on stderr; with
// strict (-resume), a wrong value is an error instead.
func (v voucher) usable(f *export.File, what string, strict bool) (*compute.Table, error) {
	bad, err := v.firstWrong(f, what)
	switch {
	case err != nil:
		return nil, err
	case bad == nil:
		return f.Table, nil
	case strict:
		return nil, fmt.Errorf("%v: not the values sgtab computes", bad)
	}
	t := f.Table
	fmt.Fprintf(v.stderr, "sgtab: %s: %s: %v; its values below it are right\n", t.Game.Name, what, bad)
	if bad.N == 0 {
		return nil, nil
	}
	prefix := &compute.Table{Game: t.Game, G: t.G.Slice(0, bad.N)}
	if t.Ring.Len() > 0 {
		prefix.Ring = t.Ring.Slice(0, bad.N)
	}
	return prefix, nil
}

// readCheckpoint reads the checkpoint cp of the game g (see
// export.ReadCheckpoint) and returns the values a run may go on from
// (usable).
func (r *resumer) readCheckpoint(cp string, g rules.Game) (*compute.Table, error) {
	f, err := export.ReadCheckpointFile(r.vouch.ctx, cp, g.Key(), version, export.ReadOptions{})
	if err != nil {
		return nil, err
	}
	return r.vouch.usable(f, "the checkpoint", r.strict)
}

// folderFile reads g's table in the output folder, path, and returns it
// when it is a table of g, of this sgtab version, of at most g.Heaps; nil
// otherwise. An error says the run was stopped.
func (r *resumer) folderFile(g rules.Game) (f *export.File, path string, err error) {
	path = filepath.Join(r.dir, g.Name+".parquet")
	f, err = export.ReadContext(r.vouch.ctx, path, export.ReadOptions{})
	if r.stopped(err) {
		return nil, path, err
	}
	if err != nil || f.Kind != export.KindTable || f.Table.Game.Key() != g.Key() ||
		f.Meta[export.KeyVersion] != version || f.Table.N() > g.Heaps {
		return nil, path, nil
	}
	return f, path, nil
}

// folderTable returns the values of f, a table read from path in the
// output folder (folderFile), that a run may go on from (usable), when it
// holds more than than heap sizes; nil otherwise.
func (r *resumer) folderTable(f *export.File, path string, than int) (*compute.Table, error) {
	if f == nil || f.Table.N() <= than {
		return nil, nil
	}
	t, err := r.vouch.usable(f, "its table "+path, r.strict)
	if err != nil {
		return nil, fmt.Errorf("its table %s: %w", path, err)
	}
	return t, nil
}

// stopped reports whether err ends the run: the context is done, and err
// says so.
func (r *resumer) stopped(err error) bool {
	return err != nil && r.vouch.ctx.Err() != nil && errors.Is(err, context.Cause(r.vouch.ctx))
}

// newVoucher returns the voucher of a run on workers workers (0: one per
// CPU): with the user's key, created when there is none. Without a key,
// said once on stderr, the run's tables go unsigned and every table it
// goes on from is checked value by value.
func newVoucher(ctx context.Context, workers int, stderr io.Writer) voucher {
	key, err := loadKey(true)
	if err != nil {
		fmt.Fprintf(stderr, "sgtab: warning: %v; tables are written unsigned, and going on from one checks each of its values\n", err)
	}
	return voucher{ctx: ctx, key: key, keyErr: err, workers: workers, stderr: stderr}
}

// verifyFile checks every value of the stored file f against its rule (the
// work of inspect -verify), on workers workers with a progress bar on
// stderr, and says what it checked; an error names the first wrong value,
// or says why the file cannot be checked.
func verifyFile(ctx context.Context, f *export.File, workers int, stderr io.Writer) (string, error) {
	switch f.Kind {
	case export.KindTable, export.KindCheckpoint:
		if f.Foreign {
			return "", errors.New("it has no sgtab metadata: no rule to check its values against")
		}
		t := f.Table
		bar := verifyProgress(stderr, t)
		v, err := compute.Verify(ctx, t, compute.VerifyOptions{Workers: workers, Progress: bar.add})
		bar.finish()
		if _, ok := errors.AsType[*compute.MismatchError](err); ok {
			return "", fmt.Errorf("%w: these are not the values of its game", err)
		}
		if err != nil {
			return "", err
		}
		what := fmt.Sprintf("every value against its options, SG(0..%d)", t.N())
		if t.Ring.Len() > 0 {
			what += " and the rings'"
		}
		if v.ByOptions < v.Through {
			what += fmt.Sprintf("; past n = %d, against the period the values up to it prove", v.ByOptions)
		}
		return what, nil
	case export.KindLattice:
		if err := export.VerifyLattice(ctx, f.Lattice); err != nil {
			return "", err
		}
		return "every value, the board computed again", nil
	case export.KindGraph:
		return verifyGraph(ctx, f.Graph)
	}
	return "", nil
}

// verifyProgress returns the progress bar of the verification of t's
// values on w: no warning of its pace, which speaks of a run's tables.
func verifyProgress(w io.Writer, t *compute.Table) *progress {
	p := newProgress(w, int64(t.N()+1), "verifying "+t.Game.Name)
	p.mu.Lock()
	p.warn, p.unit = nil, "values"
	p.mu.Unlock()
	return p
}

// verifyGraph checks the values of a game on a graph that sgtab builds
// itself (graph.Load of a generated graph, from the table's config)
// against the values computed again; a graph read from an edge list is
// not in the table, so its values are checked by their checksums only.
func verifyGraph(ctx context.Context, t *compute.GraphTable) (string, error) {
	games, err := rules.Parse(strings.NewReader(t.Game.Config), t.Game.Name+".yaml")
	var spec *rules.GraphSpec
	for _, g := range games {
		if g.Name == t.Game.Name && g.Graph != nil {
			spec = g.Graph
		}
	}
	if err != nil || spec == nil || spec.Generate == "" {
		return "the checksums only: the edge list the values were computed from is not in the table", nil
	}
	ng, err := graph.Load(spec)
	if err != nil {
		return "", err
	}
	want, err := compute.GraphValues(ctx, ng.Graph)
	if err != nil {
		return "", cause(ctx, err)
	}
	if ng.Nodes() != t.Nodes() {
		return "", fmt.Errorf("the graph %s has %d nodes, the table %d", spec, ng.Nodes(), t.Nodes())
	}
	for v := range t.Nodes() {
		if ng.Name(v) != t.Name(v) || want[v] != t.G.At(v) {
			return "", fmt.Errorf("node %s: SG %d, but the graph %s gives node %s the value %d: these are not the values of its game",
				t.Name(v), t.G.At(v), spec, ng.Name(v), want[v])
		}
	}
	return fmt.Sprintf("every value, the graph %s built and solved again", spec), nil
}

// cause returns the cause of ctx's cancellation when ctx is done, else
// err.
func cause(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return context.Cause(ctx)
	}
	return err
}
