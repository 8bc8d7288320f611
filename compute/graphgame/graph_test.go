package graphgame_test

import (
	"errors"
	"fmt"
	"github.com/sgtab/sgtab/compute/graphgame"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// graphSG is the SG value of node v from the definition, by recursion over
// the edge list: the least value no move leads to.
func graphSG(v int, from, to []int32, memo map[int]uint32) uint32 {
	if x, ok := memo[v]; ok {
		return x
	}
	seen := map[uint32]bool{}
	for i, u := range from {
		if int(u) == v {
			seen[graphSG(int(to[i]), from, to, memo)] = true
		}
	}
	x := uint32(0)
	for seen[x] {
		x++
	}
	memo[v] = x
	return x
}

// TestGraphValues checks the values of random DAGs (edges from a node to
// a later one in a random order of the nodes, duplicates among them)
// against the definition.
func TestGraphValues(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 15))
	for trial := range 300 {
		n := 1 + rng.IntN(60)
		order := rng.Perm(n)
		var from, to []int32
		for range rng.IntN(4 * n) {
			a, b := rng.IntN(n), rng.IntN(n)
			if a == b {
				continue
			}
			if a > b {
				a, b = b, a
			}
			from, to = append(from, int32(order[a])), append(to, int32(order[b]))
			if rng.IntN(10) == 0 { // a duplicate edge
				from, to = append(from, int32(order[a])), append(to, int32(order[b]))
			}
		}
		g := graphgame.NewGraph(n, from, to)
		got, err := graphgame.GraphValues(t.Context(), g)
		if err != nil {
			t.Fatal(err)
		}
		memo := map[int]uint32{}
		for v := range n {
			if want := graphSG(v, from, to, memo); got[v] != want {
				t.Fatalf("trial %d: SG(%d) = %d, want %d", trial, v, got[v], want)
			}
		}
		for v := range n {
			if s := g.Successors(v); !slices.IsSorted(s) || len(slices.Compact(slices.Clone(s))) != len(s) {
				t.Fatalf("trial %d: successors of %d: %v", trial, v, s)
			}
		}
	}
}

// TestGraphCycles checks that a self-loop, a 2-cycle and a long cycle are
// each reported, with a real cycle of the graph.
func TestGraphCycles(t *testing.T) {
	long := func(n int) (from, to []int32) {
		for v := range n {
			from, to = append(from, int32(v)), append(to, int32((v+1)%n))
		}
		return append(from, 0), append(to, int32(n)) // and a way out
	}
	lf, lt := long(100000)
	for _, c := range []struct {
		name     string
		n        int
		from, to []int32
		length   int
	}{
		{"self-loop", 3, []int32{0, 1, 1}, []int32{1, 1, 2}, 1},
		{"2-cycle", 4, []int32{0, 1, 2, 2}, []int32{1, 2, 1, 3}, 2},
		{"long cycle", 100001, lf, lt, 100000},
	} {
		g := graphgame.NewGraph(c.n, c.from, c.to)
		_, err := graphgame.GraphValues(t.Context(), g)
		var ce *graphgame.CycleError
		if !errors.As(err, &ce) {
			t.Fatalf("%s: %v, want a cycle", c.name, err)
		}
		if len(ce.Nodes) != c.length {
			t.Errorf("%s: a cycle of %d nodes, want %d", c.name, len(ce.Nodes), c.length)
		}
		for i, v := range ce.Nodes {
			w := ce.Nodes[(i+1)%len(ce.Nodes)]
			if _, ok := slices.BinarySearch(g.Successors(v), int32(w)); !ok {
				t.Fatalf("%s: no edge %d → %d on the reported cycle", c.name, v, w)
			}
		}
	}
}

// TestCycleErrorMessage checks that a cycle is named on one line of
// bounded length however long it is: in full up to 8 nodes, otherwise by
// its first and last four nodes and its length, each name cut to 64 bytes;
// a cycle of 10^6 nodes found in a graph gives a message of a few hundred
// bytes, not megabytes.
func TestCycleErrorMessage(t *testing.T) {
	const tail = ": its game may never end, and has no SG values (LoopyValues gives its generalized ones)"
	seq := func(n int) []int {
		vs := make([]int, n)
		for i := range vs {
			vs[i] = i
		}
		return vs
	}
	letters := func(v int) string { return string(rune('a' + v)) }
	long := strings.Repeat("é", 5000)
	for _, c := range []struct {
		name string
		err  *graphgame.CycleError
		want string
	}{
		{"three", &graphgame.CycleError{Nodes: []int{0, 1, 2}, Name: letters}, "the graph has a cycle, a → b → c → a"},
		{"self-loop", &graphgame.CycleError{Nodes: []int{7}}, "the graph has a cycle, 7 → 7"},
		{"eight", &graphgame.CycleError{Nodes: seq(8), Name: letters}, "the graph has a cycle, a → b → c → d → e → f → g → h → a"},
		{"nine", &graphgame.CycleError{Nodes: seq(9), Name: letters}, "the graph has a cycle of 9 nodes, a → b → c → d → … → f → g → h → i → a"},
		{"a million", &graphgame.CycleError{Nodes: seq(1_000_000), Name: func(v int) string { return fmt.Sprintf("node-%d", v) }},
			"the graph has a cycle of 1000000 nodes, node-0 → node-1 → node-2 → node-3 → … → node-999996 → node-999997 → node-999998 → node-999999 → node-0"},
		{"long names", &graphgame.CycleError{Nodes: []int{0, 1}, Name: func(v int) string { return fmt.Sprint(v) + long }},
			"the graph has a cycle, 0" + strings.Repeat("é", 31) + "… → 1" + strings.Repeat("é", 31) + "… → 0" + strings.Repeat("é", 31) + "…"},
	} {
		if got := c.err.Error(); got != c.want+tail {
			t.Errorf("%s: %q, want %q", c.name, got, c.want+tail)
		}
	}

	// A ring of 10^6 nodes, found by GraphValues.
	const n = 1_000_000
	from, to := make([]int32, n), make([]int32, n)
	for i := range n {
		from[i], to[i] = int32(i), int32((i+1)%n)
	}
	_, err := graphgame.GraphValues(t.Context(), graphgame.NewGraph(n, from, to))
	if err == nil || !strings.Contains(err.Error(), "a cycle of 1000000 nodes") || len(err.Error()) > 300 {
		t.Errorf("a ring of 10^6 nodes: %d bytes, %.300v", len(err.Error()), err)
	}
}
