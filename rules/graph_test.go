package rules

import (
	"strings"
	"testing"
	"time"
)

// TestGraphSpec checks that a game on a graph reads its spec: the edge
// list's paths resolved from the config's folder (an absolute one kept), or
// a built-in graph with its parameters, and its rule text and key.
func TestGraphSpec(t *testing.T) {
	games, err := Parse(strings.NewReader(`games:
  - name: a
    graph: {edges: data/e.csv, nodes: /abs/n.csv}
  - name: cal
    graph: {generate: calendar, from: 1900-01-01, to: 2001-11-04}
  - name: boxes
    graph: {generate: boxes, boxes: 30}
`), "/configs/g.yaml")
	if err != nil {
		t.Fatal(err)
	}
	a, cal, boxes := games[0].Graph, games[1].Graph, games[2].Graph
	if a.Edges != "/configs/data/e.csv" || a.Nodes != "/abs/n.csv" || games[0].RuleText() != "graph:edges e.csv" {
		t.Errorf("edges: %+v, %s", a, games[0].RuleText())
	}
	if cal.Generate != "calendar" || !cal.From.Equal(time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC)) || games[1].RuleText() != "graph:calendar 1900-01-01..2001-11-04" {
		t.Errorf("calendar: %+v, %s", cal, games[1].RuleText())
	}
	if boxes.Boxes != 30 || games[2].Key() != "graph:boxes 30" || games[0].Key() != "graph:edges /configs/data/e.csv nodes /abs/n.csv" {
		t.Errorf("boxes: %+v; keys %s, %s", boxes, games[2].Key(), games[0].Key())
	}
}
