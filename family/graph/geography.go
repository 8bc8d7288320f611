package graph

import (
	"context"
	"fmt"

	"github.com/sgtab/sgtab/compute"
	graphs "github.com/sgtab/sgtab/graph"
	"github.com/sgtab/sgtab/positions"
	"github.com/sgtab/sgtab/rules"
)

// MaxGeographyNodes bounds the graphs of geography games solved by the
// general engine, whose cost grows as V·(V + E) (one augmenting-path
// search a node): a grid of any size is answered by its size alone
// (compute.GridGeography), and its table is written up to
// graphs.MaxGridSquares squares.
const MaxGeographyNodes = 1 << 14

// geographyTable returns the table of the game of vertex geography g: for
// every start node, 1 when the player to move wins from it, 0 when that
// player loses, and a winning move (Moves). A grid's outcomes follow from its size; another graph's
// from its maximum matchings (compute.Geography).
func geographyTable(ctx context.Context, g rules.Game) (*compute.GraphTable, error) {
	spec := g.Graph
	t := &compute.GraphTable{Game: g}
	if spec.Generate == "grid" {
		n, m := spec.Grid[0], spec.Grid[1]
		if int64(n)*int64(m) > graphs.MaxGridSquares {
			return nil, fmt.Errorf("the grid %d×%d has more than %d squares, too many for a table; query answers any square of it (sgtab query CONFIG i,j)", n, m, graphs.MaxGridSquares)
		}
		out := make([]uint32, 0, n*m)
		t.Moves = make([]int32, 0, n*m)
		for i := range n {
			for j := range m {
				t.Strings = append(t.Strings, graphs.GridName(i, j))
				win, moves := compute.GridGeography(n, m, i, j)
				out = append(out, b2u(win))
				move := int32(-1)
				if win {
					move = int32(moves[0][0]*m + moves[0][1])
				}
				t.Moves = append(t.Moves, move)
			}
		}
		t.G, t.Edges = compute.ValuesOf(out), 2*int64(n*(m-1)+m*(n-1))
		return t, nil
	}
	ng, err := graphs.Load(spec)
	if err != nil {
		return nil, err
	}
	if ng.Nodes() > MaxGeographyNodes {
		return nil, fmt.Errorf("the graph has %d nodes; geography is solved on graphs of at most %d (its cost grows as the square of the nodes)", ng.Nodes(), MaxGeographyNodes)
	}
	win, moves, err := compute.Geography(ctx, ng.Graph)
	if err != nil {
		return nil, err
	}
	out := make([]uint32, len(win))
	for v, w := range win {
		out[v] = b2u(w)
	}
	t.Ints, t.Strings, t.Edges, t.EdgesCRC, t.G, t.Moves = ng.Ints, ng.Strings, ng.Edges(), ng.CRC, compute.ValuesOf(out), moves
	return t, nil
}

// b2u returns 1 for true, 0 for false: an outcome as a table holds it.
func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

// geographyAnswerer returns the answerer of starts of the game of vertex
// geography g: on a grid, by its size alone (so that a board of 10^4 ×
// 10^4 squares is answered at once); on another graph, by its maximum
// matchings.
func geographyAnswerer(g rules.Game) (positions.Answerer, error) {
	spec := g.Graph
	if spec.Generate == "grid" {
		n, m := spec.Grid[0], spec.Grid[1]
		return positions.Geography(g.Name, func(start string) (bool, []string, error) {
			i, j, ok := graphs.ParseGridName(start, n, m)
			if !ok {
				return false, nil, fmt.Errorf("%q is not a square of the %d×%d grid of %s (row,column from 0,0)", start, n, m, g.Name)
			}
			win, moves := compute.GridGeography(n, m, i, j)
			names := make([]string, len(moves))
			for k, u := range moves {
				names[k] = graphs.GridName(u[0], u[1])
			}
			return win, names, nil
		}), nil
	}
	ng, err := graphs.Load(spec)
	if err != nil {
		return nil, err
	}
	if ng.Nodes() > MaxGeographyNodes {
		return nil, fmt.Errorf("the graph has %d nodes; geography is solved on graphs of at most %d", ng.Nodes(), MaxGeographyNodes)
	}
	return positions.Geography(g.Name, func(start string) (bool, []string, error) {
		v, ok := ng.Lookup(start)
		if !ok {
			return false, nil, fmt.Errorf("%q is not a node of %s", start, g.Name)
		}
		var names []string
		for _, u := range compute.GeographyMoves(ng.Graph, v) {
			names = append(names, ng.Name(int(u)))
		}
		return len(names) > 0, names, nil
	}), nil
}
