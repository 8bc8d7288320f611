package rules

import (
	"errors"
	"math"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/token"
)

// A resolver rewrites a document's tree so that the rest of the parser
// sees plain values: it checks every tag and applies the core schema's
// (a value tagged !!str becomes a string, !!int an integer, …), and puts
// the anchored value in place of each alias, so that a value that came
// through an alias is located where it is written, at its anchor.
//
// An alias refers to the last anchor of its name before it in the same
// document; as an anchor takes its name only once its value is read, a
// value cannot hold an alias of itself and the tree stays free of cycles,
// but one value may now appear in many places (see configParser.visit).
// Keys, which the tree cannot hold rewritten, are resolved to their text
// in configParser.keys.
type resolver struct {
	p       *configParser
	anchors map[string]ast.Node
	path    []string // the keys and indices leading to the node at hand
}

// coreTags are the tags of the YAML core schema, by their short names.
var coreTags = []string{"str", "int", "float", "bool", "null", "map", "seq"}

// A mapKey is a key resolved to its text; merge marks the merge key "<<",
// and bad a key that is no name (reported).
type mapKey struct {
	text       string
	merge, bad bool
}

// where returns the key path of the node at hand, as errors name it.
func (r *resolver) where() string {
	var b strings.Builder
	for _, s := range r.path {
		if b.Len() > 0 && !strings.HasPrefix(s, "[") {
			b.WriteByte('.')
		}
		b.WriteString(s)
	}
	return b.String()
}

// node resolves n and what it holds, and returns what replaces it.
func (r *resolver) node(n ast.Node) ast.Node {
	switch v := n.(type) {
	case *ast.MappingNode:
		for _, mv := range v.Values {
			r.pair(mv)
		}
	case *ast.MappingValueNode:
		r.pair(v)
	case *ast.SequenceNode:
		for i, item := range v.Values {
			r.path = append(r.path, "["+strconv.Itoa(i)+"]")
			v.Values[i] = r.node(item)
			r.path = r.path[:len(r.path)-1]
		}
	case *ast.AnchorNode:
		value := r.node(v.Value)
		if v.Name != nil {
			r.anchors[v.Name.GetToken().Value] = value
		}
		return value
	case *ast.AliasNode:
		name := ""
		if v.Value != nil {
			name = v.Value.GetToken().Value
		}
		if target, ok := r.anchors[name]; ok {
			return target
		}
		r.p.errorf(v, r.where(), ErrSyntax, "", "alias *%s has no anchor &%s before it in this document", shorten(name), shorten(name))
	case *ast.TagNode:
		return r.tag(v)
	}
	return n
}

// pair resolves a key and its value.
func (r *resolver) pair(mv *ast.MappingValueNode) {
	k := r.key(mv.Key)
	r.p.keys[mv] = k
	r.path = append(r.path, segment(k.text))
	mv.Value = r.node(mv.Value)
	r.path = r.path[:len(r.path)-1]
}

// key resolves a key node to its text.
func (r *resolver) key(n ast.Node) mapKey {
	if _, ok := n.(*ast.MergeKeyNode); ok {
		return mapKey{text: "<<", merge: true}
	}
	if mk, ok := n.(*ast.MappingKeyNode); ok { // "? key"
		n = mk.Value
	}
	v := r.node(n)
	if value, ok := r.p.refused[v]; ok {
		v = value // a key with a tag refused is still its text
	}
	if _, ok := v.(*ast.AliasNode); ok {
		return mapKey{bad: true} // undefined, and reported
	}
	text, ok := scalarText(v)
	if !ok {
		r.p.errorf(v, r.where(), ErrType, describe(v), "a key must be a name")
	}
	return mapKey{text: text, bad: !ok}
}

// segment writes a key as a key path names it: as it is when it is a
// plain word, quoted otherwise.
func segment(k string) string {
	if k == "" {
		return `""`
	}
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '<') {
			return quote(k)
		}
	}
	return k
}

// scalarText returns the text of a scalar value as written (a string's
// value), and false if n is not a scalar.
func scalarText(n ast.Node) (string, bool) {
	switch v := n.(type) {
	case *ast.StringNode:
		return v.Value, true
	case *ast.LiteralNode:
		if v.Value != nil {
			return v.Value.Value, true
		}
		return "", true
	case *ast.NullNode:
		if v.Token == nil || v.Token.Type == token.ImplicitNullType {
			return "", true
		}
		return v.Token.Value, true
	case *ast.IntegerNode, *ast.FloatNode, *ast.BoolNode, *ast.InfinityNode, *ast.NanNode:
		return v.GetToken().Value, true
	}
	return "", false
}

// tag checks a tagged value and returns the value the tag makes of it.
func (r *resolver) tag(t *ast.TagNode) ast.Node {
	value := r.node(t.Value)
	name := coreTag(t.Start.Value)
	if name == "" {
		r.p.errorf(t, r.where(), ErrBadValue, "", "tag %s is not allowed: a config may use the YAML core schema's tags only, !!%s",
			shorten(t.Start.Value), strings.Join(coreTags, ", !!"))
		return r.refuse(t, value)
	}
	if _, ok := value.(*ast.AliasNode); ok {
		return value // undefined, and reported
	}
	switch name {
	case "map":
		switch value.(type) {
		case *ast.MappingNode, *ast.MappingValueNode:
			return value
		}
		r.p.errorf(t, r.where(), ErrType, describe(value), "!!map needs a mapping")
		return r.refuse(t, value)
	case "seq":
		if _, ok := value.(*ast.SequenceNode); ok {
			return value
		}
		r.p.errorf(t, r.where(), ErrType, describe(value), "!!seq needs a list")
		return r.refuse(t, value)
	}
	text, ok := scalarText(value)
	if !ok {
		r.p.errorf(t, r.where(), ErrType, describe(value), "!!%s needs a single value", name)
		return r.refuse(t, value)
	}
	tk := *value.GetToken()
	tk.Value, tk.Position = text, t.Start.Position
	switch name {
	case "str":
		tk.Type = token.DoubleQuoteType
		return ast.String(&tk)
	case "int":
		if isIntText(text) {
			tk.Type = token.IntegerType
			return ast.Integer(&tk)
		}
	case "float":
		if f, ok := parseFloat(text); ok {
			tk.Type = token.FloatType
			return &ast.FloatNode{BaseNode: &ast.BaseNode{}, Token: &tk, Value: f}
		}
	case "bool":
		switch text {
		case "true", "True", "TRUE", "false", "False", "FALSE":
			tk.Type = token.BoolType
			return ast.Bool(&tk)
		}
	case "null":
		switch text {
		case "", "~", "null", "Null", "NULL":
			tk.Type = token.NullType
			return ast.Null(&tk)
		}
	}
	want := map[string]string{"int": "an integer written in digits", "float": "a number", "bool": "true or false", "null": "null or nothing"}[name]
	r.p.errorf(t, r.where(), ErrType, quote(text), "!!%s needs %s", name, want)
	return r.refuse(t, value)
}

// refuse returns what stands in the tree for value, whose tag t is
// refused: an alias of no anchor, which the parser takes as a problem
// already reported.
func (r *resolver) refuse(t *ast.TagNode, value ast.Node) ast.Node {
	n := &ast.AliasNode{BaseNode: &ast.BaseNode{}, Start: t.Start}
	r.p.refused[n] = value
	return n
}

// coreTag returns the short name of a core schema tag ("str" for "!!str"
// or "!<tag:yaml.org,2002:str>"), or "" for any other tag.
func coreTag(tag string) string {
	name, ok := strings.CutPrefix(tag, "!!")
	if !ok {
		inner, ok := strings.CutPrefix(tag, "!<tag:yaml.org,2002:")
		if !ok || !strings.HasSuffix(inner, ">") {
			return ""
		}
		name = strings.TrimSuffix(inner, ">")
	}
	for _, t := range coreTags {
		if name == t {
			return t
		}
	}
	return ""
}

// States of a text read as a whole number.
const (
	numberWhole    = iota // a whole number that fits in an int64
	numberTooLarge        // a whole number above the int64 range
	numberTooSmall        // a whole number below it
	numberNotWhole        // a number with a fraction, infinite or not a number
	notNumber             // no number at all
)

// parseWhole reads text as YAML writes a number: decimal, 0x hexadecimal,
// 0o or 0 octal, 0b binary (with '_' between digits), or a decimal number
// with a point or an exponent (1e6) that is whole.
func parseWhole(text string) (int64, int) {
	neg := strings.HasPrefix(text, "-")
	s := strings.TrimPrefix(strings.TrimPrefix(text, "+"), "-")
	base, digits := 10, s
	switch {
	case strings.HasPrefix(s, "0x"):
		base, digits = 16, s[2:]
	case strings.HasPrefix(s, "0o"):
		base, digits = 8, s[2:]
	case strings.HasPrefix(s, "0b"):
		base, digits = 2, s[2:]
	case len(s) > 1 && s[0] == '0' && strings.Trim(s, "01234567_") == "":
		base, digits = 8, s[1:]
	case !isDecimalInt(s):
		f, ok := parseFloat(text)
		switch {
		case !ok:
			return 0, notNumber
		case math.IsNaN(f) || math.IsInf(f, 0) && strings.Contains(strings.ToLower(text), "inf") || f != math.Trunc(f):
			return 0, numberNotWhole
		case f >= 1<<63:
			return 0, numberTooLarge
		case f < -(1 << 63):
			return 0, numberTooSmall
		}
		return int64(f), numberWhole
	}
	digits = strings.ReplaceAll(digits, "_", "")
	u, err := strconv.ParseUint(digits, base, 64)
	switch {
	case err != nil && errors.Is(err, strconv.ErrRange):
		if neg {
			return 0, numberTooSmall
		}
		return 0, numberTooLarge
	case err != nil:
		return 0, notNumber
	case neg && u > 1<<63:
		return 0, numberTooSmall
	case neg && u == 1<<63:
		return math.MinInt64, numberWhole
	case neg:
		return -int64(u), numberWhole
	case u > math.MaxInt64:
		return 0, numberTooLarge
	}
	return int64(u), numberWhole
}

// isIntText reports whether text is written as the core schema writes an
// integer (or as the YAML library reads one): decimal, 0x hexadecimal, 0o
// or 0 octal, or 0b binary digits (with '_' between them), after an
// optional sign.
func isIntText(text string) bool {
	_, st := parseWhole(text)
	_, isFloat := parseFloat(text)
	return isDecimalInt(text) || !isFloat && st != notNumber && st != numberNotWhole
}

// isDecimalInt reports whether text is a sign and decimal digits (with '_'
// between them).
func isDecimalInt(text string) bool {
	s := strings.TrimPrefix(strings.TrimPrefix(text, "+"), "-")
	if s == "" || s[0] == '_' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !('0' <= s[i] && s[i] <= '9' || s[i] == '_') {
			return false
		}
	}
	return true
}

// parseFloat reads text as the core schema writes a decimal number: an
// optional sign, digits with at most one point (and '_' between digits),
// an optional exponent; or .inf, -.inf, .nan in any of their spellings.
func parseFloat(text string) (float64, bool) {
	switch strings.TrimPrefix(strings.TrimPrefix(text, "+"), "-") {
	case ".inf", ".Inf", ".INF":
		if strings.HasPrefix(text, "-") {
			return math.Inf(-1), true
		}
		return math.Inf(1), true
	case ".nan", ".NaN", ".NAN":
		if text[0] == '.' {
			return math.NaN(), true
		}
		return 0, false
	}
	s := strings.TrimPrefix(strings.TrimPrefix(text, "+"), "-")
	mantissa, exp, hasExp := strings.Cut(strings.ToLower(s), "e")
	if hasExp {
		exp = strings.TrimPrefix(strings.TrimPrefix(exp, "+"), "-")
		if exp == "" || strings.Trim(exp, "0123456789") != "" {
			return 0, false
		}
	}
	whole, frac, _ := strings.Cut(mantissa, ".")
	if whole+frac == "" || strings.Trim(whole+frac, "0123456789_") != "" || strings.HasPrefix(whole, "_") {
		return 0, false
	}
	f, err := strconv.ParseFloat(strings.ReplaceAll(text, "_", ""), 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return f, true // ±Inf, or 0 for an underflow
		}
		return 0, false
	}
	return f, true
}
