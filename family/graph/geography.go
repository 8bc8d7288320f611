package graph

import (
	"context"
	"errors"
	"fmt"

	"github.com/sgtab/sgtab/compute/graphgame"
	"github.com/sgtab/sgtab/compute/sg"
	graphs "github.com/sgtab/sgtab/graph"
	"github.com/sgtab/sgtab/positions"
	"github.com/sgtab/sgtab/rules"
)

// MaxGeographyNodes bounds the graphs of geography games solved by the
// general engines: in vertex geography, whose cost grows as V·(V + E)
// (one augmenting-path search a node), a grid of any size is answered by
// its size alone (graphgame.GridGeography), and its table is written up to
// graphs.MaxGridSquares squares; in edge geography, whose cost on a
// bipartite graph grows as V³/64 (GF(2) elimination, some seconds at this
// bound), a grid too is built and solved (rules.MaxEdgeGeographySquares).
const MaxGeographyNodes = 1 << 14

// geographyTable returns the table of the game of geography g: for every
// start node, 1 when the player to move wins from it, 0 when that player
// loses, and a winning move (Moves). A grid's outcomes in vertex geography
// follow from its size; another graph's from its maximum matchings
// (graphgame.Geography), and in edge geography from graphgame.EdgeGeography.
func geographyTable(ctx context.Context, g rules.Game) (*graphgame.GraphTable, error) {
	spec := g.Graph
	if spec.Generate == "grid" && spec.Play == rules.PlayVertexGeography {
		return gridGeographyTable(g)
	}
	ng, err := loadGeography(g)
	if err != nil {
		return nil, err
	}
	decide := graphgame.Geography
	if spec.Play == rules.PlayEdgeGeography {
		decide = graphgame.EdgeGeography
	}
	win, moves, err := decide(ctx, ng.Graph)
	if err != nil {
		return nil, edgeGeographyProblem(g, ng, err)
	}
	out := make([]uint32, len(win))
	for v, w := range win {
		out[v] = b2u(w)
	}
	t := &graphgame.GraphTable{Game: g}
	t.Ints, t.Strings, t.Edges, t.EdgesCRC, t.G, t.Moves = ng.Ints, ng.Strings, ng.Edges(), ng.CRC, sg.ValuesOf(out), moves
	return t, nil
}

// gridGeographyTable returns the table of vertex geography on a grid,
// from its size alone (graphgame.GridGeography).
func gridGeographyTable(g rules.Game) (*graphgame.GraphTable, error) {
	n, m := g.Graph.Grid[0], g.Graph.Grid[1]
	if int64(n)*int64(m) > graphs.MaxGridSquares {
		return nil, fmt.Errorf("the grid %d×%d has more than %d squares, too many for a table; query answers any square of it (sgtab query CONFIG i,j)", n, m, graphs.MaxGridSquares)
	}
	t := &graphgame.GraphTable{Game: g}
	out := make([]uint32, 0, n*m)
	t.Moves = make([]int32, 0, n*m)
	for i := range n {
		for j := range m {
			t.Strings = append(t.Strings, graphs.GridName(i, j))
			win, moves := graphgame.GridGeography(n, m, i, j)
			out = append(out, b2u(win))
			move := int32(-1)
			if win {
				move = int32(moves[0][0]*m + moves[0][1])
			}
			t.Moves = append(t.Moves, move)
		}
	}
	t.G, t.Edges = sg.ValuesOf(out), 2*int64(n*(m-1)+m*(n-1))
	return t, nil
}

// loadGeography reads or builds the graph of the game of geography g, its
// edges both ways, within MaxGeographyNodes.
func loadGeography(g rules.Game) (*graphs.Named, error) {
	ng, err := graphs.Load(g.Graph)
	if err != nil {
		return nil, err
	}
	if ng.Nodes() > MaxGeographyNodes {
		return nil, fmt.Errorf("the graph has %d nodes; geography is solved on graphs of at most %d (its cost grows as the square of the nodes in vertex geography, the cube in edge geography)", ng.Nodes(), MaxGeographyNodes)
	}
	return ng, nil
}

// edgeGeographyProblem returns err, and when it says that a component with
// an odd cycle is too large for edge geography's search
// (*graphgame.EdgeGeographyError), as a problem of the config at the key
// that gives the graph: edges, or play for a built-in graph.
func edgeGeographyProblem(g rules.Game, ng *graphs.Named, err error) error {
	e, ok := errors.AsType[*graphgame.EdgeGeographyError](err)
	if !ok {
		return err
	}
	e.Name = ng.Name
	at := g.Graph.PlayAt
	if g.Graph.Edges != "" {
		at = g.Graph.EdgesAt
	}
	return at.Problem(rules.ErrTooLarge, "%v", e)
}

// b2u returns 1 for true, 0 for false: an outcome as a table holds it.
func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

// geographyAnswerer returns the answerer of starts of the game of
// geography g: in vertex geography on a grid, by its size alone (so that a
// board of 10^4 × 10^4 squares is answered at once); on another graph, by
// its maximum matchings; in edge geography by graphgame.EdgeGeographyMoves.
func geographyAnswerer(ctx context.Context, g rules.Game) (positions.Answerer, error) {
	spec := g.Graph
	if spec.Generate == "grid" && spec.Play == rules.PlayVertexGeography {
		n, m := spec.Grid[0], spec.Grid[1]
		return positions.Geography(g.Name, spec.Play, func(start string) (bool, []string, error) {
			i, j, ok := graphs.ParseGridName(start, n, m)
			if !ok {
				return false, nil, fmt.Errorf("%q is not a square of the %d×%d grid of %s (row,column from 0,0)", start, n, m, g.Name)
			}
			win, moves := graphgame.GridGeography(n, m, i, j)
			names := make([]string, len(moves))
			for k, u := range moves {
				names[k] = graphs.GridName(u[0], u[1])
			}
			return win, names, nil
		}), nil
	}
	ng, err := loadGeography(g)
	if err != nil {
		return nil, err
	}
	return positions.Geography(g.Name, spec.Play, func(start string) (bool, []string, error) {
		v, ok := ng.Lookup(start)
		if !ok {
			return false, nil, fmt.Errorf("%q is not a node of %s", start, g.Name)
		}
		moves := graphgame.GeographyMoves(ng.Graph, v)
		if spec.Play == rules.PlayEdgeGeography {
			if moves, err = graphgame.EdgeGeographyMoves(ctx, ng.Graph, v); err != nil {
				return false, nil, edgeGeographyProblem(g, ng, err)
			}
		}
		var names []string
		for _, u := range moves {
			names = append(names, ng.Name(int(u)))
		}
		return len(names) > 0, names, nil
	}), nil
}
