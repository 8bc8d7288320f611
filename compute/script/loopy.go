package script

import (
	"context"
	"slices"

	"github.com/sgtab/sgtab/compute/graphgame"
	"github.com/sgtab/sgtab/compute/sg"
)

// Value returns position i's generalized SG value: its SG value, or, when
// the positions have a cycle of moves, a finite value or ∞(K).
func (sp *Positions) Value(i int32) sg.Generalized {
	if sp.Gen != nil {
		return sp.Gen[i]
	}
	return sg.Generalized{Value: sp.SG[i]}
}

// deps returns the positions the value of position v depends on: its
// parts, when it splits (a start's moves do not count then), else its
// followers.
func (sp *Positions) deps(v int32) []int32 {
	if sp.Parts[v] != nil {
		return sp.Parts[v]
	}
	return sp.Succ[v]
}

// generalizedValues gives every position its generalized SG value (Gen;
// SG holds the finite ones, and 0 for ∞), when the moves have a cycle.
// The value of a position that splits is the sum of its parts' (Plus);
// the others are labelled by LoopyValues' retrograde labelling. The
// strongly connected components of the graph of dependencies (a position
// to its parts, or to its followers) come in reverse topological order:
// the positions without parts are gathered until a position with parts
// comes, then labelled together (their followers outside the gathering
// already have values, and stand in the labelling as nodes of given
// value); the position with parts is then the sum of its parts. A
// component of several positions, or one depending on itself, that holds
// a position with parts is a sum that is part of itself: it is refused
// with a *CycleError naming a cycle through that position, for a sum of
// games must be well founded.
func (sp *Positions) generalizedValues(ctx context.Context) error {
	sp.Gen = make([]sg.Generalized, len(sp.Text))
	var batch []int32
	for comp := range sp.components() {
		if err := ctx.Err(); err != nil {
			return err
		}
		i := slices.IndexFunc(comp, func(v int32) bool { return sp.Parts[v] != nil })
		if i < 0 {
			batch = append(batch, comp...)
			continue
		}
		v := comp[i]
		if len(comp) > 1 || slices.Contains(sp.Parts[v], v) {
			return &graphgame.CycleError{Nodes: sp.cycleThrough(v, comp), Parts: true}
		}
		if err := sp.labelBatch(ctx, batch); err != nil {
			return err
		}
		batch = batch[:0]
		sum := sg.Generalized{}
		for _, w := range sp.Parts[v] {
			sum = sum.Plus(sp.Gen[w])
		}
		sp.Gen[v] = sum
	}
	if err := sp.labelBatch(ctx, batch); err != nil {
		return err
	}
	sp.SG = make([]uint32, len(sp.Text))
	for v, x := range sp.Gen {
		sp.SG[v] = x.Value
	}
	return nil
}

// labelBatch gives the positions of batch, none of which splits, their
// generalized values by LoopyValues' labelling, on the graph of their
// moves and their followers outside the batch, whose values are given.
func (sp *Positions) labelBatch(ctx context.Context, batch []int32) error {
	if len(batch) == 0 {
		return nil
	}
	local := make(map[int32]int32, len(batch))
	for i, v := range batch {
		local[v] = int32(i)
	}
	var from, to []int32
	var given []graphgame.Given
	for i, v := range batch {
		for _, w := range sp.Succ[v] {
			j, ok := local[w]
			if !ok {
				j = int32(len(batch) + len(given))
				local[w] = j
				given = append(given, graphgame.Given{Node: j, Value: sp.Gen[w]})
			}
			from, to = append(from, int32(i)), append(to, j)
		}
	}
	vals, err := graphgame.LoopyValuesGiven(ctx, graphgame.NewGraph(len(batch)+len(given), from, to), given)
	if err != nil {
		return err
	}
	for i, v := range batch {
		sp.Gen[v] = vals[i]
	}
	return nil
}

// components yields the strongly connected components of the graph of
// dependencies (deps), each as its positions, in reverse topological
// order: a component comes after every component it depends on (Tarjan's
// algorithm, with an explicit stack).
func (sp *Positions) components() func(yield func([]int32) bool) {
	return func(yield func([]int32) bool) {
		n := len(sp.Text)
		index := make([]int32, n) // 0: not visited; else the visit's number + 1
		low := make([]int32, n)
		onStack := make([]bool, n)
		var stack []int32
		type frame struct {
			v    int32
			next int // the next of deps(v) to look at
		}
		var calls []frame
		next := int32(1)
		for root := range int32(n) {
			if index[root] != 0 {
				continue
			}
			calls = append(calls[:0], frame{v: root})
			index[root], low[root] = next, next
			next++
			stack = append(stack, root)
			onStack[root] = true
			for len(calls) > 0 {
				f := &calls[len(calls)-1]
				if d := sp.deps(f.v); f.next < len(d) {
					w := d[f.next]
					f.next++
					switch {
					case index[w] == 0:
						index[w], low[w] = next, next
						next++
						stack = append(stack, w)
						onStack[w] = true
						calls = append(calls, frame{v: w})
					case onStack[w]:
						low[f.v] = min(low[f.v], index[w])
					}
					continue
				}
				v := f.v
				calls = calls[:len(calls)-1]
				if len(calls) > 0 {
					u := calls[len(calls)-1].v
					low[u] = min(low[u], low[v])
				}
				if low[v] != index[v] {
					continue
				}
				i := len(stack) - 1
				for stack[i] != v {
					i--
				}
				comp := slices.Clone(stack[i:])
				for _, w := range comp {
					onStack[w] = false
				}
				stack = stack[:i]
				if !yield(comp) {
					return
				}
			}
		}
	}
}

// cycleThrough returns a cycle of dependencies through v within its
// component comp: v, then the positions of a shortest way back to v.
func (sp *Positions) cycleThrough(v int32, comp []int32) []int {
	in := make(map[int32]bool, len(comp))
	for _, w := range comp {
		in[w] = true
	}
	prev := map[int32]int32{}
	queue := []int32{v}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for _, w := range sp.deps(u) {
			if w == v {
				path := []int{int(v)}
				for x := u; x != v; x = prev[x] {
					path = append(path, int(x))
				}
				slices.Reverse(path[1:])
				return path
			}
			if _, seen := prev[w]; !seen && in[w] {
				prev[w] = u
				queue = append(queue, w)
			}
		}
	}
	return []int{int(v)}
}
