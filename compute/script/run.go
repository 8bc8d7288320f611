package script

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"time"

	"go.starlark.net/starlark"

	"github.com/sgtab/sgtab/compute/period"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// Positions are the positions a scripted game reaches from its
// starts, with their SG values. Positions are told apart by their text
// (Starlark's repr, after canonical when the script defines it).
type Positions struct {
	Program *Program
	// Text[i] is position i's text; Starts[n] the position of start(n).
	Text   []string
	Starts []int32
	// Succ[i] are the positions position i moves to, each once (none
	// for a position that splits into parts, but a start), Parts[i] its
	// parts (nil for none; a part twice counts twice).
	Succ, Parts [][]int32
	// SG[i] is position i's SG value; when the moves have a cycle, its
	// finite generalized value, and 0 for ∞.
	SG []uint32
	// Gen, when the moves have a cycle, holds every position's
	// generalized SG value (see Value); nil otherwise.
	Gen []sg.Generalized
	ids map[string]int32
	// bytes estimates the memory the positions take: their texts twice
	// (the list and the map), a Starlark value of about the same size,
	// and a few words each.
	bytes int64
}

// scriptFound is what a worker found of one position: its followers or
// parts, as values with their texts.
type scriptFound struct {
	moves, parts []starlark.Value
	texts        [2][]string
}

// Explore explores the positions that the scripted game g reaches
// from start(n) for n = 0..g.Heaps, or start(n, m) for 0 ≤ n, m ≤ g.Heaps
// (Starts[m·(g.Heaps+1) + n]) when start takes two parameters (breadth first, each level's positions on
// workers goroutines, each with a thread of its own), and computes their
// SG values: the mex of the followers', or the XOR of the parts'. When
// positions can repeat (a cycle of moves), their values are generalized
// SG values (Gen); a cycle through parts, a sum that is part of itself,
// is refused with a *CycleError naming it.
func Explore(ctx context.Context, g rules.Game, opt sg.Options) (*Positions, error) {
	p, err := Compile(g)
	if err != nil {
		return nil, err
	}
	defer p.watchMemory()()
	sp := &Positions{Program: p, ids: map[string]int32{}}
	th := p.thread()
	var frontier []starlark.Value
	for i := range scriptStarts(p.Params, g.Heaps) {
		if i%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		args := []starlark.Value{starlark.MakeInt(i % (g.Heaps + 1))}
		if p.Params == 2 {
			args = append(args, starlark.MakeInt(i/(g.Heaps+1)))
		}
		v, err := p.call(th, p.start, args...)
		if err != nil {
			return nil, err
		}
		cv, text, err := p.canonicalText(th, v, "start")
		if err != nil {
			return nil, err
		}
		id, fresh, err := sp.add(text)
		if err != nil {
			return nil, err
		}
		if fresh {
			frontier = append(frontier, cv)
		}
		sp.Starts = append(sp.Starts, id)
	}
	for len(frontier) > 0 {
		first := len(sp.Text) - len(frontier)
		found, err := p.expand(ctx, frontier, opt.Workers, sp.isStart(first))
		if err != nil {
			return nil, err
		}
		if opt.Progress != nil {
			opt.Progress(int64(len(frontier)))
		}
		if frontier, err = sp.merge(found); err != nil {
			return nil, err
		}
	}
	return sp, sp.values(ctx)
}

// isStart returns whether the position of id first+i is a start.
func (sp *Positions) isStart(first int) func(i int) bool {
	starts := map[int32]bool{}
	for _, s := range sp.Starts {
		starts[s] = true
	}
	return func(i int) bool { return starts[int32(first+i)] }
}

// add returns the id of the position of text, and whether it is new;
// an error when it passes the script's limit of positions or the memory.
func (sp *Positions) add(text string) (int32, bool, error) {
	if id, ok := sp.ids[text]; ok {
		return id, false, nil
	}
	s := sp.Program.game.Script
	if int64(len(sp.Text)) >= s.Positions {
		return 0, false, &LimitError{File: sp.Program.file, Limit: "positions",
			Msg: fmt.Sprintf("the script reaches more than %d positions", s.Positions)}
	}
	id := int32(len(sp.Text))
	sp.ids[text] = id
	sp.Text = append(sp.Text, text)
	sp.Succ = append(sp.Succ, nil)
	sp.Parts = append(sp.Parts, nil)
	sp.bytes += 3*int64(len(text)) + 160
	if len(sp.Text)%4096 == 0 {
		if err := rules.CheckMemory(sp.bytes); err != nil {
			return 0, false, &LimitError{File: sp.Program.file, Limit: "memory",
				Msg: fmt.Sprintf("its %d positions so far: %v", len(sp.Text), err)}
		}
	}
	return id, true, nil
}

// merge numbers the positions found (in the order of the frontier, so
// that the numbering does not depend on the workers) and returns the new
// ones: the next frontier.
func (sp *Positions) merge(found []scriptFound) ([]starlark.Value, error) {
	first := len(sp.Text) - len(found)
	var next []starlark.Value
	for i, f := range found {
		for k, vals := range [2][]starlark.Value{f.moves, f.parts} {
			ids := make([]int32, len(vals))
			for j, v := range vals {
				id, fresh, err := sp.add(f.texts[k][j])
				if err != nil {
					return nil, err
				}
				if fresh {
					next = append(next, v)
				}
				ids[j] = id
			}
			if k == 0 {
				slices.Sort(ids) // two moves to one position are one option
				sp.Succ[first+i] = slices.Compact(ids)
			} else if len(ids) > 0 {
				sp.Parts[first+i] = ids
			}
		}
	}
	return next, nil
}

// expand calls moves (and parts) on each position of frontier, on
// workers goroutines (0: GOMAXPROCS), each with its own thread. A
// position that splits into parts has no moves but a start's.
func (p *Program) expand(ctx context.Context, frontier []starlark.Value, workers int, start func(int) bool) ([]scriptFound, error) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, len(frontier)/64))
	found := make([]scriptFound, len(frontier))
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			th := p.thread()
			for i := w; i < len(frontier) && errs[w] == nil; i += workers {
				if errs[w] = ctx.Err(); errs[w] == nil {
					found[i], errs[w] = p.expandOne(th, frontier[i], start(i))
				}
			}
		})
	}
	wg.Wait()
	return found, errors.Join(errs...)
}

// expandOne returns what position v moves to, or splits into.
func (p *Program) expandOne(th *starlark.Thread, v starlark.Value, start bool) (scriptFound, error) {
	var f scriptFound
	var err error
	if p.parts != nil {
		if f.parts, f.texts[1], err = p.list(th, p.parts, v); err != nil {
			return f, err
		}
		if len(f.parts) == 1 && f.texts[1][0] == v.String() {
			f.parts, f.texts[1] = nil, nil // a position that does not split
		}
	}
	if len(f.parts) == 0 || start {
		f.moves, f.texts[0], err = p.list(th, p.moves, v)
	}
	return f, err
}

// list calls f(v), which must return a list or tuple of positions, and
// returns them canonical, with their texts.
func (p *Program) list(th *starlark.Thread, f *starlark.Function, v starlark.Value) ([]starlark.Value, []string, error) {
	r, err := p.call(th, f, v)
	if err != nil {
		return nil, nil, err
	}
	seq, ok := r.(starlark.Indexable)
	if _, isStr := r.(starlark.String); !ok || isStr {
		return nil, nil, fmt.Errorf("%s: %s(%s) returned a %s, not a list of positions", p.file, f.Name(), cutText(v.String()), r.Type())
	}
	if n := int64(seq.Len()); n > p.game.Script.Positions {
		return nil, nil, &LimitError{File: p.file, Limit: "positions",
			Msg: fmt.Sprintf("%s(%s) returned %d positions, more than the script may reach in all (%d)", f.Name(), cutText(v.String()), n, p.game.Script.Positions)}
	}
	vals := make([]starlark.Value, seq.Len())
	texts := make([]string, seq.Len())
	var bytes int64
	for i := range vals {
		if vals[i], texts[i], err = p.canonicalText(th, seq.Index(i), f.Name()+"("+cutText(v.String())+")"); err != nil {
			return nil, nil, err
		}
		// The texts are new strings even where the positions are one
		// value listed many times.
		if bytes += int64(len(texts[i])); bytes > p.guard.bytes {
			return nil, nil, p.guard.refuse(fmt.Sprintf("%s(%s): the texts of its positions", f.Name(), cutText(v.String())), bytes, true)
		}
	}
	return vals, texts, nil
}

// canonicalText checks the position v (given by from) and returns its
// canonical form and text.
func (p *Program) canonicalText(th *starlark.Thread, v starlark.Value, from string) (starlark.Value, string, error) {
	if err := p.checkPosition(v, from); err != nil {
		return nil, "", err
	}
	if p.canonical != nil {
		c, err := p.call(th, p.canonical, v)
		if err != nil {
			return nil, "", err
		}
		if err := p.checkPosition(c, "canonical"); err != nil {
			return nil, "", err
		}
		v = c
	}
	return v, v.String(), nil
}

// Table returns the table of g: SG(start(n)) for n = 0..g.Heaps,
// with its analysis, observed only (no theorem speaks of a script), and
// the positions explored. When positions repeat and some start is of
// value ∞, the table holds the generalized values (Loopy), and its
// analysis is that of the outcomes.
func Table(ctx context.Context, g rules.Game, opt sg.Options) (*sg.Table, *Positions, error) {
	began := time.Now()
	sp, err := Explore(ctx, g, opt)
	if err != nil {
		return nil, nil, err
	}
	if sp.Program.Params != 1 {
		return nil, nil, fmt.Errorf("%s: the script's start takes two parameters: its table is a board (Lattice)", sp.Program.file)
	}
	t := &sg.Table{Game: g}
	for _, id := range sp.Starts {
		t.G.Append(sp.SG[id])
		if sp.Gen != nil && sp.Gen[id].Inf && t.Loopy == nil {
			t.Loopy = make([]sg.Generalized, 0, len(sp.Starts))
		}
	}
	if t.Loopy != nil {
		for _, id := range sp.Starts {
			t.Loopy = append(t.Loopy, sp.Gen[id])
		}
	}
	t.Analysis = period.Observe(t)
	t.Elapsed, t.Created = time.Since(began), time.Now()
	return t, sp, nil
}

// Verify checks the values of t, a scripted game's table, by
// running its script again (as verifyAgain does), the generalized values
// as well when positions repeat: a value ∞(K) must be ∞ with the same K.
func Verify(ctx context.Context, t *sg.Table, opt sg.VerifyOptions) (sg.Verification, error) {
	through, err := sg.VerifyRange(ctx, t, opt)
	if err != nil || through < 0 {
		return sg.Verification{Through: through, ByOptions: through}, err
	}
	var want *sg.Table
	v, err := sg.VerifyAgain(ctx, t, through, opt, 1, func(g rules.Game) (*sg.Table, error) {
		w, _, err := Table(ctx, g, sg.Options{Workers: opt.Workers, Progress: opt.Progress})
		want = w
		return w, err
	})
	if err != nil {
		return v, err
	}
	for n := range through + 1 {
		if got, w := t.Value(n), want.Value(n); got.String() != w.String() {
			return v, fmt.Errorf("the table's value of start(%d) is %v, but the script gives %v: these are not the values of its game", n, got, w)
		}
	}
	return v, nil
}

// scriptStarts returns the number of start positions of a script whose
// start takes params parameters, each from 0 to last.
func scriptStarts(params, last int) int {
	if params == 2 {
		return (last + 1) * (last + 1)
	}
	return last + 1
}

// Lattice returns the table of g, whose start takes two parameters:
// SG(start(n, m)) at the point (n, m) of a board of 0 ≤ n, m ≤ g.Heaps,
// and the positions explored.
func Lattice(ctx context.Context, g rules.Game, opt sg.Options) (*sg.LatticeTable, *Positions, error) {
	began := time.Now()
	sp, err := Explore(ctx, g, opt)
	if err != nil {
		return nil, nil, err
	}
	if sp.Program.Params != 2 {
		return nil, nil, fmt.Errorf("%s: the script's start takes one parameter, not two", sp.Program.file)
	}
	t := &sg.LatticeTable{Game: g, W: g.Heaps + 1, H: g.Heaps + 1}
	for i, id := range sp.Starts {
		if x := sp.Value(id); x.Inf {
			return nil, nil, fmt.Errorf("%s: start(%d, %d) is of value %v (its positions repeat): a board holds SG values only; sgtab query %s N,M answers its points",
				sp.Program.file, i%t.W, i/t.W, x, sp.Program.file)
		}
		t.G.Append(sp.SG[id])
	}
	t.Elapsed, t.Created = time.Since(began), time.Now()
	return t, sp, nil
}
