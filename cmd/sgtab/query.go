package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/rules"
	"github.com/sgtab/sgtab/tabulate"
)

const queryUsage = "sgtab query [-json] [-moves N] [-count] [-table FILE] [-positions FILE|-] [-staircase] [CONFIG] [HEAP ... | SOURCE:HEAP ... | NODE ...]"

const queryExamples = `  sgtab query configs/nim.yaml 5 7 9                  # who wins, and the winning moves
  sgtab query -table sgtab-out/kayles.parquet 4 10      # values from a stored table
  sgtab query configs/octal-0.77-kayles.yaml 1000000000 # answered from the proved period
  sgtab query configs/s-nim-2-5.yaml:5 configs/bash-3.yaml:9   # a rule per heap
  sgtab query -json -positions positions.txt configs/nim.yaml  # one position per line
  sgtab query -count configs/octal-0.77-kayles.yaml 250000     # how many winning moves
  sgtab query configs/calendar.yaml 2001-11-03                 # a token on a graph's node
  sgtab query -staircase configs/hdu3389-boxes.yaml 2 0 1 3    # cards on boxes 1..4
`

// defaultMoves is how many winning moves query lists unless -moves says.
const defaultMoves = 10

// A source is one game whose values a query reads: from a config (computed
// as far as the query needs) or from a stored table.
type source struct {
	name    string // the config or table path, as given
	game    rules.Game
	table   *compute.Table        // heap games: nil until computed or read
	period  *compute.Period       // a proved period of table's row values, which extends it to every n
	lattice *compute.LatticeTable // lattice games: nil until computed or read
	fib     []int                 // Fibonacci Nim: compute.FibonacciThresholds
	need    int                   // the largest heap asked of it
	foreign bool                  // a stored table without sgtab metadata (export.File.Foreign)
	line    int                   // the line of the positions file that first names it; 0: the command line
}

// A heapRef is one component of a position: a heap of n tokens, or the
// point pt of a lattice game.
type heapRef struct {
	src   *source
	n     int
	pt    [2]int
	point bool
}

// A queryMove is a winning move of a query's answer: on a heap, Take and
// Leave; in a lattice game, To.
type queryMove struct {
	Heap  int     `json:"heap"` // 1-based, as printed
	Take  int     `json:"take"`
	Leave []int   `json:"leave"`
	To    *[2]int `json:"to,omitempty"`
	Text  string  `json:"move"`
}

// An answer is what sgtab query says of one position. Heaps holds a
// number for a heap, [x, y] for the point of a lattice game.
type answer struct {
	Heaps           []any    `json:"heaps"`
	Games           []string `json:"games"`
	SG              []uint32 `json:"sg"`
	NimSum          uint32   `json:"nim_sum"`
	FirstPlayerWins bool     `json:"first_player_wins"`
	// Misere is set for a heap of a misère game, Outcomes for it and for
	// Fibonacci Nim: sg then holds the outcome (1: the player to move
	// wins), and nim_sum the same.
	Misere   bool `json:"misere,omitempty"`
	Outcomes bool `json:"outcomes,omitempty"`
	// WinningMoves lists the first winning moves (-moves says how many);
	// Count counts them all.
	WinningMoves []queryMove `json:"winning_moves"`
	Count        int64       `json:"count"`
	// FromPeriod names the heaps (1-based) whose values come from a proved
	// period beyond the computed or stored table.
	FromPeriod []int `json:"from_period,omitempty"`
}

// runQuery answers positions: each heap's SG value, the nim-sum, who wins,
// and the winning moves.
func runQuery(ctx context.Context, args []string, stdout, stderr io.Writer) (err error) {
	fs := newFlagSet("query", queryUsage, queryExamples, stdout, stderr)
	asJSON := fs.Bool("json", false, "print one JSON object per position per line")
	tablePath := fs.String("table", "", "read the values from the stored table `FILE` (Parquet, Arrow or CSV)")
	positionsPath := fs.String("positions", "", "read positions from `FILE` (- for standard input), one per line, heaps separated by spaces")
	moves := fs.Int("moves", defaultMoves, "list at most `N` winning moves of each position (-1: all); the count is exact")
	countOnly := fs.Bool("count", false, "print how many winning moves there are, not the moves")
	staircase := fs.Bool("staircase", false, "a game on a graph: cards on its nodes (COUNTS in node order, or NODE=COUNT), a move taking any number from a node to a successor")
	args, err = fs.parse(args)
	if err != nil {
		return err
	}
	// Answers are buffered (a position may have millions of moves to
	// list), and written out before any error is reported.
	bw := bufio.NewWriter(stdout)
	out := &output{w: bw}
	defer func() {
		if ferr := bw.Flush(); err == nil {
			err = ferr
		}
	}()
	limit := *moves
	if *countOnly {
		limit = 0
	}
	rest := args
	sources := sourceSet{}
	var def *source // the game of bare heap sizes
	if *tablePath != "" {
		def = sources.named(*tablePath, 0)
	} else if len(rest) > 0 && !strings.Contains(rest[0], ":") {
		if _, err := strconv.Atoi(rest[0]); err != nil {
			def = sources.named(rest[0], 0)
			rest = rest[1:]
		}
	}
	type line struct {
		words []string
		num   int // its line number in the positions file
	}
	var lines []line
	if *positionsPath != "" {
		if len(rest) > 0 {
			return fs.usageError("heaps given with -positions: put them in the file")
		}
		err := readPositions(*positionsPath, func(num int, text string) {
			lines = append(lines, line{strings.Fields(text), num})
		})
		if err != nil {
			return err
		}
	} else {
		if len(rest) == 0 {
			return fs.usageError("no heaps given")
		}
		lines = []line{{rest, 0}}
	}
	if def != nil && *tablePath == "" {
		g, ok, err := graphGame(def.name)
		if err != nil {
			return err
		}
		if ok {
			// Tokens on a graph's nodes, named as the graph names them.
			words, nums := make([][]string, len(lines)), make([]int, len(lines))
			for i, l := range lines {
				words[i], nums[i] = l.words, l.num
			}
			if *staircase {
				return queryStaircase(g, words, nums, *positionsPath, limit, *asJSON, *countOnly, out)
			}
			return queryGraph(ctx, g, words, nums, *positionsPath, limit, *asJSON, *countOnly, out)
		}
	}
	if *staircase {
		return fs.usageError("-staircase needs a config of one game on a graph")
	}
	at := func(l line, err error) error { return positionsError(*positionsPath, l.num, err) }
	var positions [][]heapRef
	for _, l := range lines {
		pos, err := parsePosition(l.words, def, &sources, l.num, positionsDir(*positionsPath))
		if err != nil {
			if *positionsPath != "" {
				return at(l, err)
			}
			return fs.usageError("%v", err)
		}
		positions = append(positions, pos)
	}
	for _, s := range sources.order {
		if err := s.load(ctx, s == def && *tablePath != ""); err != nil {
			return positionsError(*positionsPath, s.line, err)
		}
		if s.foreign {
			fmt.Fprintf(stderr, "sgtab: warning: %s has no sgtab metadata: its values are taken as they are, unverified\n", s.name)
		}
	}
	for i, pos := range positions {
		if err := checkPosition(pos); err != nil {
			return at(lines[i], err)
		}
	}
	for i, pos := range positions {
		a, err := solve(pos)
		if err != nil {
			return at(lines[i], err)
		}
		if err := writeHeapAnswer(ctx, out, i, a, listed(ctx, winningMoves(pos, a), limit, out), *asJSON, *countOnly); err != nil {
			return err
		}
	}
	return nil
}

// checkPosition reports whether every heap of pos fits its game, and
// whether the position may be a sum: no heap of a game whose table holds
// outcomes can be part of one.
func checkPosition(pos []heapRef) error {
	for _, h := range pos {
		err := h.check()
		if err == nil && h.src.game.Misere && len(pos) > 1 {
			err = fmt.Errorf("%s is played misère: the outcome of a sum is not decided by a nim-sum, so a query takes one heap of it alone", h.src.name)
		}
		if err == nil && h.src.fib != nil && len(pos) > 1 {
			err = fmt.Errorf("%s is Fibonacci Nim, whose table holds outcomes, not SG values: a query takes one heap of it alone", h.src.name)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// writeHeapAnswer writes the answer a to the i-th position, and its moves:
// as a line of JSON, or for a reader, a blank line before all but the
// first. It returns the first failed write, or the cause of ctx's end,
// which stop the listing.
func writeHeapAnswer(ctx context.Context, out *output, i int, a answer, moves iter.Seq[queryMove], asJSON, countOnly bool) error {
	if asJSON {
		if err := writeJSONAnswer(out, a, moves); err != nil {
			return err
		}
	} else {
		if i > 0 {
			fmt.Fprintln(out)
		}
		printAnswer(out, a, countOnly, moves)
	}
	if out.err != nil {
		return out.err
	}
	if ctx.Err() != nil {
		return context.Cause(ctx)
	}
	return nil
}

// readPositions calls fn with each line of the positions file path (or
// standard input for "-") that holds a position, and its line number;
// blank lines and lines starting with # are skipped but counted. Lines may
// be of any length.
func readPositions(path string, fn func(num int, text string)) error {
	var r io.Reader = os.Stdin
	if path != "-" {
		st, err := os.Stat(path)
		if err != nil {
			return family.FileProblem{Err: err}
		}
		if !st.Mode().IsRegular() {
			return fmt.Errorf("%s: not a regular file (%s); use - to read standard input", path, st.Mode().Type())
		}
		f, err := os.Open(path)
		if err != nil {
			return family.FileProblem{Err: err}
		}
		defer f.Close() // read-only
		r = f
	}
	br := bufio.NewReader(r)
	for num := 1; ; num++ {
		text, err := br.ReadString('\n')
		if num == 1 {
			text = strings.TrimPrefix(text, "\uFEFF") // a byte-order mark, as configs may start with
		}
		if t := strings.TrimSpace(text); t != "" && !strings.HasPrefix(t, "#") {
			fn(num, t)
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("read %s: %w", path, err)
		}
	}
}

// A sourceSet is the sources of a query, each once, in the order named.
type sourceSet struct {
	byName map[string]*source
	order  []*source
}

// named returns the source of the config or table name, first named on
// line num of a positions file (0: on the command line).
func (ss *sourceSet) named(name string, num int) *source {
	if s := ss.byName[name]; s != nil {
		return s
	}
	if ss.byName == nil {
		ss.byName = map[string]*source{}
	}
	s := &source{name: name, line: num}
	ss.byName[name] = s
	ss.order = append(ss.order, s)
	return s
}

// positionsDir returns the folder that the sources named in the positions
// file path are relative to: the file's own ("" for standard input, read
// as "-": the current folder).
func positionsDir(path string) string {
	if path == "" || path == "-" {
		return ""
	}
	return filepath.Dir(path)
}

// positionsError returns err as the problem of line num of the positions
// file path (unless num is 0, for the command line): "FILE:LINE: err",
// and for problems of a config it names, each of them so.
func positionsError(path string, num int, err error) error {
	if path == "" || num == 0 {
		return err
	}
	if p, ok := errors.AsType[tabulate.Problems](err); ok {
		at := make(tabulate.Problems, len(p))
		for i, e := range p {
			at[i] = fmt.Errorf("%s:%d: %w", path, num, e)
		}
		return at
	}
	return fmt.Errorf("%s:%d: %w", path, num, err)
}

// parsePosition reads the heaps of one position, on line num of a
// positions file (0: the command line): bare sizes, of the game def, or
// SOURCE:SIZE, of the config or table SOURCE, a path relative to dir
// unless absolute.
func parsePosition(words []string, def *source, sources *sourceSet, num int, dir string) ([]heapRef, error) {
	var pos []heapRef
	for _, w := range words {
		src, size := def, w
		if i := strings.LastIndex(w, ":"); i >= 0 {
			name := w[:i]
			size = w[i+1:]
			if dir != "" && !filepath.IsAbs(name) {
				name = filepath.Join(dir, name)
			}
			src = sources.named(name, num)
		}
		if src == nil {
			return nil, fmt.Errorf("heap %q: no game given (name a config first, or use SOURCE:HEAP)", w)
		}
		if xs, ys, ok := strings.Cut(size, ","); ok {
			x, errx := strconv.Atoi(xs)
			y, erry := strconv.Atoi(ys)
			if errx != nil || erry != nil || x < 0 || y < 0 {
				return nil, fmt.Errorf("point %q: want x,y, whole numbers ≥ 0", w)
			}
			src.need = max(src.need, x)
			pos = append(pos, heapRef{src: src, pt: [2]int{x, y}, point: true})
			continue
		}
		n, err := strconv.Atoi(size)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("heap %q: want a whole number ≥ 0", w)
		}
		src.need = max(src.need, n)
		pos = append(pos, heapRef{src: src, n: n})
	}
	return pos, nil
}

// load reads the source's table, verified, or computes its game from its
// config as far as the largest heap asked: for a game whose period a
// theorem may prove, in steps, stopping once the period is proved, so that
// any heap is answered from the period.
func (s *source) load(ctx context.Context, stored bool) error {
	if stored || storedTable(s.name) {
		return s.read(ctx)
	}
	games, err := tabulate.LoadGames([]string{s.name})
	if err != nil {
		return err
	}
	if len(games) != 1 {
		return fmt.Errorf("%s holds %d games; a query needs a config with one", s.name, len(games))
	}
	s.game = games[0]
	switch {
	case s.game.State == "fibonacci-nim":
		return s.fibonacci(ctx, 1)
	case s.game.State == "euclid":
		_, lt, err := compute.SolveState(ctx, s.game)
		s.lattice = lt
		return err
	case s.game.State != "":
		return fmt.Errorf("%s is the built-in game %s: query does not answer its positions (its table, from sgtab run, gives each one's value)", s.name, s.game.State)
	case s.game.Lattice != nil:
		lt, err := compute.Lattice(ctx, s.game, compute.Options{})
		s.lattice = lt
		return err
	}
	need := max(s.need, 1)
	n := need
	if s.extendable() {
		n = min(need, firstQuerySize)
	}
	for {
		if err := rules.CheckHeaps(int64(n), s.game.Start); err != nil {
			return fmt.Errorf("%s: heap %d: %w", s.name, s.need, err)
		}
		t, err := compute.Sequence(ctx, s.game, n, compute.Options{StopWhenProved: s.extendable()})
		if err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
		s.table = t
		if s.extendable() && t.Analysis.Status == compute.Proved {
			s.period = &t.Analysis.Period
			return nil
		}
		if n >= need {
			return nil
		}
		n = min(need, n*16)
	}
}

// storedTable reports whether path names a stored table, by its extension.
func storedTable(path string) bool {
	return strings.HasSuffix(path, ".parquet") || strings.HasSuffix(path, ".arrow") || strings.HasSuffix(path, ".csv")
}

// firstQuerySize is the first table size query computes for a heap whose
// game may prove its period; it grows sixteenfold until the period is
// proved or the heap is reached.
const firstQuerySize = 1 << 12

// extendable reports whether a proved period of the source's game extends
// its table to every heap size: a line start in normal play (a ring
// column's period is not proved).
func (s *source) extendable() bool {
	g := s.game
	return g.Start == rules.StartLine && !g.Misere && g.State == "" && g.Lattice == nil && compute.Provable(g.Rule)
}

// read reads the source's stored table, verified (export.Read).
func (s *source) read(ctx context.Context) error {
	f, err := export.ReadContext(ctx, s.name, export.ReadOptions{})
	if err != nil {
		return err
	}
	switch f.Kind {
	case export.KindLattice:
		s.lattice, s.game = f.Lattice, f.Lattice.Game
		return nil
	case export.KindTable:
	default:
		return fmt.Errorf("%s %s", s.name, f.Note())
	}
	t := f.Table
	s.game, s.foreign = t.Game, f.Foreign
	if t.Game.State == "fibonacci-nim" {
		// The table holds the outcomes of starting heaps; states in
		// play need the least winning takes, cheap to recompute.
		return s.fibonacci(ctx, t.N())
	}
	if t.Game.State != "" {
		return fmt.Errorf("%s is a table of the built-in game %s: query does not answer its positions", s.name, t.Game.State)
	}
	s.table = t
	if a := t.Analysis; s.extendable() && a.Status == compute.Proved {
		s.period = &a.Period
	}
	if t.N() < s.need && s.period == nil {
		why := "its period is not proved"
		switch {
		case f.Foreign:
			why = "it has no sgtab metadata to prove a period with"
		case t.Game.Start == rules.StartRing:
			why = "a ring column's period is not proved"
		}
		return fmt.Errorf("%s holds SG(0..%d) and %s; heap %d was asked", s.name, t.N(), why, s.need)
	}
	return nil
}

// fibonacci prepares the source to answer Fibonacci Nim up to the largest
// heap asked (and at least n), after checking that the answer fits in memory.
func (s *source) fibonacci(ctx context.Context, n int) error {
	n = max(s.need, n)
	if err := rules.CheckMemory(rules.StateMemory("fibonacci-nim", int64(n))); err != nil {
		return fmt.Errorf("%s: heap %d: %w", s.name, s.need, err)
	}
	f, err := compute.FibonacciThresholds(ctx, n)
	s.fib = f
	return err
}

// sg returns SG(n) of a row of n tokens: from the table, or beyond it from
// the proved period.
func (s *source) sg(n int) uint32 {
	if n < s.table.G.Len() {
		return s.table.G.At(n)
	}
	p := s.period
	return s.table.G.At(p.Start + (n-p.Start)%p.Length)
}

// check reports whether the component fits its game: a point on the
// board of a lattice game, a heap in a heap game.
func (h heapRef) check() error {
	if h.src.fib != nil {
		if h.point && h.pt[1] < 1 {
			return fmt.Errorf("Fibonacci Nim state %d,%d: the most the next move may take must be at least 1", h.pt[0], h.pt[1])
		}
		return nil
	}
	if lt := h.src.lattice; lt != nil {
		if h.src.game.Lattice == nil && h.src.game.State != "euclid" {
			return fmt.Errorf("%s: the table does not say the game's moves (its sgtab.config has no lattice game named %s)", h.src.name, h.src.game.Name)
		}
		if !h.point {
			return fmt.Errorf("%s is a lattice game: give a point x,y, not heap %d", h.src.name, h.n)
		}
		if h.pt[0] >= lt.W || h.pt[1] >= lt.H {
			return fmt.Errorf("point (%d, %d) is off the %d×%d board of %s", h.pt[0], h.pt[1], lt.W, lt.H, h.src.name)
		}
		return nil
	}
	if h.point {
		return fmt.Errorf("%s is a heap game: give a heap size, not a point", h.src.name)
	}
	return nil
}

// value returns the SG value of the component: of a point of a lattice
// game, of a ring of n tokens on a ring start, of a row otherwise.
func (h heapRef) value() uint32 {
	if f := h.src.fib; f != nil {
		n, k := h.fibState()
		if k >= f[n] {
			return 1
		}
		return 0
	}
	if h.point {
		return h.src.lattice.At(h.pt[0], h.pt[1])
	}
	if h.src.game.Start == rules.StartRing {
		return h.src.table.Ring.At(h.n)
	}
	return h.src.sg(h.n)
}

// fibState returns the Fibonacci Nim state (heap, most the next move may
// take) of the component: a bare heap N is a first move, which may take
// all but one; n,k is a state in play.
func (h heapRef) fibState() (int, int) {
	if h.point {
		return h.pt[0], min(h.pt[1], h.pt[0])
	}
	return h.n, h.n - 1
}

// solve answers one position: each component's value, the nim-sum, who
// wins, and how many winning moves there are: the moves on one heap i to
// an option of value SG(i) ⊕ X, X the nim-sum, which leave a nim-sum of 0.
// winningMoves lists them.
func solve(pos []heapRef) (answer, error) {
	a := answer{WinningMoves: []queryMove{}}
	for i, h := range pos {
		v := h.value()
		if h.point {
			a.Heaps = append(a.Heaps, h.pt)
		} else {
			a.Heaps = append(a.Heaps, h.n)
			if h.src.table != nil && h.n >= h.src.table.G.Len() {
				a.FromPeriod = append(a.FromPeriod, i+1)
			}
		}
		a.Games = append(a.Games, h.src.game.Name)
		a.SG = append(a.SG, v)
		a.NimSum ^= v
		a.Misere = a.Misere || h.src.game.Misere
		a.Outcomes = a.Outcomes || h.src.game.Misere || h.src.fib != nil
	}
	a.FirstPlayerWins = a.NimSum != 0
	if !a.FirstPlayerWins {
		return a, nil
	}
	var work float64
	for _, h := range pos {
		work += h.work()
	}
	if len(pos) > 1 && work > compute.MaxMoveWork {
		return answer{}, fmt.Errorf("counting the winning moves of these %d heaps takes about %.1e steps, more than %.0e: ask about fewer or smaller heaps",
			len(pos), work, float64(compute.MaxMoveWork))
	}
	for i, h := range pos {
		// Options may hold values above the heap's own, so every heap
		// is searched, not only those whose value the target is below.
		count, err := h.countMoves(a.SG[i] ^ a.NimSum)
		if err != nil {
			return answer{}, err
		}
		a.Count += count
	}
	return a, nil
}

// winningMoves returns the winning moves of the position pos, whose answer
// is a, heap by heap, one at a time as they are found: a heap's moves are
// never all held at once.
func winningMoves(pos []heapRef, a answer) iter.Seq[queryMove] {
	return func(yield func(queryMove) bool) {
		if !a.FirstPlayerWins {
			return
		}
		for i, h := range pos {
			moves, err := h.moves(i+1, a.SG[i]^a.NimSum)
			if err != nil {
				return // solve has reported it
			}
			for m := range moves {
				if !yield(m) {
					return
				}
			}
		}
	}
}

// work returns about how many steps counting the component's moves takes:
// compute.MoveWork for a heap, one a move for the others.
func (h heapRef) work() float64 {
	switch {
	case h.src.fib != nil:
		n, k := h.fibState()
		return float64(min(n, k)) + 1
	case h.point:
		return float64(h.pt[0]+h.pt[1]) + 1
	}
	src := h.src
	return compute.MoveWork(src.game.Rule, h.n, src.game.Start == rules.StartRing, src.period)
}

// countMoves counts the moves of the component to a position of value
// target: those of a heap a residue class at a time where its period
// allows (compute.CountMovesTo), the others one by one.
func (h heapRef) countMoves(target uint32) (int64, error) {
	if h.src.fib == nil && !h.point {
		src := h.src
		count, err := compute.CountMovesTo(src.game.Rule, h.n, src.game.Start == rules.StartRing, src.sg, src.empty(), src.period, target)
		if err != nil {
			return 0, fmt.Errorf("heap %d of %s: %w", h.n, src.name, err)
		}
		return count, nil
	}
	moves, err := h.moves(0, target)
	if err != nil {
		return 0, err
	}
	var count int64
	for range moves {
		count++
	}
	return count, nil
}

// moves returns the moves of the component, the i-th of its position, to
// a position of value target, in order.
func (h heapRef) moves(i int, target uint32) (iter.Seq[queryMove], error) {
	if f := h.src.fib; f != nil {
		// Taking t leaves (n−t, 2t), lost when 2t < f(n−t).
		n, k := h.fibState()
		return func(yield func(queryMove) bool) {
			for take := 1; take <= k; take++ {
				if 2*take >= f[n-take] {
					continue
				}
				to := [2]int{n - take, min(2*take, n-take)}
				if !yield(queryMove{Heap: i, Take: take, Leave: []int{n - take}, To: &to,
					Text: fmt.Sprintf("take %d from %d, leaving %d with at most %d to take", take, n, n-take, 2*take)}) {
					return
				}
			}
		}, nil
	}
	if h.point {
		var tos [][2]int
		if h.src.game.State == "euclid" {
			tos = compute.EuclidMoves(h.pt[0], h.pt[1])
		} else {
			tos = compute.LatticeMoves(h.src.game.Lattice, h.pt[0], h.pt[1])
		}
		return func(yield func(queryMove) bool) {
			for _, to := range tos {
				if h.src.lattice.At(to[0], to[1]) == target && !yield(queryMove{Heap: i, Leave: []int{}, To: &to,
					Text: fmt.Sprintf("move from (%d, %d) to (%d, %d)", h.pt[0], h.pt[1], to[0], to[1])}) {
					return
				}
			}
		}, nil
	}
	src, ring := h.src, h.src.game.Start == rules.StartRing
	moves, err := compute.EachMoveTo(src.game.Rule, h.n, ring, src.sg, src.empty(), src.period, target)
	if err != nil {
		return nil, fmt.Errorf("heap %d of %s: %w", h.n, src.name, err)
	}
	return func(yield func(queryMove) bool) {
		for mv := range moves {
			if !yield(queryMove{Heap: i, Take: mv.Take, Leave: orEmpty(mv.Leave), Text: describe(mv, h.n, ring)}) {
				return
			}
		}
	}, nil
}

// empty returns the value of a move that leaves no heap: 0 in normal play;
// in misère play the heap left decides, and an empty one is won by the
// opponent, who cannot move.
func (s *source) empty() uint32 {
	if s.game.Misere {
		return s.table.G.At(0)
	}
	return 0
}

func orEmpty(s []int) []int {
	if s == nil {
		return []int{}
	}
	return s
}

// describe says a move in words: "take 7 from 9, leaving 2".
func describe(mv compute.Move, n int, ring bool) string {
	what := "heap"
	if ring {
		what = "ring"
	}
	var s string
	switch {
	case mv.Take == n:
		s = fmt.Sprintf("take all %d", n)
	case mv.Take == 0:
		s = fmt.Sprintf("split the %s of %d", what, n)
	default:
		s = fmt.Sprintf("take %d from the %s of %d", mv.Take, what, n)
	}
	parts := make([]string, len(mv.Leave))
	for i, p := range mv.Leave {
		parts[i] = strconv.Itoa(p)
	}
	unit := "heap"
	if ring {
		unit = "row"
	}
	switch len(parts) {
	case 0:
	case 1:
		s += fmt.Sprintf(", leaving a %s of %s", unit, parts[0])
	default:
		s += fmt.Sprintf(", leaving %ss of %s", unit, strings.Join(parts[:len(parts)-1], ", ")+" and "+parts[len(parts)-1])
	}
	return s
}

// printAnswer prints the answer a for a reader, with the winning moves
// of moves (unless countOnly), written as they come.
func printAnswer(w io.Writer, a answer, countOnly bool, moves iter.Seq[queryMove]) {
	words := make([]string, len(a.Heaps))
	for i, h := range a.Heaps {
		if pt, ok := h.([2]int); ok {
			words[i] = fmt.Sprintf("(%d, %d)", pt[0], pt[1])
		} else {
			words[i] = fmt.Sprint(h)
		}
	}
	fmt.Fprintf(w, "position %s\n", strings.Join(words, " "))
	fromPeriod := a.FromPeriod // in increasing order
	for i := range a.Heaps {
		what := "SG"
		if a.Outcomes {
			what = "outcome"
		}
		fmt.Fprintf(w, "  heap %d: %s in %s, %s %d", i+1, words[i], a.Games[i], what, a.SG[i])
		if len(fromPeriod) > 0 && fromPeriod[0] == i+1 {
			fmt.Fprintf(w, " (from the proved period)")
			fromPeriod = fromPeriod[1:]
		}
		fmt.Fprintln(w)
	}
	count := fmt.Sprintf("%s winning %s", thousands(a.Count), family.Plural(int(min(a.Count, 2)), "move"))
	if a.Outcomes {
		play := "the player to move"
		if a.Misere {
			play = "misère play: " + play
		}
		if !a.FirstPlayerWins {
			fmt.Fprintf(w, "  %s loses\n", play)
			return
		}
		fmt.Fprintf(w, "  %s wins, with %s", play, count)
	} else {
		if !a.FirstPlayerWins {
			fmt.Fprintf(w, "  nim-sum 0: the player to move loses (the second player wins)\n")
			return
		}
		fmt.Fprintf(w, "  nim-sum %d: the player to move wins, with %s", a.NimSum, count)
	}
	if countOnly {
		fmt.Fprintln(w)
		return
	}
	fmt.Fprintln(w, ":")
	var listed int64
	for m := range moves {
		fmt.Fprintf(w, "    heap %d: %s\n", m.Heap, m.Text)
		listed++
	}
	printMore(w, a.Count, listed)
}

// writeJSONAnswer writes the answer a as one line of JSON, its
// winning_moves those of moves, written as they come. w must fail every
// write after one failed, as an output does: the last write's error is
// returned.
func writeJSONAnswer(w io.Writer, a answer, moves iter.Seq[queryMove]) error {
	a.WinningMoves = []queryMove{}
	b, err := json.Marshal(a)
	if err != nil {
		return err
	}
	// The field is found once: in a JSON string, a quote is escaped.
	field := []byte(`,"winning_moves":[`)
	i := bytes.Index(b, field) + len(field)
	w.Write(b[:i])
	sep := []byte{}
	for m := range moves {
		mb, err := json.Marshal(m)
		if err != nil {
			return err
		}
		w.Write(sep)
		w.Write(mb)
		sep = []byte{','}
	}
	w.Write(b[i:])
	_, err = w.Write([]byte{'\n'})
	return err
}

// listed returns the first limit moves of moves (all when limit < 0), and
// stops early once ctx is done or out has failed: listing all the moves of
// a heap of 10^12 runs for hours.
func listed(ctx context.Context, moves iter.Seq[queryMove], limit int, out *output) iter.Seq[queryMove] {
	return func(yield func(queryMove) bool) {
		n := 0
		for m := range moves {
			if n == limit || out.err != nil || n%1024 == 0 && ctx.Err() != nil || !yield(m) {
				return
			}
			n++
		}
	}
}

// printMore says how many winning moves of count went unlisted, if any.
func printMore(w io.Writer, count, listed int64) {
	if more := count - listed; more > 0 {
		fmt.Fprintf(w, "    … and %s more (-moves N lists more, -moves -1 all)\n", thousands(more))
	}
}

// writeAnswer writes the answer a to one position, the i-th: as a line of
// JSON with enc, or for a reader with print, a blank line between two.
func writeAnswer(w io.Writer, enc *json.Encoder, asJSON bool, i int, a any, print func()) error {
	if asJSON {
		return enc.Encode(a)
	}
	if i > 0 {
		fmt.Fprintln(w)
	}
	print()
	return nil
}

// thousands writes n with commas between groups of three digits.
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
