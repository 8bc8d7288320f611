package rules

import (
	"fmt"
	"path/filepath"
	"time"

	"github.com/goccy/go-yaml/ast"
)

// A GraphSpec says where a game played on a finite directed graph comes
// from — a token on a node moves along an edge —: an edge list (and a list
// of more nodes), or one of the classic graphs built by name.
type GraphSpec struct {
	// Edges is the edge list: a CSV file with the header from,to, or a
	// Parquet or Arrow file with the columns from and to; Nodes, when not
	// "", a CSV file with the header node listing more nodes. Both are
	// paths resolved from the config's folder.
	Edges, Nodes string
	// Generate names a built-in graph (GraphGenerators): calendar, the
	// dates From to To; boxes, the boxes 1..Boxes of HDU 3389.
	Generate string
	From, To time.Time
	Boxes    int
	// Grid, when Generate is grid, is the board's size, rows by columns:
	// its squares are the nodes ("i,j", from 0), joined to their
	// orthogonal neighbours both ways.
	Grid [2]int
	// Play is how the graph is played: "" (a token moved along the
	// edges, positions adding as sums), PlayVertexGeography or
	// PlayEdgeGeography.
	Play string
	// Text, when not "", is the graph as a stored table names it (the
	// reader knows no more of it): String returns it.
	Text string
	// EdgesAt and NodesAt say where Edges and Nodes are written in the
	// config, so that a problem with the file is reported at its key;
	// PlayAt where Play is, for a graph its play cannot be solved on.
	EdgesAt, NodesAt, PlayAt Place
}

// MaxGraphFile is the most bytes an edge list or a nodes file may hold
// (4 GiB, an edge list of some 10^8 edges, whose graph takes gigabytes):
// a larger file, or one that is not a regular file (a named pipe, a
// device), is refused before it is read, as a config is.
const MaxGraphFile = 4 << 30

// GraphGenerators are the built-in graphs: the Calendar game (HDU 1079) and
// the boxes of HDU 3389.
var GraphGenerators = []string{"calendar", "boxes", "grid"}

// PlayVertexGeography is undirected vertex geography: the edges are
// undirected, a token moves to a node not visited before (its start
// counting as visited), and who cannot move loses.
const PlayVertexGeography = "vertex-geography"

// PlayEdgeGeography is undirected edge geography: the edges are
// undirected, a token moves along an edge not used before (which is then
// used up; nodes may be visited again), and who cannot move loses.
const PlayEdgeGeography = "edge-geography"

// MaxEdgeGeographySquares bounds the built-in grids played as edge
// geography: such a board is built and solved by GF(2) elimination
// (package compute), whose cost grows as the cube of the squares.
const MaxEdgeGeographySquares = 1 << 14

// MaxGrid bounds each side of a built-in grid: a grid's outcomes follow
// from its size (package compute), so that a position on a board of
// 10^4 × 10^4 squares is answered without building the board.
const MaxGrid = 1_000_000

// String states the graph in a few words: "edges FILE" (its base name),
// "calendar 1900-01-01..2001-11-04", "boxes 100".
func (s *GraphSpec) String() string {
	if s.Text != "" {
		return s.Text
	}
	if s.Play != "" {
		return s.Play + " on " + (&GraphSpec{Generate: s.Generate, From: s.From, To: s.To, Boxes: s.Boxes, Grid: s.Grid, Edges: s.Edges}).String()
	}
	switch s.Generate {
	case "calendar":
		return fmt.Sprintf("calendar %s..%s", s.From.Format(time.DateOnly), s.To.Format(time.DateOnly))
	case "boxes":
		return fmt.Sprintf("boxes %d", s.Boxes)
	case "grid":
		return fmt.Sprintf("grid %d×%d", s.Grid[0], s.Grid[1])
	}
	return "edges " + filepath.Base(s.Edges)
}

// key identifies the graph: the edge list's full path, or the generator
// and its parameters.
func (s *GraphSpec) key() string {
	play := ""
	if s.Play != "" {
		play = s.Play + " on "
	}
	if s.Generate != "" {
		return s.String()
	}
	if s.Nodes != "" {
		return play + "edges " + s.Edges + " nodes " + s.Nodes
	}
	return play + "edges " + s.Edges
}

// maxCalendarDays and maxBoxes bound the built-in graphs.
const (
	maxCalendarDays = 10_000_000
	maxBoxes        = 20000
)

// graphRules is the graph kind: a game with the key graph, which says
// where its graph comes from.
var graphRules = kindRules{
	kind:     KindGraph,
	selector: "graph",
	refusal:  "a game on a graph has no %s: its positions are the graph's nodes",
	read: func(p *configParser, d gameDef, g *Game) (ok bool) {
		g.Graph, ok = p.graph(d.value, d.key)
		return ok
	},
	key:      func(g Game) string { return "graph:" + g.Graph.key() },
	ruleText: func(g Game) string { return "graph:" + g.Graph.String() },
	tableText: func(g Game) string {
		if g.Graph.Play != "" {
			return "outcome from every start node"
		}
		return "SG of every node"
	},
	outcomes: func(g Game) bool { return g.Graph.Play != "" },
}

// graph reads a game's graph: key (…graph) is its mapping n.
func (p *configParser) graph(n ast.Node, key string) (*GraphSpec, bool) {
	before := p.errs.n
	m, ok := p.fields(n, key, "edges", "nodes", "generate", "from", "to", "boxes", "grid", "play")
	if !ok {
		return nil, false
	}
	s := &GraphSpec{}
	path := func(k string, at *Place) string {
		e, ok := m[k]
		if !ok {
			return ""
		}
		v, ok := p.scalar(e.value, key+"."+k, "a file name")
		if !ok {
			return ""
		}
		if v == "" {
			p.errorf(e.value, key+"."+k, ErrBadValue, `""`, "an empty file name")
			return ""
		}
		*at = p.place(e.value, key+"."+k, quote(v))
		if !filepath.IsAbs(v) && p.file != "" {
			v = filepath.Join(filepath.Dir(p.file), v)
		}
		return v
	}
	s.Edges, s.Nodes = path("edges", &s.EdgesAt), path("nodes", &s.NodesAt)
	p.graphPlay(m, key, s)
	if e, ok := m["grid"]; ok {
		if _, gen := m["generate"]; gen {
			p.errorf(e.key, key+".grid", ErrBadValue, "", "a graph is given by grid or by generate, not both")
			return s, false
		}
		m["generate"] = entry{key: e.key, value: e.value}
		s.Generate = "grid"
	}
	gen, hasGen := m["generate"]
	_, hasEdges := m["edges"]
	switch {
	case hasGen && hasEdges:
		p.errorf(gen.key, key+".generate", ErrBadValue, "", "a graph is given by edges or by generate, not both")
		return s, false
	case !hasGen && !hasEdges:
		p.errorf(n, key+".edges", ErrMissing, "", "missing: the edge list (edges: FILE), or a built-in graph (generate: NAME)")
	case hasGen && s.Generate == "grid":
		p.grid(gen.value, key+".grid", s)
	case hasGen:
		if v, ok := p.scalar(gen.value, key+".generate", "the name of a built-in graph"); ok {
			s.Generate = v
		}
	}
	only := func(k, of string) {
		if e, ok := m[k]; ok && s.Generate != of {
			p.errorf(e.key, key+"."+k, ErrBadValue, "", "only the built-in graph %s has %s", of, k)
		}
	}
	only("from", "calendar")
	only("to", "calendar")
	only("boxes", "boxes")
	if _, ok := m["nodes"]; ok && s.Generate != "" {
		p.errorf(m["nodes"].key, key+".nodes", ErrBadValue, "", "a built-in graph has all its nodes")
	}
	switch s.Generate {
	case "", "grid":
	case "calendar":
		p.calendar(n, m, key, s, before)
	case "boxes":
		e, ok := m["boxes"]
		if !ok {
			p.errorf(n, key+".boxes", ErrMissing, "", "missing: the number of boxes")
			break
		}
		if v, ok := p.integer(e.value, key+".boxes"); ok {
			if v < 1 || v > maxBoxes {
				p.errorf(e.value, key+".boxes", ErrBadValue, describe(e.value), "must be from 1 to %d", maxBoxes)
			}
			s.Boxes = int(v)
		}
	default:
		p.errorf(gen.value, key+".generate", ErrBadValue, quote(s.Generate), "no such built-in graph; the built-in graphs are calendar, boxes (and grid: {n, m})")
	}
	return s, p.errs.n == before
}

// calendar reads the dates from and to of the built-in graph calendar
// (whose mapping m is at node n, path key) into s; before is how many
// problems the file had before the graph.
func (p *configParser) calendar(n ast.Node, m map[string]entry, key string, s *GraphSpec, before int) {
	for _, d := range []struct {
		k string
		t *time.Time
	}{{"from", &s.From}, {"to", &s.To}} {
		e, ok := m[d.k]
		if !ok {
			p.errorf(n, key+"."+d.k, ErrMissing, "", "missing: a date, YYYY-MM-DD")
			continue
		}
		if v, ok := p.scalar(e.value, key+"."+d.k, "a date, YYYY-MM-DD"); ok {
			t, err := time.Parse(time.DateOnly, v)
			if err != nil {
				p.errorf(e.value, key+"."+d.k, ErrBadValue, quote(v), "not a date, YYYY-MM-DD")
			}
			*d.t = t
		}
	}
	if p.errs.n == before {
		switch days := s.To.Sub(s.From).Hours() / 24; {
		case days < 0:
			p.errorf(m["to"].value, key+".to", ErrBadValue, quote(s.To.Format(time.DateOnly)), "before from")
		case days > maxCalendarDays:
			p.errorf(m["to"].value, key+".to", ErrTooLarge, quote(s.To.Format(time.DateOnly)), "more than %d days after from", maxCalendarDays)
		}
	}
}

// graphPlay reads how the graph is played (key play of the mapping m)
// into s.
func (p *configParser) graphPlay(m map[string]entry, key string, s *GraphSpec) {
	e, ok := m["play"]
	if !ok {
		return
	}
	v, ok := p.scalar(e.value, key+".play", "how the graph is played")
	switch {
	case !ok:
	case v == PlayVertexGeography, v == PlayEdgeGeography:
		s.Play, s.PlayAt = v, p.place(e.value, key+".play", quote(v))
	default:
		p.errorf(e.value, key+".play", ErrBadValue, quote(v), "unknown; the graph is played by moving tokens (no play key), as vertex-geography or as edge-geography")
	}
}

// grid reads the size of a built-in grid, the mapping {n, m} at node n,
// into s.
func (p *configParser) grid(n ast.Node, key string, s *GraphSpec) {
	m, ok := p.fields(n, key, "n", "m")
	if !ok {
		return
	}
	for i, k := range []string{"n", "m"} {
		e, ok := m[k]
		if !ok {
			p.errorf(n, key+"."+k, ErrMissing, "", "missing: the board's %s", []string{"rows", "columns"}[i])
			continue
		}
		if v, ok := p.integer(e.value, key+"."+k); ok {
			if v < 1 || v > MaxGrid {
				p.errorf(e.value, key+"."+k, ErrBadValue, describe(e.value), "must be from 1 to %d", MaxGrid)
			}
			s.Grid[i] = int(v)
		}
	}
	if sq := int64(s.Grid[0]) * int64(s.Grid[1]); s.Play == PlayEdgeGeography && sq > MaxEdgeGeographySquares {
		p.errorf(n, key, ErrTooLarge, fmt.Sprintf("%d×%d", s.Grid[0], s.Grid[1]), "edge geography is solved on grids of at most %d squares (its cost grows as the cube of the squares)", MaxEdgeGeographySquares)
	}
}
