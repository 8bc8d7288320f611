package rules

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"unicode"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/lexer"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"
)

// DefaultHeaps is the table size of a game whose config sets no heaps.
const DefaultHeaps = 1000

// MaxConfigSize is the most bytes a config may hold: Load and Parse read no
// more than one byte beyond it.
const MaxConfigSize = 16 << 20

// Load reads the config file at path, which must be a regular file of at
// most MaxConfigSize bytes (not a directory, a device or a named pipe; a
// named pipe is opened without waiting for a writer). See Parse.
func Load(path string) ([]Game, error) {
	f, err := open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close() // read-only
	return Parse(f, path)
}

// LoadAny reads the config at path, which may hold games or sweeps, and
// returns both, as Load and LoadSweep do.
func LoadAny(path string) ([]Game, []*Sweep, error) {
	f, err := open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close() // read-only
	p, games, err := parseConfig(f, path)
	if err != nil {
		return nil, nil, err
	}
	if err := p.errs.err(); err != nil {
		return nil, nil, err
	}
	return games, p.sweeps, nil
}

// LoadSweep reads the sweep config at path, as Load reads a config. See
// ParseSweep.
func LoadSweep(path string) (*Sweep, error) {
	f, err := open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close() // read-only
	return ParseSweep(f, path)
}

// open opens the config file at path, after checking that it is a regular
// file of at most MaxConfigSize bytes.
func open(path string) (*os.File, error) {
	f, err := OpenRegular(path, MaxConfigSize, "a config")
	if err != nil {
		if _, ok := errors.AsType[*ConfigError](err); ok {
			return nil, errors.Join(err) // one problem of the file, as Parse reports them
		}
		return nil, err
	}
	return f, nil
}

// OpenRegular opens the file at path for reading, after checking that it
// is a regular file — not a directory, a device, a socket or a named pipe
// (opened without waiting for a writer, and refused) — of at most limit
// bytes, so that reading it takes time and memory in proportion to limit.
// what names the kind of file in the errors ("a config", "an edge list").
// A file that is not regular or is too large is a *ConfigError at its
// start, matching ErrNotFile or ErrTooLarge; other errors are those of os.
func OpenRegular(path string, limit int64, what string) (*os.File, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := regular(path, info, what); err != nil {
		return nil, err
	}
	if info.Size() > limit {
		return nil, tooLarge(path, limit, what)
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	// The path may name another file now than when it was checked.
	info, err = f.Stat()
	if err == nil {
		err = regular(path, info, what)
	}
	if err == nil && info.Size() > limit {
		err = tooLarge(path, limit, what)
	}
	if err != nil {
		f.Close() // read-only
		return nil, err
	}
	return f, nil
}

// regular returns a problem located at the start of path (a *ConfigError
// matching ErrNotFile) unless info is a regular file's; what names the
// file's kind.
func regular(path string, info fs.FileInfo, what string) error {
	mode := info.Mode()
	msg := "not a regular file"
	switch {
	case mode.IsRegular():
		return nil
	case mode.IsDir():
		msg = "a directory, not " + what + " file"
	case mode&fs.ModeNamedPipe != 0:
		msg = "a named pipe, not a regular file"
	case mode&fs.ModeSocket != 0:
		msg = "a socket, not a regular file"
	case mode&fs.ModeDevice != 0:
		msg = "a device, not a regular file"
	}
	return &ConfigError{File: path, Line: 1, Col: 1, Msg: msg, Err: ErrNotFile}
}

// tooLarge is the problem of a file of what kind larger than limit bytes.
func tooLarge(name string, limit int64, what string) error {
	size := fmt.Sprintf("%d MiB", limit>>20)
	if limit >= 1<<30 && limit%(1<<30) == 0 {
		size = fmt.Sprintf("%d GiB", limit>>30)
	}
	return &ConfigError{File: name, Line: 1, Col: 1, Err: ErrTooLarge,
		Msg: fmt.Sprintf("the file is larger than %s, the most %s may hold", size, what)}
}

// Parse reads a config: one game, a `games:` list of games, or several YAML
// documents of either form. name is the file name that errors carry. The
// problems found are reported by position, each as a *ConfigError, joined
// with errors.Join: the first 200, then one (matching ErrTooMany) that
// counts the rest.
//
// Parse reads at most MaxConfigSize+1 bytes of r: a longer config is an
// error (ErrTooLarge). A UTF-8 byte-order mark at the start is skipped.
func Parse(r io.Reader, name string) ([]Game, error) {
	p, games, err := parseConfig(r, name)
	if err != nil {
		return nil, err
	}
	for _, s := range p.sweeps {
		p.errs.add(&ConfigError{File: name, Line: s.Line, Col: 1, Key: "sweep", Err: ErrBadValue,
			Msg: "a sweep of many games: compute it with sgtab sweep"})
	}
	if err := p.errs.err(); err != nil {
		return nil, err
	}
	return games, nil
}

// ParseSweep reads a sweep config: one YAML document with the key sweep:
// (see Sweep), and nothing else. Its problems are reported as Parse reports
// a config's.
func ParseSweep(r io.Reader, name string) (*Sweep, error) {
	p, games, err := parseConfig(r, name)
	if err != nil {
		return nil, err
	}
	if (len(games) > 0 || len(p.sweeps) != 1) && p.errs.n == 0 {
		g := Game{Line: 1, Col: 1}
		if len(games) > 0 {
			g = games[0]
		}
		p.errs.add(&ConfigError{File: name, Line: g.Line, Col: max(g.Col, 1), Err: ErrBadValue,
			Msg: fmt.Sprintf("a sweep config holds one sweep: and nothing else (this one holds %d %s and %d %s)",
				len(p.sweeps), pluralWord(len(p.sweeps), "sweep"), len(games), pluralWord(len(games), "game"))})
	}
	if err := p.errs.err(); err != nil {
		return nil, err
	}
	return p.sweeps[0], nil
}

func pluralWord(n int, w string) string {
	if n == 1 {
		return w
	}
	return w + "s"
}

// parseConfig reads a config's games and sweeps, leaving its problems in
// the parser; the error is one that stopped it reading.
func parseConfig(r io.Reader, name string) (*configParser, []Game, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxConfigSize+1))
	if err != nil {
		return nil, nil, fmt.Errorf("read %s: %w", name, err)
	}
	if len(data) > MaxConfigSize {
		return nil, nil, errors.Join(tooLarge(name, MaxConfigSize, "a config"))
	}
	// A byte-order mark says the text is UTF-8; it is not part of it.
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	p := &configParser{file: name, text: string(data),
		visits: budget{limit: maxVisits, what: "through its aliases, the config holds more than %d keys and list items"},
		digits: budget{limit: maxRuleDigits, what: "the games of this config compile to move tables of more than %d digits in all"},
	}
	games := p.parse(data)
	return p, games, nil
}

type configParser struct {
	file   string
	text   string
	errs   problems
	keys   map[*ast.MappingValueNode]mapKey // each key's text (see resolver)
	merged map[ast.Node]map[string]entry    // the keys of each mapping merged into another
	// refused holds the values of tags the resolver refused, by the node
	// that stands for each in the tree (see resolver.refuse).
	refused map[ast.Node]ast.Node
	visits  budget // keys and list items read (see visit)
	digits  budget // digits of move tables spelt out (see spend)
	// counts and listed are the counts of a take list and a set of them,
	// kept for the next list; listed is empty between lists.
	counts []int
	listed [maxDigits / 64]uint64
	// sweeps are the documents with a sweep: key.
	sweeps []*Sweep
}

// maxRuleDigits bounds the digits of the move tables that compiling a
// config's games spells out, in all. A rule has fewer than maxDigits, but
// a file may hold many games, each with many move families.
const maxRuleDigits = 1 << 24

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

// spend counts n more digits of move tables (see maxRuleDigits).
func (p *configParser) spend(n int, at ast.Node, key string) bool {
	return p.charge(&p.digits, n, at, key)
}

// errorf records a problem at node (or at the file's start when node is nil).
func (p *configParser) errorf(node ast.Node, key string, kind error, value, format string, args ...any) {
	p.errs.add(p.place(node, key, value).Problem(kind, format, args...))
}

// place returns where node (or the file's start when node is nil) is, with
// the key's path and the value as written.
func (p *configParser) place(node ast.Node, key, value string) Place {
	line, col := 1, 1
	if node != nil {
		if tk := node.GetToken(); tk != nil && tk.Position != nil {
			line, col = tk.Position.Line, tk.Position.Column
		}
	}
	return Place{File: p.file, Line: line, Col: col, Key: key, Value: value}
}

// libraryFails says that the YAML library panics on a text.
const libraryFails = "the YAML library cannot read this text"

// yamlTokens runs the YAML lexer on text, and reports false if it panics.
func yamlTokens(text string) (tokens token.Tokens, ok bool) {
	defer func() {
		if recover() != nil {
			tokens, ok = nil, false
		}
	}()
	return lexer.Tokenize(text), true
}

// yamlParse runs the YAML parser on tokens; it returns no tree and no
// error if the parser panics, as it does on some texts (a "!" with nothing
// after it, below a %TAG directive).
func yamlParse(tokens token.Tokens) (f *ast.File, err error) {
	defer func() {
		if recover() != nil {
			f, err = nil, nil
		}
	}()
	return parser.Parse(tokens, 0, parser.AllowDuplicateMapKey())
}

// textError records why checkText or checkTokens refuses the text.
func (p *configParser) textError(tp *textProblem) {
	p.errs.add(&ConfigError{File: p.file, Line: tp.line, Col: tp.col, Value: tp.value, Msg: tp.msg, Err: tp.kind})
}

// oneLine returns a message of the YAML library as one short line.
func oneLine(msg string) string {
	if strings.ContainsFunc(msg, func(r rune) bool { return !unicode.IsPrint(r) }) {
		msg = strings.Trim(strconv.Quote(msg), `"`)
	}
	return cut(msg, 200)
}

func (p *configParser) parse(data []byte) []Game {
	// The parser's cost grows with what checkText and checkTokens bound:
	// check them before it builds anything.
	if tp := checkText(data, configLimits); tp != nil {
		p.textError(tp)
		return nil
	}
	tokens, ok := yamlTokens(p.text)
	if !ok {
		p.errorf(nil, "", ErrSyntax, "", "%s", libraryFails)
		return nil
	}
	if tokens.InvalidToken() == nil {
		if tp := checkTokens(tokens, configLimits); tp != nil {
			p.textError(tp)
			return nil
		}
	}
	f, err := yamlParse(tokens)
	if f == nil && err == nil {
		p.errorf(nil, "", ErrSyntax, "", "%s", libraryFails)
		return nil
	}
	if err != nil {
		var ye interface {
			GetToken() *token.Token
			GetMessage() string
		}
		line, col, msg := 1, 1, err.Error()
		if errors.As(err, &ye) {
			msg = ye.GetMessage()
			if tk := ye.GetToken(); tk != nil && tk.Position != nil {
				line, col = tk.Position.Line, tk.Position.Column
			}
		}
		p.errs.add(&ConfigError{File: p.file, Line: line, Col: col, Msg: oneLine(msg), Err: ErrSyntax})
		return nil
	}
	var docs []ast.Node
	p.keys = map[*ast.MappingValueNode]mapKey{}
	p.merged = map[ast.Node]map[string]entry{}
	p.refused = map[ast.Node]ast.Node{}
	for _, d := range f.Docs {
		if d == nil || d.Body == nil {
			continue
		}
		if dir, ok := d.Body.(*ast.DirectiveNode); ok {
			if dir.Name != nil && dir.Name.GetToken().Value == "TAG" {
				p.errorf(dir, "", ErrBadValue, "",
					"%%TAG directives are not allowed: a config uses the core schema's tags, and !! means them")
			}
			continue // %YAML
		}
		r := &resolver{p: p, anchors: map[string]ast.Node{}}
		body := r.node(d.Body)
		if _, ok := body.(*ast.NullNode); ok {
			continue
		}
		docs = append(docs, body)
	}
	if len(docs) == 0 {
		p.errorf(nil, "", ErrEmpty, "", "empty config: no game defined")
		return nil
	}
	var games []Game
	var (
		nodes    []ast.Node // each game's node, the node of its name, and its key prefix, for name errors
		names    []ast.Node
		prefixes []string
	)
	for _, body := range docs {
		m, ok := p.mapping(body, "")
		if !ok {
			continue
		}
		if sw, ok := m["sweep"]; ok {
			for k, v := range m {
				if k != "sweep" {
					p.errorf(v.key, join("", k), ErrUnknownKey, "", "a sweep document may hold no other key")
				}
			}
			if s, ok := p.sweep(sw.value, "sweep"); ok {
				if tk := sw.key.GetToken(); tk != nil && tk.Position != nil {
					s.Line = tk.Position.Line
				}
				p.sweeps = append(p.sweeps, s)
			}
			continue
		}
		if list, ok := m["games"]; ok {
			for k, v := range m {
				if k != "games" {
					p.errorf(v.key, join("", k), ErrUnknownKey, "", "a file with a games list may hold no other key")
				}
			}
			seq, ok := p.sequence(list.value, "games")
			if !ok {
				continue
			}
			if len(seq) == 0 {
				p.errorf(list.value, "games", ErrEmpty, "", "empty games list")
			}
			for i, n := range seq {
				prefix := fmt.Sprintf("games[%d]", i)
				gm, ok := p.mapping(n, prefix)
				if !ok {
					continue
				}
				if g, ok := p.game(n, gm, prefix+"."); ok {
					games = append(games, g)
					nodes = append(nodes, n)
					names = append(names, nameNode(n, gm))
					prefixes = append(prefixes, prefix+".")
				}
			}
			continue
		}
		if g, ok := p.game(body, m, ""); ok {
			games = append(games, g)
			nodes = append(nodes, body)
			names = append(names, nameNode(body, m))
			prefixes = append(prefixes, "")
		}
	}
	base := strings.TrimSuffix(filepath.Base(p.file), filepath.Ext(p.file))
	seen := map[string]int{}
	for i := range games {
		if games[i].Name == "" {
			games[i].Name = base
			if len(games) > 1 {
				games[i].Name = fmt.Sprintf("%s-%d", base, i+1)
			}
			if !validName(games[i].Name) {
				p.errorf(firstKey(nodes[i]), prefixes[i]+"name", ErrBadValue, quote(games[i].Name),
					"no name is set, and the one taken from the file name is not valid: set name: to a valid one (%s)", nameRule)
				continue
			}
		}
		if j, ok := seen[games[i].Name]; ok {
			p.errorf(names[i], prefixes[i]+"name", ErrDuplicate, quote(games[i].Name),
				"game name already used by the game at line %d", games[j].Line)
			continue
		}
		seen[games[i].Name] = i
	}
	return games
}

// nameNode returns the value node of the name key of a game's mapping m
// (of node n), or the game's first key.
func nameNode(n ast.Node, m map[string]entry) ast.Node {
	if e, ok := m["name"]; ok {
		return e.value
	}
	return firstKey(n)
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
		return "a list"
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
// "games[3].").
func (p *configParser) game(n ast.Node, m map[string]entry, prefix string) (Game, bool) {
	before := p.errs.n
	p.known(m, prefix, "name", "heaps", "code", "base", "moves", "start", "lattice", "play", "state", "graph")
	g := Game{Heaps: DefaultHeaps, Config: p.text, File: p.file, Line: 1}
	if tk := firstKey(n).GetToken(); tk != nil && tk.Position != nil {
		g.Line, g.Col = tk.Position.Line, tk.Position.Column
	}
	if e, ok := m["lattice"]; ok {
		for _, k := range []string{"heaps", "code", "base", "moves", "start", "play"} {
			if other, ok := m[k]; ok {
				p.errorf(other.key, prefix+k, ErrBadValue, "", "a lattice game has no %s: its board and moves are under lattice", k)
			}
		}
		l, ok := p.lattice(e.value, prefix+"lattice")
		p.name(m, prefix, &g)
		if !ok || p.errs.n > before {
			return Game{}, false
		}
		g.Lattice, g.Heaps = l, 0
		return g, true
	}
	p.name(m, prefix, &g)
	if e, ok := m["graph"]; ok {
		// A game on a graph: its name and where the graph comes from.
		for _, k := range []string{"heaps", "code", "base", "moves", "start", "play", "lattice", "state"} {
			if other, ok := m[k]; ok {
				p.errorf(other.key, prefix+k, ErrBadValue, "", "a game on a graph has no %s: its positions are the graph's nodes", k)
			}
		}
		spec, ok := p.graph(e.value, prefix+"graph")
		if !ok || p.errs.n > before {
			return Game{}, false
		}
		g.Graph, g.Heaps = spec, 0
		return g, true
	}
	if e, ok := m["state"]; ok {
		// A built-in game: only its name and the table's size.
		for _, k := range []string{"code", "base", "moves", "start", "play"} {
			if other, ok := m[k]; ok {
				p.errorf(other.key, prefix+k, ErrBadValue, "", "a built-in state game has no %s", k)
			}
		}
		key := prefix + "state"
		if s, ok := p.scalar(e.value, key, "the name of a built-in game"); ok {
			if !slices.Contains(StateGames, s) {
				p.errorf(e.value, key, ErrBadValue, quote(s), "no such built-in game; the built-in games are %s", strings.Join(StateGames, ", "))
			}
			g.State = s
		}
		if e, ok := m["heaps"]; ok {
			if v, ok := p.integer(e.value, prefix+"heaps"); ok {
				if v < 1 || v > MaxStateSize {
					p.errorf(e.value, prefix+"heaps", ErrBadValue, describe(e.value), "must be from 1 to %d for a built-in game", MaxStateSize)
				} else {
					g.Heaps = int(v)
				}
			}
		}
		if p.errs.n > before {
			return Game{}, false
		}
		if err := CheckMemory(StateMemory(g.State, int64(g.Heaps))); err != nil {
			p.errorf(e.value, key, ErrTooLarge, "", "with heaps %d: %v", g.Heaps, err)
			return Game{}, false
		}
		return g, true
	}
	if e, ok := m["start"]; ok {
		key := prefix + "start"
		if s, ok := p.scalar(e.value, key, "line or ring"); ok {
			switch s {
			case "line":
				g.Start = StartLine
			case "ring":
				g.Start = StartRing
			default:
				p.errorf(e.value, key, ErrBadValue, quote(s), "must be line or ring")
			}
		}
	}
	if e, ok := m["heaps"]; ok {
		key := prefix + "heaps"
		if v, ok := p.integer(e.value, key); ok {
			if err := CheckHeaps(v, g.Start); err != nil {
				p.errorf(e.value, key, errorKind(err), describe(e.value), "%v", err)
			} else {
				g.Heaps = int(v)
			}
		}
	}
	var parts []Rule
	base := 0
	if e, ok := m["base"]; ok {
		key := prefix + "base"
		if v, ok := p.integer(e.value, key); ok {
			if v != 8 && v != 16 {
				p.errorf(e.value, key, ErrBadValue, describe(e.value), "must be 8 or 16")
			} else {
				base = int(v)
			}
		}
		if _, ok := m["code"]; !ok {
			p.errorf(e.key, key, ErrBadValue, "", "base applies to a code, and there is none")
		}
	}
	if e, ok := m["code"]; ok {
		key := prefix + "code"
		if s, ok := p.scalar(e.value, key, "a code such as \"0.77\""); ok && p.spend(len(s), e.value, key) {
			r, err := ParseCode(s, base)
			if err != nil {
				p.errorf(e.value, key, ErrBadCode, quote(s), "%v", err)
			} else {
				parts = append(parts, r)
			}
		}
	}
	if e, ok := m["moves"]; ok {
		key := prefix + "moves"
		if seq, ok := p.sequence(e.value, key); ok {
			if len(seq) == 0 {
				p.errorf(e.value, key, ErrEmpty, "", "empty list of moves")
			}
			for i, mv := range seq {
				if r, ok := p.move(mv, fmt.Sprintf("%s[%d]", key, i)); ok {
					parts = append(parts, r)
				}
			}
		}
	}
	_, hasCode := m["code"]
	_, hasMoves := m["moves"]
	if !hasCode && !hasMoves {
		p.errorf(firstKey(n), prefix+"code", ErrMissing, "", "missing: a game needs a code, moves, or both")
	}
	if p.errs.n > before {
		return Game{}, false
	}
	size, _, err := unionShape(parts)
	if err == nil {
		// The union spells out size digits, and goes over them once for
		// each family with a repeating tail.
		cost := size
		for _, r := range parts {
			if r.Period > 0 {
				cost += size
			} else {
				cost += len(r.Digits)
			}
		}
		if !p.spend(cost, firstKey(n), prefix+"moves") {
			return Game{}, false
		}
	}
	r, err := unionRules(parts)
	if err != nil {
		p.errorf(firstKey(n), prefix+"moves", ErrTooLong, "",
			"the move families together repeat with a period too long to tabulate (more than %d digits)", maxDigits)
		return Game{}, false
	}
	g.Rule = r
	if e, ok := m["play"]; ok {
		key := prefix + "play"
		s, ok := p.scalar(e.value, key, "normal or misere")
		switch {
		case !ok:
			return Game{}, false
		case s == "normal":
		case s == "misere" || s == "misère":
			if r.MaxParts() > 1 || g.Start != StartLine {
				p.errorf(e.value, key, ErrBadValue, quote(s),
					"misère play is computed only for a line of tokens whose moves leave at most one heap: "+
						"misère values of sums are not nim-sums, and a split makes a sum")
				return Game{}, false
			}
			g.Misere = true
		default:
			p.errorf(e.value, key, ErrBadValue, quote(s), "must be normal or misere")
			return Game{}, false
		}
	}
	return g, true
}

// StateMemory estimates the bytes a built-in game's table of size n takes
// to compute: Euclid's game holds every pair, with a memo entry each;
// Fibonacci Nim a few words a heap.
func StateMemory(name string, n int64) int64 {
	x := float64(n + 1)
	need := x * 16
	if name == "euclid" {
		need = x * x * 48
	}
	return int64(min(need, math.MaxInt64/2)) // no overflow for any n
}

// name reads the game's name key, if any, into g.
func (p *configParser) name(m map[string]entry, prefix string, g *Game) {
	if e, ok := m["name"]; ok {
		key := prefix + "name"
		if s, ok := p.scalar(e.value, key, "a name"); ok {
			if !validName(s) {
				p.errorf(e.value, key, ErrBadValue, quote(s), "%s (it names the output files)", nameRule)
			}
			g.Name = s
		}
	}
}

// nameRule says what validName accepts.
const nameRule = "a name is 1 to 100 letters, digits, '.', '_' or '-', not starting with '.'"

// validName reports whether s may name a game: whether it is 1 to 100
// letters, digits, '.', '_' or '-', not starting with '.'. The game's output
// files are named after it, so it must be a plain file name, the same on
// every system. Every game's name is checked with it, whether set with
// name: or taken from the file name.
func validName(s string) bool {
	if s == "" || len(s) > 100 || s[0] == '.' {
		return false
	}
	for _, c := range s {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// move reads one item of a moves list and compiles it to a Rule.
func (p *configParser) move(n ast.Node, key string) (Rule, bool) {
	before := p.errs.n
	m, ok := p.mapping(n, key)
	if !ok {
		return Rule{}, false
	}
	p.known(m, key, "take", "leave", "distinct", "split")
	_, hasTake := m["take"]
	split, hasSplit := m["split"]
	switch {
	case hasSplit:
		for _, k := range []string{"take", "leave", "distinct"} {
			if e, ok := m[k]; ok {
				p.errorf(e.key, key+"."+k, ErrBadValue, "",
					"a split move removes nothing: put %s in its own move (or use take with leave: [2])", k)
			}
		}
		return p.split(split.value, key+".split", before)
	case !hasTake:
		p.errorf(n, key, ErrMissing, "", "a move needs take or split")
		return Rule{}, false
	}

	var leave uint8 = Leave0 | Leave1
	if e, ok := m["leave"]; ok {
		leave = p.leave(e.value, key+".leave")
	}
	var distinct uint8
	if e, ok := m["distinct"]; ok {
		if b, ok := p.boolean(e.value, key+".distinct"); ok && b {
			distinct = leave & (Leave2 | Leave3)
			if distinct == 0 {
				p.errorf(e.value, key+".distinct", ErrBadValue, "true",
					"distinct applies to two or three heaps left, and leave has neither")
			}
		}
	}
	d := Digit{Leave: leave, Distinct: distinct}
	r := p.take(m["take"].value, key+".take", d)
	return r, p.errs.n == before
}

// take compiles a take set ([1, 3, 4], {min: 1, max: 3} or {min: 1}) whose
// removals may leave what d says.
func (p *configParser) take(n ast.Node, key string, d Digit) Rule {
	if _, ok := unwrap(n).(*ast.SequenceNode); ok {
		seq, ok := p.sequence(n, key)
		if !ok {
			return Rule{}
		}
		if len(seq) == 0 {
			p.errorf(n, key, ErrEmpty, "[]", "empty take set")
			return Rule{}
		}
		// The counts, and a set of them, are kept for the next list.
		ks := p.counts[:0]
		for i, item := range seq {
			v, ok := p.listInteger(item, key, i)
			if !ok {
				continue
			}
			switch {
			case v < 1:
				p.errorf(item, itemKey(key, i), ErrBadValue, describe(item), "must be at least 1")
			case v >= maxDigits:
				p.errorf(item, itemKey(key, i), ErrTooLarge, describe(item),
					"must be below %d (for every count from some k on, use {min: k})", maxDigits)
			case p.listed[v/64]&(1<<(v%64)) != 0:
				p.errorf(item, itemKey(key, i), ErrDuplicate, describe(item), "count listed twice")
			default:
				p.listed[v/64] |= 1 << (v % 64)
				ks = append(ks, int(v))
			}
		}
		for _, k := range ks {
			p.listed[k/64] = 0
		}
		p.counts = ks[:0]
		if len(ks) == 0 || !p.spend(slices.Max(ks)+1, n, key) {
			return Rule{}
		}
		digits := make([]Digit, slices.Max(ks)+1)
		for _, k := range ks {
			digits[k] = d
		}
		return normalize(Rule{Digits: digits})
	}
	if _, ok := unwrap(n).(*ast.MappingNode); !ok {
		p.typeError(n, key, "a list of counts such as [1, 3, 4] or a range such as {min: 1, max: 3}")
		return Rule{}
	}
	m, _ := p.mapping(n, key)
	p.known(m, key, "min", "max")
	e, ok := m["min"]
	if !ok {
		p.errorf(n, key, ErrMissing, "", "a take range needs min (and max, unless any count from min on is allowed)")
		return Rule{}
	}
	lo, ok := p.integer(e.value, key+".min")
	if !ok {
		return Rule{}
	}
	if lo < 1 || lo >= maxDigits {
		p.errorf(e.value, key+".min", ErrBadValue, describe(e.value), "must be from 1 to %d", maxDigits-1)
		return Rule{}
	}
	e, ok = m["max"]
	if !ok {
		if !p.spend(int(lo)+1, n, key) {
			return Rule{}
		}
		digits := make([]Digit, lo+1)
		digits[lo] = d
		return normalize(Rule{Digits: digits, Period: 1})
	}
	hi, ok := p.integer(e.value, key+".max")
	if !ok {
		return Rule{}
	}
	switch {
	case hi < lo:
		p.errorf(e.value, key+".max", ErrBadValue, describe(e.value), "must be at least min (%d)", lo)
		return Rule{}
	case hi >= maxDigits:
		p.errorf(e.value, key+".max", ErrTooLarge, describe(e.value),
			"must be below %d (leave max out to allow any count from min on)", maxDigits)
		return Rule{}
	case !p.spend(int(hi)+1, n, key):
		return Rule{}
	}
	digits := make([]Digit, hi+1)
	for k := lo; k <= hi; k++ {
		digits[k] = d
	}
	return normalize(Rule{Digits: digits})
}

// leave reads a list of heap counts (0 to 3) into Leave bits.
func (p *configParser) leave(n ast.Node, key string) uint8 {
	seq, ok := p.sequence(n, key)
	if !ok {
		return 0
	}
	if len(seq) == 0 {
		p.errorf(n, key, ErrEmpty, "[]", "empty leave list")
	}
	var bits uint8
	for i, item := range seq {
		v, ok := p.listInteger(item, key, i)
		if !ok {
			continue
		}
		if v < 0 || v > 3 {
			p.errorf(item, itemKey(key, i), ErrBadValue, describe(item), "a move leaves 0, 1, 2 or 3 heaps")
			continue
		}
		if bits&(1<<v) != 0 {
			p.errorf(item, itemKey(key, i), ErrDuplicate, describe(item), "listed twice")
		}
		bits |= 1 << v
	}
	return bits
}

// split compiles {parts: 2|3, distinct: bool}: split one heap, removing nothing.
func (p *configParser) split(n ast.Node, key string, before int) (Rule, bool) {
	m, ok := p.mapping(n, key)
	if !ok {
		return Rule{}, false
	}
	p.known(m, key, "parts", "distinct")
	var d Digit
	if e, ok := m["parts"]; !ok {
		p.errorf(n, key, ErrMissing, "", "a split needs parts (2 or 3)")
	} else if v, ok := p.integer(e.value, key+".parts"); ok {
		switch v {
		case 2:
			d.Leave = Leave2
		case 3:
			d.Leave = Leave3
		default:
			p.errorf(e.value, key+".parts", ErrBadValue, describe(e.value), "must be 2 or 3")
		}
	}
	if e, ok := m["distinct"]; ok {
		if b, ok := p.boolean(e.value, key+".distinct"); ok && b {
			d.Distinct = d.Leave
		}
	}
	if p.errs.n > before {
		return Rule{}, false
	}
	return Rule{Digits: []Digit{d}}, true
}

// errorKind returns the sentinel an error matches, for ConfigError.Err.
func errorKind(err error) error {
	for _, k := range []error{ErrTooLarge, ErrBadValue} {
		if errors.Is(err, k) {
			return k
		}
	}
	return ErrBadValue
}
