package classical

import (
	"context"
	"fmt"
	"time"

	"github.com/sgtab/sgtab/compute/period"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// A stateGame is a built-in game whose positions are states that neither a
// move table nor a lattice describes (rules.StateGames). Each lives in its
// own file and solves itself to a size, as a table of one row (indexed by
// heap size) or of two dimensions, usually with searchSG.
type stateGame interface {
	// solve reports its progress to progress (which may be nil), in the
	// positions that positions counts.
	solve(ctx context.Context, n int, progress func(int64)) (row []uint32, grid *grid, err error)
	// positions returns how many positions its table to size n holds.
	positions(n int) int64
	// cost returns about how long State takes to size n.
	cost(n int) time.Duration
}

// A grid is a two-dimensional table: v[y·w + x].
type grid struct {
	w, h int
	v    []uint32
}

// stateGames are the built-in games by name.
var stateGames = map[string]stateGame{
	"fibonacci-nim": fibonacciNim{},
	"euclid":        euclid{},
}

// Solve computes the table of the built-in game g.State to size
// g.Heaps: a Table when its positions are indexed by one number, a
// sg.LatticeTable when by two. Exactly one of the two is not nil. It is State
// with no options.
func Solve(ctx context.Context, g rules.Game) (*sg.Table, *sg.LatticeTable, error) {
	return State(ctx, g, sg.Options{})
}

// State is Solve, reporting its progress to opt.Progress, in the
// positions StatePositions counts; other options do not apply.
func State(ctx context.Context, g rules.Game, opt sg.Options) (*sg.Table, *sg.LatticeTable, error) {
	game, ok := stateGames[g.State]
	if !ok {
		return nil, nil, fmt.Errorf("compute %s: no built-in game %q", g.Name, g.State)
	}
	start := time.Now()
	row, gr, err := game.solve(ctx, g.Heaps, opt.Progress)
	if err != nil {
		return nil, nil, err
	}
	if gr != nil {
		return nil, &sg.LatticeTable{Game: g, W: gr.w, H: gr.h, G: sg.ValuesOf(gr.v), Elapsed: time.Since(start), Created: time.Now()}, nil
	}
	t := &sg.Table{Game: g, G: sg.ValuesOf(row)}
	t.Analysis = period.Analyze(t)
	t.Elapsed, t.Created = time.Since(start), time.Now()
	return t, nil, nil
}

// StatePositions returns how many positions the table of the built-in game
// g holds: the heap sizes 0..g.Heaps, or the points of its board.
func StatePositions(g rules.Game) int64 {
	if sg, ok := stateGames[g.State]; ok {
		return sg.positions(g.Heaps)
	}
	return 0
}

// StateEstimate returns about how long State takes to solve the built-in
// game g.State to size n, the analysis of its table included (see each
// game's cost); 0 when g.State names no built-in game.
func StateEstimate(g rules.Game, n int) time.Duration {
	if sg, ok := stateGames[g.State]; ok {
		return sg.cost(n)
	}
	return 0
}

// searchSG returns the SG value of the state s of a game whose moves from a
// state are moves(state), memoising every state it meets in memo. The
// search is iterative, with its own stack, so a long chain of moves needs
// no deep recursion; the game must be acyclic.
func searchSG[S comparable](ctx context.Context, s S, moves func(S) []S, memo map[S]uint32) (uint32, error) {
	if v, ok := memo[s]; ok {
		return v, nil
	}
	type frame struct {
		s    S
		opts []S
		next int // the first option not yet known
	}
	stack := []frame{{s: s, opts: moves(s)}}
	for steps := 0; len(stack) > 0; steps++ {
		if steps%(1<<16) == 0 {
			if err := ctx.Err(); err != nil {
				return 0, err
			}
		}
		f := &stack[len(stack)-1]
		// Push the first option not yet known, or finish this state.
		for f.next < len(f.opts) {
			if _, ok := memo[f.opts[f.next]]; !ok {
				break
			}
			f.next++
		}
		if f.next < len(f.opts) {
			o := f.opts[f.next]
			stack = append(stack, frame{s: o, opts: moves(o)})
			continue
		}
		seen := make(map[uint32]bool, len(f.opts))
		for _, o := range f.opts {
			seen[memo[o]] = true
		}
		var v uint32
		for seen[v] {
			v++
		}
		memo[f.s] = v
		stack = stack[:len(stack)-1]
	}
	return memo[s], nil
}
