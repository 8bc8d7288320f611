package script

import (
	"context"
	"errors"
	"slices"

	"github.com/sgtab/sgtab/compute/graphgame"
)

// values computes the SG value of every position. Without parts, the
// positions and moves are a graph whose values GraphValues computes. With
// parts, a depth-first search computes each position's value after those
// it depends on: the mex of its followers', or the XOR of its parts'.
// When the moves have a cycle, the positions get generalized values
// instead (generalizedValues); a cycle through parts is refused.
func (sp *Positions) values(ctx context.Context) error {
	var err error
	if !slices.ContainsFunc(sp.Parts, func(p []int32) bool { return p != nil }) {
		var from, to []int32
		for v, succ := range sp.Succ {
			for _, w := range succ {
				from, to = append(from, int32(v)), append(to, w)
			}
		}
		sp.SG, err = graphgame.GraphValues(ctx, graphgame.NewGraph(len(sp.Text), from, to))
	} else {
		err = sp.searchValues(ctx)
	}
	if _, ok := errors.AsType[*graphgame.CycleError](err); ok {
		err = sp.generalizedValues(ctx)
	}
	if ce, ok := errors.AsType[*graphgame.CycleError](err); ok {
		ce.Name = func(v int) string { return sp.Text[v] }
	}
	return err
}

// searchValues computes the values of positions some of which split into
// parts, by a depth-first search with an explicit stack.
func (sp *Positions) searchValues(ctx context.Context) error {
	const (
		unseen = iota
		open
		done
	)
	state := make([]uint8, len(sp.Text))
	sp.SG = make([]uint32, len(sp.Text))
	deps := func(v int32) []int32 {
		if sp.Parts[v] != nil {
			return sp.Parts[v]
		}
		return sp.Succ[v]
	}
	var stack []int32
	for root := range sp.Text {
		if state[root] != unseen {
			continue
		}
		stack = append(stack[:0], int32(root))
		for len(stack) > 0 {
			v := stack[len(stack)-1]
			if state[v] == unseen {
				state[v] = open
				for _, w := range deps(v) {
					switch state[w] {
					case unseen:
						stack = append(stack, w)
					case open:
						// The open positions are the path to v.
						return &graphgame.CycleError{Nodes: sp.cycleFrom(stack, state, w)}
					}
				}
				continue
			}
			stack = stack[:len(stack)-1]
			if state[v] == done {
				continue
			}
			state[v] = done
			sp.SG[v] = sp.valueOf(v)
		}
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	return nil
}

// cycleFrom returns the cycle the search met on reaching the open
// position w again: the open positions of the stack from w on, in order.
func (sp *Positions) cycleFrom(stack []int32, state []uint8, w int32) []int {
	var path []int
	seen := map[int32]bool{}
	for _, v := range stack {
		if state[v] == 1 && !seen[v] {
			seen[v] = true
			path = append(path, int(v))
		}
	}
	i := slices.Index(path, int(w))
	return path[i:]
}

// valueOf returns the value of position v, whose followers or parts have
// theirs.
func (sp *Positions) valueOf(v int32) uint32 {
	if sp.Parts[v] != nil {
		x := uint32(0)
		for _, w := range sp.Parts[v] {
			x ^= sp.SG[w]
		}
		return x
	}
	seen := make([]bool, len(sp.Succ[v])+1)
	for _, w := range sp.Succ[v] {
		if x := sp.SG[w]; int(x) < len(seen) {
			seen[x] = true
		}
	}
	m := uint32(0)
	for seen[m] {
		m++
	}
	return m
}
