package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestQueryGraphTokens writes random DAGs as CSV edge lists with string
// names, and checks sgtab query's answers for positions of one to three
// tokens against a game-tree search from the definition: a position is
// lost when every move (one token along one edge) leads to a won one, and
// every winning move listed leads to a lost one, with the count exact.
func TestQueryGraphTokens(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	checked := 0
	defer func() {
		if checked < 20 {
			t.Errorf("only %d graphs queried", checked)
		}
	}()
	for trial := range 30 {
		dir := t.TempDir()
		n := 3 + rng.IntN(12)
		succ := make([][]int, n)
		var inGraph []int // the nodes with an edge: those the graph has
		var csv strings.Builder
		csv.WriteString("from,to\n")
		for range 1 + rng.IntN(3*n) {
			a, b := rng.IntN(n), rng.IntN(n)
			if a <= b || slices.Contains(succ[a], b) {
				continue
			}
			succ[a] = append(succ[a], b)
			fmt.Fprintf(&csv, "v%d,v%d\n", a, b)
			inGraph = append(inGraph, a, b)
		}
		if strings.Count(csv.String(), "\n") == 1 {
			continue // no edges: no game
		}
		if err := os.WriteFile(filepath.Join(dir, "e.csv"), []byte(csv.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		config := filepath.Join(dir, "g.yaml")
		if err := os.WriteFile(config, []byte("name: g\ngraph: {edges: e.csv}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		// won reports whether the player to move wins with tokens on pos.
		memo := map[string]bool{}
		var won func(pos []int) bool
		won = func(pos []int) bool {
			key := fmt.Sprint(pos)
			if w, ok := memo[key]; ok {
				return w
			}
			w := false
			for i, v := range pos {
				for _, to := range succ[v] {
					next := slices.Clone(pos)
					next[i] = to
					if !won(next) {
						w = true
					}
				}
			}
			memo[key] = w
			return w
		}
		var lines []string
		var positions [][]int
		for range 10 {
			pos := make([]int, 1+rng.IntN(3))
			var words []string
			for i := range pos {
				pos[i] = inGraph[rng.IntN(len(inGraph))]
				words = append(words, fmt.Sprintf("v%d", pos[i]))
			}
			positions = append(positions, pos)
			lines = append(lines, strings.Join(words, " "))
		}
		posFile := filepath.Join(dir, "p.txt")
		if err := os.WriteFile(posFile, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		if code := run(t.Context(), []string{"query", "-json", "-moves", "-1", "-positions", posFile, config}, &stdout, &stderr); code != 0 {
			t.Fatalf("trial %d: status %d: %s", trial, code, stderr.String())
		}
		checked++
		dec := json.NewDecoder(&stdout)
		for i, pos := range positions {
			var a graphAnswer
			if err := dec.Decode(&a); err != nil {
				t.Fatal(err)
			}
			if a.FirstPlayerWins != won(pos) {
				t.Fatalf("trial %d, %s: first player wins %v, the search says %v", trial, lines[i], a.FirstPlayerWins, won(pos))
			}
			moves := 0
			for j, v := range pos {
				for _, to := range succ[v] {
					next := slices.Clone(pos)
					next[j] = to
					if !won(next) {
						moves++
					}
				}
			}
			if a.Count != int64(moves) || len(a.WinningMoves) != moves {
				t.Fatalf("trial %d, %s: %d winning moves listed (count %d), the search finds %d", trial, lines[i], len(a.WinningMoves), a.Count, moves)
			}
			for _, m := range a.WinningMoves {
				next := slices.Clone(pos)
				var to int
				fmt.Sscanf(m.To, "v%d", &to)
				next[m.Token-1] = to
				if won(next) || m.From != fmt.Sprintf("v%d", pos[m.Token-1]) {
					t.Fatalf("trial %d, %s: the move %+v does not win", trial, lines[i], m)
				}
			}
		}
	}
}

// TestRunGraphErrors checks that a graph with a cycle and a missing edge
// list each end the run with a clear error and exit status 1, writing no
// table.
func TestRunGraphErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	write("c.csv", "from,to\nstart,x\nx,y\ny,z\nz,x\n")
	for _, c := range []struct{ config, want string }{
		{write("cycle.yaml", "name: cycle\ngraph: {edges: c.csv}\n"), "cycle: the graph has a cycle, x → y → z → x"},
		{write("missing.yaml", "name: missing\ngraph: {edges: nowhere.csv}\n"), "missing: open " + filepath.Join(dir, "nowhere.csv") + ": no such file"},
	} {
		var stdout, stderr bytes.Buffer
		out := filepath.Join(dir, "out")
		code := run(t.Context(), []string{"run", "-plot", "none", "-out", out, c.config}, &stdout, &stderr)
		if code != 1 || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%s: status %d, %q; want 1 and %q", c.config, code, stderr.String(), c.want)
		}
		if tables, _ := filepath.Glob(filepath.Join(out, "*.parquet")); len(tables) > 0 {
			t.Errorf("%s: tables written: %v", c.config, tables)
		}
	}
}
