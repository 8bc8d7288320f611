package tabulate

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/sgtab/sgtab/compute/misere"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/family/heap"
	"github.com/sgtab/sgtab/positions"
	"github.com/sgtab/sgtab/rules"
)

// A Query answers positions end to end, as sgtab query does: it opens the
// sources the positions name — configs, computed as far as the positions
// ask (Prepare), or stored tables, read verified — from their games'
// families, answers each position (package positions) and writes the
// answers. The caller reads the positions (positions.ReadFile,
// positions.Set.Parse) and chooses how they are answered: as sums of
// components (Sums), whole by a game on a graph (Whole), or by an
// answerer of its own (Lines), such as a misère quotient's
// (QuotientAnswerer).
type Query struct {
	// Positions is the positions file the lines were read from, "" for
	// the command line: a problem of one of its lines is FILE:LINE
	// (positions.At).
	Positions string
	// Writer writes the answers.
	Writer positions.Writer
	// Misere bounds the misère search of a sum of heaps; its zero value
	// leaves the search's defaults.
	Misere sg.MisereLimits
	// Default is the source of the positions' bare heap sizes, the config
	// named first (nil for none), and Choice chooses and changes its game.
	Default *positions.Ref
	Choice  Choice
	// Display shows the progress of the sources computed, and warns of
	// a table whose values nothing verified; nil shows nothing.
	Display Display
}

// A Choice is the game of a config that a query answers by, and the keys
// set on it (sgtab query's -game and -set); the zero Choice takes the
// config as it is.
type Choice struct {
	Game string
	Sets []rules.Override
}

// Load reads the config at path, its game chosen and changed as c says
// (LoadChosen).
func (c Choice) Load(path string) ([]rules.Game, error) {
	return LoadChosen(path, c.Game, c.Sets)
}

// ManyGames is the error of a query of the config at path that holds
// several games, naming them: the query must choose one.
func ManyGames(path string, games []rules.Game) error {
	names := make([]string, len(games))
	for i, g := range games {
		names[i] = g.Name
	}
	return fmt.Errorf("%s holds %d games (%s): choose one with -game NAME", path, len(games), strings.Join(names, ", "))
}

// IsStoredTable reports whether path names a stored table, by its
// extension (.parquet, .arrow, .csv): a query reads it, where it loads a
// config.
func IsStoredTable(path string) bool {
	return strings.HasSuffix(path, ".parquet") || strings.HasSuffix(path, ".arrow") || strings.HasSuffix(path, ".csv")
}

// Sums opens and prepares the sources refs (table: the one to read as a
// stored table whatever its extension, nil for none; Default loaded as
// Choice says), and answers the positions all, read from lines, as sums of
// their components (positions.SolveWithin). Every position is checked
// before the first is answered.
func (q *Query) Sums(ctx context.Context, refs []*positions.Ref, table *positions.Ref, all []positions.Position, lines []positions.Line) error {
	for _, r := range refs {
		load := Choice{}.Load
		if r == q.Default {
			load = q.Choice.Load
		}
		if err := OpenSource(ctx, r, r == table, load, Options{Display: q.Display}); err != nil {
			return positionsError(q.Positions, r.Line, err)
		}
	}
	for i, pos := range all {
		if err := positions.Check(pos); err != nil {
			return positions.At(q.Positions, lines[i].Num, err)
		}
	}
	for i, pos := range all {
		a, err := positions.SolveWithin(ctx, pos, q.Misere)
		if err != nil {
			return positions.At(q.Positions, lines[i].Num, err)
		}
		if err := q.Writer.Sum(ctx, pos, a); err != nil {
			return err
		}
	}
	return nil
}

// Whole answers the positions lines as the source w reads them, in the
// given shape.
func (q *Query) Whole(ctx context.Context, w positions.Whole, shape positions.Shape, lines []positions.Line) error {
	answer, err := w.Whole(ctx, shape)
	if err != nil {
		return err
	}
	return q.Lines(ctx, answer, lines)
}

// Lines answers the positions lines with answer, listing at most
// Writer.Limit winning moves of each.
func (q *Query) Lines(ctx context.Context, answer positions.Answerer, lines []positions.Line) error {
	for _, l := range lines {
		r, err := answer(l.Words, q.Writer.Limit)
		if err != nil {
			return positions.At(q.Positions, l.Num, err)
		}
		if err := q.Writer.Whole(ctx, r); err != nil {
			return err
		}
	}
	return nil
}

// positionsError returns err as the problem of line num of the positions
// file path (positions.At), and for problems of a config it names, each
// of them so.
func positionsError(path string, num int, err error) error {
	if p, ok := errors.AsType[Problems](err); ok && path != "" && num > 0 {
		at := make(Problems, len(p))
		for i, e := range p {
			at[i] = positions.At(path, num, e)
		}
		return at
	}
	return positions.At(path, num, err)
}

// OpenSource opens the source r names — a stored table, read verified,
// when stored is set or its extension says so (IsStoredTable), or else
// the config of one game, read by load — from its game's family, and
// prepares it for the largest component asked of it (Prepare, as opt
// says); it warns on opt.Display of a table without sgtab metadata, whose
// values nothing verified.
func OpenSource(ctx context.Context, r *positions.Ref, stored bool, load func(string) ([]rules.Game, error), opt Options) error {
	var (
		g rules.Game
		f *export.File
	)
	if stored || IsStoredTable(r.Name) {
		var err error
		if f, err = export.ReadContext(ctx, r.Name, family.ReadOptions()); err != nil {
			return err
		}
		var ok bool
		if g, ok = f.Game(); !ok || f.Kind == export.KindCheckpoint {
			return fmt.Errorf("%s %s", r.Name, f.Note())
		}
	} else {
		games, err := load(r.Name)
		if err != nil {
			return err
		}
		if len(games) != 1 {
			return ManyGames(r.Name, games)
		}
		g = games[0]
	}
	src, err := family.MustFor(g).Source(g, f, r.Name)
	if err != nil {
		return err
	}
	if opt.Display == nil {
		opt.Display = quiet{}
	}
	if err := Prepare(ctx, src, r.Need, opt); err != nil {
		return err
	}
	r.Source = src
	if f != nil && f.Foreign {
		opt.Display.Say("sgtab: warning: %s has no sgtab metadata: its values are taken as they are, unverified\n", r.Name)
	}
	return nil
}

// WholeSource returns the source of the game of the config at path (read
// by load) when it answers whole positions (positions.Whole: a game on a
// graph), and the config's problems when it has some; nil when the game
// answers sums, or path holds several games. A stored table (stored set,
// or its extension says so) is read, verified, only when its metadata
// says it is a game on a graph.
func WholeSource(ctx context.Context, path string, stored bool, load func(string) ([]rules.Game, error)) (positions.Whole, error) {
	if stored || IsStoredTable(path) {
		if kind, err := export.KindOf(path); err != nil || kind != export.KindGraph {
			return nil, nil // not one: said when the source is opened
		}
		f, err := export.ReadContext(ctx, path, family.ReadOptions())
		if err != nil {
			return nil, err
		}
		g, _ := f.Game()
		src, err := family.MustFor(g).Source(g, f, path)
		if err != nil {
			return nil, err
		}
		w, _ := src.(positions.Whole)
		return w, nil
	}
	games, err := load(path)
	if err != nil || len(games) != 1 {
		return nil, err
	}
	src, err := family.MustFor(games[0]).Source(games[0], nil, path)
	if err != nil {
		return nil, nil // said when the source is opened
	}
	w, _ := src.(positions.Whole)
	return w, nil
}

// QuotientAnswerer returns the answerer of misère positions by a
// quotient, when one is asked for: the stored quotient table at table
// (read back proved within lim) when table is one, or when n > 0 the
// quotient of the heaps 1..n of the game of the config at path (read by
// load), computed first (QuotientOf); nil otherwise.
func QuotientAnswerer(ctx context.Context, table, config string, n int, lim misere.QuotientLimits, load func(string) ([]rules.Game, error)) (positions.Answerer, error) {
	if table != "" && export.IsQuotient(table) {
		q, meta, err := export.ReadQuotientContext(ctx, table, export.ReadOptions{Quotient: lim})
		if err != nil {
			return nil, err
		}
		return heap.QuotientAnswerer(meta[export.KeyName], q), nil
	}
	if n == 0 {
		return nil, nil
	}
	games, err := load(config)
	if err != nil {
		return nil, err
	}
	if len(games) != 1 {
		return nil, ManyGames(config, games)
	}
	q, err := QuotientOf(ctx, games[0], n, lim)
	if err != nil {
		return nil, err
	}
	return heap.QuotientAnswerer(games[0].Name, q), nil
}

// QuotientOf computes the misère quotient of the heaps 1..n of g within
// lim (family/heap.Quotient). Stopped by ctx, it says how far it got;
// outgrowing a bound of lim, which of sgtab's flags raises it.
func QuotientOf(ctx context.Context, g rules.Game, n int, lim misere.QuotientLimits) (*misere.Quotient, error) {
	done, order := 0, 1
	q, err := heap.Quotient(ctx, g, n, lim, func(h, o int) { done, order = h, o })
	switch {
	case err != nil && ctx.Err() != nil && done == 0:
		return nil, fmt.Errorf("%s: the misère quotient of the heaps 1..%d stopped before its first heap: %w", g.Name, n, context.Cause(ctx))
	case err != nil && ctx.Err() != nil:
		return nil, fmt.Errorf("%s: the misère quotient stopped at heap %d of %d (the quotient of the heaps 1..%d has order %d): %w",
			g.Name, done+1, n, done, order, context.Cause(ctx))
	case err != nil:
		return nil, boundHint(err)
	}
	return q, nil
}

// boundHint adds to the error of a quotient that outgrew its bound of
// positions or steps the flag that raises it.
func boundHint(err error) error {
	var be *misere.QuotientBoundError
	if !errors.As(err, &be) {
		return err
	}
	switch be.Bound {
	case "positions":
		return fmt.Errorf("%w; -max-positions raises it (about 90 bytes a position)", err)
	case "steps":
		return fmt.Errorf("%w; -max-steps raises it", err)
	}
	return err
}
