package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/rules"
)

const queryUsage = "sgtab query [-json] [-table FILE] [-positions FILE] [CONFIG] [HEAP ... | SOURCE:HEAP ...]"

const queryExamples = `  sgtab query configs/nim.yaml 5 7 9                  # who wins, and every winning move
  sgtab query -table sgtab-out/kayles.parquet 4 10      # values from a stored table
  sgtab query configs/s-nim-2-5.yaml:5 configs/bash-3.yaml:9   # a rule per heap
  sgtab query -json -positions positions.txt configs/nim.yaml  # one position per line
`

// A source is one game whose values a query reads: from a config (computed
// as far as the query needs) or from a stored table.
type source struct {
	name    string // the config or table path, as given
	game    rules.Game
	table   *compute.Table        // heap games: nil until computed or read
	lattice *compute.LatticeTable // lattice games: nil until computed or read
	fib     []int                 // Fibonacci Nim: compute.FibonacciThresholds
	need    int                   // the largest heap asked of it
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
	Misere       bool        `json:"misere,omitempty"`
	Outcomes     bool        `json:"outcomes,omitempty"`
	WinningMoves []queryMove `json:"winning_moves"`
	Count        int         `json:"count"`
}

// runQuery answers positions: each heap's SG value, the nim-sum, who wins,
// and every winning move.
func runQuery(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("query", queryUsage, queryExamples, stderr)
	asJSON := fs.Bool("json", false, "print one JSON object per position per line")
	tablePath := fs.String("table", "", "read the values from the stored table `FILE` (Parquet or Arrow)")
	positionsPath := fs.String("positions", "", "read positions from `FILE`, one per line, heaps separated by spaces")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	rest := fs.Args()
	sources := map[string]*source{}
	var def *source // the game of bare heap sizes
	if *tablePath != "" {
		def = &source{name: *tablePath}
		sources[*tablePath] = def
	} else if len(rest) > 0 && !strings.Contains(rest[0], ":") {
		if _, err := strconv.Atoi(rest[0]); err != nil {
			def = &source{name: rest[0]}
			sources[rest[0]] = def
			rest = rest[1:]
		}
	}
	var lines [][]string
	if *positionsPath != "" {
		if len(rest) > 0 {
			return usageError(fs, "heaps given with -positions: put them in the file")
		}
		data, err := os.ReadFile(*positionsPath)
		if err != nil {
			return err
		}
		sc := bufio.NewScanner(strings.NewReader(string(data)))
		for sc.Scan() {
			if line := strings.TrimSpace(sc.Text()); line != "" && !strings.HasPrefix(line, "#") {
				lines = append(lines, strings.Fields(line))
			}
		}
	} else {
		if len(rest) == 0 {
			return usageError(fs, "no heaps given")
		}
		lines = [][]string{rest}
	}
	var positions [][]heapRef
	for i, line := range lines {
		pos, err := parsePosition(line, def, sources)
		if err != nil {
			if *positionsPath != "" {
				return fmt.Errorf("%s:%d: %w", *positionsPath, i+1, err)
			}
			return usageError(fs, "%v", err)
		}
		positions = append(positions, pos)
	}
	for _, s := range sources {
		if err := s.load(ctx, s == def && *tablePath != ""); err != nil {
			return err
		}
	}
	for i, pos := range positions {
		for _, h := range pos {
			err := h.check()
			if err == nil && h.src.game.Misere && len(pos) > 1 {
				err = fmt.Errorf("%s is played misère: the outcome of a sum is not decided by a nim-sum, so a query takes one heap of it alone", h.src.name)
			}
			if err == nil && h.src.fib != nil && len(pos) > 1 {
				err = fmt.Errorf("%s is Fibonacci Nim, whose table holds outcomes, not SG values: a query takes one heap of it alone", h.src.name)
			}
			if err != nil {
				if *positionsPath != "" {
					return fmt.Errorf("%s:%d: %w", *positionsPath, i+1, err)
				}
				return err
			}
		}
	}
	enc := json.NewEncoder(stdout)
	for i, pos := range positions {
		a := solve(pos)
		if *asJSON {
			if err := enc.Encode(a); err != nil {
				return err
			}
			continue
		}
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		printAnswer(stdout, a)
	}
	return nil
}

// parsePosition reads the heaps of one position: bare sizes, of the game
// def, or SOURCE:SIZE, of the config or table SOURCE.
func parsePosition(words []string, def *source, sources map[string]*source) ([]heapRef, error) {
	var pos []heapRef
	for _, w := range words {
		src, size := def, w
		if i := strings.LastIndex(w, ":"); i >= 0 {
			name := w[:i]
			size = w[i+1:]
			if sources[name] == nil {
				sources[name] = &source{name: name}
			}
			src = sources[name]
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

// load reads the source's table, or computes its game from its config as
// far as the largest heap asked.
func (s *source) load(ctx context.Context, stored bool) error {
	if strings.HasSuffix(s.name, ".parquet") {
		if lt, _, err := export.ReadLatticeParquet(s.name); err == nil {
			s.lattice, s.game = lt, lt.Game
			return nil
		}
	}
	if stored || strings.HasSuffix(s.name, ".parquet") || strings.HasSuffix(s.name, ".arrow") {
		t, _, _, err := export.ReadTable(s.name)
		if err != nil {
			return err
		}
		if t.Game.State == "fibonacci-nim" {
			// The table holds the outcomes of starting heaps; states in
			// play need the least winning takes, cheap to recompute.
			f, err := compute.FibonacciThresholds(ctx, max(s.need, t.N()))
			if err != nil {
				return err
			}
			s.game, s.fib = t.Game, f
			return nil
		}
		if t.Game.State != "" {
			return fmt.Errorf("%s is a table of the built-in game %s: query does not answer its positions", s.name, t.Game.State)
		}
		if t.N() < s.need {
			return fmt.Errorf("%s holds SG(0..%d); heap %d was asked", s.name, t.N(), s.need)
		}
		s.table, s.game = t, t.Game
		return nil
	}
	games, err := loadGames([]string{s.name})
	if err != nil {
		return err
	}
	if len(games) != 1 {
		return fmt.Errorf("%s holds %d games; a query needs a config with one", s.name, len(games))
	}
	s.game = games[0]
	if s.game.State == "fibonacci-nim" {
		f, err := compute.FibonacciThresholds(ctx, max(s.need, 1))
		if err != nil {
			return err
		}
		s.fib = f
		return nil
	}
	if s.game.State == "euclid" {
		_, lt, err := compute.SolveState(ctx, s.game)
		if err != nil {
			return err
		}
		s.lattice = lt
		return nil
	}
	if s.game.State != "" {
		return fmt.Errorf("%s is the built-in game %s: query does not answer its positions (its table, from sgtab run, gives each one's value)", s.name, s.game.State)
	}
	if s.game.Lattice != nil {
		lt, err := compute.Lattice(ctx, s.game, compute.Options{})
		if err != nil {
			return err
		}
		s.lattice = lt
		return nil
	}
	if err := rules.CheckHeaps(int64(max(s.need, 1)), s.game.Start); err != nil {
		return fmt.Errorf("%s: heap %d: %w", s.name, s.need, err)
	}
	t, err := compute.Sequence(ctx, s.game, max(s.need, 1), compute.Options{})
	if err != nil {
		return err
	}
	s.table = t
	return nil
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
	return h.src.table.G.At(h.n)
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

// solve answers one position: its winning moves are the moves on one heap
// i to an option of value SG(i) ⊕ X, X the nim-sum, which leave a nim-sum
// of 0.
func solve(pos []heapRef) answer {
	a := answer{WinningMoves: []queryMove{}}
	for _, h := range pos {
		v := h.value()
		if h.point {
			a.Heaps = append(a.Heaps, h.pt)
		} else {
			a.Heaps = append(a.Heaps, h.n)
		}
		a.Games = append(a.Games, h.src.game.Name)
		a.SG = append(a.SG, v)
		a.NimSum ^= v
		a.Misere = a.Misere || h.src.game.Misere
		a.Outcomes = a.Outcomes || h.src.game.Misere || h.src.fib != nil
	}
	a.FirstPlayerWins = a.NimSum != 0
	if !a.FirstPlayerWins {
		return a
	}
	for i, h := range pos {
		// Options may hold values above the heap's own, so every heap
		// is searched, not only those whose value the target is below.
		target := a.SG[i] ^ a.NimSum
		if f := h.src.fib; f != nil {
			// Taking t leaves (n−t, 2t), lost when 2t < f(n−t).
			n, k := h.fibState()
			for take := 1; take <= k; take++ {
				if 2*take < f[n-take] {
					to := [2]int{n - take, min(2*take, n-take)}
					a.WinningMoves = append(a.WinningMoves, queryMove{Heap: i + 1, Take: take, Leave: []int{n - take}, To: &to,
						Text: fmt.Sprintf("take %d from %d, leaving %d with at most %d to take", take, n, n-take, 2*take)})
				}
			}
			continue
		}
		if h.point {
			var tos [][2]int
			if h.src.game.State == "euclid" {
				tos = compute.EuclidMoves(h.pt[0], h.pt[1])
			} else {
				tos = compute.LatticeMoves(h.src.game.Lattice, h.pt[0], h.pt[1])
			}
			for _, to := range tos {
				if h.src.lattice.At(to[0], to[1]) == target {
					a.WinningMoves = append(a.WinningMoves, queryMove{Heap: i + 1, Leave: []int{}, To: &to,
						Text: fmt.Sprintf("move from (%d, %d) to (%d, %d)", h.pt[0], h.pt[1], to[0], to[1])})
				}
			}
			continue
		}
		ring := h.src.game.Start == rules.StartRing
		for mv := range compute.Moves(h.src.game.Rule, h.n, ring) {
			value := mv.Value(h.src.table.G)
			if h.src.game.Misere {
				// The heap left decides, and an empty one (no heap
				// left) is won by the opponent, who cannot move.
				value = h.src.table.G.At(0)
				if len(mv.Leave) == 1 {
					value = h.src.table.G.At(mv.Leave[0])
				}
			}
			if value == target {
				a.WinningMoves = append(a.WinningMoves, queryMove{Heap: i + 1, Take: mv.Take, Leave: orEmpty(mv.Leave), Text: describe(mv, h.n, ring)})
			}
		}
	}
	a.Count = len(a.WinningMoves)
	return a
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

func printAnswer(w io.Writer, a answer) {
	words := make([]string, len(a.Heaps))
	for i, h := range a.Heaps {
		if pt, ok := h.([2]int); ok {
			words[i] = fmt.Sprintf("(%d, %d)", pt[0], pt[1])
		} else {
			words[i] = fmt.Sprint(h)
		}
	}
	fmt.Fprintf(w, "position %s\n", strings.Join(words, " "))
	for i := range a.Heaps {
		if a.Outcomes {
			fmt.Fprintf(w, "  heap %d: %s in %s, outcome %d\n", i+1, words[i], a.Games[i], a.SG[i])
			continue
		}
		fmt.Fprintf(w, "  heap %d: %s in %s, SG %d\n", i+1, words[i], a.Games[i], a.SG[i])
	}
	if a.Outcomes {
		play := "the player to move"
		if a.Misere {
			play = "misère play: " + play
		}
		if !a.FirstPlayerWins {
			fmt.Fprintf(w, "  %s loses\n", play)
			return
		}
		fmt.Fprintf(w, "  %s wins, with %d winning %s:\n", play, a.Count, plural(a.Count, "move"))
		for _, m := range a.WinningMoves {
			fmt.Fprintf(w, "    heap %d: %s\n", m.Heap, m.Text)
		}
		return
	}
	if !a.FirstPlayerWins {
		fmt.Fprintf(w, "  nim-sum 0: the player to move loses (the second player wins)\n")
		return
	}
	fmt.Fprintf(w, "  nim-sum %d: the player to move wins, with %d winning %s:\n", a.NimSum, a.Count, plural(a.Count, "move"))
	for _, m := range a.WinningMoves {
		fmt.Fprintf(w, "    heap %d: %s\n", m.Heap, m.Text)
	}
}
