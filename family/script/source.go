package script

import (
	"context"
	"fmt"
	"iter"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/positions"
	"github.com/sgtab/sgtab/rules"
)

// Source returns the source of positions of the scripted game g: a
// component N is the start position of parameter N, start(N) (a point
// N,M start(N, M), of a script of two parameters), valued
// and moved from by running the script (from a stored table's config as
// well as from a config: the table has the values, not the moves). It
// takes part in sums with components of other games.
func (Family) Source(g rules.Game, f *export.File, name string) (positions.Source, error) {
	return &source{name: name, game: g}, nil
}

// A source answers the start positions of a scripted game.
type source struct {
	name string
	game rules.Game
	sp   *compute.ScriptPositions
}

func (s *source) Game() rules.Game { return s.game }

// Prepare explores the positions of start(0..need).
func (s *source) Prepare(ctx context.Context, need int) error {
	if need > rules.MaxScriptParameter {
		return fmt.Errorf("%s: start(%d): the parameter of a scripted game is at most %d", s.name, need, rules.MaxScriptParameter)
	}
	if s.sp != nil && len(s.sp.Starts) > need {
		return nil
	}
	g := s.game
	if s.board() {
		need = g.Heaps // a board is the config's (Check refuses points off it)
	}
	g.Heaps = need
	sp, err := compute.ExploreScript(ctx, g, compute.Options{})
	if err != nil {
		return err
	}
	s.sp = sp
	return nil
}

// board reports whether the game's start takes two parameters, n and m:
// its components are then points n,m of the board of its config.
func (s *source) board() bool {
	p, err := compute.CompileScript(s.game)
	return err == nil && p.Params == 2
}

// Check refuses a point of a one-parameter script, a heap of a
// two-parameter one, and a point off the board of its config.
func (s *source) Check(c positions.Component, sum bool) error {
	switch board := s.board(); {
	case c.Point && !board:
		return fmt.Errorf("%s is a scripted game of one parameter: a component is n, start(n)'s position", s.name)
	case !c.Point && board:
		return fmt.Errorf("%s is a scripted game of two parameters: a component is n,m, start(n, m)'s position", s.name)
	case c.Point && max(c.X, c.Y) > s.game.Heaps:
		return fmt.Errorf("%s: start(%d, %d) is off its board, 0 ≤ n, m ≤ %d (heaps in its config)", s.name, c.X, c.Y, s.game.Heaps)
	}
	return nil
}

// start returns the position of c: start(n), or start(n, m).
func (s *source) start(c positions.Component) int32 {
	if c.Point {
		return s.sp.Starts[c.Y*(s.game.Heaps+1)+c.X]
	}
	return s.sp.Starts[c.N]
}

// Value returns SG(start(n)), or SG(start(n, m)).
func (s *source) Value(c positions.Component) (uint64, bool) {
	return uint64(s.sp.SG[s.start(c)]), false
}

// Work returns the number of moves of the start position.
func (s *source) Work(c positions.Component) float64 {
	return float64(len(s.sp.Succ[s.start(c)]) + 1)
}

// Moves returns the moves of start(n) to a position of value target, each
// described by the script's text of the position it leaves.
func (s *source) Moves(c positions.Component, target uint64) (iter.Seq[positions.Move], error) {
	v := s.start(c)
	return func(yield func(positions.Move) bool) {
		for _, w := range s.sp.Succ[v] {
			if uint64(s.sp.SG[w]) == target && !yield(positions.Move{Text: fmt.Sprintf("move from %s to %s", s.sp.Text[v], s.sp.Text[w])}) {
				return
			}
		}
	}, nil
}
