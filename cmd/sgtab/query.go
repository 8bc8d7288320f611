package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sgtab/sgtab/compute/misere"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/positions"
	"github.com/sgtab/sgtab/progress"
	"github.com/sgtab/sgtab/rules"
	"github.com/sgtab/sgtab/tabulate"
)

const queryUsage = "sgtab query [-json] [-moves N] [-count] [-table FILE] [-game NAME] [-set KEY=VALUE ...] [-quotient N] [-max-positions N] [-max-steps N] [-positions FILE|-] [-staircase] [CONFIG] [HEAP ... | SOURCE:HEAP ... | NODE ...]"

const queryExamples = `  sgtab query configs/nim.yaml 5 7 9                  # who wins, and the winning moves
  sgtab query -table sgtab-out/kayles.parquet 4 10      # values from a stored table
  sgtab query configs/octal-0.77-kayles.yaml 1000000000 # answered from the proved period
  sgtab query configs/s-nim-2-5.yaml:5 configs/bash-3.yaml:9   # a rule per heap
  sgtab query -json -positions positions.txt configs/nim.yaml  # one position per line
  sgtab query -count configs/octal-0.77-kayles.yaml 250000     # how many winning moves
  sgtab query configs/calendar.yaml 2001-11-03                 # a token on a graph's node
  sgtab query -staircase configs/hdu3389-boxes.yaml 2 0 1 3    # cards on boxes 1..4
  sgtab query -quotient 16 configs/octal-0.77-kayles.yaml 5 7 11  # misère play, by the quotient
  sgtab query -set 'code=0.7{5}' configs/coin-ring-2.yaml 9      # HDU 3951 with k = 5: a key set
  sgtab query -game kayles games.yaml 5 7                       # one game of a config of several
`

// defaultMoves is how many winning moves query lists unless -moves says.
const defaultMoves = 10

// runQuery answers positions (package positions): each component's value,
// the nim-sum, who wins, and the winning moves.
func runQuery(ctx context.Context, args []string, stdout, stderr io.Writer) (err error) {
	fs := newFlagSet("query", queryUsage, queryExamples, stdout, stderr)
	asJSON := fs.Bool("json", false, "print one JSON object per position per line")
	tablePath := fs.String("table", "", "read the values from the stored table `FILE` (Parquet, Arrow or CSV)")
	positionsPath := fs.String("positions", "", "read positions from `FILE` (- for standard input), one per line, heaps separated by spaces")
	moves := fs.Int("moves", defaultMoves, "list at most `N` winning moves of each position (-1: all); the count is exact")
	countOnly := fs.Bool("count", false, "print how many winning moves there are, not the moves")
	quotientN := fs.Int("quotient", 0, "misère play: answer by the misère quotient of the config's heaps 1..`N`, computed first (a quotient table given with -table is used as it is)")
	bounds := quotientBoundFlags(fs, true)
	staircase := fs.Bool("staircase", false, "a game on a graph: cards on its nodes (COUNTS in node order, or NODE=COUNT), a move taking any number from a node to a successor")
	var pick choice
	fs.StringVar(&pick.game, "game", "", "answer by the game named `NAME` of a config that holds several")
	fs.Func("set", "set the config's `KEY=VALUE` (YAML, read as in the config: heaps=5000, code=0.7{3}, 'moves=[{take: [1, 2, 4]}]'); repeat for several keys", func(v string) error {
		o, err := rules.ParseOverride(v)
		if err == nil {
			pick.sets = append(pick.sets, o)
		}
		return err
	})
	args, err = fs.parse(args)
	if err != nil {
		return err
	}
	lim, err := bounds()
	if err != nil {
		return err
	}
	if isSet(fs.FlagSet, "quotient") && (*quotientN < 1 || *quotientN > misere.MaxQuotientHeap) {
		return fs.usageError("-quotient takes a heap bound from 1 to %d (got %d)", misere.MaxQuotientHeap, *quotientN)
	}
	// Answers are buffered (a position may have millions of moves to
	// list), and written out before any error is reported.
	bw := bufio.NewWriter(stdout)
	defer func() {
		if ferr := bw.Flush(); err == nil {
			err = ferr
		}
	}()
	out := &output{w: bw}
	q := &query{path: *positionsPath, w: positions.Writer{W: out, Failed: func() error { return out.err },
		JSON: *asJSON, CountOnly: *countOnly, Limit: *moves}}
	if *countOnly {
		q.w.Limit = 0
	}
	if isSet(fs.FlagSet, "max-positions") {
		q.misere.Positions = lim.Positions
	}
	if isSet(fs.FlagSet, "max-steps") {
		q.misere.Steps = lim.Steps
	}
	var set positions.Set
	var def, table *positions.Ref // the game of bare heap sizes; the table of -table
	if *tablePath != "" {
		def = set.Named(*tablePath, 0)
		table = def
	} else if len(args) > 0 && !strings.Contains(args[0], ":") {
		if _, err := strconv.Atoi(args[0]); err != nil {
			def = set.Named(args[0], 0)
			args = args[1:]
		}
	}
	lines, err := queryLines(fs, q.path, args)
	if err != nil {
		return err
	}
	if (pick.game != "" || len(pick.sets) > 0) && (def == nil || table != nil) {
		return fs.usageError("-game and -set choose and change the game of a config named first: none is")
	}
	q.pick, q.def = pick, def
	if def != nil {
		answer, err := quotientAnswerer(ctx, *tablePath, def.Name, *quotientN, lim, pick.load)
		if err != nil {
			return err
		}
		if answer != nil {
			return q.answerLines(ctx, answer, lines)
		}
	}
	if *quotientN != 0 {
		return fs.usageError("-quotient needs a config of one heap game")
	}
	if def != nil {
		w, err := wholeSource(ctx, def.Name, table != nil, pick.load)
		if err != nil {
			return err
		}
		if w != nil {
			shape := positions.AsTokens
			if *staircase {
				shape = positions.AsStaircase
			}
			return q.answerWhole(ctx, w, shape, lines)
		}
	}
	if *staircase {
		return fs.usageError("-staircase needs a config of one game on a graph")
	}
	var all []positions.Position
	for _, l := range lines {
		pos, err := set.Parse(l.Words, def, l.Num, positions.Dir(q.path))
		if err != nil && q.path == "" {
			return fs.usageError("%v", err)
		}
		if err != nil {
			return positions.At(q.path, l.Num, err)
		}
		all = append(all, pos)
	}
	return q.answerSums(ctx, set.Refs(), table, all, lines, stderr)
}

// A query is where sgtab query's positions come from, and how its answers
// are written.
type query struct {
	path string // the positions file; "" for the command line
	w    positions.Writer
	// misere bounds the misère search of a sum of heaps: -max-positions
	// and -max-steps when given, its defaults otherwise.
	misere sg.MisereLimits
	// pick chooses and changes the game of def, the config named first
	// (-game, -set).
	pick choice
	def  *positions.Ref
}

// A choice is the game of a config that a query answers by, and the keys
// set on it: -game and -set.
type choice struct {
	game string
	sets []rules.Override
}

// manyGames is the error of a query of a config of several games.
func manyGames(path string, games []rules.Game) error {
	names := make([]string, len(games))
	for i, g := range games {
		names[i] = g.Name
	}
	return fmt.Errorf("%s holds %d games (%s): choose one with -game NAME", path, len(games), strings.Join(names, ", "))
}

// load reads the config at path, its game chosen and changed as c says.
func (c choice) load(path string) ([]rules.Game, error) {
	return tabulate.LoadChosen(path, c.game, c.sets)
}

// answerSums opens and prepares the sources refs (table: the one given
// with -table, nil for none), and answers the positions all, read from
// lines, as sums of their components.
func (q *query) answerSums(ctx context.Context, refs []*positions.Ref, table *positions.Ref, all []positions.Position, lines []positions.Line, stderr io.Writer) error {
	for _, r := range refs {
		load := choice{}.load
		if r == q.def {
			load = q.pick.load
		}
		if err := openSource(ctx, r, r == table, load, stderr); err != nil {
			return positionsError(q.path, r.Line, err)
		}
	}
	for i, pos := range all {
		if err := positions.Check(pos); err != nil {
			return positions.At(q.path, lines[i].Num, err)
		}
	}
	for i, pos := range all {
		a, err := positions.SolveWithin(ctx, pos, q.misere)
		if err != nil {
			return positions.At(q.path, lines[i].Num, err)
		}
		if err := q.w.Sum(ctx, pos, a); err != nil {
			return err
		}
	}
	return nil
}

// queryLines returns the positions of a query: one a line of the
// positions file path, or when path is "", args.
func queryLines(fs *flagSet, path string, args []string) ([]positions.Line, error) {
	if path == "" {
		if len(args) == 0 {
			return nil, fs.usageError("no heaps given")
		}
		return []positions.Line{{Words: args}}, nil
	}
	if len(args) > 0 {
		return nil, fs.usageError("heaps given with -positions: put them in the file")
	}
	return positions.ReadFile(path)
}

// wholeSource returns the source of the game of the config at path when
// it answers whole positions (positions.Whole: a game on a graph), and
// the config's problems when it has some; a stored table is no config.
func wholeSource(ctx context.Context, path string, stored bool, load func(string) ([]rules.Game, error)) (positions.Whole, error) {
	if stored || storedTable(path) {
		// A stored table of a game on a graph: read it (verified) only
		// when its metadata says so.
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

// openSource opens the source r names — a stored table, read verified,
// when stored is set or its extension says so, or else a config of one
// game — from its game's family, and prepares it for the largest component
// asked of it; it warns on stderr of a table without sgtab metadata.
func openSource(ctx context.Context, r *positions.Ref, stored bool, load func(string) ([]rules.Game, error), stderr io.Writer) error {
	var (
		g rules.Game
		f *export.File
	)
	if stored || storedTable(r.Name) {
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
			return manyGames(r.Name, games)
		}
		g = games[0]
	}
	src, err := family.MustFor(g).Source(g, f, r.Name)
	if err != nil {
		return err
	}
	d := progress.NewDisplay(stderr, progress.Options{WarnAfter: longRun})
	if err := tabulate.Prepare(ctx, src, r.Need, tabulate.Options{Display: d}); err != nil {
		return err
	}
	r.Source = src
	if f != nil && f.Foreign {
		fmt.Fprintf(stderr, "sgtab: warning: %s has no sgtab metadata: its values are taken as they are, unverified\n", r.Name)
	}
	return nil
}

// storedTable reports whether path names a stored table, by its extension.
func storedTable(path string) bool {
	return strings.HasSuffix(path, ".parquet") || strings.HasSuffix(path, ".arrow") || strings.HasSuffix(path, ".csv")
}

// positionsError returns err as the problem of line num of the positions
// file path (positions.At), and for problems of a config it names, each
// of them so.
func positionsError(path string, num int, err error) error {
	if p, ok := errors.AsType[tabulate.Problems](err); ok && path != "" && num > 0 {
		at := make(tabulate.Problems, len(p))
		for i, e := range p {
			at[i] = positions.At(path, num, e)
		}
		return at
	}
	return positions.At(path, num, err)
}

// answerWhole answers the positions lines as the source w reads them, in
// the given shape.
func (q *query) answerWhole(ctx context.Context, w positions.Whole, shape positions.Shape, lines []positions.Line) error {
	answer, err := w.Whole(ctx, shape)
	if err != nil {
		return err
	}
	return q.answerLines(ctx, answer, lines)
}

// answerLines answers the positions lines with answer.
func (q *query) answerLines(ctx context.Context, answer positions.Answerer, lines []positions.Line) error {
	for _, l := range lines {
		r, err := answer(l.Words, q.w.Limit)
		if err != nil {
			return positions.At(q.path, l.Num, err)
		}
		if err := q.w.Whole(ctx, r); err != nil {
			return err
		}
	}
	return nil
}
