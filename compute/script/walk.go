package script

import (
	"fmt"
	"sync"

	"go.starlark.net/starlark"

	"github.com/sgtab/sgtab/rules"
)

// A Walker hands out the positions of a scripted game one at a time, as
// numbers, for a search that meets only some of them and never lists
// them all (package compute/search): a position's moves and parts are
// asked of the script when the search asks for them. Positions are told
// apart by their text, after canonical when the script defines it, and
// numbered from 1 in the order they are met.
//
// A Walker is safe for concurrent use; its calls of the script run one
// at a time, on one thread. The first error of the script (a limit
// passed, a bad position) is kept and stops the answers: Err returns it.
type Walker struct {
	p  *Program
	th *starlark.Thread

	mu    sync.Mutex
	ids   map[string]uint64
	vals  []starlark.Value // vals[id-1]
	texts []string
	parts map[uint64][]uint64 // a position's parts, once asked; nil: none
	err   error
}

// NewWalker compiles the script of g for a search.
func NewWalker(g rules.Game) (*Walker, error) {
	p, err := Compile(g)
	if err != nil {
		return nil, err
	}
	return &Walker{p: p, th: p.thread(), ids: map[string]uint64{}, parts: map[uint64][]uint64{}}, nil
}

// Start returns the position start(n), or start(n, m) when the script's
// start takes two parameters.
func (w *Walker) Start(n, m int) (uint64, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	args := []starlark.Value{starlark.MakeInt(n)}
	if w.p.Params == 2 {
		args = append(args, starlark.MakeInt(m))
	}
	v, err := w.p.call(w.th, w.p.start, args...)
	if err != nil {
		return 0, err
	}
	v, text, err := w.p.canonicalText(w.th, v, "start")
	if err != nil {
		return 0, err
	}
	return w.id(v, text)
}

// Params returns the number of parameters of the script's start: 1 or 2.
func (w *Walker) Params() int { return w.p.Params }

// id returns the number of the position v of the given text; mu is held.
func (w *Walker) id(v starlark.Value, text string) (uint64, error) {
	if id, ok := w.ids[text]; ok {
		return id, nil
	}
	if int64(len(w.vals)) >= w.p.game.Script.Positions {
		return 0, &LimitError{File: w.p.file, Limit: "positions",
			Msg: fmt.Sprintf("the search met more than %d positions", w.p.game.Script.Positions)}
	}
	w.vals = append(w.vals, v)
	w.texts = append(w.texts, text)
	id := uint64(len(w.vals))
	w.ids[text] = id
	return id, nil
}

// ids numbers a list of positions; mu is held.
func (w *Walker) idsOf(vals []starlark.Value, texts []string) []uint64 {
	out := make([]uint64, 0, len(vals))
	for i, v := range vals {
		id, err := w.id(v, texts[i])
		if err != nil {
			w.err = err
			return nil
		}
		out = append(out, id)
	}
	return out
}

// Moves returns the positions one move from position id (none after an
// error).
func (w *Walker) Moves(id uint64) []uint64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err != nil || id == 0 || id > uint64(len(w.vals)) {
		return nil
	}
	vals, texts, err := w.p.list(w.th, w.p.moves, w.vals[id-1])
	if err != nil {
		w.err = err
		return nil
	}
	return w.idsOf(vals, texts)
}

// Parts returns the parts of position id when it splits into a sum of
// other positions, and false when it does not (or the script defines no
// parts).
func (w *Walker) Parts(id uint64) ([]uint64, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.p.parts == nil || w.err != nil || id == 0 || id > uint64(len(w.vals)) {
		return nil, false
	}
	if ps, ok := w.parts[id]; ok {
		return ps, ps != nil
	}
	vals, texts, err := w.p.list(w.th, w.p.parts, w.vals[id-1])
	if err != nil {
		w.err = err
		return nil, false
	}
	var ps []uint64
	if !(len(vals) == 1 && texts[0] == w.texts[id-1]) { // a position that does not split
		ps = w.idsOf(vals, texts)
	}
	w.parts[id] = ps
	return ps, ps != nil
}

// Text returns the text of position id.
func (w *Walker) Text(id uint64) string {
	w.mu.Lock()
	defer w.mu.Unlock()
	if id == 0 || id > uint64(len(w.texts)) {
		return ""
	}
	return w.texts[id-1]
}

// Err returns the first error the script raised, if any.
func (w *Walker) Err() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err
}
