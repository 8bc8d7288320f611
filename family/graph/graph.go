// Package graph is the family of games on graphs (rules.KindGraph): tokens
// on the nodes of a finite directed graph, read from an edge list or built
// by name (package graph at the top of the module reads and builds them),
// moved along its edges. A game is solved in one piece, in reverse
// topological order, or, when its graph has cycles, by the retrograde
// labelling of the generalized SG function (graphgame.LoopyValues); its
// table is each node's value, drawn as a histogram.
package graph

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/sgtab/sgtab/compute/graphgame"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/family"
	graphs "github.com/sgtab/sgtab/graph"
	"github.com/sgtab/sgtab/plots"
	"github.com/sgtab/sgtab/rules"
)

func init() { family.Register(Family{}) }

// Family is the family of games on graphs.
type Family struct{}

// Kind returns rules.KindGraph.
func (Family) Kind() rules.Kind { return rules.KindGraph }

// Work returns 0: a graph is solved in one piece, reporting no progress.
func (Family) Work(rules.Game) int64 { return 0 }

// Cost returns no estimate: the graph is not read until it is solved.
func (Family) Cost(g rules.Game, workers int) family.Cost {
	return family.Cost{What: "solving its graph"}
}

// Tabulate reads g's graph, computes the value of every node and writes
// its table files and histogram (unsigned: such a table is never gone on
// from).
func (Family) Tabulate(ctx context.Context, g rules.Game, env *family.Env) (*family.Report, error) {
	start := time.Now()
	t, err := table(ctx, g)
	if err != nil {
		return nil, err
	}
	t.Elapsed, t.Created = time.Since(start), time.Now()
	out := env.Output
	out.Key = nil
	if t.Loopy != nil {
		var warn string
		if out, warn, err = family.LoopyOutput(g.Name, "its graph has cycles", out); err != nil {
			return nil, err
		} else if warn != "" {
			env.Say("sgtab: warning: %s\n", warn)
		}
	}
	files, err := Writers.Write(g.Name, t, out, nil)
	if err != nil {
		return nil, err
	}
	losing, draws, inf := outcomes(t)
	if out.Plot != "none" && inf < t.Nodes() { // a histogram of no finite value draws nothing
		path, err := writeHistogram(t, out)
		if err != nil {
			return nil, err
		}
		files = append(files, path)
	}
	nodes, edges := t.Nodes(), t.Edges
	s := &family.Summary{
		Name: g.Name, Rule: g.RuleText(), Start: "graph", Heaps: nodes - 1, MaxSG: t.G.Max(),
		Seconds: t.Elapsed.Seconds(), Files: files, Status: sg.None, Checksum: t.G.Checksum(),
		Play: "normal", Values: "SG", Nodes: &nodes, Edges: &edges, Losing: &losing,
	}
	if g.Graph.Play != "" {
		s.Play, s.Values, s.Outcomes = g.Graph.Play, "outcome", true
	}
	if t.Loopy != nil {
		s.Values, s.Infinite, s.Draws = export.ValuesGeneralized, &inf, &draws
	}
	row := export.Summary{
		Name: g.Name, Rule: s.Rule, Start: "graph", Heaps: s.Heaps, Status: sg.None,
		MaxSG: s.MaxSG, Checksum: s.Checksum, Seconds: s.Seconds, Play: s.Play, Values: s.Values,
	}
	return &family.Report{Summary: s, Row: row, Text: Text(s)}, nil
}

// Writers are the writers of a graph table (node and sg), by format.
var Writers = family.Writers[*graphgame.GraphTable]{
	"parquet": export.WriteGraphParquet, "arrow": export.WriteGraphIPC, "csv": export.WriteGraphCSV,
}

// Text writes the summary s of a game on a graph as run prints it.
func Text(s *family.Summary) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-20s graph          nodes %-10d max SG %-7d %7.2fs  %s\n", s.Name, *s.Nodes, s.MaxSG, s.Seconds, family.FilesPattern(s.Files))
	lost := "(SG = 0)"
	if s.Outcomes {
		lost = "(the player to move loses from them)"
	}
	fmt.Fprintf(&b, "    moves %s: %d %s\n    %d losing %s %s\n",
		s.Rule, *s.Edges, family.Plural(int(min(*s.Edges, 2)), "edge"), *s.Losing, family.Plural(*s.Losing, "node"), lost)
	if s.Infinite != nil {
		fmt.Fprintf(&b, "    cycles: %d %s of value ∞, %d of them drawn\n", *s.Infinite, family.Plural(*s.Infinite, "node"), *s.Draws)
	}
	fmt.Fprintf(&b, "    checksum %s\n", s.Checksum)
	return b.String()
}

// writeHistogram draws the histogram of a game on a graph's values into
// out.Dir as out.Plot.
func writeHistogram(t *graphgame.GraphTable, out family.Output) (string, error) {
	return family.DrawFigure(t.Game.Name, family.Figure{Suffix: "-histogram", Draw: func() (*plot.Plot, error) { return plots.GraphHistogram(t) }, W: 8 * vg.Inch, H: 4 * vg.Inch}, out)
}

// Plot draws the histogram of the stored graph table f.
func (Family) Plot(f *export.File, out family.Output) (files, notes []string, err error) {
	return family.Drawn(writeHistogram(f.Graph, out))
}

// Verify checks the values (and in geography the winning moves) of a game
// on a graph that sgtab builds itself
// (graphs.Load of a generated graph, from the table's config) against the
// values computed again; a graph read from an edge list is not in the
// table, so its values are checked by their checksums only.
func (Family) Verify(ctx context.Context, f *export.File, workers int, meter family.Meter) (string, error) {
	t := f.Graph
	spec := generatedSpec(t)
	if spec == nil {
		return "the checksums only: the edge list the values were computed from is not in the table", nil
	}
	want, err := table(ctx, rules.Game{Graph: spec})
	if err != nil {
		return "", family.Cause(ctx, err)
	}
	if want.Nodes() != t.Nodes() {
		return "", fmt.Errorf("the graph %s has %d nodes, the table %d", spec, want.Nodes(), t.Nodes())
	}
	if (want.Loopy == nil) != (t.Loopy == nil) {
		return "", fmt.Errorf("the table holds %s, but the graph %s has %s: these are not the values of its game",
			valueKind(t), spec, valueKind(want))
	}
	for v := range t.Nodes() {
		if want.Name(v) != t.Name(v) || want.G.At(v) != t.G.At(v) {
			return "", fmt.Errorf("node %s: value %d, but the graph %s gives node %s the value %d: these are not the values of its game",
				t.Name(v), t.G.At(v), spec, want.Name(v), want.G.At(v))
		}
	}
	moves := ""
	switch {
	case want.Moves != nil && t.Moves == nil:
		moves = " (the table holds no winning moves: a CSV table keeps the outcomes only)"
	case want.Moves == nil && t.Moves != nil:
		return "", fmt.Errorf("the table holds winning moves, but the graph %s is no game of geography: these are not the values of its game", spec)
	}
	for v, w := range want.Moves {
		if t.Moves != nil && w != t.Moves[v] {
			return "", fmt.Errorf("node %s: the winning move %s, but the graph %s gives %s: these are not the moves of its game",
				t.Name(v), moveName(t, t.Moves[v]), spec, moveName(want, w))
		}
	}
	if t.Loopy != nil {
		ng, err := graphs.Load(spec)
		if err != nil {
			return "", err
		}
		if err := graphgame.VerifyLoopy(ng.Graph, t.Loopy); err != nil {
			return "", fmt.Errorf("the graph %s: %w: these are not the values of its game", spec, err)
		}
	}
	return fmt.Sprintf("every value, the graph %s built and solved again%s", spec, moves), nil
}

// valueKind says what kind of values t holds.
func valueKind(t *graphgame.GraphTable) string {
	if t.Loopy != nil {
		return "generalized values (its graph has cycles)"
	}
	return "SG values (its graph has no cycle)"
}

// generatedSpec returns the graph of the stored table t when sgtab builds
// it itself (a generated graph: calendar, boxes, grid), from the config in
// t's metadata; nil when the graph comes from an edge list, which the
// table does not hold.
func generatedSpec(t *graphgame.GraphTable) *rules.GraphSpec {
	games, err := rules.Parse(strings.NewReader(t.Game.Config), t.Game.Name+".yaml")
	if err != nil {
		return nil
	}
	for _, g := range games {
		if g.Name == t.Game.Name && g.Kind() == rules.KindGraph && g.Graph.Generate != "" {
			return g.Graph
		}
	}
	return nil
}

// moveName names the node of t a winning move goes to, "none" for -1.
func moveName(t *graphgame.GraphTable, w int32) string {
	if w < 0 {
		return "none"
	}
	return t.Name(int(w))
}

// Check returns a problem, at its key, for each file named by the game g
// (graph.edges, graph.nodes) that cannot be found, naming the path it
// resolves to (from the config's folder).
func (Family) Check(g rules.Game) []error {
	var problems []error
	for _, f := range []struct {
		path string
		at   rules.Place
	}{{g.Graph.Edges, g.Graph.EdgesAt}, {g.Graph.Nodes, g.Graph.NodesAt}} {
		if f.path == "" {
			continue
		}
		if _, err := os.Stat(f.path); err != nil {
			problems = append(problems, f.at.Problem(rules.ErrNotFile, "%v", family.FileProblem{Err: err}))
		}
	}
	return problems
}

// table reads g's graph and computes the value of every node: its SG
// value, its generalized SG value on a graph with cycles, or who wins
// from it in a game of geography (geographyTable).
func table(ctx context.Context, g rules.Game) (*graphgame.GraphTable, error) {
	if g.Graph.Play != "" {
		return geographyTable(ctx, g)
	}
	ng, err := graphs.Load(g.Graph)
	if err != nil {
		return nil, err
	}
	t := &graphgame.GraphTable{Game: g, Ints: ng.Ints, Strings: ng.Strings, Edges: ng.Edges(), EdgesCRC: ng.CRC}
	return t, solve(ctx, ng, t)
}

// solve gives t the values of the nodes of ng: their SG values, or, when
// the graph has a cycle, their generalized SG values (graphgame.LoopyValues).
func solve(ctx context.Context, ng *graphs.Named, t *graphgame.GraphTable) error {
	vs, err := graphgame.GraphValues(ctx, ng.Graph)
	if _, ok := errors.AsType[*graphgame.CycleError](err); ok {
		vals, err := graphgame.LoopyValues(ctx, ng.Graph)
		if err != nil {
			return err
		}
		t.SetLoopy(vals)
		return nil
	}
	if err != nil {
		return err
	}
	t.G = sg.ValuesOf(vs)
	return nil
}

// outcomes counts the nodes of t that are lost (value 0), of value ∞, and
// drawn.
func outcomes(t *graphgame.GraphTable) (losing, draws, inf int) {
	for v := range t.Nodes() {
		switch {
		case t.Loopy != nil && t.Loopy[v].Inf:
			inf++
			if t.Loopy[v].Outcome() == sg.D {
				draws++
			}
		case t.G.At(v) == 0:
			losing++
		}
	}
	return losing, draws, inf
}
