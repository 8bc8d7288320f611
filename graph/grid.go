package graph

import (
	"fmt"
	"github.com/sgtab/sgtab/compute/graphgame"
	"strconv"
	"strings"
)

// MaxGridSquares bounds the grids Grid builds: a larger board is answered
// by its size alone (graphgame.GridGeography), not built.
const MaxGridSquares = 1 << 24

// GridName returns the name of the square in row i and column j: "i,j".
func GridName(i, j int) string { return strconv.Itoa(i) + "," + strconv.Itoa(j) }

// ParseGridName returns the row and column of the square named name on an
// n×m board, and false when name is no square of it.
func ParseGridName(name string, n, m int) (i, j int, ok bool) {
	a, b, found := strings.Cut(name, ",")
	i, err1 := strconv.Atoi(a)
	j, err2 := strconv.Atoi(b)
	return i, j, found && err1 == nil && err2 == nil && i >= 0 && i < n && j >= 0 && j < m && GridName(i, j) == name
}

// Grid returns the n×m board as an undirected graph: a node per square,
// named "i,j" (row i, column j, from 0) in row order, and an edge each way
// between orthogonal neighbours.
func Grid(n, m int) (*Named, error) {
	if n < 1 || m < 1 || int64(n)*int64(m) > MaxGridSquares {
		return nil, fmt.Errorf("grid %d×%d: want 1 to %d squares", n, m, MaxGridSquares)
	}
	names := make([]string, 0, n*m)
	var from, to []int32
	link := func(v, w int) {
		from, to = append(from, int32(v), int32(w)), append(to, int32(w), int32(v))
	}
	for i := range n {
		for j := range m {
			v := i*m + j
			names = append(names, GridName(i, j))
			if j+1 < m {
				link(v, v+1)
			}
			if i+1 < n {
				link(v, v+m)
			}
		}
	}
	return &Named{Graph: graphgame.NewGraph(n*m, from, to), Strings: names}, nil
}

// Undirected returns g with every edge also the other way round, as a
// game of undirected geography reads an edge list; a loop is refused
// (geography never comes back to a node).
func Undirected(g *Named) (*Named, error) {
	var from, to []int32
	for v := range g.Nodes() {
		for _, w := range g.Successors(v) {
			if int(w) == v {
				return nil, fmt.Errorf("the edge %s → %s is a loop, which geography has no use for", g.Name(v), g.Name(v))
			}
			from, to = append(from, int32(v), w), append(to, w, int32(v))
		}
	}
	return &Named{Graph: graphgame.NewGraph(g.Nodes(), from, to), Strings: g.Strings, Ints: g.Ints, CRC: g.CRC}, nil
}
