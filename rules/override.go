package rules

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/token"
)

// An Override sets a key of a config's games, as sgtab query's -set
// KEY=VALUE does: Value is YAML, read as the config's own would be (a
// number, a code, a list or mapping in flow style), and replaces the
// game's Key, or adds it. A problem with it names the override, not the
// config's line.
type Override struct{ Key, Value string }

// String writes the override as the command line gives it.
func (o Override) String() string { return "-set " + o.Key + "=" + o.Value }

// ParseOverride reads KEY=VALUE: KEY one of a game's keys but name.
func ParseOverride(s string) (Override, error) {
	k, v, ok := strings.Cut(s, "=")
	k = strings.TrimSpace(k)
	switch {
	case !ok:
		return Override{}, fmt.Errorf("%q: want KEY=VALUE", s)
	case k == "name":
		return Override{}, fmt.Errorf("%q: a game's name is not set: choose a game of a config by its name instead", s)
	case !slices.Contains(gameKeys, k):
		return Override{}, fmt.Errorf("%q: %s is not a key of a game%s", s, k, suggestion(k, gameKeys))
	}
	return Override{Key: k, Value: v}, nil
}

// suggestion returns " (did you mean K?)" for the key nearest k, or "".
func suggestion(k string, keys []string) string {
	if s := Suggest(k, keys); s != "" {
		return " (did you mean " + s + "?)"
	}
	return ""
}

// ParseWith reads a config as Parse does, with the overrides sets
// applied to each of its games, and when game is not "", keeps only the
// game of that name (an error lists the names the config has).
func ParseWith(r io.Reader, name, game string, sets []Override) ([]Game, error) {
	p, games, err := parseConfigWith(r, name, game, sets)
	if err != nil {
		return nil, err
	}
	if len(p.sweeps) > 0 {
		p.errs.add(&ConfigError{File: name, Line: p.sweeps[0].Line, Col: 1, Key: "sweep", Err: ErrBadValue,
			Msg: "a sweep of many games: compute it with sgtab sweep"})
	}
	if err := p.errs.err(); err != nil {
		return nil, err
	}
	if game == "" {
		return games, nil
	}
	var names []string
	for _, g := range games {
		if g.Name == game {
			return []Game{g}, nil
		}
		names = append(names, g.Name)
	}
	return nil, fmt.Errorf("%s has no game named %q%s; its games: %s", name, game, suggestion(game, names), strings.Join(names, ", "))
}

// LoadWith reads the config file at path as Load does, with overrides and
// the choice of a game as ParseWith.
func LoadWith(path, game string, sets []Override) ([]Game, error) {
	f, err := open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close() // read-only
	return ParseWith(f, path, game, sets)
}

// readOverrides parses each override as the one-key mapping KEY: VALUE,
// resolved as the config's documents are, into p.overrides; the tokens of
// each are remembered, so that a problem in it names the override.
func (p *configParser) readOverrides(sets []Override) {
	p.overrides = map[string]entry{}
	p.overrideOf = map[*token.Token]string{}
	for _, o := range sets {
		text := o.Key + ": " + o.Value
		tokens, ok := yamlTokens(text)
		var f *ast.File
		var err error
		if ok {
			f, err = yamlParse(tokens)
		}
		if !ok || err != nil || f == nil || len(f.Docs) != 1 || f.Docs[0].Body == nil {
			p.errs.add(&ConfigError{File: o.String(), Key: o.Key, Err: ErrSyntax, Msg: "not a YAML value"})
			continue
		}
		for _, tk := range tokens {
			p.overrideOf[tk] = o.String()
		}
		r := &resolver{p: p, anchors: map[string]ast.Node{}}
		m, ok := p.mapping(r.node(f.Docs[0].Body), "")
		if e, found := m[o.Key]; ok && found && len(m) == 1 {
			p.overrides[o.Key] = e
		} else if ok {
			p.errs.add(&ConfigError{File: o.String(), Key: o.Key, Err: ErrSyntax, Msg: "want one value for the key"})
		}
	}
}

// overridden returns the keys m of a game with the overrides set: on the
// game chosen by name (p.chosen), or on every game when none is.
func (p *configParser) overridden(m map[string]entry) map[string]entry {
	if len(p.overrides) == 0 {
		return m
	}
	if e, ok := m["name"]; ok && p.chosen != "" {
		if name, _ := scalarText(e.value); name != p.chosen {
			return m
		}
	}
	m = maps.Clone(m)
	maps.Copy(m, p.overrides)
	return m
}
