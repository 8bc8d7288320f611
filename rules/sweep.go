package rules

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml/ast"
)

// A Sweep is a family of games to compute and compare (sgtab sweep): codes
// by pattern, subtraction sets by range and size, and games listed one by
// one, each crossed with the starts and plays it lists. Games expands it.
type Sweep struct {
	// Codes are the take-and-break code patterns, Base their base.
	Codes []CodePattern
	// Subtraction are the families of subtraction sets.
	Subtraction []SubtractionFamily
	// Listed are the games given one by one (as in a games: list).
	Listed []Game
	// Starts and Misere are crossed with every generated game: by
	// default a line start and normal play. A misère game on a ring start
	// is left out (misère play is computed from a line only).
	Starts []Start
	Plays  []bool // false: normal play, true: misère
	// Heaps is the table size of every game, or 0 (auto): each until its
	// period is proved, or up to Cap.
	Heaps, Cap int
	// Config is the YAML text, File its path and Line where sweep: is.
	Config string
	File   string
	Line   int
}

// DefaultSweepCap is how far a sweep computes a game whose period is not
// proved, unless it says otherwise: 2^16 heap sizes.
const DefaultSweepCap = 1 << 16

// MaxSweepGames bounds the games a sweep may expand to.
const MaxSweepGames = 1_000_000

// A CodePattern is a set of take-and-break codes: Digits[k] is the set of
// digits d_k may be (as bits: digit v is bit v), the last position the
// code's last digit. Text is the pattern as written, e.g. "0.***" or
// "4.[0-3]7".
type CodePattern struct {
	Text   string
	Base   int
	Digits []uint16
}

// A SubtractionFamily is every set S ⊆ {From..To} with MinSize ≤ |S| ≤
// MaxSize; removing k ∈ S tokens may leave what Leave says (as a take's
// leave list), the heaps left pairwise different when Distinct.
type SubtractionFamily struct {
	From, To         int
	MinSize, MaxSize int
	Leave            uint8
	Distinct         bool
}

// MaxSweepDigits bounds the digits of the rules of a sweep's games, in
// all: a subtraction set's rule holds one digit per count up to its
// largest, so that {from: 1, to: 65535, max-size: 1}, 65535 games, would
// hold 2^31 digits.
const MaxSweepDigits = 1 << 26

// String describes the family: "subtraction 1..12, size 1..4", and its
// leave and distinct options when set.
func (f SubtractionFamily) String() string {
	s := fmt.Sprintf("subtraction %d..%d, size %d..%d", f.From, f.To, f.MinSize, f.MaxSize)
	if sfx := f.suffix(); sfx != "" {
		s += ", " + strings.ReplaceAll(strings.TrimPrefix(sfx, "-"), "-", ", ")
	}
	return s
}

// suffix names a subtraction family's leave and distinct options, when
// they are not a plain take's.
func (f SubtractionFamily) suffix() string {
	s := ""
	if f.Leave != Leave0|Leave1 {
		s = "-leave"
		for h := range 4 {
			if f.Leave&(1<<h) != 0 {
				s += strconv.Itoa(h)
			}
		}
	}
	if f.Distinct {
		s += "-distinct"
	}
	return s
}

// sweep reads a sweep: document's value (at node n, under key).
func (p *configParser) sweep(n ast.Node, key string) (*Sweep, bool) {
	before := p.errs.n
	m, ok := p.fields(n, key, "codes", "base", "subtraction", "games", "start", "play", "heaps", "cap")
	if !ok {
		return nil, false
	}
	s := &Sweep{Config: p.text, File: p.file, Line: 1, Cap: DefaultSweepCap,
		Starts: []Start{StartLine}, Plays: []bool{false}}
	if tk := firstKey(n).GetToken(); tk != nil && tk.Position != nil {
		s.Line = tk.Position.Line
	}
	base := 8
	if e, ok := m["base"]; ok {
		if v, ok := p.base(e.value, key+".base"); ok {
			base = v
		}
	}
	if e, ok := m["codes"]; ok {
		s.Codes = readList(p, e.value, key+".codes", "", func(n ast.Node, key string) (CodePattern, bool) {
			return p.codePattern(n, key, base)
		})
	}
	if e, ok := m["subtraction"]; ok {
		s.Subtraction = readList(p, e.value, key+".subtraction", "", p.subtractionFamily)
	}
	if e, ok := m["games"]; ok {
		s.Listed = readList(p, e.value, key+".games", "", p.sweepListed)
	}
	if e, ok := m["start"]; ok {
		s.Starts = readWords(p, e.value, key+".start", "line or ring", startWord)
	}
	if e, ok := m["play"]; ok {
		s.Plays = readWords(p, e.value, key+".play", "normal or misere", playWord)
	}
	p.sweepSize(m, key, s)
	if len(s.Codes) == 0 && len(s.Subtraction) == 0 && len(s.Listed) == 0 && p.errs.n == before {
		p.errorf(firstKey(n), key, ErrEmpty, "", "a sweep needs codes, subtraction or games")
	}
	if p.errs.n == before {
		if err := s.checkSize(); err != nil {
			p.errorf(firstKey(n), key, ErrTooLarge, "", "%v", err)
		}
	}
	return s, p.errs.n == before
}

// sweepListed reads an item of a sweep's games: a game with a name.
func (p *configParser) sweepListed(n ast.Node, key string) (Game, bool) {
	m, ok := p.mapping(n, key)
	if !ok {
		return Game{}, false
	}
	if _, named := m["name"]; !named {
		p.errorf(firstKey(n), key+".name", ErrMissing, "", "a game listed in a sweep needs a name")
		return Game{}, false
	}
	return p.game(n, m, key+".")
}

// sweepSize reads a sweep's heaps and cap (of its mapping m, at path key)
// into s, whose starts are known.
func (p *configParser) sweepSize(m map[string]entry, key string, s *Sweep) {
	if e, ok := m["heaps"]; ok {
		k := key + ".heaps"
		if v, ok := p.scalar(e.value, k, "a whole number or auto"); ok && v != "auto" {
			if h, ok := p.heapCount(e.value, k, s.widest()); ok {
				s.Heaps = h
			}
		}
	}
	if e, ok := m["cap"]; ok {
		k := key + ".cap"
		if h, ok := p.heapCount(e.value, k, s.widest()); ok {
			s.Cap = h
		}
		if s.Heaps > 0 {
			p.errorf(e.key, k, ErrBadValue, "", "cap applies to heaps: auto only")
		}
	}
}

// readWords reads a list of words (or one word) at n, each with word,
// which reports whether it is one of want, and returns what they say.
func readWords[T any](p *configParser, n ast.Node, key, want string, word func(string) (T, bool)) []T {
	items := []ast.Node{n}
	if _, ok := unwrap(n).(*ast.SequenceNode); ok {
		items, _ = p.sequence(n, key)
		if len(items) == 0 {
			p.errorf(n, key, ErrEmpty, "[]", "empty list: want %s", want)
		}
	}
	var seen []string
	var values []T
	for i, item := range items {
		ik := key
		if len(items) > 1 || item != n {
			ik = itemKey(key, i)
		}
		v, ok := p.scalar(item, ik, want)
		if !ok {
			continue
		}
		if slices.Contains(seen, v) {
			p.errorf(item, ik, ErrDuplicate, quote(v), "listed twice")
			continue
		}
		seen = append(seen, v)
		if x, ok := word(v); ok {
			values = append(values, x)
		} else {
			p.errorf(item, ik, ErrBadValue, quote(v), "must be %s", want)
		}
	}
	return values
}

// String describes the sweep in one line per family, canonically: its
// code patterns, subtraction families and listed games, what they are
// crossed with, and the table size.
func (s *Sweep) String() string {
	var b strings.Builder
	for _, c := range s.Codes {
		fmt.Fprintf(&b, "codes %s (base %d): %s\n", c.Text, c.Base, countText(c.Count()))
	}
	for _, f := range s.Subtraction {
		fmt.Fprintf(&b, "%s: %s\n", f, countText(f.Count()))
	}
	if len(s.Listed) > 0 {
		names := make([]string, len(s.Listed))
		for i, g := range s.Listed {
			names[i] = g.Name + " " + g.Key()
		}
		fmt.Fprintf(&b, "listed: %s\n", strings.Join(names, ", "))
	}
	starts := make([]string, len(s.Starts))
	for i, st := range s.Starts {
		starts[i] = st.String()
	}
	plays := make([]string, len(s.Plays))
	for i, m := range s.Plays {
		plays[i] = map[bool]string{false: "normal", true: "misere"}[m]
	}
	fmt.Fprintf(&b, "crossed with start [%s], play [%s]\n", strings.Join(starts, ", "), strings.Join(plays, ", "))
	if s.Heaps > 0 {
		fmt.Fprintf(&b, "heaps %d\n", s.Heaps)
	} else {
		fmt.Fprintf(&b, "heaps auto, cap %d\n", s.Cap)
	}
	return b.String()
}

// widest returns the start whose tables take the most memory of those the
// sweep crosses its games with: a ring keeps two columns.
func (s *Sweep) widest() Start {
	if slices.Contains(s.Starts, StartRing) {
		return StartRing
	}
	return StartLine
}

// subtractionFamily reads {from, to, min-size, max-size, leave, distinct}.
func (p *configParser) subtractionFamily(n ast.Node, key string) (SubtractionFamily, bool) {
	before := p.errs.n
	m, ok := p.fields(n, key, "from", "to", "min-size", "max-size", "leave", "distinct")
	if !ok {
		return SubtractionFamily{}, false
	}
	f := SubtractionFamily{From: 1, MinSize: 1}
	get := func(name string, v *int) {
		if e, ok := m[name]; ok {
			if x, ok := p.integer(e.value, key+"."+name); ok {
				if x < 0 || x >= maxDigits {
					p.errorf(e.value, key+"."+name, ErrBadValue, describe(e.value), "must be from 0 to %d", maxDigits-1)
				} else {
					*v = int(x)
				}
			}
		}
	}
	get("from", &f.From)
	get("to", &f.To)
	f.MaxSize = -1
	get("min-size", &f.MinSize)
	get("max-size", &f.MaxSize)
	if _, ok := m["to"]; !ok {
		p.errorf(firstKey(n), key+".to", ErrMissing, "", "missing: the largest count a set may hold")
	}
	if f.MaxSize < 0 {
		f.MaxSize = f.To - f.From + 1
	}
	f.Leave, f.Distinct = p.leaveKeys(m, key)
	switch {
	case p.errs.n > before:
	case f.From < 1 || f.To < f.From:
		p.errorf(firstKey(n), key, ErrBadValue, "", "want 1 ≤ from ≤ to (got from %d, to %d)", f.From, f.To)
	case f.MinSize < 1 || f.MaxSize < f.MinSize || f.MaxSize > f.To-f.From+1:
		p.errorf(firstKey(n), key, ErrBadValue, "", "want 1 ≤ min-size ≤ max-size ≤ %d (got %d and %d)", f.To-f.From+1, f.MinSize, f.MaxSize)
	}
	return f, p.errs.n == before
}
