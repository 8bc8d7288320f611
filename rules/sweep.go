package rules

import (
	"fmt"
	"math"
	"math/bits"
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
	// default a line start and normal play. A misère game whose moves may
	// split is left out (misère values of sums are not nim-sums).
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

// A sweep is measured before it is expanded, by arithmetic alone, and the
// arithmetic saturates: a count that would pass math.MaxInt64 is
// math.MaxInt64 (see addCount, mulCount), so that no pattern, however
// long, wraps around below the limits.

// Count returns the number of codes of the pattern, at most
// math.MaxInt64.
func (c CodePattern) Count() int64 {
	n := int64(1)
	for _, d := range c.Digits {
		n = mulCount(n, int64(bits.OnesCount16(d)))
	}
	return n
}

// digits returns the digits of the rules of the pattern's codes, in all,
// at most math.MaxInt64: each code's rule has at most one digit per
// position of the pattern.
func (c CodePattern) digits() int64 {
	return mulCount(c.Count(), int64(len(c.Digits)))
}

// Count returns the number of sets of the family, at most math.MaxInt64.
func (f SubtractionFamily) Count() int64 {
	var n int64
	for k := f.MinSize; k <= f.MaxSize && n < math.MaxInt64; k++ {
		n = addCount(n, binomial(f.To-f.From+1, k))
	}
	return n
}

// digits returns the digits of the rules of the family's sets, in all, at
// most math.MaxInt64. A set whose largest count is m has a rule of m + 1
// digits, and of the k-sets of {from..to} (L = to − from + 1 counts),
// C(m − from, k − 1) have the largest count m; summed over m (j = m − from),
//
//	Σ_j C(j, k−1)·(j + from + 1) = k·C(L, k+1) + (k + from)·C(L, k),
//
// by the hockey-stick identity and j·C(j, k−1) = k·C(j, k) + (k−1)·C(j, k−1).
func (f SubtractionFamily) digits() int64 {
	l := f.To - f.From + 1
	var n int64
	for k := f.MinSize; k <= f.MaxSize && n < math.MaxInt64; k++ {
		n = addCount(n, mulCount(int64(k), binomial(l, k+1)))
		n = addCount(n, mulCount(int64(k+f.From), binomial(l, k)))
	}
	return n
}

// binomial returns C(n, k), exactly, or math.MaxInt64 when it is larger.
// It takes at most min(k, n − k) steps, fewer when the value saturates:
// C(n, i) grows with i up to n/2, so once past the limit it stays past it.
func binomial(n, k int) int64 {
	if k < 0 || k > n {
		return 0
	}
	k = min(k, n-k)
	r := uint64(1)
	for i := range k {
		// r·(n − i)/(i + 1) is C(n, i + 1), a whole number.
		hi, lo := bits.Mul64(r, uint64(n-i))
		if hi >= uint64(i+1) {
			return math.MaxInt64 // the quotient needs more than 64 bits
		}
		r, _ = bits.Div64(hi, lo, uint64(i+1))
		if r > math.MaxInt64 {
			return math.MaxInt64
		}
	}
	return int64(r)
}

// addCount returns a + b, or math.MaxInt64 when that is larger; a and b
// must be ≥ 0.
func addCount(a, b int64) int64 {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}

// mulCount returns a·b, or math.MaxInt64 when that is larger; a and b
// must be ≥ 0.
func mulCount(a, b int64) int64 {
	if hi, lo := bits.Mul64(uint64(a), uint64(b)); hi != 0 || lo > math.MaxInt64 {
		return math.MaxInt64
	}
	return a * b
}

// Count returns the number of games the sweep expands to, before games of
// the same name are merged and misère games that split left out, at most
// math.MaxInt64.
func (s *Sweep) Count() int64 {
	n, _ := s.size()
	return n
}

// size returns the number of games the sweep expands to (as Count) and
// the digits of their rules in all, each at most math.MaxInt64.
func (s *Sweep) size() (games, digits int64) {
	for _, c := range s.Codes {
		games = addCount(games, c.Count())
		digits = addCount(digits, c.digits())
	}
	for _, f := range s.Subtraction {
		games = addCount(games, f.Count())
		digits = addCount(digits, f.digits())
	}
	cross := int64(len(s.Starts) * len(s.Plays))
	games, digits = mulCount(games, cross), mulCount(digits, cross)
	for _, g := range s.Listed {
		digits = addCount(digits, int64(len(g.Rule.Digits)))
	}
	return addCount(games, int64(len(s.Listed))), digits
}

// checkSize refuses a sweep of more than MaxSweepGames games or
// MaxSweepDigits digits of rules, counted before anything is expanded.
func (s *Sweep) checkSize() error {
	games, digits := s.size()
	switch {
	case games > MaxSweepGames:
		return fmt.Errorf("expands to %s games, more than %d; split it into several sweeps", countText(games), MaxSweepGames)
	case digits > MaxSweepDigits:
		return fmt.Errorf("the rules of its games hold %s digits in all, more than %d (a subtraction set's rule holds a digit for each count up to its largest); split it into several sweeps",
			countText(digits), MaxSweepDigits)
	}
	return nil
}

// countText writes a count; math.MaxInt64 stands for any larger one.
func countText(n int64) string {
	if n == math.MaxInt64 {
		return fmt.Sprintf("at least %d", n)
	}
	return strconv.FormatInt(n, 10)
}

// A SweepGame is one game of a sweep, and what generated it: "codes
// 0.***", "subtraction 1..12, size 1..4", or "listed".
type SweepGame struct {
	Game
	Family string
}

// Games returns the games of the sweep, in a fixed order: the codes of each
// pattern in increasing order, the sets of each subtraction family in
// increasing order of size, then lexicographically, each crossed with the
// starts and plays; then the listed games. Each generated game is named
// after what generated it ("0.137", "0.137-ring", "s1-3-4-misere"), and
// games of the same name are one game. A misère variant of a game that
// may split is left out; skipped counts them.
func (s *Sweep) Games() (games []SweepGame, skipped int, err error) {
	if err := s.checkSize(); err != nil {
		return nil, 0, fmt.Errorf("%s:%d: sweep: %w", s.File, s.Line, err)
	}
	seen := map[string]bool{}
	add := func(name, family string, r Rule) {
		for _, start := range s.Starts {
			for _, misere := range s.Plays {
				if misere && (r.MaxParts() > 1 || start != StartLine) {
					skipped++
					continue
				}
				g := Game{Name: name, Rule: r, Start: start, Misere: misere, Heaps: s.Heaps,
					Config: s.Config, File: s.File, Line: s.Line}
				if start == StartRing {
					g.Name += "-ring"
				}
				if misere {
					g.Name += "-misere"
				}
				if !seen[g.Name] {
					seen[g.Name] = true
					games = append(games, SweepGame{g, family})
				}
			}
		}
	}
	for _, c := range s.Codes {
		err := c.each(func(code string) error {
			r, err := ParseCode(code, c.Base)
			if err != nil {
				return fmt.Errorf("%s:%d: sweep: codes: %q gives %q: %w", s.File, s.Line, c.Text, code, err)
			}
			add(code, "codes "+c.Text, r)
			return nil
		})
		if err != nil {
			return nil, 0, err
		}
	}
	for _, f := range s.Subtraction {
		f.each(func(set []int) {
			d := Digit{Leave: f.Leave}
			if f.Distinct {
				d.Distinct = f.Leave & (Leave2 | Leave3)
			}
			digits := make([]Digit, set[len(set)-1]+1)
			names := make([]string, len(set))
			for i, k := range set {
				digits[k] = d
				names[i] = strconv.Itoa(k)
			}
			add("s"+strings.Join(names, "-")+f.suffix(), f.String(), normalize(Rule{Digits: digits}))
		})
	}
	for _, g := range s.Listed {
		if seen[g.Name] {
			return nil, 0, fmt.Errorf("%s:%d:%d: name: the game %q is also a game the sweep generates; rename it", g.File, g.Line, max(g.Col, 1), g.Name)
		}
		seen[g.Name] = true
		if s.Heaps > 0 {
			g.Heaps = s.Heaps
		}
		games = append(games, SweepGame{g, "listed"})
	}
	return games, skipped, nil
}

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

// each calls fn with every code of the pattern, in increasing order.
func (c CodePattern) each(fn func(code string) error) error {
	var b []byte
	var rec func(k int) error
	rec = func(k int) error {
		if k == len(c.Digits) {
			return fn(string(b))
		}
		for v := range 16 {
			if c.Digits[k]&(1<<v) == 0 {
				continue
			}
			b = append(b, strings.ToUpper(strconv.FormatInt(int64(v), 16))...)
			if k == 0 {
				b = append(b, '.')
			}
			if err := rec(k + 1); err != nil {
				return err
			}
			b = b[:len(b)-1]
			if k == 0 {
				b = b[:len(b)-1]
			}
		}
		return nil
	}
	return rec(0)
}

// each calls fn with every set of the family, by size, then in
// lexicographic order.
func (f SubtractionFamily) each(fn func(set []int)) {
	for size := f.MinSize; size <= f.MaxSize; size++ {
		set := make([]int, size)
		var rec func(i, from int)
		rec = func(i, from int) {
			if i == size {
				fn(set)
				return
			}
			for k := from; k <= f.To-(size-1-i); k++ {
				set[i] = k
				rec(i+1, k+1)
			}
		}
		rec(0, f.From)
	}
}

// ParsePattern reads a code pattern: d0, a point, then one position per
// digit of the code, each a digit, "*" (any digit of the base) or a set in
// brackets of digits and ranges ("[0-37]"). d0 may be a set too, of the
// digits a d0 may be (0, 4, 8, C). base is 8 or 16.
func ParsePattern(s string, base int) (CodePattern, error) {
	c := CodePattern{Text: s, Base: base}
	all := uint16(1)<<base - 1
	dot := false
	for i := 0; i < len(s); i++ {
		var set uint16
		switch ch := s[i]; {
		case ch == '.':
			if len(c.Digits) != 1 || dot {
				return c, codeErr("a pattern has one position before the point, as in \"0.**\"")
			}
			dot = true
			continue
		case ch == '*':
			set = all
		case ch == '[':
			end := strings.IndexByte(s[i:], ']')
			if end < 0 {
				return c, codeErr("\"[\" without \"]\"")
			}
			var err error
			if set, err = digitSet(s[i+1:i+end], base); err != nil {
				return c, err
			}
			i += end
		default:
			v, ok := digitValue(ch, base)
			if !ok {
				return c, codeErr("%q is not a digit of base %d, \"*\" or a set \"[…]\"", string(ch), base)
			}
			set = 1 << v
		}
		if len(c.Digits) == 0 {
			set &= 1<<0 | 1<<4 | 1<<8 | 1<<12 // d0 may only split
			if set == 0 {
				return c, codeErr("d0 may only be 0, 4, 8 or C: a move that removes nothing can only split")
			}
		}
		c.Digits = append(c.Digits, set)
	}
	if !dot || len(c.Digits) < 2 {
		return c, codeErr("a pattern needs a point and at least one digit after it, as in \"0.**\"")
	}
	return c, nil
}

// digitSet reads the inside of "[…]": digits and ranges such as 0-3.
func digitSet(s string, base int) (uint16, error) {
	var set uint16
	for i := 0; i < len(s); i++ {
		lo, ok := digitValue(s[i], base)
		if !ok {
			return 0, codeErr("%q in [%s] is not a digit of base %d", string(s[i]), s, base)
		}
		hi := lo
		if i+2 < len(s) && s[i+1] == '-' {
			if hi, ok = digitValue(s[i+2], base); !ok || hi < lo {
				return 0, codeErr("bad range in [%s]", s)
			}
			i += 2
		}
		for v := lo; v <= hi; v++ {
			set |= 1 << v
		}
	}
	if set == 0 {
		return 0, codeErr("empty set []")
	}
	return set, nil
}

func digitValue(c byte, base int) (int, bool) {
	v, err := strconv.ParseUint(string(c), 16, 8)
	if err != nil || int(v) >= base {
		return 0, false
	}
	return int(v), true
}

// sweep reads a sweep: document's value (at node n, under key).
func (p *configParser) sweep(n ast.Node, key string) (*Sweep, bool) {
	before := p.errs.n
	m, ok := p.mapping(n, key)
	if !ok {
		return nil, false
	}
	p.known(m, key, "codes", "base", "subtraction", "games", "start", "play", "heaps", "cap")
	s := &Sweep{Config: p.text, File: p.file, Line: 1, Cap: DefaultSweepCap,
		Starts: []Start{StartLine}, Plays: []bool{false}}
	if tk := firstKey(n).GetToken(); tk != nil && tk.Position != nil {
		s.Line = tk.Position.Line
	}
	base := 8
	if e, ok := m["base"]; ok {
		if v, ok := p.integer(e.value, key+".base"); ok {
			if v != 8 && v != 16 {
				p.errorf(e.value, key+".base", ErrBadValue, describe(e.value), "must be 8 or 16")
			} else {
				base = int(v)
			}
		}
	}
	if e, ok := m["codes"]; ok {
		k := key + ".codes"
		if seq, ok := p.sequence(e.value, k); ok {
			for i, item := range seq {
				ik := itemKey(k, i)
				if text, ok := p.scalar(item, ik, "a code pattern such as \"0.***\""); ok {
					c, err := ParsePattern(text, base)
					if err != nil {
						p.errorf(item, ik, ErrBadCode, quote(text), "%v", err)
						continue
					}
					s.Codes = append(s.Codes, c)
				}
			}
		}
	}
	if e, ok := m["subtraction"]; ok {
		k := key + ".subtraction"
		if seq, ok := p.sequence(e.value, k); ok {
			for i, item := range seq {
				if f, ok := p.subtractionFamily(item, itemKey(k, i)); ok {
					s.Subtraction = append(s.Subtraction, f)
				}
			}
		}
	}
	if e, ok := m["games"]; ok {
		k := key + ".games"
		if seq, ok := p.sequence(e.value, k); ok {
			for i, item := range seq {
				prefix := itemKey(k, i)
				gm, ok := p.mapping(item, prefix)
				if !ok {
					continue
				}
				if _, named := gm["name"]; !named {
					p.errorf(firstKey(item), prefix+".name", ErrMissing, "", "a game listed in a sweep needs a name")
					continue
				}
				if g, ok := p.game(item, gm, prefix+"."); ok {
					s.Listed = append(s.Listed, g)
				}
			}
		}
	}
	if e, ok := m["start"]; ok {
		s.Starts = nil
		p.each(e.value, key+".start", "line or ring", func(v string) bool {
			switch v {
			case "line":
				s.Starts = append(s.Starts, StartLine)
			case "ring":
				s.Starts = append(s.Starts, StartRing)
			default:
				return false
			}
			return true
		})
	}
	if e, ok := m["play"]; ok {
		s.Plays = nil
		p.each(e.value, key+".play", "normal or misere", func(v string) bool {
			switch v {
			case "normal":
				s.Plays = append(s.Plays, false)
			case "misere", "misère":
				s.Plays = append(s.Plays, true)
			default:
				return false
			}
			return true
		})
	}
	if e, ok := m["heaps"]; ok {
		k := key + ".heaps"
		if v, ok := p.scalar(e.value, k, "a whole number or auto"); ok && v != "auto" {
			if h, ok := p.integer(e.value, k); ok {
				if err := CheckHeaps(h, s.widest()); err != nil {
					p.errorf(e.value, k, errorKind(err), describe(e.value), "%v", err)
				} else {
					s.Heaps = int(h)
				}
			}
		}
	}
	if e, ok := m["cap"]; ok {
		k := key + ".cap"
		if h, ok := p.integer(e.value, k); ok {
			if err := CheckHeaps(h, s.widest()); err != nil {
				p.errorf(e.value, k, errorKind(err), describe(e.value), "%v", err)
			} else {
				s.Cap = int(h)
			}
		}
		if s.Heaps > 0 {
			p.errorf(e.key, k, ErrBadValue, "", "cap applies to heaps: auto only")
		}
	}
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

// each reads a list of words (or one word) at n, calling fn with each;
// fn reports whether the word is one of want.
func (p *configParser) each(n ast.Node, key, want string, fn func(string) bool) {
	items := []ast.Node{n}
	if _, ok := unwrap(n).(*ast.SequenceNode); ok {
		items, _ = p.sequence(n, key)
		if len(items) == 0 {
			p.errorf(n, key, ErrEmpty, "[]", "empty list: want %s", want)
		}
	}
	var seen []string
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
		if !fn(v) {
			p.errorf(item, ik, ErrBadValue, quote(v), "must be %s", want)
		}
	}
}

// String describes the sweep in one line per family, canonically: its
// code patterns, subtraction families and listed games, what they are
// crossed with, and the table size.
func (s *Sweep) String() string {
	var b strings.Builder
	for _, c := range s.Codes {
		fmt.Fprintf(&b, "codes %s (base %d): %d\n", c.Text, c.Base, c.Count())
	}
	for _, f := range s.Subtraction {
		fmt.Fprintf(&b, "%s: %d\n", f, f.Count())
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
	m, ok := p.mapping(n, key)
	if !ok {
		return SubtractionFamily{}, false
	}
	p.known(m, key, "from", "to", "min-size", "max-size", "leave", "distinct")
	f := SubtractionFamily{From: 1, MinSize: 1, Leave: Leave0 | Leave1}
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
	if e, ok := m["leave"]; ok {
		f.Leave = p.leave(e.value, key+".leave")
	}
	if e, ok := m["distinct"]; ok {
		if b, ok := p.boolean(e.value, key+".distinct"); ok && b {
			if f.Leave&(Leave2|Leave3) == 0 {
				p.errorf(e.value, key+".distinct", ErrBadValue, "true", "distinct applies to two or three heaps left, and leave has neither")
			}
			f.Distinct = b
		}
	}
	switch {
	case p.errs.n > before:
	case f.From < 1 || f.To < f.From:
		p.errorf(firstKey(n), key, ErrBadValue, "", "want 1 ≤ from ≤ to (got from %d, to %d)", f.From, f.To)
	case f.MinSize < 1 || f.MaxSize < f.MinSize || f.MaxSize > f.To-f.From+1:
		p.errorf(firstKey(n), key, ErrBadValue, "", "want 1 ≤ min-size ≤ max-size ≤ %d (got %d and %d)", f.To-f.From+1, f.MinSize, f.MaxSize)
	}
	return f, p.errs.n == before
}
