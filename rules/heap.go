package rules

import (
	"slices"

	"github.com/goccy/go-yaml/ast"
)

// DefaultHeaps is the table size of a game whose config sets no heaps.
const DefaultHeaps = 1000

// heapRules is the heap kind: a game with none of the other kinds' keys,
// whose moves are a take-and-break code, a list of move families or both,
// compiled to one Rule.
var heapRules = kindRules{
	kind:    KindHeap,
	keys:    []string{"heaps", "code", "base", "moves", "start", "play"},
	refusal: "a game of heaps has no %s",
	read:    readHeap,
	key: func(g Game) string {
		if g.Misere {
			return "misere:" + g.Rule.String()
		}
		return g.Start.String() + ":" + g.Rule.String()
	},
	ruleText:  func(g Game) string { return g.Rule.String() },
	tableText: func(g Game) string { return sizeText(g.Heaps, g.Misere) },
	memory: func(g Game) int64 {
		return HeapMemory(int64(g.Heaps), g.Start, 8) + RuleMemory(g.Rule, int64(g.Heaps))
	},
}

// readHeap reads a heap game's keys: start, heaps (DefaultHeaps unless
// set), code and base, moves, and play.
func readHeap(p *configParser, d gameDef, g *Game) bool {
	m, prefix := d.m, d.prefix
	g.Heaps = DefaultHeaps
	if e, ok := m["start"]; ok {
		key := prefix + "start"
		if s, ok := p.scalar(e.value, key, "line or ring"); ok {
			if start, ok := startWord(s); ok {
				g.Start = start
			} else {
				p.errorf(e.value, key, ErrBadValue, quote(s), "must be line or ring")
			}
		}
	}
	if e, ok := m["heaps"]; ok {
		if v, ok := p.heapCount(e.value, prefix+"heaps", g.Start); ok {
			g.Heaps = v
		}
	}
	parts := p.moveFamilies(d)
	if p.failed(d) {
		return false
	}
	r, ok := p.compile(d, parts)
	if !ok {
		return false
	}
	g.Rule = r
	if e, ok := m["play"]; ok {
		return p.play(e.value, prefix+"play", g)
	}
	return true
}

// moveFamilies reads a heap game's code (in its base) and moves, each to a
// Rule.
func (p *configParser) moveFamilies(d gameDef) []Rule {
	m, prefix := d.m, d.prefix
	var parts []Rule
	base := 0
	if e, ok := m["base"]; ok {
		key := prefix + "base"
		if v, ok := p.base(e.value, key); ok {
			base = v
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
		parts = append(parts, readList(p, e.value, prefix+"moves", "empty list of moves", p.move)...)
	}
	_, hasCode := m["code"]
	_, hasMoves := m["moves"]
	if !hasCode && !hasMoves {
		p.errorf(firstKey(d.node), prefix+"code", ErrMissing, "", "missing: a game needs a code, moves, or both")
	}
	return parts
}

// compile returns the rule allowing the moves of every family in parts,
// spending the digits it spells out.
func (p *configParser) compile(d gameDef, parts []Rule) (Rule, bool) {
	at, key := firstKey(d.node), d.prefix+"moves"
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
		if !p.spend(cost, at, key) {
			return Rule{}, false
		}
	}
	r, err := unionRules(parts)
	if re, ok := err.(*RunError); ok {
		p.errorf(at, key, ErrBadValue, "", "%v", re)
		return Rule{}, false
	}
	if err != nil {
		p.errorf(at, key, ErrTooLong, "",
			"the move families together repeat with a period too long to tabulate (more than %d digits)", maxDigits)
		return Rule{}, false
	}
	return r, true
}

// play reads a heap game's play key (at node n, path key) into g, whose
// rule and start are known.
func (p *configParser) play(n ast.Node, key string, g *Game) bool {
	s, ok := p.scalar(n, key, "normal or misere")
	if !ok {
		return false
	}
	misere, ok := playWord(s)
	if !ok {
		p.errorf(n, key, ErrBadValue, quote(s), "must be normal or misere")
		return false
	}
	if misere && !misereComputed(g.Rule, g.Start) {
		p.errorf(n, key, ErrBadValue, quote(s),
			"misère play is computed only from a line of tokens (start: line): "+
				"the outcomes and genera of rings in misère play are not computed")
		return false
	}
	g.Misere = misere
	return true
}

// misereComputed reports whether misère play of the rule r from start is
// computed: from a line of tokens, whatever the moves.
func misereComputed(_ Rule, start Start) bool {
	return start == StartLine
}

// startWord reads a start as a config writes it: line or ring.
func startWord(s string) (Start, bool) {
	switch s {
	case "line":
		return StartLine, true
	case "ring":
		return StartRing, true
	}
	return 0, false
}

// playWord reads a play as a config writes it: normal, or misere (also
// spelt misère), which it reports as true.
func playWord(s string) (misere, ok bool) {
	switch s {
	case "normal":
		return false, true
	case "misere", "misère":
		return true, true
	}
	return false, false
}

// base reads the base of codes: 8 or 16.
func (p *configParser) base(n ast.Node, key string) (int, bool) {
	v, ok := p.integer(n, key)
	if !ok {
		return 0, false
	}
	if v != 8 && v != 16 {
		p.errorf(n, key, ErrBadValue, describe(n), "must be 8 or 16")
		return 0, false
	}
	return int(v), true
}

// heapCount reads a table size: a whole number that CheckHeaps accepts for
// a game with the given start.
func (p *configParser) heapCount(n ast.Node, key string, start Start) (int, bool) {
	v, ok := p.integer(n, key)
	if !ok {
		return 0, false
	}
	if err := CheckHeaps(v, start); err != nil {
		p.errorf(n, key, errorKind(err), describe(n), "%v", err)
		return 0, false
	}
	return int(v), true
}

// maxRuleDigits bounds the digits of the move tables that compiling a
// config's games spells out, in all. A rule has fewer than maxDigits, but
// a file may hold many games, each with many move families.
const maxRuleDigits = 1 << 24

// spend counts n more digits of move tables (see maxRuleDigits).
func (p *configParser) spend(n int, at ast.Node, key string) bool {
	return p.charge(&p.digits, n, at, key)
}

// move reads one item of a moves list and compiles it to a Rule.
func (p *configParser) move(n ast.Node, key string) (Rule, bool) {
	before := p.errs.n
	m, ok := p.fields(n, key, "take", "leave", "distinct", "split")
	if !ok {
		return Rule{}, false
	}
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
	leave, distinct := p.leaveKeys(m, key)
	r := p.take(m["take"].value, key+".take", takeDigit(leave, distinct))
	return r, p.errs.n == before
}

// leaveKeys reads the leave and distinct keys of a take (or of a family of
// subtraction sets) whose mapping m is at path key: the Leave bits, by
// default Leave0|Leave1 (take the whole heap, or leave the rest as one),
// and whether the heaps left must differ in size.
func (p *configParser) leaveKeys(m map[string]entry, key string) (leave uint8, distinct bool) {
	leave = Leave0 | Leave1
	if e, ok := m["leave"]; ok {
		leave = p.leave(e.value, key+".leave")
	}
	if e, ok := m["distinct"]; ok {
		if b, ok := p.boolean(e.value, key+".distinct"); ok && b {
			if leave&(Leave2|Leave3) == 0 {
				p.errorf(e.value, key+".distinct", ErrBadValue, "true",
					"distinct applies to two or three heaps left, and leave has neither")
			}
			distinct = true
		}
	}
	return leave, distinct
}

// takeDigit returns the digit of a removal that may leave what leave says,
// the heaps left of different sizes when distinct.
func takeDigit(leave uint8, distinct bool) Digit {
	d := Digit{Leave: leave}
	if distinct {
		d.Distinct = leave & (Leave2 | Leave3)
	}
	return d
}

// takeRule returns the rule whose removals of each of counts tokens may
// leave what d says, and no other. counts must not be empty.
func takeRule(counts []int, d Digit) Rule {
	digits := make([]Digit, slices.Max(counts)+1)
	for _, k := range counts {
		digits[k] = d
	}
	return normalize(Rule{Digits: digits})
}

// take compiles a take set ([1, 3, 4], {min: 1, max: 3} or {min: 1}) whose
// removals may leave what d says.
func (p *configParser) take(n ast.Node, key string, d Digit) Rule {
	switch unwrap(n).(type) {
	case *ast.SequenceNode:
		return p.takeList(n, key, d)
	case *ast.MappingNode:
		return p.takeRange(n, key, d)
	}
	p.typeError(n, key, "a list of counts such as [1, 3, 4] or a range such as {min: 1, max: 3}")
	return Rule{}
}

// takeList compiles a take list such as [1, 3, 4].
func (p *configParser) takeList(n ast.Node, key string, d Digit) Rule {
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
				"must be below %d (for every count from some k on, use {min: k}; from a to b, {min: a, max: b})", maxDigits)
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
	return takeRule(ks, d)
}

// takeRange compiles a take range: {min: a, max: b}, or {min: a} for any
// count from a on.
func (p *configParser) takeRange(n ast.Node, key string, d Digit) Rule {
	m, _ := p.fields(n, key, "min", "max")
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
	case hi > MaxRun:
		p.errorf(e.value, key+".max", ErrTooLarge, describe(e.value),
			"must be at most 10^18 (leave max out to allow any count from min on)")
		return Rule{}
	case hi >= maxDigits:
		// A run: the digits up to min, then min's digit on to max.
		if !p.spend(int(lo)+1, n, key) {
			return Rule{}
		}
		digits := make([]Digit, lo+1)
		digits[lo] = d
		return normalize(Rule{Digits: digits, Until: int(hi)})
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

// split compiles {parts: 2|3, distinct: bool}: split one heap, removing
// nothing. before is how many problems the file had before the move.
func (p *configParser) split(n ast.Node, key string, before int) (Rule, bool) {
	m, ok := p.fields(n, key, "parts", "distinct")
	if !ok {
		return Rule{}, false
	}
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
