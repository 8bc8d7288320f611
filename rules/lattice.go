package rules

import (
	"fmt"

	"github.com/goccy/go-yaml/ast"
)

// A Lattice is a game played on the points (x, y) of a board, 0 ≤ x < Size[0]
// and 0 ≤ y < Size[1]: a move applies one of Steps to the point once or,
// when the step repeats, any positive number of times, staying on the
// board. Every step moves towards the corner (0, 0) — no coordinate grows,
// one shrinks — so every game ends; whoever cannot move loses. Wythoff's
// game is the steps (−1, 0), (0, −1) and (−1, −1), repeating.
type Lattice struct {
	Size  [2]int
	Steps []Step
}

// A Step is a move vector, applied once or (Repeat) any number of times.
type Step struct {
	D      [2]int
	Repeat bool
}

// MaxLatticePoints bounds a board's points, so that its table fits.
const MaxLatticePoints = 1 << 28

// String writes the lattice's moves compactly, e.g. "(-1,0)* (0,-1)*
// (-1,-1)* on 1000×1000", a star marking a repeating step.
func (l *Lattice) String() string {
	return fmt.Sprintf("%s on %d×%d", l.StepsText(), l.Size[0], l.Size[1])
}

// latticeRules is the lattice kind: a game with the key lattice, which
// holds its board and moves.
var latticeRules = kindRules{
	kind:     KindLattice,
	selector: "lattice",
	refusal:  "a lattice game has no %s: its board and moves are under lattice",
	read: func(p *configParser, d gameDef, g *Game) (ok bool) {
		g.Lattice, ok = p.lattice(d.value, d.key)
		return ok
	},
	key:      func(g Game) string { return "lattice:" + g.Lattice.String() },
	ruleText: func(g Game) string { return g.Lattice.String() },
	tableText: func(g Game) string {
		return fmt.Sprintf("SG(x, y) for %d×%d points", g.Lattice.Size[0], g.Lattice.Size[1])
	},
	memory: func(g Game) int64 { return g.Lattice.memory() },
}

// lattice reads a game's lattice key: size, a pair of whole numbers ≥ 1,
// and moves, a list of {step: [dx, dy], repeat: bool}.
func (p *configParser) lattice(n ast.Node, key string) (*Lattice, bool) {
	before := p.errs.n
	m, ok := p.fields(n, key, "size", "moves")
	if !ok {
		return nil, false
	}
	l := &Lattice{}
	if e, ok := m["size"]; ok {
		k := key + ".size"
		if v, ok := p.pair(e.value, k); ok {
			switch {
			case v[0] < 1 || v[1] < 1:
				p.errorf(e.value, k, ErrBadValue, describe(e.value), "both sides must be at least 1")
			case v[0]*v[1] > MaxLatticePoints:
				p.errorf(e.value, k, ErrTooLarge, describe(e.value), "the board may have at most 2^28 points")
			default:
				l.Size = [2]int{int(v[0]), int(v[1])}
			}
		}
	} else {
		p.errorf(n, key+".size", ErrMissing, "", "missing: the size of the board, [width, height]")
	}
	if e, ok := m["moves"]; ok {
		l.Steps = readList(p, e.value, key+".moves", "empty list of moves", p.step)
	} else {
		p.errorf(n, key+".moves", ErrMissing, "", "missing: the moves, a list of {step: [dx, dy], repeat: true|false}")
	}
	if p.errs.n == before {
		if err := CheckMemory(l.memory()); err != nil {
			p.errorf(n, key, ErrTooLarge, "", "%v", err)
		}
	}
	return l, p.errs.n == before
}

// memory estimates the bytes a lattice's table takes to compute: four a
// point, and for each repeating step, its lines — the points with no point
// behind them on the board — each with an index entry and a set of values
// of at most width+height+1 bits.
func (l *Lattice) memory() int64 {
	w, h := int64(l.Size[0]), int64(l.Size[1])
	need := 4 * w * h
	for _, s := range l.Steps {
		if !s.Repeat {
			continue
		}
		dx, dy := int64(-s.D[0]), int64(-s.D[1])
		lines := w*h - max(w-dx, 0)*max(h-dy, 0)
		need += lines * (48 + (w+h+64)/64*8)
	}
	return need
}

// step reads one move of a lattice.
func (p *configParser) step(n ast.Node, key string) (Step, bool) {
	m, ok := p.fields(n, key, "step", "repeat")
	if !ok {
		return Step{}, false
	}
	var s Step
	e, ok := m["step"]
	if !ok {
		p.errorf(n, key+".step", ErrMissing, "", "missing: the move vector, [dx, dy]")
		return Step{}, false
	}
	v, ok := p.pair(e.value, key+".step")
	if !ok {
		return Step{}, false
	}
	if v[0] > 0 || v[1] > 0 || v[0] == 0 && v[1] == 0 {
		p.errorf(e.value, key+".step", ErrBadValue, describe(e.value),
			"a step must not increase a coordinate and must decrease one, so that every game ends")
		return Step{}, false
	}
	if v[0] < -MaxLatticePoints || v[1] < -MaxLatticePoints {
		p.errorf(e.value, key+".step", ErrTooLarge, describe(e.value), "step too long")
		return Step{}, false
	}
	s.D = [2]int{int(v[0]), int(v[1])}
	if r, ok := m["repeat"]; ok {
		b, ok := p.boolean(r.value, key+".repeat")
		if !ok {
			return Step{}, false
		}
		s.Repeat = b
	}
	return s, true
}

// pair reads a list of exactly two whole numbers.
func (p *configParser) pair(n ast.Node, key string) ([2]int64, bool) {
	seq, ok := p.sequence(n, key)
	if !ok {
		return [2]int64{}, false
	}
	if len(seq) != 2 {
		p.errorf(n, key, ErrBadValue, describe(n), "want two numbers, [x, y]")
		return [2]int64{}, false
	}
	var v [2]int64
	for i, e := range seq {
		x, ok := p.integer(e, itemKey(key, i))
		if !ok {
			return [2]int64{}, false
		}
		v[i] = x
	}
	return v, true
}
