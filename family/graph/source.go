package graph

import (
	"context"
	"fmt"
	"iter"

	"github.com/sgtab/sgtab/compute/graphgame"
	"github.com/sgtab/sgtab/export"
	graphs "github.com/sgtab/sgtab/graph"
	"github.com/sgtab/sgtab/positions"
	"github.com/sgtab/sgtab/rules"
)

// Source returns the source of positions on g's graph, read as its config
// says: a positions.Whole, whose positions are tokens or cards on the
// graph's nodes. A stored table holds the nodes' values but not the edges,
// which the winning moves follow: it answers when sgtab builds its graph
// itself (calendar, boxes, grid: the config in the table says which),
// with the table's values, once the graph built again is the one the
// table was computed on (its edges and their checksum); a graph read from
// an edge list is refused, pointing at its config.
func (Family) Source(g rules.Game, f *export.File, name string) (positions.Source, error) {
	if f == nil {
		return &source{name: name, game: g}, nil
	}
	var spec *rules.GraphSpec
	if f.Graph != nil {
		spec = generatedSpec(f.Graph)
	}
	if spec == nil {
		return nil, fmt.Errorf("%s holds the values of the nodes of %s but not its edges, which the winning moves follow, and its graph is not one that sgtab builds (it is read from an edge list): query its config instead", name, g.Name)
	}
	g.Graph = spec
	return &source{name: name, game: g, table: f.Graph}, nil
}

// A source answers whole positions on the graph of a game; as a
// component of a sum it refuses every one.
type source struct {
	name string
	game rules.Game
	// table, when not nil, is a stored table of the game's values, its
	// graph one that sgtab builds.
	table *graphgame.GraphTable
}

func (s *source) Game() rules.Game { return s.game }

// Prepare does nothing: the graph is read by Whole.
func (s *source) Prepare(ctx context.Context, need int) error { return nil }

// Check refuses every component: a position on a graph is the nodes of
// its tokens, named after the config, in a position of their own.
func (s *source) Check(c positions.Component, sum bool) error {
	return fmt.Errorf("%s is a game on a graph: query takes the nodes of its tokens after it, in positions of their own (sgtab query %s NODE ...)", s.name, s.name)
}

func (s *source) Value(positions.Component) (uint64, bool) { return 0, false }

func (s *source) Work(positions.Component) float64 { return 0 }

func (s *source) Moves(c positions.Component, target uint64) (iter.Seq[positions.Move], error) {
	return nil, s.Check(c, false)
}

// Whole reads the graph and returns the answerer of positions of shape on
// it: tokens, valued by the graph's values (generalized SG values when
// it has cycles), or a staircase, answered by
// staircase Nim's argument (positions.Staircase).
func (s *source) Whole(ctx context.Context, shape positions.Shape) (positions.Answerer, error) {
	if s.game.Graph.Play != "" {
		if shape == positions.AsStaircase {
			return nil, fmt.Errorf("%s is a game of geography (play: %s), not a staircase", s.game.Name, s.game.Graph.Play)
		}
		return geographyAnswerer(ctx, s.game)
	}
	ng, err := graphs.Load(s.game.Graph)
	if err != nil {
		return nil, err
	}
	if shape == positions.AsStaircase {
		return positions.Staircase(ng, s.game.Name)
	}
	t := s.table
	if t != nil {
		if ng.Nodes() != t.Nodes() || ng.Edges() != t.Edges || ng.CRC != t.EdgesCRC {
			return nil, fmt.Errorf("%s: the graph %s built again has %d nodes and %d edges (CRC-32C %08X), the table's %d and %d (%08X): not the graph its values are of",
				s.name, s.game.Graph, ng.Nodes(), ng.Edges(), ng.CRC, t.Nodes(), t.Edges, t.EdgesCRC)
		}
	} else {
		t = &graphgame.GraphTable{}
		if err := solve(ctx, ng, t); err != nil {
			return nil, fmt.Errorf("%s: %w", s.game.Name, err)
		}
	}
	if t.Loopy != nil {
		return positions.LoopyTokens(ng, t.Loopy, s.game.Name), nil
	}
	return positions.Tokens(ng, t.G.AppendTo(nil, 0, t.Nodes()), s.game.Name), nil
}
