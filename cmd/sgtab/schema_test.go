package main

import (
	"bufio"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// TestQueryJSONSchema answers a position of every kind of answer with
// query -json — sums of heaps (normal and misère play), a point of a
// board, a state game's outcome, tokens on a graph, tokens on a graph with
// cycles (won and drawn), a scripted game's positions that repeat, a
// start of geography, cards on a staircase, a misère quotient's position
// — and validates each line against docs/query-answer.schema.json, and
// that its kind is the one expected: every kind has the same fields,
// where heap games wrote first_player_wins and winning_moves and graphs
// with draws outcome and moves.
func TestQueryJSONSchema(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	schema, err := c.Compile(filepath.Join(root, "docs", "query-answer.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	config := func(name string) string { return filepath.Join(root, "configs", name) }
	chdir(t)
	writeFiles(t, map[string]string{
		"cycle.csv":  "from,to\na,b\nb,a\nx,y\n",
		"cycle.yaml": "name: cycle\ngraph: {edges: cycle.csv}\n",
	})
	seen := map[string]bool{}
	for _, tc := range []struct {
		kind string
		args []string
	}{
		{"sum", []string{config("nim.yaml"), "5", "7", "9"}},
		{"sum", []string{config("nim.yaml"), "5", "5"}},
		{"sum", []string{config("wythoff.yaml"), "4,6"}},
		{"sum", []string{config("fibonacci-nim.yaml"), "10"}},
		{"sum", []string{config("bash-misere.yaml"), "5", "6", "7"}},
		{"sum", []string{config("bash-misere.yaml"), "0", "0"}},
		{"sum", []string{config("octal-0.77-kayles.yaml"), "1000000000"}},
		{"sum", []string{config("script-kayles.yaml"), "5", "7"}},
		{"tokens", []string{config("calendar.yaml"), "2001-11-03"}},
		{"loopy", []string{"cycle.yaml", "a"}},
		{"loopy", []string{"cycle.yaml", "x"}},
		{"loopy", []string{config("script-berzerk.yaml"), "3"}},
		{"geography", []string{config("hdu1564-board-walk.yaml"), "0,0"}},
		{"staircase", []string{"-staircase", config("hdu3389-boxes.yaml"), "2", "0", "1", "3"}},
		{"staircase", []string{"-staircase", config("hdu3389-boxes.yaml"), "2", "1", "1", "3"}},
		{"quotient", []string{"-quotient", "10", config("octal-0.77-kayles.yaml"), "3", "5"}},
	} {
		code, stdout, stderr := sgtab(t, append([]string{"query", "-json", "-moves", "3"}, tc.args...)...)
		if code != 0 {
			t.Errorf("query %s: status %d\n%s", strings.Join(tc.args, " "), code, stderr)
			continue
		}
		sc := bufio.NewScanner(strings.NewReader(stdout))
		for sc.Scan() {
			v, err := jsonschema.UnmarshalJSON(strings.NewReader(sc.Text()))
			if err != nil {
				t.Fatalf("query %s: %v\n%s", strings.Join(tc.args, " "), err, sc.Text())
			}
			if err := schema.Validate(v); err != nil {
				t.Errorf("query %s: %s\ndoes not fit the schema: %v", strings.Join(tc.args, " "), sc.Text(), err)
			}
			var head struct{ Kind, Outcome string }
			if err := json.Unmarshal(sc.Bytes(), &head); err != nil || head.Kind != tc.kind {
				t.Errorf("query %s: kind %q, want %q", strings.Join(tc.args, " "), head.Kind, tc.kind)
			}
			seen[head.Kind+" "+head.Outcome] = true
		}
	}
	// Every kind, and the three outcomes, were met.
	for _, want := range []string{"sum N", "sum P", "tokens N", "loopy D", "geography N", "staircase P", "staircase N", "quotient N"} {
		if !seen[want] {
			t.Errorf("no answer of kind and outcome %q among %v", want, seen)
		}
	}
}
