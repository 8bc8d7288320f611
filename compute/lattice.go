package compute

import (
	"context"
	"fmt"
	"time"

	"github.com/sgtab/sgtab/compute/internal/pool"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// LatticeMoves returns the points a move of l leads to from (x, y): each
// step applied once or, repeating, as many times as the board allows.
func LatticeMoves(l *rules.Lattice, x, y int) [][2]int {
	var out [][2]int
	for _, s := range l.Steps {
		for px, py := x+s.D[0], y+s.D[1]; px >= 0 && py >= 0; px, py = px+s.D[0], py+s.D[1] {
			out = append(out, [2]int{px, py})
			if !s.Repeat {
				break
			}
		}
	}
	return out
}

// Lattice computes SG(x, y) on the whole board of the lattice game g.
//
// Every step decreases x + y, so the points are computed one anti-diagonal
// x + y = d at a time, each from earlier ones. The options along a
// repeating step from (x, y) are all the points behind it on its line, so
// each line keeps the union of its values as a bitset, and a point ORs the
// unions of its lines with the values of its single steps and takes the
// mex: O(lines·values/64) a point instead of O(width). A line meets an
// anti-diagonal at most once, so the points of one anti-diagonal touch
// disjoint lines, and the workers share each anti-diagonal; the values do
// not depend on their number.
func Lattice(ctx context.Context, g rules.Game, opt sg.Options) (*sg.LatticeTable, error) {
	l := g.Lattice
	if l == nil {
		return nil, fmt.Errorf("compute %s: not a lattice game", g.Name)
	}
	start := time.Now()
	W, H := l.Size[0], l.Size[1]
	G := make([]uint32, W*H)
	// lines[i] maps a point to the union of its line for repeating step i.
	var repeats []rules.Step
	var singles []rules.Step
	for _, s := range l.Steps {
		if s.Repeat {
			repeats = append(repeats, s)
		} else {
			singles = append(singles, s)
		}
	}
	lines := make([]lineSet, len(repeats))
	for i, s := range repeats {
		lines[i] = newLineSet(s, W, H)
	}
	workers := opt.Goroutines()
	var p *pool.Pool
	if workers > 1 {
		p = pool.New(workers)
		defer p.Close()
	}
	scratch := make([]sg.Bitset, max(workers, 1))
	// point computes SG(x, y) with the scratch bitset o.
	point := func(x, y int, o *sg.Bitset) {
		o.Reset()
		for i := range repeats {
			u := lines[i].union(x, y)
			if len(*o) < len(*u) {
				o.Grow(len(*u))
			}
			for w, bits := range *u {
				(*o)[w] |= bits
			}
		}
		for _, s := range singles {
			if px, py := x+s.D[0], y+s.D[1]; px >= 0 && py >= 0 {
				o.Set(G[py*W+px])
			}
		}
		v := sg.Mex(*o)
		G[y*W+x] = v
		for i := range repeats {
			lines[i].union(x, y).Set(v)
		}
	}
	var done int64
	for d := 0; d <= W+H-2; d++ {
		x0, x1 := max(0, d-H+1), min(d, W-1) // the points (x, d−x)
		n := x1 - x0 + 1
		if p != nil && n >= 64 {
			p.Run(func(w int) {
				for x := x0 + w; x <= x1; x += workers {
					point(x, d-x, &scratch[w])
				}
			})
		} else {
			for x := x0; x <= x1; x++ {
				point(x, d-x, &scratch[0])
			}
		}
		done += int64(n)
		if d%64 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if opt.Progress != nil {
				opt.Progress(done)
				done = 0
			}
		}
	}
	if opt.Progress != nil {
		opt.Progress(done)
	}
	t := &sg.LatticeTable{Game: g, W: W, H: H, G: sg.ValuesOf(G), Elapsed: time.Since(start), Created: time.Now()}
	t.Pairs = sg.FindPairs(t)
	return t, nil
}

// A lineSet holds, for one repeating step, the union of the values on each
// of its lines so far. The points (x, y) + k·step, k an integer, form a
// line; it is named by its point farthest from the corner.
type lineSet struct {
	step  [2]int
	w, h  int
	index map[int]int32
	sets  []sg.Bitset
}

func newLineSet(s rules.Step, w, h int) lineSet {
	ls := lineSet{step: s.D, w: w, h: h, index: map[int]int32{}}
	// Name every line up front, so that the workers only read the index.
	for y := range h {
		for x := range w {
			if k := ls.key(x, y); ls.index[k] == 0 {
				ls.sets = append(ls.sets, nil)
				ls.index[k] = int32(len(ls.sets)) // 1-based: 0 means none
			}
		}
	}
	return ls
}

// key names the line through (x, y): its point reached by stepping back,
// against the step, as far as the board allows.
func (ls *lineSet) key(x, y int) int {
	dx, dy := -ls.step[0], -ls.step[1] // ≥ 0, not both 0
	t := 1 << 62
	if dx > 0 {
		t = (ls.w - 1 - x) / dx
	}
	if dy > 0 {
		t = min(t, (ls.h-1-y)/dy)
	}
	return (y+t*dy)*ls.w + x + t*dx
}

// union returns the union of the values of the line through (x, y).
func (ls *lineSet) union(x, y int) *sg.Bitset {
	return &ls.sets[ls.index[ls.key(x, y)]-1]
}
