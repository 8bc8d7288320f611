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

	"github.com/sgtab/sgtab/graph"
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
		{write("missing.yaml", "name: missing\ngraph: {edges: nowhere.csv}\n"), "missing.yaml:2:16: graph.edges: " + filepath.Join(dir, "nowhere.csv") + ": no such file"},
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

// TestStaircase checks staircase positions on the boxes of HDU 3389: the
// odd boxes are those whose number is 0, 2 or 5 mod 6, as published; every
// position of up to two cards on each of boxes 1..6 is won or lost as a
// game-tree search from the definition says, with every winning move
// listed; and a graph whose nodes do not 2-colour is refused.
func TestStaircase(t *testing.T) {
	ng, err := graph.Boxes(1000)
	if err != nil {
		t.Fatal(err)
	}
	odd, err := oddNodes(ng)
	if err != nil {
		t.Fatal(err)
	}
	for v, o := range odd {
		if b := ng.Ints[v] % 6; o != (b == 0 || b == 2 || b == 5) {
			t.Fatalf("box %d: odd %v", ng.Ints[v], o)
		}
	}

	dir := t.TempDir()
	config := filepath.Join(dir, "boxes.yaml")
	if err := os.WriteFile(config, []byte("name: boxes\ngraph: {generate: boxes, boxes: 6}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	small, err := graph.Boxes(6)
	if err != nil {
		t.Fatal(err)
	}
	// won reports whether the player to move wins with counts c on boxes 1..6.
	memo := map[[6]int]bool{}
	var won func(c [6]int) bool
	won = func(c [6]int) bool {
		if w, ok := memo[c]; ok {
			return w
		}
		w := false
		for v := range 6 {
			for _, to := range small.Successors(v) {
				for k := 1; k <= c[v]; k++ {
					next := c
					next[v] -= k
					next[to] += k
					if !won(next) {
						w = true
					}
				}
			}
		}
		memo[c] = w
		return w
	}
	var lines []string
	var positions [][6]int
	for code := range 729 { // 3^6: up to two cards a box
		var c [6]int
		words := make([]string, 6)
		for v, x := 0, code; v < 6; v, x = v+1, x/3 {
			c[v] = x % 3
			words[v] = fmt.Sprint(c[v])
		}
		positions = append(positions, c)
		lines = append(lines, strings.Join(words, " "))
	}
	posFile := filepath.Join(dir, "p.txt")
	if err := os.WriteFile(posFile, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run(t.Context(), []string{"query", "-staircase", "-json", "-moves", "-1", "-positions", posFile, config}, &stdout, &stderr); code != 0 {
		t.Fatalf("status %d: %s", code, stderr.String())
	}
	dec := json.NewDecoder(&stdout)
	for i, c := range positions {
		var a stairAnswer
		if err := dec.Decode(&a); err != nil {
			t.Fatal(err)
		}
		if a.FirstPlayerWins != won(c) {
			t.Fatalf("cards %s: first player wins %v, the search says %v", lines[i], a.FirstPlayerWins, won(c))
		}
		wins := 0
		for v := range 6 {
			for _, to := range small.Successors(v) {
				for k := 1; k <= c[v]; k++ {
					next := c
					next[v] -= k
					next[to] += k
					if !won(next) {
						wins++
					}
				}
			}
		}
		if a.Count != int64(wins) {
			t.Fatalf("cards %s: %d winning moves, the search finds %d", lines[i], a.Count, wins)
		}
		for _, m := range a.WinningMoves {
			var from, to int
			fmt.Sscan(m.From, &from)
			fmt.Sscan(m.To, &to)
			next := c
			next[from-1] -= int(m.Cards)
			next[to-1] += int(m.Cards)
			if won(next) {
				t.Fatalf("cards %s: the move %+v does not win", lines[i], m)
			}
		}
	}

	// a → b → c and a → c: c is a sink (even), so b is odd and a both.
	if err := os.WriteFile(filepath.Join(dir, "t.csv"), []byte("from,to\na,b\nb,c\na,c\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tri := filepath.Join(dir, "t.yaml")
	if err := os.WriteFile(tri, []byte("name: tri\ngraph: {edges: t.csv}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout.Reset()
	stderr.Reset()
	if code := run(t.Context(), []string{"query", "-staircase", tri, "1", "0", "0"}, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "joins two nodes of one colour") {
		t.Errorf("a graph that does not 2-colour: status %d, %q", code, stderr.String())
	}
}
