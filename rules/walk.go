package rules

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/token"
)

// This file is the frame every kind of game is read with: the nodes of a
// resolved YAML tree taken as the mappings, lists and scalars a key wants,
// each problem located at its node and named by its key's path, and the
// budgets that bound what reading a config spends.

// A budget bounds what reading a config spends.
type budget struct {
	spent, limit int
	what         string // what is past the limit, with a %d for it
}

// charge spends n of b (for node at, of path key) and reports whether it
// is within b's limit; the first time it is not, it records the problem.
func (p *configParser) charge(b *budget, n int, at ast.Node, key string) bool {
	if b.spent > b.limit {
		return false
	}
	b.spent += n
	if b.spent > b.limit {
		p.errorf(at, key, ErrTooLarge, "", b.what+"; a config may hold at most that many", b.limit)
		return false
	}
	return true
}

// errorf records a problem at node (or at the file's start when node is nil).
func (p *configParser) errorf(node ast.Node, key string, kind error, value, format string, args ...any) {
	p.errs.add(p.place(node, key, value).Problem(kind, format, args...))
}

// place returns where node (or the file's start when node is nil) is, with
// the key's path and the value as written.
func (p *configParser) place(node ast.Node, key, value string) Place {
	line, col, file := 1, 1, p.file
	if node != nil {
		if tk := node.GetToken(); tk != nil && tk.Position != nil {
			line, col = tk.Position.Line, tk.Position.Column
			if o, ok := p.overrideOf[tk]; ok {
				line, col, file = 0, 0, o // a value -set gave: no line of a file
			}
		}
	}
	return Place{File: file, Line: line, Col: col, Key: key, Value: value}
}

// entry is one key of a mapping with its nodes.
type entry struct {
	key   ast.Node
	value ast.Node
}

// firstKey returns the first key of a mapping node, to locate errors about
// the mapping as a whole at its first line; otherwise n itself.
func firstKey(n ast.Node) ast.Node {
	if m, ok := unwrap(n).(*ast.MappingNode); ok && len(m.Values) > 0 {
		return m.Values[0].Key
	}
	if mv, ok := unwrap(n).(*ast.MappingValueNode); ok {
		return mv.Key
	}
	return n
}

// unwrap skips tags and anchors.
func unwrap(n ast.Node) ast.Node {
	for {
		switch v := n.(type) {
		case *ast.TagNode:
			n = v.Value
		case *ast.AnchorNode:
			n = v.Value
		default:
			return n
		}
	}
}

// mapping returns the keys of a mapping node. key is the node's path.
//
// A merge key "<<" adds the keys of the mapping it names, or of each of a
// list of mappings, that the mapping does not have (and the earlier of
// the list, the later do not): "<<: *defaults" with anchored defaults.
func (p *configParser) mapping(n ast.Node, key string) (map[string]entry, bool) {
	return p.mergedMapping(n, key, 0)
}

func (p *configParser) mergedMapping(n ast.Node, key string, depth int) (map[string]entry, bool) {
	var values []*ast.MappingValueNode
	switch v := unwrap(n).(type) {
	case *ast.MappingNode:
		values = v.Values
	case *ast.MappingValueNode:
		values = []*ast.MappingValueNode{v}
	default:
		what := "a mapping of keys"
		if key == "" {
			what = "a game: a mapping of keys such as name, code and moves"
		}
		p.typeError(n, key, what)
		return nil, false
	}
	if !p.visit(len(values), n, key) {
		return nil, false
	}
	m := map[string]entry{}
	var merge *ast.MappingValueNode
	for _, mv := range values {
		k := p.keys[mv]
		if k.bad {
			continue
		}
		if k.merge {
			if merge != nil {
				p.errorf(mv.Key, join(key, "<<"), ErrDuplicate, "", "key defined twice (first at line %d)",
					merge.Key.GetToken().Position.Line)
				continue
			}
			merge = mv
			continue
		}
		if _, dup := m[k.text]; dup {
			p.errorf(mv.Key, join(key, k.text), ErrDuplicate, "", "key defined twice (first at line %d)",
				m[k.text].key.GetToken().Position.Line)
			continue
		}
		m[k.text] = entry{key: mv.Key, value: mv.Value}
	}
	if merge == nil {
		return m, true
	}
	if depth >= maxDepth {
		p.errorf(merge.Key, join(key, "<<"), ErrTooLarge, "", "merge keys nested more than %d deep", maxDepth)
		return m, true
	}
	for _, src := range p.mergeSources(merge.Value, join(key, "<<")) {
		// A mapping merged in many places (through aliases) is read once.
		from, ok := p.merged[src]
		if !ok {
			from, ok = p.mergedMapping(src, key, depth+1)
			if !ok {
				continue
			}
			p.merged[src] = from
		}
		for k, e := range from {
			if _, ok := m[k]; !ok {
				m[k] = e
			}
		}
	}
	return m, true
}

// mergeSources returns the mappings a merge key's value n names: n itself,
// or the items of a list of mappings.
func (p *configParser) mergeSources(n ast.Node, key string) []ast.Node {
	const want = "a mapping or a list of mappings to merge"
	switch v := unwrap(n).(type) {
	case *ast.MappingNode, *ast.MappingValueNode:
		return []ast.Node{n}
	case *ast.SequenceNode:
		if !p.visit(len(v.Values), n, key) {
			return nil
		}
		var srcs []ast.Node
		for i, item := range v.Values {
			switch unwrap(item).(type) {
			case *ast.MappingNode, *ast.MappingValueNode:
				srcs = append(srcs, item)
			default:
				p.typeError(item, fmt.Sprintf("%s[%d]", key, i), "a mapping to merge")
			}
		}
		return srcs
	}
	p.typeError(n, key, want)
	return nil
}

// maxVisits bounds the keys and list items that reading a config goes
// through. Without aliases there is one a token at most; aliases can make
// one value appear many times over ("billion laughs").
const maxVisits = 1 << 20

// visit counts n more keys or list items read (see maxVisits).
func (p *configParser) visit(n int, at ast.Node, key string) bool {
	return p.charge(&p.visits, n, at, key)
}

// sequence returns the items of a sequence node.
func (p *configParser) sequence(n ast.Node, key string) ([]ast.Node, bool) {
	s, ok := unwrap(n).(*ast.SequenceNode)
	if !ok {
		p.typeError(n, key, "a list")
		return nil, false
	}
	if !p.visit(len(s.Values), n, key) {
		return nil, false
	}
	return s.Values, true
}

// join returns the path of key in the mapping of path prefix.
func join(prefix, key string) string {
	key = segment(key)
	if prefix == "" {
		return key
	}
	if strings.HasSuffix(prefix, ".") {
		return prefix + key
	}
	return prefix + "." + key
}

// typeError reports a value of the wrong kind. An alias left in the tree
// stands for a problem the resolver reported: an alias with no anchor, or
// a tagged value it refused.
func (p *configParser) typeError(n ast.Node, key, want string) {
	if _, ok := n.(*ast.AliasNode); ok {
		return
	}
	p.errorf(n, key, ErrType, describe(n), "must be %s", want)
}

// describe returns how a value was written, for "(got …)".
func describe(n ast.Node) string {
	switch v := unwrap(n).(type) {
	case *ast.MappingNode, *ast.MappingValueNode:
		return "a mapping"
	case *ast.SequenceNode:
		return fmt.Sprintf("a list of %d", len(v.Values))
	case *ast.NullNode:
		return "nothing"
	case *ast.AliasNode:
		return "an alias"
	case *ast.StringNode:
		if _, st := parseWhole(v.Value); st != notNumber && v.Token.Type == token.StringType {
			return shorten(v.Value) // a number too large for YAML to read as one
		}
		return quote(v.Value)
	default:
		if tk := n.GetToken(); tk != nil {
			return shorten(tk.Value)
		}
		return shorten(n.String())
	}
}

// integer reads a whole number: an integer as YAML writes it, or a number
// such as 1e6 that is whole. One above the int64 range is an error
// (ErrTooLarge); one below it reads as math.MinInt64, which the range of
// every key refuses.
func (p *configParser) integer(n ast.Node, key string) (int64, bool) {
	var text string
	switch v := unwrap(n).(type) {
	case *ast.IntegerNode:
		if x, ok := intValue(v); ok {
			return x, true
		}
		text = v.GetToken().Value
	case *ast.FloatNode:
		switch f := v.Value; {
		case f != math.Trunc(f):
		case f >= 1<<63:
			p.errorf(n, key, ErrTooLarge, describe(n), "number too large")
			return 0, false
		case f < -(1 << 63):
			return math.MinInt64, true
		default:
			return int64(f), true
		}
	case *ast.StringNode:
		// YAML reads an unquoted 1e6, or an integer too long for 64
		// bits, as a string; take it as the number it spells.
		if v.Token.Type == token.StringType {
			text = v.Value
		}
	}
	switch v, st := parseWhole(text); st {
	case numberWhole:
		return v, true
	case numberTooLarge:
		p.errorf(n, key, ErrTooLarge, describe(n), "number too large")
		return 0, false
	case numberTooSmall:
		return math.MinInt64, true
	}
	p.typeError(n, key, "a whole number")
	return 0, false
}

// listInteger reads item i of the list at path key as p.integer does,
// spelling out the item's path only for a problem.
func (p *configParser) listInteger(n ast.Node, key string, i int) (int64, bool) {
	if v, ok := n.(*ast.IntegerNode); ok {
		if x, ok := intValue(v); ok {
			return x, true
		}
	}
	return p.integer(n, itemKey(key, i))
}

// intValue returns the value of an integer node, if it fits in an int64.
func intValue(v *ast.IntegerNode) (int64, bool) {
	switch x := v.Value.(type) {
	case int64:
		return x, true
	case uint64:
		if x <= math.MaxInt64 {
			return int64(x), true
		}
	}
	return 0, false
}

// itemKey returns the path of item i of the list at path key.
func itemKey(key string, i int) string { return key + "[" + strconv.Itoa(i) + "]" }

// boolean reads true or false.
func (p *configParser) boolean(n ast.Node, key string) (bool, bool) {
	if b, ok := unwrap(n).(*ast.BoolNode); ok {
		return b.Value, true
	}
	p.typeError(n, key, "true or false")
	return false, false
}

// scalar returns a scalar's text as written (so an unquoted code such as
// 0.77, which YAML reads as a number, keeps its digits).
func (p *configParser) scalar(n ast.Node, key, want string) (string, bool) {
	switch v := unwrap(n).(type) {
	case *ast.StringNode:
		return v.Value, true
	case *ast.IntegerNode, *ast.FloatNode:
		return v.GetToken().Value, true
	}
	p.typeError(n, key, want)
	return "", false
}

// fields returns the keys of the mapping n (at path key), after checking
// that it has only the given keys.
func (p *configParser) fields(n ast.Node, key string, keys ...string) (map[string]entry, bool) {
	m, ok := p.mapping(n, key)
	if ok {
		p.known(m, key, keys...)
	}
	return m, ok
}

// only reports every key of m but key, with the message msg: m is a
// document whose key says it holds nothing else.
func (p *configParser) only(m map[string]entry, key, msg string) {
	for k, v := range m {
		if k != key {
			p.errorf(v.key, join("", k), ErrUnknownKey, "", "%s", msg)
		}
	}
}

// readList reads the list n (at path key) item by item, each with read at
// its own path, key[i], and returns the items read; empty, unless "", is
// the problem of an empty list.
func readList[T any](p *configParser, n ast.Node, key, empty string, read func(item ast.Node, key string) (T, bool)) []T {
	seq, ok := p.sequence(n, key)
	if !ok {
		return nil
	}
	if len(seq) == 0 && empty != "" {
		p.errorf(n, key, ErrEmpty, "", "%s", empty)
	}
	var items []T
	for i, item := range seq {
		if v, ok := read(item, itemKey(key, i)); ok {
			items = append(items, v)
		}
	}
	return items
}

// known checks that m has only the given keys.
func (p *configParser) known(m map[string]entry, prefix string, keys ...string) {
	var unknown []string
	for k := range m {
		if !slices.Contains(keys, k) {
			unknown = append(unknown, k)
		}
	}
	slices.Sort(unknown)
	for _, k := range unknown {
		guess := ""
		if g := Suggest(k, keys); g != "" {
			guess = " (did you mean " + g + "?)"
		}
		p.errorf(m[k].key, join(prefix, k), ErrUnknownKey, "",
			"unknown key%s; the keys here are %s", guess, strings.Join(keys, ", "))
	}
}

// game reads one game's mapping m (of node n). prefix is its key path ("" or

// errorKind returns the sentinel an error matches, for ConfigError.Err.
func errorKind(err error) error {
	for _, k := range []error{ErrTooLarge, ErrBadValue} {
		if errors.Is(err, k) {
			return k
		}
	}
	return ErrBadValue
}
