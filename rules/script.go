package rules

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/goccy/go-yaml/ast"
	"go.starlark.net/syntax"
)

// A Script is a game whose positions and moves a config states as a
// program in Starlark (see package compute's Script): the functions
// start(n) and moves(position), and optionally canonical(position) and
// parts(position).
type Script struct {
	// Source is the program's text; Line is the line of the config file
	// its first line is on, so that a problem in it is reported at the
	// config's line.
	Source string
	Line   int
	// Indent is how many spaces the config indents the program's lines
	// by, which a column in the program is off by.
	Indent int
	// Steps bounds the Starlark steps of one call of the script's
	// functions, Positions the positions it may reach in all.
	Steps, Positions int64
	// Params is the number of parameters of the script's start, 1 or 2,
	// as its text declares it; 0 when it cannot be read (the script is
	// compiled later, and its problems reported then).
	Params int
}

// ScriptPositionBytes is about what the search of a scripted game keeps
// for each position: its text in a list and a map, its Starlark value,
// its moves and value. Measured on a board of start(n, m) = (n, m) with
// heaps 200 and 400 (72 and 169 MB at its peak for 40,401 and 160,801
// positions): 800 bytes a position; a board's memory is counted at 512 a
// point, the least a position of two numbers takes.
const ScriptPositionBytes = 512

// Points returns the number of start points of a scripted game: heaps+1,
// or (heaps+1)² when start takes two parameters.
func (s *Script) Points(heaps int) int64 {
	if s.Params == 2 {
		return int64(heaps+1) * int64(heaps+1)
	}
	return int64(heaps + 1)
}

// startParams returns the number of parameters of the function start in
// the Starlark program src, 0 when the program does not parse or has no
// start.
func startParams(src string) int {
	f, err := (&syntax.FileOptions{}).Parse("script", src, 0)
	if err != nil {
		return 0
	}
	for _, st := range f.Stmts {
		if d, ok := st.(*syntax.DefStmt); ok && d.Name.Name == "start" {
			return len(d.Params)
		}
	}
	return 0
}

// Defaults and bounds of a script's limits.
const (
	DefaultScriptSteps     = 10_000_000
	DefaultScriptPositions = 1_000_000
	MaxScriptPositions     = 1 << 26
	MaxScriptParameter     = 1 << 16
)

// Hash returns the SHA-256 of the script's source, in hexadecimal: it
// names the script in a table's metadata.
func (s *Script) Hash() string {
	h := sha256.Sum256([]byte(s.Source))
	return hex.EncodeToString(h[:])
}

// scriptRules is the script kind: a game with the key script, a program
// whose start(n) is the position of parameter n for n = 0..heaps (or
// start(n, m), for 0 ≤ n, m ≤ heaps).
var scriptRules = kindRules{
	kind:     KindScript,
	selector: "script",
	keys:     []string{"heaps", "steps", "positions"},
	refusal:  "a scripted game has no %s: its moves are in its script",
	read:     readScript,
	key: func(g Game) string {
		return fmt.Sprintf("script:%s n=0..%d", g.Script.Hash()[:16], g.Heaps)
	},
	ruleText: func(g Game) string { return "script:" + g.Script.Hash() },
	tableText: func(g Game) string {
		return fmt.Sprintf("SG of start(n), or start(n, m), for parameters 0..%d", g.Heaps)
	},
	memory: func(g Game) int64 { return scriptMemory(g.Script, g.Heaps) },
}

// scriptMemory is the least memory a scripted game's search takes: 8
// bytes a start point (its value and position), and a board's points
// each a position of its own (ScriptPositionBytes).
func scriptMemory(s *Script, heaps int) int64 {
	if s.Params == 2 {
		return s.Points(heaps) * ScriptPositionBytes
	}
	return s.Points(heaps) * 8
}

// readScript reads a scripted game's keys: script, its program (a block
// scalar, "|", whose lines follow the key), heaps (the largest parameter
// n, DefaultHeaps unless set, at most MaxScriptParameter) and the limits
// steps and positions.
func readScript(p *configParser, d gameDef, g *Game) bool {
	s := &Script{Steps: DefaultScriptSteps, Positions: DefaultScriptPositions}
	g.Script, g.Heaps = s, 100
	if src, ok := p.scriptText(d.value, d.key); ok {
		s.Source = src
		s.Line = p.place(d.value, d.key, "").Line
		if _, block := unwrap(d.value).(*ast.LiteralNode); block {
			s.Line++ // the program starts on the line after "|"
			s.Indent = indentOf(p.text, s.Line)
		}
	}
	bound := func(k string, lo, hi int64, into *int64) {
		e, ok := d.m[k]
		if !ok {
			return
		}
		if v, ok := p.integer(e.value, d.prefix+k); ok {
			if v < lo || v > hi {
				p.errorf(e.value, d.prefix+k, ErrBadValue, describe(e.value), "must be from %d to %d for a scripted game", lo, hi)
			}
			*into = v
		}
	}
	heaps := int64(g.Heaps)
	bound("heaps", 0, MaxScriptParameter, &heaps)
	bound("steps", 1, 1<<40, &s.Steps)
	bound("positions", 1, MaxScriptPositions, &s.Positions)
	g.Heaps = int(heaps)
	s.Params = startParams(s.Source)
	if e, ok := d.m["heaps"]; ok && !p.failed(d) && s.Params == 2 {
		if err := CheckMemory(scriptMemory(s, g.Heaps)); err != nil {
			p.errorf(e.value, d.prefix+"heaps", ErrTooLarge, describe(e.value), "start(n, m) for 0 ≤ n, m ≤ %d is a board of %d points, each a position the search keeps (about %d bytes each): %v",
				g.Heaps, s.Points(g.Heaps), ScriptPositionBytes, err)
		}
	}
	return !p.failed(d)
}

// scriptText returns the text of a script: a string, written as a block
// scalar or on the key's line.
func (p *configParser) scriptText(n ast.Node, key string) (string, bool) {
	if v, ok := unwrap(n).(*ast.LiteralNode); ok {
		return v.Value.Value, true
	}
	s, ok := p.scalar(n, key, "a Starlark program (a block scalar: script: |)")
	if ok && s == "" {
		p.errorf(n, key, ErrBadValue, `""`, "an empty script: it must define start(n) and moves(position)")
		return "", false
	}
	return s, ok
}

// indentOf returns how many spaces line (from 1) of text starts with.
func indentOf(text string, line int) int {
	lines := strings.SplitN(text, "\n", line+1)
	if line > len(lines) {
		return 0
	}
	l := lines[line-1]
	return len(l) - len(strings.TrimLeft(l, " "))
}
