package rules

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// StepsText writes a lattice's moves without its board, as ParseSteps reads
// them: "(-1,0)* (0,-1)* (-1,-1)*" for Wythoff's game, a star marking a
// repeating step. Tables store it (with the board apart) as their rule.
func (l *Lattice) StepsText() string {
	steps := make([]string, len(l.Steps))
	for i, s := range l.Steps {
		steps[i] = fmt.Sprintf("(%d,%d)", s.D[0], s.D[1])
		if s.Repeat {
			steps[i] += "*"
		}
	}
	return strings.Join(steps, " ")
}

// ParseSteps reads a lattice's moves as StepsText writes them. Every step
// must move towards the corner, as in a config: no coordinate grows, one
// shrinks.
func ParseSteps(s string) ([]Step, error) {
	var steps []Step
	for _, word := range strings.Fields(s) {
		var st Step
		word, st.Repeat = strings.CutSuffix(word, "*")
		inner, ok := strings.CutPrefix(word, "(")
		if ok {
			inner, ok = strings.CutSuffix(inner, ")")
		}
		xs, ys, comma := strings.Cut(inner, ",")
		if !ok || !comma {
			return nil, fmt.Errorf("step %q: want (dx,dy) or (dx,dy)*", word)
		}
		dx, errx := strconv.Atoi(xs)
		dy, erry := strconv.Atoi(ys)
		switch {
		case errx != nil || erry != nil:
			return nil, fmt.Errorf("step %q: want whole numbers", word)
		case dx > 0 || dy > 0 || dx == 0 && dy == 0 || dx < -MaxLatticePoints || dy < -MaxLatticePoints:
			return nil, fmt.Errorf("step %q: a step must not increase a coordinate and must decrease one", word)
		}
		st.D = [2]int{dx, dy}
		steps = append(steps, st)
	}
	if len(steps) == 0 {
		return nil, errors.New("no steps")
	}
	return steps, nil
}
