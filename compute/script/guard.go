package script

import (
	"fmt"
	"math/bits"
	"strings"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"

	"github.com/sgtab/sgtab/rules"
)

// Starlark bounds a call by its steps, but one step may allocate without
// bound: list(range(10**10)) asks for 160 GB at once, (0,) * (1 << 28)
// fills 4 GB, and str() of a tuple nested a million deep overflows the
// stack. None of these can be stopped once begun (the memory watch acts
// between steps), and some end the process. A stepGuard checks such a
// step before it runs, from the sizes of its operands, and refuses it
// with the script's file and line when it would allocate more than one
// step may (stepBytes) or walk a value nested deeper than maxScriptDepth:
//
//   - the built-ins that build a value as long as their argument (list,
//     tuple, sorted, set, dict, reversed, enumerate, zip, bytes), and
//     those that write a value out (str, repr, print, fail), are replaced
//     by guarded ones of the same names;
//   - the operators that repeat or format (x * n, s % args, and their
//     augmented forms, and list += iterable) and the methods that grow a
//     value (extend, replace, format, join) are rewritten in the program's
//     syntax tree (instrument) into calls of guarded functions.
//
// Growth over many steps (x = x + x) is left to the memory watch, which
// stops the script between steps once the budget is passed: each step is
// bounded, so the process never goes more than one step past it.
type stepGuard struct {
	file  string
	bytes int64 // what one step may allocate
	why   string
}

// maxScriptDepth is how deeply a value a guarded built-in writes out, or
// a position, may nest: far more than any board or sum needs, far less
// than the stack holds.
const maxScriptDepth = 1000

// Sizes, in bytes, counted for a value a step builds: a list or tuple
// element (its interface word pair and the boxed value behind it), and a
// dict or set entry.
const (
	elemBytes  = 32
	entryBytes = 64
)

// newStepGuard returns the guard of a script of file: a step may
// allocate a quarter of the memory sgtab may use (rules.Budget), and at
// least 64 MiB.
func newStepGuard(file string) *stepGuard {
	budget, source := rules.Budget()
	bytes := max(budget/4, 64<<20)
	why := fmt.Sprintf("a quarter of the %d MiB available (%s)", budget>>20, source)
	if budget <= 0 {
		bytes, why = 1<<30, "the default when the memory available is not known"
	}
	return &stepGuard{file: file, bytes: bytes, why: why}
}

// refuse returns the error of a step that would build size bytes, or
// more, past counting, when cut.
func (g *stepGuard) refuse(what string, size int64, cut bool) error {
	about := fmt.Sprintf(" about %s,", byteWords(size))
	if cut {
		about = ""
	}
	return &LimitError{File: g.file, Limit: "memory",
		Msg: fmt.Sprintf("%s would allocate%s more than one step may (%s, %s)", what, about, byteWords(g.bytes), g.why)}
}

// byteWords writes a size in bytes as MiB or GiB.
func byteWords(n int64) string {
	if n >= 10<<30 {
		return fmt.Sprintf("%d GiB", n>>30)
	}
	return fmt.Sprintf("%d MiB", (n+1<<20-1)>>20)
}

// times returns a·b, saturated at the largest int64.
func times(a, b int64) int64 {
	if a <= 0 || b <= 0 {
		return 0
	}
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	if hi != 0 || lo > 1<<62 {
		return 1 << 62
	}
	return int64(lo)
}

// check refuses a step that builds n elements of size each.
func (g *stepGuard) check(what string, n, size int64) error {
	if total := times(n, size); total > g.bytes {
		return g.refuse(what, total, total == 1<<62)
	}
	return nil
}

// builtins returns the guarded built-ins, each under the name of the
// Starlark built-in it replaces, and the functions instrument's rewritten
// program calls.
func (g *stepGuard) builtins() starlark.StringDict {
	d := starlark.StringDict{}
	// Built-ins that build a sequence as long as their first argument.
	for _, name := range []string{"list", "tuple", "sorted", "reversed", "enumerate", "bytes"} {
		d[name] = g.sized(name, elemBytes, 0)
	}
	d["set"] = g.sized("set", entryBytes, 0)
	d["dict"] = g.sized("dict", entryBytes, 0)
	d["zip"] = g.wrap("zip", func(args starlark.Tuple) error {
		rows := int64(-1)
		for _, a := range args {
			if n := int64(starlark.Len(a)); n >= 0 && (rows < 0 || n < rows) {
				rows = n
			}
		}
		return g.check("zip()", rows, elemBytes*int64(len(args)+1))
	})
	// Built-ins that write values out, or walk them.
	for _, name := range []string{"str", "repr", "print", "fail", "hash"} {
		d[name] = g.wrap(name, func(args starlark.Tuple) error {
			for _, a := range args {
				if _, isStr := a.(starlark.String); isStr && (name == "str" || name == "hash") {
					continue // itself, or its hash: nothing is written
				}
				if err := g.written(name+"()", a); err != nil {
					return err
				}
			}
			return nil
		})
	}
	d["getattr"] = starlark.NewBuiltin("getattr", func(th *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		v, err := starlark.Call(th, starlark.Universe["getattr"], args, kwargs)
		if err != nil || len(args) < 2 {
			return v, err
		}
		name, _ := starlark.AsString(args[1])
		return g.method(args[0], name, v), nil
	})
	d[guardMul] = g.operator(syntax.STAR)
	d[guardMod] = g.operator(syntax.PERCENT)
	d[guardAttr] = starlark.NewBuiltin("getattr", func(th *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		name := string(args[1].(starlark.String))
		v, err := starlark.Call(th, starlark.Universe["getattr"], args, nil)
		if err != nil {
			return nil, err
		}
		return g.method(args[0], name, v), nil
	})
	d[guardExtend] = starlark.NewBuiltin("+=", func(th *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		if _, ok := args[0].(starlark.Iterable); ok {
			if err := g.check(fmt.Sprintf("+= of %d elements", starlark.Len(args[0])), int64(starlark.Len(args[0])), elemBytes); err != nil {
				return nil, err
			}
		}
		return args[0], nil
	})
	d[guardIndexOp] = starlark.NewBuiltin("op=", func(th *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		// args: x, i, y, op — x[i] op= y, x and i evaluated once.
		x, i, y, op := args[0], args[1], args[2], syntax.Token(args[3].(starlark.Int).BigInt().Int64())
		v, err := starlark.Call(th, getIndex, starlark.Tuple{x, i}, nil)
		if err != nil {
			return nil, err
		}
		r, err := starlark.Call(th, d[map[syntax.Token]string{syntax.STAR: guardMul, syntax.PERCENT: guardMod}[op]], starlark.Tuple{v, y}, nil)
		if err != nil {
			return nil, err
		}
		return starlark.None, setIndex(x, i, r)
	})
	return d
}

// Names of the guarded functions the instrumented program calls: no
// Starlark identifier can take them.
const (
	guardMul     = "$mul"
	guardMod     = "$mod"
	guardAttr    = "$attr"
	guardExtend  = "$extend"
	guardIndexOp = "$indexop"
)

// wrap returns the built-in name, which first checks its positional
// arguments with check.
func (g *stepGuard) wrap(name string, check func(args starlark.Tuple) error) *starlark.Builtin {
	real := starlark.Universe[name]
	return starlark.NewBuiltin(name, func(th *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		if err := check(args); err != nil {
			return nil, err
		}
		return starlark.Call(th, real, args, kwargs)
	})
}

// sized returns the built-in name, guarded against building more
// elements of size bytes than a step may: as many as its argument arg
// has.
func (g *stepGuard) sized(name string, size int64, arg int) *starlark.Builtin {
	return g.wrap(name, func(args starlark.Tuple) error {
		if len(args) <= arg {
			return nil
		}
		return g.check(fmt.Sprintf("%s() of %d elements", name, starlark.Len(args[arg])), int64(starlark.Len(args[arg])), size)
	})
}

// operator returns the guarded form of x op y, for op * or %.
func (g *stepGuard) operator(op syntax.Token) *starlark.Builtin {
	return starlark.NewBuiltin(op.String(), func(th *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		x, y := args[0], args[1]
		if op == syntax.STAR {
			if err := g.repeat(x, y); err != nil {
				return nil, err
			}
			if err := g.repeat(y, x); err != nil {
				return nil, err
			}
		} else if s, ok := x.(starlark.String); ok {
			// Each % of the format writes one argument at most.
			n := int64(strings.Count(string(s), "%"))
			if err := g.check("a string's % of "+fmt.Sprint(n)+" conversions", n, g.widest(y)); err != nil {
				return nil, err
			}
		}
		return starlark.Binary(op, x, y)
	})
}

// repeat refuses seq * n when the repetition would pass the step's bytes.
func (g *stepGuard) repeat(seq, n starlark.Value) error {
	k, ok := n.(starlark.Int)
	if !ok {
		return nil
	}
	times64, ok := k.Int64()
	if !ok {
		times64 = 1 << 62
	}
	switch s := seq.(type) {
	case starlark.String:
		return g.check(fmt.Sprintf("a string of length %d repeated %s times", len(s), k), int64(len(s)), times64)
	case starlark.Bytes:
		return g.check(fmt.Sprintf("bytes of length %d repeated %s times", len(s), k), int64(len(s)), times64)
	case starlark.Tuple, *starlark.List:
		l := int64(starlark.Len(s))
		return g.check(fmt.Sprintf("a %s of length %d repeated %s times", s.Type(), l, k), times(l, times64), elemBytes)
	}
	return nil
}

// method returns the attribute v of x, x.name, guarded when it is a
// method that grows a value.
func (g *stepGuard) method(x starlark.Value, name string, v starlark.Value) starlark.Value {
	bound, ok := v.(*starlark.Builtin)
	if !ok {
		return v
	}
	var check func(args starlark.Tuple) error
	switch s := x.(type) {
	case *starlark.List:
		if name != "extend" {
			return v
		}
		check = func(args starlark.Tuple) error {
			if len(args) == 0 {
				return nil
			}
			return g.check(fmt.Sprintf("extend() by %d elements", starlark.Len(args[0])), int64(starlark.Len(args[0])), elemBytes)
		}
	case starlark.String:
		switch name {
		case "replace":
			check = func(args starlark.Tuple) error {
				if len(args) < 2 {
					return nil
				}
				old, ok1 := args[0].(starlark.String)
				nw, ok2 := args[1].(starlark.String)
				if !ok1 || !ok2 || len(nw) <= len(old) {
					return nil
				}
				k := int64(strings.Count(string(s), string(old)))
				return g.check(fmt.Sprintf("replace() of %d places by %d bytes", k, len(nw)), k, int64(len(nw)))
			}
		case "format":
			check = func(args starlark.Tuple) error {
				n := int64(strings.Count(string(s), "{"))
				widest := int64(0)
				for _, a := range args {
					widest = max(widest, g.widest(starlark.Tuple{a}))
				}
				return g.check(fmt.Sprintf("format() of %d fields", n), n, widest)
			}
		case "join":
			check = func(args starlark.Tuple) error {
				if len(args) == 0 {
					return nil
				}
				it, ok := args[0].(starlark.Iterable)
				if !ok {
					return nil
				}
				total := times(int64(starlark.Len(it)), int64(len(s)))
				iter := it.Iterate()
				defer iter.Done()
				var e starlark.Value
				for iter.Next(&e) && total <= g.bytes {
					if str, ok := e.(starlark.String); ok {
						total += int64(len(str))
					}
				}
				if total > g.bytes {
					return g.refuse("join()", g.bytes, true)
				}
				return nil
			}
		default:
			return v
		}
	default:
		return v
	}
	return starlark.NewBuiltin(bound.Name(), func(th *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		if err := check(args); err != nil {
			return nil, err
		}
		return starlark.Call(th, bound, args, kwargs)
	})
}

// widest returns the most bytes that writing out one element of args
// (a tuple of format arguments, a dict of them, or one value) may take,
// or more than a step may allocate.
func (g *stepGuard) widest(args starlark.Value) int64 {
	var each []starlark.Value
	switch a := args.(type) {
	case starlark.Tuple:
		each = a
	case *starlark.Dict:
		for _, kv := range a.Items() {
			each = append(each, kv[1])
		}
	default:
		each = []starlark.Value{a}
	}
	w := int64(0)
	for _, v := range each {
		n, _ := writtenSize(v, g.bytes)
		w = max(w, n)
	}
	return max(w, 1)
}

// written refuses to write out v when its text would pass a step's
// bytes or it nests too deep.
func (g *stepGuard) written(what string, v starlark.Value) error {
	n, deep := writtenSize(v, g.bytes)
	if deep {
		return &LimitError{File: g.file, Limit: "depth",
			Msg: fmt.Sprintf("%s of a value nested more than %d deep", what, maxScriptDepth)}
	}
	if n > g.bytes {
		return g.refuse(what, g.bytes, true)
	}
	return nil
}

// writtenSize returns a bound on the length of v's text (str or repr),
// counting shared parts each time they are written, and stops counting
// once past limit; deep reports a value nested deeper than
// maxScriptDepth, which is not counted.
func writtenSize(v starlark.Value, limit int64) (n int64, deep bool) {
	var walk func(v starlark.Value, depth int)
	walk = func(v starlark.Value, depth int) {
		if n > limit || deep {
			return
		}
		if depth > maxScriptDepth {
			deep = true
			return
		}
		var elems []starlark.Value
		switch v := v.(type) {
		case starlark.String:
			n += 4*int64(len(v)) + 2 // each byte escaped at most to \xNN
			return
		case starlark.Bytes:
			n += 4*int64(len(v)) + 3
			return
		case starlark.Int:
			n += int64(v.BigInt().BitLen())/3 + 2
			return
		case starlark.Tuple:
			elems = v
		case *starlark.List:
			elems = make([]starlark.Value, v.Len())
			for i := range elems {
				elems[i] = v.Index(i)
			}
		case *starlark.Dict:
			for _, kv := range v.Items() {
				elems = append(elems, kv[0], kv[1])
			}
		case *starlark.Set:
			iter := v.Iterate()
			var e starlark.Value
			for iter.Next(&e) {
				elems = append(elems, e)
			}
			iter.Done()
		default:
			n += int64(len(v.String())) // None, bools, floats, functions, ranges: short
			return
		}
		n += 2
		for _, e := range elems {
			n += 2
			walk(e, depth+1)
		}
	}
	walk(v, 0)
	return n, deep
}

// getIndex and setIndex read and write x[i] as the interpreter does, for
// an augmented assignment x[i] op= y rewritten by instrument.
var getIndex = starlark.NewBuiltin("index", func(th *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	switch x := args[0].(type) {
	case starlark.Mapping:
		v, found, err := x.Get(args[1])
		if err != nil {
			return nil, err
		}
		if !found {
			return nil, fmt.Errorf("key not in %s", x.Type())
		}
		return v, nil
	case starlark.Indexable:
		i, err := starlark.AsInt32(args[1])
		if err != nil {
			return nil, fmt.Errorf("%s index: %v", x.Type(), err)
		}
		if i < 0 {
			i += x.Len()
		}
		if i < 0 || i >= x.Len() {
			return nil, fmt.Errorf("%s index %d out of range [0:%d]", x.Type(), i, x.Len())
		}
		return x.Index(i), nil
	}
	return nil, fmt.Errorf("unhandled index operation %s[%s]", args[0].Type(), args[1].Type())
})

func setIndex(x, i, v starlark.Value) error {
	switch x := x.(type) {
	case starlark.HasSetKey:
		return x.SetKey(i, v)
	case starlark.HasSetIndex:
		n, err := starlark.AsInt32(i)
		if err != nil {
			return err
		}
		if n < 0 {
			n += x.Len()
		}
		if n < 0 || n >= x.Len() {
			return fmt.Errorf("%s index %d out of range [0:%d]", x.Type(), n, x.Len())
		}
		return x.SetIndex(n, v)
	}
	return fmt.Errorf("%s value does not support item assignment", x.Type())
}
