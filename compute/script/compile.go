package script

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"go.starlark.net/resolve"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"

	"github.com/sgtab/sgtab/rules"
)

// A Program is a scripted game's Starlark program (rules.Script),
// compiled: its functions, frozen, may be called from several goroutines,
// each with a thread of its own (NewThread).
//
// The program runs sandboxed and deterministic: it has Starlark's
// built-in functions only (no load, no I/O, no clock, no randomness), and
// each call of its functions may take at most the script's Steps steps.
type Program struct {
	game                           rules.Game
	file                           string
	start, moves, canonical, parts *starlark.Function
	// Params is the number of parameters of start: 1 (n) or 2 (n, m).
	Params int
	// watch, when not nil, stops the calls that take too much memory.
	watch *memoryWatch
	// guard bounds what one step of a call may allocate.
	guard *stepGuard
}

// Compile compiles the program of the scripted game g. An error
// names the config file and the line in it (the program's lines are the
// config's, from g.Script.Line on).
func Compile(g rules.Game) (*Program, error) {
	s := g.Script
	p := &Program{game: g, file: g.File}
	if p.file == "" {
		p.file = g.Name
	}
	// Leading newlines put each line of the program on its config line.
	src := strings.Repeat("\n", max(s.Line-1, 0)) + s.Source
	th := p.thread()
	p.guard = newStepGuard(p.file)
	globals, err := compileGuarded(th, p.file, src, p.guard)
	if err != nil {
		return nil, p.scriptError(err, "")
	}
	fn := func(name string, required bool, params ...int) (*starlark.Function, error) {
		v, ok := globals[name]
		if !ok {
			if required {
				return nil, fmt.Errorf("%s: the script defines no function %s", p.file, name)
			}
			return nil, nil
		}
		f, ok := v.(*starlark.Function)
		if !ok {
			return nil, fmt.Errorf("%s: the script's %s is a %s, not a function", p.file, name, v.Type())
		}
		pos := f.Position()
		if f.HasVarargs() || f.HasKwargs() || !slices.Contains(params, f.NumParams()) {
			return nil, fmt.Errorf("%s:%d: %s takes %s", p.file, pos.Line, name, map[bool]string{true: "n, or n and m", false: "one position"}[name == "start"])
		}
		return f, nil
	}
	if p.start, err = fn("start", true, 1, 2); err != nil {
		return nil, err
	}
	p.Params = p.start.NumParams()
	if p.moves, err = fn("moves", true, 1); err != nil {
		return nil, err
	}
	if p.canonical, err = fn("canonical", false, 1); err != nil {
		return nil, err
	}
	if p.parts, err = fn("parts", false, 1); err != nil {
		return nil, err
	}
	return p, nil
}

// thread returns a new Starlark thread for the program: one goroutine's.
func (p *Program) thread() *starlark.Thread {
	th := &starlark.Thread{Name: p.game.Name, Load: func(*starlark.Thread, string) (starlark.StringDict, error) {
		return nil, errors.New("load is not allowed in a script")
	}}
	th.Print = func(*starlark.Thread, string) {} // no output
	th.SetMaxExecutionSteps(uint64(p.game.Script.Steps))
	p.watch.add(th)
	return th
}

// A LimitError says that a script passed one of its limits: Limit
// names it as the config does (steps, positions, memory).
type LimitError struct {
	File, Limit, Msg string
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("%s: %s (limit %s)", e.File, e.Msg, e.Limit)
}

// call calls f(args) on th, within the script's steps, and returns its
// result or an error naming the file and line.
func (p *Program) call(th *starlark.Thread, f *starlark.Function, args ...starlark.Value) (starlark.Value, error) {
	steps := uint64(p.game.Script.Steps)
	th.SetMaxExecutionSteps(th.ExecutionSteps() + steps)
	v, err := starlark.Call(th, f, args, nil)
	if err != nil {
		if p.watch.exceeded() {
			budget, source := rules.Budget()
			return nil, &LimitError{File: p.file, Limit: "memory",
				Msg: fmt.Sprintf("%s(%s) took more memory than the %d MiB available (%s)", f.Name(), shortText(args), budget>>20, source)}
		}
		if lim, ok := errors.AsType[*LimitError](err); ok {
			return nil, &LimitError{File: p.where(err), Limit: lim.Limit, Msg: fmt.Sprintf("%s(%s): %s", f.Name(), shortText(args), lim.Msg)}
		}
		if strings.Contains(err.Error(), "too many steps") {
			return nil, &LimitError{File: p.file, Limit: "steps",
				Msg: fmt.Sprintf("%s(%s) took more than %d steps", f.Name(), shortText(args), steps)}
		}
		return nil, p.scriptError(err, f.Name())
	}
	return v, nil
}

// shortText returns the arguments of a call as a message shows them.
func shortText(args []starlark.Value) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = a.String()
	}
	s := strings.Join(parts, ", ")
	if len(s) > 80 {
		s = s[:80] + "…"
	}
	return s
}

// scriptError returns err, an error of Starlark's, as FILE:LINE:COL: what,
// at the innermost line of the script it points to.
func (p *Program) scriptError(err error, in string) error {
	var se syntax.Error
	var re resolve.ErrorList
	var ee *starlark.EvalError
	at := func(pos syntax.Position, msg string) error {
		return fmt.Errorf("%s: script: %s", p.at(pos), msg)
	}
	switch {
	case errors.As(err, &se):
		return at(se.Pos, se.Msg)
	case errors.As(err, &re) && len(re) > 0:
		return at(re[0].Pos, re[0].Msg)
	case errors.As(err, &ee):
		if pos, ok := scriptFrame(ee); ok {
			return at(pos, ee.Msg)
		}
	}
	return fmt.Errorf("%s: script: %v", p.file, err)
}

// scriptFrame returns the position of the innermost call of ee's stack
// that is in the script: an error raised inside a built-in (fail,
// getattr, range("x")) is at the line that called it.
func scriptFrame(ee *starlark.EvalError) (syntax.Position, bool) {
	for i := len(ee.CallStack) - 1; i >= 0; i-- {
		if pos := ee.CallStack[i].Pos; pos.Line > 0 && pos.Filename() != "<builtin>" {
			return pos, true
		}
	}
	return syntax.Position{}, false
}

// where returns FILE:LINE:COL of the script's line that err, an error of
// one of its calls, arose at; FILE alone where it has none.
func (p *Program) where(err error) string {
	ee, ok := errors.AsType[*starlark.EvalError](err)
	if !ok {
		return p.file
	}
	pos, ok := scriptFrame(ee)
	if !ok {
		return p.file
	}
	return p.at(pos)
}

// at returns FILE:LINE:COL of pos, a position in the script, as the
// config has it: the script's columns are shifted by its indent.
func (p *Program) at(pos syntax.Position) string {
	col := pos.Col
	if col > 0 && int(pos.Line) >= p.game.Script.Line {
		col += int32(p.game.Script.Indent)
	}
	return fmt.Sprintf("%s:%d:%d", p.file, pos.Line, col)
}

// checkPosition returns an error unless v may be a position: None, a
// bool, an int, a string, or a tuple of such values (nested), at most
// maxScriptDepth deep and of a text of at most maxPositionText bytes.
func (p *Program) checkPosition(v starlark.Value, from string) error {
	// The size first: it stops counting past the bound, where the walk
	// of the kinds below would go through every path of a tuple whose
	// parts are shared.
	switch n, deep := writtenSize(v, maxPositionText); {
	case deep:
		return fmt.Errorf("%s: %s gave a position nested more than %d deep", p.file, from, maxScriptDepth)
	case n > maxPositionText:
		return fmt.Errorf("%s: %s gave a position whose text passes %d MiB", p.file, from, maxPositionText>>20)
	}
	return p.checkKinds(v, from)
}

// maxPositionText bounds the text of a position, which the search keeps
// for each position it meets.
const maxPositionText = 4 << 20

// checkKinds returns an error unless v and the values it holds are of
// the kinds a position may hold.
func (p *Program) checkKinds(v starlark.Value, from string) error {
	switch v := v.(type) {
	case starlark.NoneType, starlark.Bool, starlark.Int, starlark.String:
		return nil
	case starlark.Tuple:
		for _, x := range v {
			if err := p.checkKinds(x, from); err != nil {
				return err
			}
		}
		return nil
	}
	return fmt.Errorf("%s: %s gave %s, a %s: a position is None, a bool, an int, a string or a tuple of them", p.file, from, cutText(v.String()), v.Type())
}

// cutText cuts a position's text for a message.
func cutText(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}
