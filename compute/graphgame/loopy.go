package graphgame

import (
	"context"
	"fmt"
	"slices"

	"github.com/sgtab/sgtab/compute/sg"
)

// Labels of nodes in LoopyValues besides the finite values.
const (
	unlabelled = -1
	infinite   = -2
)

// LoopyValues returns the generalized Sprague-Grundy value of every node
// of g, a graph that may have cycles (on an acyclic graph, every value is
// finite and is the SG value). It labels the nodes by the retrograde
// algorithm of Fraenkel and Yesha, for m = 0, 1, 2, … in turn:
//
//  1. while some unlabelled node u has no follower labelled m, and every
//     follower of u that is unlabelled or labelled ∞ has a follower
//     labelled m, label u with m;
//  2. label ∞ every unlabelled node with no follower labelled m (it lacks
//     a follower of value m, so its value is above no m' ≥ m);
//
// until no node is unlabelled; a node labelled ∞ gets ∞(K), K the finite
// values of its followers. Each stage costs O(V + E) over the nodes still
// unlabelled and their edges, so the whole costs O((V + E)·(M + 1)) with
// M the largest finite value. It returns ctx.Err() when ctx is cancelled.
func LoopyValues(ctx context.Context, g *Graph) ([]sg.Generalized, error) {
	return LoopyValuesGiven(ctx, g, nil)
}

// A Given is a node of a graph whose value is given, not labelled:
// its game is played elsewhere (a sum of parts), and the node, which has
// no followers in the graph, stands for it.
type Given struct {
	Node  int32
	Value sg.Generalized
}

// LoopyValuesGiven is LoopyValues on a graph some of whose nodes have their
// values given (in increasing order of node): the labelling takes such a
// node as a node of that value, labelled a at stage a when the value a is
// finite (and ∞ from the start otherwise), that has a follower labelled m
// at each stage m where it reaches m. A game's generalized value says
// what it does in every sum (Smith), so a follower may stand for any game
// of its value.
func LoopyValuesGiven(ctx context.Context, g *Graph, given []Given) ([]sg.Generalized, error) {
	n := g.Nodes()
	pred := g.Reverse()
	lab := make([]int64, n)
	for v := range lab {
		lab[v] = unlabelled
	}
	for _, gv := range given {
		if gv.Value.Inf {
			lab[gv.Node] = infinite
		}
	}
	active := make([]int32, 0, n)
	for v := range n {
		if lab[v] == unlabelled {
			active = append(active, int32(v))
		}
	}
	reach := make([]uint32, n) // reach[w] == m+1: w has a follower labelled m
	cnt := make([]int32, n)
	for m := int64(0); len(active) > 0; m++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		loopyStage(g, pred, lab, active, reach, cnt, m, given)
		kept := active[:0]
		for _, u := range active {
			switch {
			case lab[u] != unlabelled:
			case reach[u] != uint32(m+1):
				lab[u] = infinite
			default:
				kept = append(kept, u)
			}
		}
		active = kept
	}
	out := generalizedOf(g, lab)
	for _, gv := range given {
		out[gv.Node] = gv.Value
	}
	return out, nil
}

// loopyStage labels with m the nodes step 1 of LoopyValues labels, among
// the unlabelled nodes active. cnt[u] counts u's followers that are
// unlabelled or ∞ and have no follower labelled m yet; u is labelled once
// it reaches 0, unless a follower of u is labelled m first. The nodes of
// given have a follower labelled m when their values say so.
func loopyStage(g, pred *Graph, lab []int64, active []int32, reach []uint32, cnt []int32, m int64, given []Given) {
	mark := uint32(m + 1)
	open := func(w int32) bool { return lab[w] < 0 }
	var ready []int32
	for _, u := range active {
		c := int32(0)
		for _, w := range g.Successors(int(u)) {
			if open(w) {
				c++
			}
		}
		if cnt[u] = c; c == 0 {
			ready = append(ready, u)
		}
	}
	// reached records that p has a follower labelled m.
	reached := func(p int32) {
		if reach[p] == mark {
			return
		}
		reach[p] = mark
		if !open(p) {
			return
		}
		for _, q := range pred.Successors(int(p)) {
			if lab[q] != unlabelled {
				continue
			}
			if cnt[q]--; cnt[q] == 0 && reach[q] != mark {
				ready = append(ready, q)
			}
		}
	}
	for _, gv := range given {
		if gv.Value.Reaches(m) {
			reached(gv.Node)
		}
	}
	for len(ready) > 0 {
		u := ready[len(ready)-1]
		ready = ready[:len(ready)-1]
		if lab[u] != unlabelled || reach[u] == mark {
			continue
		}
		lab[u] = m
		for _, p := range pred.Successors(int(u)) {
			reached(p)
		}
	}
}

// generalizedOf returns the values of the labels lab: the finite ones as
// they are, ∞(K) for the nodes labelled ∞.
func generalizedOf(g *Graph, lab []int64) []sg.Generalized {
	out := make([]sg.Generalized, len(lab))
	for u, l := range lab {
		if l >= 0 {
			out[u] = sg.Generalized{Value: uint32(l)}
			continue
		}
		k := []uint32{}
		for _, w := range g.Successors(u) {
			if lab[w] >= 0 {
				k = append(k, uint32(lab[w]))
			}
		}
		slices.Sort(k)
		out[u] = sg.Generalized{Inf: true, K: slices.Compact(k)}
	}
	return out
}

// VerifyLoopy checks that vals are the generalized Sprague-Grundy values
// of the nodes of g, by the definition: a node of finite value a has no
// follower of value a, a follower of every value below a, and every
// follower of a value above a or ∞ has a follower of value a; a node of
// value ∞(K) has K the finite values of its followers, and no finite value
// could be given it. The last, and the counter function of the definition
// (which rules out values that hold only round a cycle), are checked by
// labelling g again (LoopyValues) and comparing.
func VerifyLoopy(g *Graph, vals []sg.Generalized) error {
	if len(vals) != g.Nodes() {
		return fmt.Errorf("%d values for %d nodes", len(vals), g.Nodes())
	}
	for u, x := range vals {
		if err := loopyLocal(g, vals, u, x); err != nil {
			return fmt.Errorf("node %d, value %v: %w", u, x, err)
		}
	}
	want, err := LoopyValues(context.Background(), g)
	if err != nil {
		return err
	}
	for u := range want {
		if want[u].String() != vals[u].String() {
			return fmt.Errorf("node %d: value %v, but labelling the graph gives %v", u, vals[u], want[u])
		}
	}
	return nil
}

// loopyLocal checks the conditions of the definition that node u of value
// x meets among its followers and theirs.
func loopyLocal(g *Graph, vals []sg.Generalized, u int, x sg.Generalized) error {
	finite := map[uint32]bool{}
	for _, w := range g.Successors(u) {
		if !vals[w].Inf {
			finite[vals[w].Value] = true
		}
	}
	if x.Inf {
		k := make([]uint32, 0, len(finite))
		for v := range finite {
			k = append(k, v)
		}
		slices.Sort(k)
		if !slices.Equal(k, x.K) {
			return fmt.Errorf("its followers' finite values are %v", k)
		}
		return nil
	}
	for j := range x.Value + 1 {
		if finite[j] != (j < x.Value) {
			return fmt.Errorf("a follower of value %d is %s", j, map[bool]string{true: "missing", false: "there"}[j < x.Value])
		}
	}
	for _, w := range g.Successors(u) {
		if y := vals[w]; y.Inf || y.Value > x.Value {
			if !slices.ContainsFunc(g.Successors(int(w)), func(z int32) bool { return !vals[z].Inf && vals[z].Value == x.Value }) {
				return fmt.Errorf("its follower %d, of value %v, has no follower of value %d", w, y, x.Value)
			}
		}
	}
	return nil
}

// SetLoopy makes vals, the generalized values of a graph with cycles,
// the values of t: G holds the finite ones, and 0 at the nodes of value ∞.
func (t *GraphTable) SetLoopy(vals []sg.Generalized) {
	g := make([]uint32, len(vals))
	for v, x := range vals {
		g[v] = x.Value
	}
	t.G, t.Loopy = sg.ValuesOf(g), vals
}
