package rules

import (
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/lexer"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"
)

// A configParser reads one config: its text into YAML documents, each
// document into games or a sweep, collecting the problems of the file.
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
	// overrides are the keys that -set sets on every game (see
	// Override), overrideOf names the override each token is of.
	overrides  map[string]entry
	overrideOf map[*token.Token]string
	sets       []Override
	chosen     string // the game the overrides are for; "": every game
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

// A parsedGame is a game read from a config, with the nodes and key path
// that problems with its name are reported at.
type parsedGame struct {
	Game
	node   ast.Node // the game's mapping
	nameAt ast.Node // its name's value, or its first key
	prefix string   // the path of its keys: "" or "games[3]."
}

// parse reads the games and sweeps of a config's text data.
func (p *configParser) parse(data []byte) []Game {
	f := p.yamlFile(data)
	if f == nil {
		return nil
	}
	docs := p.documents(f)
	if len(docs) == 0 {
		p.errorf(nil, "", ErrEmpty, "", "empty config: no game defined")
		return nil
	}
	if len(p.sets) > 0 {
		p.readOverrides(p.sets)
	}
	var games []parsedGame
	for _, body := range docs {
		games = p.document(body, games)
	}
	return p.nameGames(games)
}

// yamlFile parses data into a YAML tree, after checking its text against
// the limits; nil when it cannot (the problem is recorded).
func (p *configParser) yamlFile(data []byte) *ast.File {
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
	return f
}

// documents returns the bodies of f's documents that hold something, each
// resolved (see resolver).
func (p *configParser) documents(f *ast.File) []ast.Node {
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
	return docs
}

// document reads one document: a sweep, a games list or one game, and
// returns games with the document's games added.
func (p *configParser) document(body ast.Node, games []parsedGame) []parsedGame {
	m, ok := p.mapping(body, "")
	if !ok {
		return games
	}
	if sw, ok := m["sweep"]; ok {
		p.only(m, "sweep", "a sweep document may hold no other key")
		if s, ok := p.sweep(sw.value, "sweep"); ok {
			if tk := sw.key.GetToken(); tk != nil && tk.Position != nil {
				s.Line = tk.Position.Line
			}
			p.sweeps = append(p.sweeps, s)
		}
		return games
	}
	if list, ok := m["games"]; ok {
		p.only(m, "games", "a file with a games list may hold no other key")
		return append(games, readList(p, list.value, "games", "empty games list", p.listedGame)...)
	}
	if g, ok := p.game(body, m, ""); ok {
		games = append(games, parsedGame{g, body, nameNode(body, m), ""})
	}
	return games
}

// listedGame reads the game n of a games list, at path key.
func (p *configParser) listedGame(n ast.Node, key string) (parsedGame, bool) {
	m, ok := p.mapping(n, key)
	if !ok {
		return parsedGame{}, false
	}
	g, ok := p.game(n, m, key+".")
	return parsedGame{g, n, nameNode(n, m), key + "."}, ok
}

// nameGames names the games that set no name after the file, and checks
// that no two games of the file have one name.
func (p *configParser) nameGames(parsed []parsedGame) []Game {
	base := strings.TrimSuffix(filepath.Base(p.file), filepath.Ext(p.file))
	games := make([]Game, len(parsed))
	seen := map[string]int{}
	for i, pg := range parsed {
		g := &games[i]
		*g = pg.Game
		if g.Name == "" {
			g.Name = base
			if len(parsed) > 1 {
				g.Name = fmt.Sprintf("%s-%d", base, i+1)
			}
			if !validName(g.Name) {
				p.errorf(firstKey(pg.node), pg.prefix+"name", ErrBadValue, quote(g.Name),
					"no name is set, and the one taken from the file name is not valid: set name: to a valid one (%s)", nameRule)
				continue
			}
		}
		if j, ok := seen[g.Name]; ok {
			p.errorf(pg.nameAt, pg.prefix+"name", ErrDuplicate, quote(g.Name),
				"game name already used by the game at line %d", games[j].Line)
			continue
		}
		seen[g.Name] = i
	}
	if len(games) == 0 {
		return nil
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
