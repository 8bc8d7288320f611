package script_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute/graphgame"
	"github.com/sgtab/sgtab/compute/internal/brute"
	"github.com/sgtab/sgtab/compute/script"
	"github.com/sgtab/sgtab/compute/sg"
)

// A loopyScriptGame is a game given as an explicit small graph: node v either
// moves to moves[v], or, when parts[v] is not nil, is the sum of the games
// of its parts (a part twice counts twice).
type loopyScriptGame struct {
	moves, parts [][]int
}

// randomLoopyScriptGame returns a random game of k nodes: each a sum of one to
// three parts with probability 0.3 (but never of itself alone), else a
// node moving to each node (itself too) with probability p.
func randomLoopyScriptGame(r *rand.Rand, k int, p float64) loopyScriptGame {
	b := loopyScriptGame{moves: make([][]int, k), parts: make([][]int, k)}
	for v := range k {
		if r.Float64() < 0.3 {
			for len(b.parts[v]) == 0 || slices.Equal(b.parts[v], []int{v}) {
				b.parts[v] = nil
				for range 1 + r.IntN(3) {
					b.parts[v] = append(b.parts[v], r.IntN(k))
				}
			}
			continue
		}
		b.moves[v] = []int{}
		for w := range k {
			if r.Float64() < p {
				b.moves[v] = append(b.moves[v], w)
			}
		}
	}
	return b
}

// script writes b as a config of a scripted game whose start(n) is node n.
func (b loopyScriptGame) script() string {
	var m, p []string
	for v := range b.moves {
		if b.parts[v] != nil {
			p = append(p, fmt.Sprintf("%d: %s", v, intList(b.parts[v])))
			m = append(m, fmt.Sprintf("%d: []", v))
			continue
		}
		m = append(m, fmt.Sprintf("%d: %s", v, intList(b.moves[v])))
	}
	return fmt.Sprintf("name: b\nheaps: %d\nscript: |\n  M = {%s}\n  P = {%s}\n"+
		"  def start(n):\n      return n\n  def moves(p):\n      return M[p]\n  def parts(p):\n      return P.get(p, [p])\n",
		len(b.moves)-1, strings.Join(m, ", "), strings.Join(p, ", "))
}

func intList(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// partsCycle reports whether some node that is a sum can reach itself by
// going to its parts and its moves: a sum that is part of itself.
func (b loopyScriptGame) partsCycle() bool {
	deps := func(v int) []int {
		if b.parts[v] != nil {
			return b.parts[v]
		}
		return b.moves[v]
	}
	for v := range b.parts {
		if b.parts[v] == nil {
			continue
		}
		seen := map[int]bool{}
		stack := slices.Clone(b.parts[v])
		for len(stack) > 0 {
			w := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if w == v {
				return true
			}
			if !seen[w] {
				seen[w] = true
				stack = append(stack, deps(w)...)
			}
		}
	}
	return false
}

// flatten appends the nodes that move of the game of node v: v itself,
// or the nodes of its parts'.
func (b loopyScriptGame) flatten(out []int, v int) []int {
	if b.parts[v] == nil {
		return append(out, v)
	}
	for _, w := range b.parts[v] {
		out = b.flatten(out, w)
	}
	return out
}

// A bruteState is a position of the sum game: the nodes of its tokens,
// sorted, and a Nim heap of Heap tokens beside them.
type bruteState struct {
	tokens string // the sorted nodes, as text
	heap   int
}

func stateOf(nodes []int, heap int) bruteState {
	s := slices.Clone(nodes)
	slices.Sort(s)
	return bruteState{fmt.Sprint(s), heap}
}

func (s bruteState) nodes() []int {
	var out []int
	for f := range strings.FieldsSeq(strings.Trim(s.tokens, "[]")) {
		var v int
		fmt.Sscan(f, &v)
		out = append(out, v)
	}
	return out
}

// followers returns the positions a move of s leads to: one token moved
// along a move of its node (a sum put down as its parts), or the heap
// made smaller; withHeap false leaves the heap alone.
func (b loopyScriptGame) followers(s bruteState, withHeap bool) []bruteState {
	var out []bruteState
	nodes := s.nodes()
	for i, v := range nodes {
		if i > 0 && nodes[i-1] == v {
			continue
		}
		rest := slices.Delete(slices.Clone(nodes), i, i+1)
		for _, w := range b.moves[v] {
			out = append(out, stateOf(b.flatten(slices.Clone(rest), w), s.heap))
		}
	}
	for h := 0; withHeap && h < s.heap; h++ {
		out = append(out, bruteState{s.tokens, h})
	}
	return out
}

// bruteSolve returns the outcome of every position reachable from roots,
// by retrograde analysis of the explicit game graph: no move, lost; a
// move to a lost position, won; every move to a won one, lost; the rest
// drawn. It returns false when there are more than limit positions.
func (b loopyScriptGame) bruteSolve(roots []bruteState, limit int) (map[bruteState]sg.Outcome, bool) {
	succ := map[bruteState][]bruteState{}
	queue := slices.Clone(roots)
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		if _, ok := succ[s]; ok {
			continue
		}
		if len(succ) > limit {
			return nil, false
		}
		succ[s] = b.followers(s, true)
		queue = append(queue, succ[s]...)
	}
	id := map[bruteState]int{}
	var states []bruteState
	for s := range succ {
		id[s] = len(states)
		states = append(states, s)
	}
	next := make([][]int, len(states))
	for i, s := range states {
		for _, t := range succ[s] {
			next[i] = append(next[i], id[t])
		}
	}
	out := map[bruteState]sg.Outcome{}
	for i, o := range brute.Outcomes(next) {
		out[states[i]] = o
	}
	return out, true
}

// bruteValue returns the generalized SG value of the tokens of s by the
// definition through sums: it is a when the sum with a Nim heap of a is
// lost (at most one a can be), and else ∞(K), K the finite values of
// its followers.
func (b loopyScriptGame) bruteValue(out map[bruteState]sg.Outcome, s bruteState, maxHeap int, deep bool) sg.Generalized {
	for a := range maxHeap + 1 {
		if out[bruteState{s.tokens, a}] == sg.P {
			return sg.Generalized{Value: uint32(a)}
		}
	}
	x := sg.Generalized{Inf: true, K: []uint32{}}
	if !deep {
		return x
	}
	for _, f := range b.followers(s, false) {
		if y := b.bruteValue(out, f, maxHeap, false); !y.Inf {
			x.K = append(x.K, y.Value)
		}
	}
	slices.Sort(x.K)
	x.K = slices.Compact(x.K)
	return x
}

// TestLoopyScriptsMatchBruteForce checks the generalized values of random
// small scripted games whose positions repeat, some of whose positions
// are sums of parts, against a brute force from the definition: the
// explicit game of each start, its sums put down as tokens on the nodes
// of their parts, analysed backwards. The outcome of every start, and its
// value (read from the outcomes of its sums with Nim heaps), must agree;
// a game with a sum that is part of itself must be refused with a cycle.
func TestLoopyScriptsMatchBruteForce(t *testing.T) {
	games := 200
	if os.Getenv("SGTAB_LONG") != "" {
		games = 3000
	}
	r := rand.New(rand.NewPCG(19, 66))
	checked, refused, draws := 0, 0, 0
	const maxHeap = 16
	// Smith's rules by hand first: node 1, a loop with an exit to 0, is
	// ∞(0); node 2 is *1, node 5 *2; 3 = ∞(0) + *1 = ∞(1), a draw; 4 =
	// ∞(0) + ∞(0) = ∞(), a draw; 6 = ∞(0) + *2 = ∞(2); 7 = *1 + *2 = 3.
	smith := loopyScriptGame{
		moves: [][]int{{}, {1, 0}, {0}, nil, nil, {0, 2}, nil, nil},
		parts: [][]int{nil, nil, nil, {1, 2}, {1, 1}, nil, {5, 1}, {2, 5}},
	}
	for i := range games {
		b := smith
		if i > 0 {
			b = randomLoopyScriptGame(r, 3+r.IntN(5), 0.05+0.25*r.Float64())
		}
		sp, err := script.Explore(t.Context(), scriptGame(t, b.script()), sg.Options{Workers: 1})
		if b.partsCycle() {
			if _, ok := errors.AsType[*graphgame.CycleError](err); !ok {
				t.Fatalf("game %d %+v: a sum is part of itself, but the error is %v", i, b, err)
			}
			refused++
			continue
		}
		if err != nil {
			t.Fatalf("game %d %+v: %v", i, b, err)
		}
		var roots []bruteState
		for v := range b.moves {
			for h := range maxHeap + 1 {
				roots = append(roots, stateOf(b.flatten(nil, v), h))
			}
		}
		out, ok := b.bruteSolve(roots, 200000)
		if !ok {
			continue
		}
		checked++
		for v, id := range sp.Starts {
			got := sp.Value(id)
			s := stateOf(b.flatten(nil, v), 0)
			if want := out[s]; got.Outcome() != want {
				t.Fatalf("game %d %+v: start(%d) has value %v, outcome %c; the brute force says %c", i, b, v, got, got.Outcome(), want)
			}
			if want := b.bruteValue(out, s, maxHeap, true); want.String() != got.String() {
				t.Fatalf("game %d %+v: start(%d) has value %v; the brute force says %v", i, b, v, got, want)
			}
			if got.Outcome() == sg.D {
				draws++
			}
		}
	}
	if checked < games/4 || refused == 0 || draws == 0 {
		t.Errorf("%d games checked, %d refused, %d drawn starts: too few to tell", checked, refused, draws)
	}
	t.Logf("%d games checked (%d drawn starts), %d refused", checked, draws, refused)
}
