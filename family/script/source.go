package script

import (
	"context"
	"fmt"
	"iter"
	"strings"

	"github.com/sgtab/sgtab/compute/script"
	"github.com/sgtab/sgtab/compute/sg"
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
//
// A game whose positions repeat (explored to its config's heaps, to tell)
// answers its starts alone, a sum of them at most: its source is a
// positions.Whole, whose words are parameters n (or points n,m), each a
// start, valued by generalized SG values; it takes part in no sum with
// other games.
func (Family) Source(g rules.Game, f *export.File, name string) (positions.Source, error) {
	s := &source{name: name, game: g}
	sp, err := script.Explore(context.Background(), g, sg.Options{})
	if err != nil || sp.Gen == nil {
		return s, nil // an error is said when the source is prepared
	}
	s.sp = sp
	return &loopySource{s}, nil
}

// A loopySource answers the starts of a scripted game whose positions
// repeat: only alone, as a whole (LoopyPositions).
type loopySource struct{ *source }

// Check refuses every component of a sum: the starts of a game whose
// positions repeat are answered alone.
func (s *loopySource) Check(c positions.Component, sum bool) error {
	return fmt.Errorf("%s: its positions repeat, and its starts have generalized values, which sums with other games do not take: ask sgtab query %s N … alone", s.name, s.name)
}

// Whole returns the answerer of sums of starts: the words are parameters
// n (start(n)), or points n,m of a script of two.
func (s *loopySource) Whole(ctx context.Context, shape positions.Shape) (positions.Answerer, error) {
	if shape != positions.AsTokens {
		return nil, fmt.Errorf("%s is a scripted game, not a staircase", s.game.Name)
	}
	sp := s.sp
	board := s.board()
	return positions.LoopyPositions(positions.LoopyGame{
		What:       fmt.Sprintf("starts of %s, whose positions repeat", s.game.Name),
		Values:     sp.Gen,
		Successors: func(v int) []int32 { return sp.Succ[v] },
		Name:       func(v int) string { return sp.Text[v] },
		Nodes: func(words []string) ([]int, error) {
			nodes := make([]int, len(words))
			for j, w := range words {
				if strings.Contains(w, ":") {
					return nil, s.Check(positions.Component{}, true)
				}
				c, err := positions.ParseComponent(w)
				if err == nil {
					err = s.source.Check(c, false)
				}
				if err == nil && !board && c.N > s.game.Heaps {
					err = fmt.Errorf("%s: start(%d) is past heaps %d of its config, as far as its positions were explored", s.name, c.N, s.game.Heaps)
				}
				if err != nil {
					return nil, err
				}
				nodes[j] = int(s.start(c))
			}
			return nodes, nil
		},
	}), nil
}

// A source answers the start positions of a scripted game.
type source struct {
	name string
	game rules.Game
	sp   *script.Positions
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
	sp, err := script.Explore(ctx, g, sg.Options{})
	if err != nil {
		return err
	}
	s.sp = sp
	return nil
}

// board reports whether the game's start takes two parameters, n and m:
// its components are then points n,m of the board of its config.
func (s *source) board() bool {
	p, err := script.Compile(s.game)
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
