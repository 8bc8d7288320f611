package rules

import (
	"cmp"
	"slices"

	"github.com/goccy/go-yaml/ast"
)

// A Kind is a family of games: what its positions are and how a config
// describes them. Every game is of one kind, which Game.Kind tells; each
// kind has its own keys in a config, its own engine and its own table.
type Kind string

// The kinds of game.
const (
	// KindHeap: sums of heaps of tokens under a move table (Rule), on a
	// line or starting on a ring, in normal or misère play.
	KindHeap Kind = "heap"
	// KindLattice: a token on the points of a board, moved by vectors
	// (Lattice).
	KindLattice Kind = "lattice"
	// KindState: a built-in game whose positions are states no move
	// table describes (State: Fibonacci Nim, Euclid's game).
	KindState Kind = "state"
	// KindGraph: tokens on the nodes of a finite directed graph (Graph).
	KindGraph Kind = "graph"
	// KindScript: a game whose positions and moves a Starlark program
	// states (Script).
	KindScript Kind = "script"
)

// Kinds lists every kind of game.
var Kinds = []Kind{KindHeap, KindLattice, KindState, KindGraph, KindScript}

// Kind returns the game's kind. It is the one place that tells the kinds
// apart by which of Game's optional parts is set: every other place asks
// Kind.
func (g Game) Kind() Kind {
	switch {
	case g.Lattice != nil:
		return KindLattice
	case g.State != "":
		return KindState
	case g.Graph != nil:
		return KindGraph
	case g.Script != nil:
		return KindScript
	}
	return KindHeap
}

// A kindRules is what this package does differently for one kind of game:
// how a config selects the kind and reads its keys, and how a game of the
// kind is named, described and sized. Each kind's entry is in the file of
// that kind; kindTable lists them.
//
// The functions take a Game and must not call the methods of Game that
// look the kind up in kindTable (Key, RuleText, TableText, Memory,
// HoldsOutcomes, Quantity), which would make kindTable depend on itself.
type kindRules struct {
	kind Kind
	// selector is the key of a game's mapping that makes it a game of
	// this kind; "" for the heap kind, the games with no other's.
	selector string
	// keys are the keys a game of the kind may have besides name and
	// selector.
	keys []string
	// refusal is the problem of a game of the kind that has another
	// game key, with a %s for that key.
	refusal string
	// read reads the kind's part of the game d into g, after name and
	// the keys were checked; it reports whether g is valid (every problem
	// is recorded in p).
	read func(p *configParser, d gameDef, g *Game) bool
	// key is Game.Key, ruleText Game.RuleText, tableText Game.TableText.
	key, ruleText, tableText func(Game) string
	// outcomes reports whether a game's table holds outcomes although it
	// is played in normal play (see Game.HoldsOutcomes); nil for never.
	outcomes func(Game) bool
	// memory is Game.Memory: the least bytes a game's table takes to
	// compute; nil when this package cannot tell.
	memory func(Game) int64
}

// kindTable holds the entry of every kind, in the order a game's mapping
// is matched against their selectors: a game is of the first kind whose
// selector it has, and of the heap kind, which has none, when it has no
// other's.
var kindTable = []*kindRules{&latticeRules, &graphRules, &stateRules, &scriptRules, &heapRules}

// rulesOf returns the entry of the kind k.
func rulesOf(k Kind) *kindRules {
	for _, r := range kindTable {
		if r.kind == k {
			return r
		}
	}
	panic("rules: no entry in kindTable for the kind " + string(k))
}

// selected returns the entry of the kind a game's mapping m selects.
func selected(m map[string]entry) *kindRules {
	var heap *kindRules
	for _, r := range kindTable {
		if r.selector == "" {
			heap = r
		} else if _, ok := m[r.selector]; ok {
			return r
		}
	}
	return heap
}

// allows reports whether a game of the kind may have the key.
func (r *kindRules) allows(key string) bool {
	return key == "name" || key == r.selector || slices.Contains(r.keys, key)
}

// keyOrder is the order in which a message lists the keys of a game: the
// order they came into the config language. The keys of a kind not in it
// follow, in the order of kindTable.
var keyOrder = []string{"name", "heaps", "code", "base", "moves", "start", "lattice", "play", "state", "graph", "script"}

// gameKeys are the keys a game's mapping may hold: name and those of every
// kind, in the order of keyOrder.
var gameKeys = listGameKeys()

// listGameKeys returns the keys a game's mapping may hold (see gameKeys).
func listGameKeys() []string {
	keys := []string{"name"}
	for _, r := range kindTable {
		for _, k := range append([]string{r.selector}, r.keys...) {
			if k != "" && !slices.Contains(keys, k) {
				keys = append(keys, k)
			}
		}
	}
	rank := func(k string) int {
		if i := slices.Index(keyOrder, k); i >= 0 {
			return i
		}
		return len(keyOrder)
	}
	slices.SortStableFunc(keys, func(a, b string) int { return cmp.Compare(rank(a), rank(b)) })
	return keys
}

// A gameDef is the mapping of one game, as a kind's read sees it.
type gameDef struct {
	node   ast.Node         // the mapping
	m      map[string]entry // its keys
	prefix string           // the path of its keys: "" or "games[3]."
	before int              // how many problems the file had before the game
	// value is the value of the key that selects the game's kind, and
	// key its path; nil and "" for a heap game.
	value ast.Node
	key   string
}

// failed reports whether a problem was found in the game so far.
func (p *configParser) failed(d gameDef) bool { return p.errs.n > d.before }

// game reads one game's mapping m (of node n). prefix is its key path ("" or
// "games[3]."). The key the mapping has of those that select a kind
// (kindTable) says what kind of game it is, and a key of another kind is a
// problem.
func (p *configParser) game(n ast.Node, m map[string]entry, prefix string) (Game, bool) {
	m = p.overridden(m)
	d := gameDef{node: n, m: m, prefix: prefix, before: p.errs.n}
	p.known(m, prefix, gameKeys...)
	g := Game{Config: p.text, File: p.file, Line: 1}
	if tk := firstKey(n).GetToken(); tk != nil && tk.Position != nil {
		g.Line, g.Col = tk.Position.Line, tk.Position.Column
	}
	p.name(m, prefix, &g)
	r := selected(m)
	if e, ok := m[r.selector]; ok && r.selector != "" {
		d.value, d.key = e.value, prefix+r.selector
	}
	for _, k := range gameKeys {
		if e, ok := m[k]; ok && !r.allows(k) {
			p.errorf(e.key, prefix+k, ErrBadValue, "", r.refusal, k)
		}
	}
	if !r.read(p, d, &g) || p.failed(d) {
		return Game{}, false
	}
	return g, true
}
