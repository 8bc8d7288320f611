package main

import (
	"bufio"
	"context"
	"io"

	"github.com/sgtab/sgtab/compute/misere"
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
	var pick tabulate.Choice
	fs.StringVar(&pick.Game, "game", "", "answer by the game named `NAME` of a config that holds several")
	fs.Func("set", "set the config's `KEY=VALUE` (YAML, read as in the config: heaps=5000, code=0.7{3}, 'moves=[{take: [1, 2, 4]}]'); repeat for several keys", func(v string) error {
		o, err := rules.ParseOverride(v)
		if err == nil {
			pick.Sets = append(pick.Sets, o)
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
	q := &tabulate.Query{Positions: *positionsPath, Writer: positions.Writer{W: out, Failed: func() error { return out.err },
		JSON: *asJSON, CountOnly: *countOnly, Limit: *moves},
		Display: progress.NewDisplay(stderr, progress.Options{WarnAfter: longRun})}
	if *countOnly {
		q.Writer.Limit = 0
	}
	if isSet(fs.FlagSet, "max-positions") {
		q.Misere.Positions = lim.Positions
	}
	if isSet(fs.FlagSet, "max-steps") {
		q.Misere.Steps = lim.Steps
	}
	var set positions.Set
	def, args := set.Default(*tablePath, args) // the game of bare heap sizes
	var table *positions.Ref                   // the table of -table
	if *tablePath != "" {
		table = def
	}
	lines, err := queryLines(fs, q.Positions, args)
	if err != nil {
		return err
	}
	if (pick.Game != "" || len(pick.Sets) > 0) && (def == nil || table != nil) {
		return fs.usageError("-game and -set choose and change the game of a config named first: none is")
	}
	q.Choice, q.Default = pick, def
	if def != nil {
		answer, err := tabulate.QuotientAnswerer(ctx, *tablePath, def.Name, *quotientN, lim, pick.Load)
		if err != nil {
			return err
		}
		if answer != nil {
			return q.Lines(ctx, answer, lines)
		}
	}
	if *quotientN != 0 {
		return fs.usageError("-quotient needs a config of one heap game")
	}
	if def != nil {
		w, err := tabulate.WholeSource(ctx, def.Name, table != nil, pick.Load)
		if err != nil {
			return err
		}
		if w != nil {
			shape := positions.AsTokens
			if *staircase {
				shape = positions.AsStaircase
			}
			return q.Whole(ctx, w, shape, lines)
		}
	}
	if *staircase {
		return fs.usageError("-staircase needs a config of one game on a graph")
	}
	all, err := set.ParseLines(lines, def, q.Positions)
	if err != nil && q.Positions == "" {
		return fs.usageError("%v", err)
	} else if err != nil {
		return err
	}
	return q.Sums(ctx, set.Refs(), table, all, lines)
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
