package codegen

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sgtab/sgtab/compute/period"
	"github.com/sgtab/sgtab/compute/sg"
)

// Languages are the languages Code writes.
var Languages = []string{"c", "cpp", "go", "python"}

// Code returns source code in lang (one of Languages) that computes t's SG
// values, ready to paste into a program: a function P_sg(n) and, for a ring
// start, P_sg_ring(n), where P is the prefix opt.Name (PSG and PSGRing in
// Go). When t has a period (proved or observed), the code holds only the
// values before the period, one period, and the saltus, and answers for
// every n ≥ 0; otherwise it holds the whole table and answers for n ≤ N.
// The ring values are always the whole column. A comment states the game,
// its rule, the period's standing and the closed form.
//
// The functions take a signed heap size (long long in C and C++, int in
// Go; they return unsigned long long and uint64) and refuse a negative one,
// and one beyond the table when it has no period: C and C++ abort(), Go
// panics with a message naming the function, and Python raises ValueError
// for n < 0 and IndexError for n > N.
//
// Every name in the code starts with P, so that the code of several games
// can share a program: the arrays are P_sg_table, P_sg_pre, P_sg_block and
// their ring twins P_sg_ring_table, P_sg_ring_pre, P_sg_ring_block
// (pSGTable … in Go, unexported). The ring values, like the rows, extend
// past the table by their period when they have one. C and C++ code is a
// header with an include guard, SGTAB_P_H, and static inline functions.
// Go code starts with a package clause (opt.Package), so that the file
// compiles as it is.
//
// Without opt.Name, P comes from the game's name: its runs of ASCII letters
// and digits, in lower case, joined by _ (dawsons-kayles gives
// dawsons_kayles_sg), or in Go capitalized and joined (DawsonsKaylesSG),
// with _ between two digits (subtraction-1-2 gives Subtraction1_2SG). When
// that would start with a digit or be a keyword, game comes first
// (0.07 gives game_0_07_sg and Game0_07SG).
func Code(t *sg.Table, lang string, opt Options) (string, error) {
	if err := opt.check(lang); err != nil {
		return "", err
	}
	if t.G.Len() == 0 {
		return "", fmt.Errorf("empty table")
	}
	a := t.Analysis
	if a == nil {
		a = period.Analyze(t)
	}
	l := languages[lang]
	prefix := opt.prefix(l, t.Game.Name)
	fn := func(base string) string { return l.name(prefix, base, true) }
	arr := func(base string) string { return l.name(prefix, base, false) }
	sgFn := fn("sg")
	var b strings.Builder
	what := "Sprague-Grundy values"
	if t.Game.HoldsOutcomes() {
		what = "Outcomes (1: the player to move wins, 0: that player loses)"
	}
	comment := []string{
		fmt.Sprintf("%s of %s (rule %s, %s start), written by sgtab.", what, t.Game.Name, t.Game.RuleText(), t.Game.Start),
	}
	periodic := a.Status != sg.None
	if periodic {
		p := a.Period
		comment = append(comment, fmt.Sprintf("Period %d from n = %d, saltus %d: %s.", p.Length, p.Start, p.Saltus, a.Status))
		if a.Status == sg.Proved {
			comment = append(comment, fmt.Sprintf("Proof: %s, checked for %s; %s(n) is exact for every n.", a.Proof.Theorem, a.Proof, sgFn))
		} else {
			comment = append(comment, fmt.Sprintf("Observed in SG(0..%d) but not proved: beyond n = %d, %s(n) extends the pattern.", t.N(), t.N(), sgFn))
		}
		comment = append(comment, a.ClosedForm)
	} else {
		comment = append(comment, fmt.Sprintf("No period found in SG(0..%d): %s(n) is defined for 0 <= n <= %d.", t.N(), sgFn, t.N()))
	}
	ring := a.Ring
	ringPeriodic := t.Ring.Len() > 0 && ring != nil && ring.Status != sg.None
	if t.Ring.Len() > 0 {
		sgRing := fn("sg_ring")
		switch {
		case ringPeriodic && ring.Status == sg.Proved:
			p := ring.Period
			comment = append(comment, fmt.Sprintf("Rings: period %d from n = %d, saltus %d: proved (%s, checked for %s); %s(n) is exact for every n.",
				p.Length, p.Start, p.Saltus, ring.Proof.Theorem, ring.Proof, sgRing), ring.ClosedForm)
		case ringPeriodic:
			p := ring.Period
			comment = append(comment, fmt.Sprintf("Rings: period %d from n = %d, saltus %d, observed in SG_ring(0..%d) but not proved: beyond n = %d, %s(n) extends the pattern.",
				p.Length, p.Start, p.Saltus, t.N(), t.N(), sgRing), ring.ClosedForm)
		default:
			comment = append(comment, fmt.Sprintf("Rings: no period found in SG_ring(0..%d): %s(n) is defined for 0 <= n <= %d.", t.N(), sgRing, t.N()))
		}
	}
	b.WriteString(l.comment(comment))
	b.WriteString(l.preamble(prefix, opt))
	if periodic {
		p := a.Period
		if p.Start > 0 {
			b.WriteString(l.array(arr("sg_pre"), t.G.Slice(0, p.Start).Uint32s()))
		}
		b.WriteString(l.array(arr("sg_block"), t.G.Slice(p.Start, p.Start+p.Length).Uint32s()))
		b.WriteString(l.periodic(sgFn, arr("sg_pre"), arr("sg_block"), p.Start, p.Length, p.Saltus))
	} else {
		b.WriteString(l.array(arr("sg_table"), t.G.Uint32s()))
		b.WriteString(l.lookup(sgFn, arr("sg_table"), t.N()))
	}
	switch {
	case ringPeriodic:
		p := ring.Period
		if p.Start > 0 {
			b.WriteString(l.array(arr("sg_ring_pre"), t.Ring.Slice(0, p.Start).Uint32s()))
		}
		b.WriteString(l.array(arr("sg_ring_block"), t.Ring.Slice(p.Start, p.Start+p.Length).Uint32s()))
		b.WriteString(l.periodic(fn("sg_ring"), arr("sg_ring_pre"), arr("sg_ring_block"), p.Start, p.Length, p.Saltus))
	case t.Ring.Len() > 0:
		b.WriteString(l.array(arr("sg_ring_table"), t.Ring.Uint32s()))
		b.WriteString(l.lookup(fn("sg_ring"), arr("sg_ring_table"), t.N()))
	}
	b.WriteString(l.postamble(prefix))
	return b.String(), nil
}

// A language writes the parts of Code in one language.
type language struct {
	// preamble writes what comes before the arrays: an include guard and
	// includes, or the package clause; postamble what comes after them.
	preamble  func(prefix string, opt Options) string
	postamble func(prefix string) string
	comment   func(lines []string) string
	array     func(name string, vs []uint32) string
	// periodic writes fn(n) from the arrays pre (none when start is 0)
	// and block.
	periodic func(fn, pre, block string, start, length int, saltus uint32) string
	// lookup writes fn(n) reading the array name, for 0 ≤ n ≤ last.
	lookup func(fn, name string, last int) string
	// lookup2 writes fn(x, y) reading the array name of a w×h board.
	lookup2 func(fn, name string, w, h int) string
	// name returns the name of the function (fn) or array base (sg,
	// sg_ring, sg_table, …) with prefix.
	name func(prefix, base string, fn bool) string
	// join joins the words of a game's name into a prefix.
	join func(words []string) string
	// checkName is CheckName for the language.
	checkName func(name string) error
}

// snakeName is language.name for C, C++ and Python: prefix_base.
func snakeName(prefix, base string, _ bool) string { return prefix + "_" + base }

var languages = map[string]language{
	"c":      cLike("c"),
	"cpp":    cLike("cpp"),
	"go":     goLang(),
	"python": python(),
}

// numbers formats vs as a comma-separated list, wrapped at about 76
// columns with indent.
func numbers(vs []uint32, indent string) string {
	var b strings.Builder
	line := indent
	for i, v := range vs {
		s := fmt.Sprint(v)
		if i < len(vs)-1 {
			s += ","
		}
		if len(line)+len(s)+1 > 76 && line != indent {
			b.WriteString(strings.TrimRight(line, " ") + "\n")
			line = indent
		}
		line += s + " "
	}
	b.WriteString(strings.TrimRight(line, " ") + "\n")
	return b.String()
}

// cType returns the narrowest C unsigned type that holds vs.
func cType(vs []uint32) string {
	switch m := slices.Max(vs); {
	case m <= 0xFF:
		return "unsigned char"
	case m <= 0xFFFF:
		return "unsigned short"
	default:
		return "unsigned int"
	}
}

// lineComment returns the comment function of a language whose comments
// run from prefix to the end of the line.
func lineComment(prefix string) func([]string) string {
	return func(lines []string) string {
		var b strings.Builder
		for _, l := range lines {
			b.WriteString(prefix + commentLine(l) + "\n")
		}
		return b.String() + "\n"
	}
}

// commentLine returns s as it can stand in a line comment: s itself when
// it is UTF-8 text of printable characters, Go-quoted otherwise, so that a
// newline in a name read from a file (a graph's file name, a table's
// metadata) cannot end the comment and put the rest of the line into the
// code.
func commentLine(s string) string {
	if utf8.ValidString(s) && !strings.ContainsFunc(s, func(r rune) bool { return !unicode.IsPrint(r) }) {
		return s
	}
	return strconv.Quote(s)
}

func cLike(lang string) language {
	l := language{comment: lineComment("// "), name: snakeName, join: snake, checkName: checkCName}
	static := "static const"
	if lang == "cpp" {
		static = "static constexpr"
	}
	include := "#include <cstdlib>\n\n"
	if lang == "c" {
		include = "#include <stdlib.h>\n\n"
	}
	l.preamble = func(prefix string, _ Options) string {
		return fmt.Sprintf("#ifndef SGTAB_%s_H\n#define SGTAB_%s_H\n\n%s", prefix, prefix, include)
	}
	l.postamble = func(prefix string) string { return fmt.Sprintf("#endif /* SGTAB_%s_H */\n", prefix) }
	l.array = func(name string, vs []uint32) string {
		return fmt.Sprintf("%s %s %s[%d] = {\n%s};\n\n", static, cType(vs), name, len(vs), numbers(vs, "    "))
	}
	l.periodic = func(fn, pre, block string, start, length int, saltus uint32) string {
		var head string
		if start > 0 {
			head = fmt.Sprintf("    if (n < %d) return %s[n];\n    n -= %d;\n", start, pre, start)
		}
		return fmt.Sprintf(`/* SG(n) for every n >= 0; aborts for n < 0. */
static inline unsigned long long %s(long long n) {
    if (n < 0) abort();
%s    return %s[n %% %d] + %dULL * (unsigned long long)(n / %d);
}

`, fn, head, block, length, saltus, length)
	}
	l.lookup2 = func(fn, name string, w, h int) string {
		return fmt.Sprintf(`/* SG(x, y) for 0 <= x < %d, 0 <= y < %d; aborts for any other x, y. */
static inline unsigned long long %s(long long x, long long y) {
    if (x < 0 || y < 0 || x >= %d || y >= %d) abort();
    return %s[y * %d + x];
}

`, w, h, fn, w, h, name, w)
	}
	l.lookup = func(fn, name string, last int) string {
		return fmt.Sprintf(`/* SG(n) for 0 <= n <= %d; aborts for any other n. */
static inline unsigned long long %s(long long n) {
    if (n < 0 || n > %d) abort();
    return %s[n];
}

`, last, fn, last, name)
	}
	return l
}

func goLang() language {
	l := language{comment: lineComment("// "), name: goName, join: pascal, checkName: checkGoName}
	l.preamble = func(_ string, opt Options) string {
		return "package " + cmp.Or(opt.Package, DefaultPackage) + "\n\n"
	}
	l.postamble = func(string) string { return "" }
	goType := func(vs []uint32) string {
		switch m := slices.Max(append([]uint32{0}, vs...)); {
		case m <= 0xFF:
			return "uint8"
		case m <= 0xFFFF:
			return "uint16"
		default:
			return "uint32"
		}
	}
	l.array = func(name string, vs []uint32) string {
		return fmt.Sprintf("var %s = [...]%s{\n%s}\n\n", name, goType(vs), strings.ReplaceAll(numbers(vs, "\t")+"\n", "\n\n", ",\n"))
	}
	l.periodic = func(fn, pre, block string, start, length int, saltus uint32) string {
		var head string
		if start > 0 {
			head = fmt.Sprintf("\tif n < %d {\n\t\treturn uint64(%s[n])\n\t}\n\tn -= %d\n", start, pre, start)
		}
		return fmt.Sprintf(`// %s returns SG(n) for every n >= 0; it panics for n < 0.
func %s(n int) uint64 {
	if n < 0 {
		panic("%s: negative heap size")
	}
%s	return uint64(%s[n%%%d]) + %d*uint64(n/%d)
}

`, fn, fn, fn, head, block, length, saltus, length)
	}
	l.lookup2 = func(fn, name string, w, h int) string {
		return fmt.Sprintf(`// %s returns SG(x, y) for 0 <= x < %d, 0 <= y < %d; it panics for any
// other x, y.
func %s(x, y int) uint64 {
	if x < 0 || y < 0 {
		panic("%s: negative coordinate")
	}
	if x >= %d || y >= %d {
		panic("%s: off the board")
	}
	return uint64(%s[y*%d+x])
}

`, fn, w, h, fn, fn, w, h, fn, name, w)
	}
	l.lookup = func(fn, name string, last int) string {
		return fmt.Sprintf(`// %s returns SG(n) for 0 <= n <= %d; it panics for any other n.
func %s(n int) uint64 {
	if n < 0 {
		panic("%s: negative heap size")
	}
	if n > %d {
		panic("%s: heap size beyond the table (n > %d)")
	}
	return uint64(%s[n])
}

`, fn, last, fn, fn, last, fn, last, name)
	}
	return l
}

func python() language {
	l := language{comment: lineComment("# "), name: snakeName, join: snake, checkName: checkPythonName}
	l.preamble = func(string, Options) string { return "" }
	l.postamble = func(string) string { return "" }
	l.array = func(name string, vs []uint32) string {
		// A trailing comma keeps a single value a tuple.
		return fmt.Sprintf("%s = (\n%s,\n)\n\n", name, strings.TrimSuffix(numbers(vs, "    "), "\n"))
	}
	l.periodic = func(fn, pre, block string, start, length int, saltus uint32) string {
		var head string
		if start > 0 {
			head = fmt.Sprintf("    if n < %d:\n        return %s[n]\n    n -= %d\n", start, pre, start)
		}
		return fmt.Sprintf(`def %s(n):
    """SG(n) for every n >= 0; TypeError unless n is an int, ValueError for n < 0."""
    if not isinstance(n, int) or isinstance(n, bool):
        raise TypeError("%s: a heap size is an int, not %%s" %% type(n).__name__)
    if n < 0:
        raise ValueError("%s: negative heap size")
%s    return %s[n %% %d] + %d * (n // %d)

`, fn, fn, fn, head, block, length, saltus, length)
	}
	l.lookup2 = func(fn, name string, w, h int) string {
		return fmt.Sprintf(`def %s(x, y):
    """SG(x, y) for 0 <= x < %d, 0 <= y < %d; TypeError unless both are ints, ValueError for x < 0 or y < 0, IndexError beyond."""
    for v in (x, y):
        if not isinstance(v, int) or isinstance(v, bool):
            raise TypeError("%s: a coordinate is an int, not %%s" %% type(v).__name__)
    if x < 0 or y < 0:
        raise ValueError("%s: negative coordinate")
    if x >= %d or y >= %d:
        raise IndexError("%s: off the board")
    return %s[y * %d + x]

`, fn, w, h, fn, fn, w, h, fn, name, w)
	}
	l.lookup = func(fn, name string, last int) string {
		return fmt.Sprintf(`def %s(n):
    """SG(n) for 0 <= n <= %d; TypeError unless n is an int, ValueError for n < 0, IndexError for n > %d."""
    if not isinstance(n, int) or isinstance(n, bool):
        raise TypeError("%s: a heap size is an int, not %%s" %% type(n).__name__)
    if n < 0:
        raise ValueError("%s: negative heap size")
    if n > %d:
        raise IndexError("%s: heap size beyond the table (n > %d)")
    return %s[n]

`, fn, last, last, fn, fn, last, fn, last, name)
	}
	return l
}

// LatticeCode returns source code in lang that holds the lattice table t:
// the values as one array, P_sg_table, x running fastest, and a function
// P_sg(x, y) for 0 ≤ x < W and 0 ≤ y < H (PSG in Go). The prefix P, the
// package, the include guard and the refusal of any other x, y are as for
// Code.
func LatticeCode(t *sg.LatticeTable, lang string, opt Options) (string, error) {
	if err := opt.check(lang); err != nil {
		return "", err
	}
	l := languages[lang]
	prefix := opt.prefix(l, t.Game.Name)
	sgFn, name := l.name(prefix, "sg", true), l.name(prefix, "sg_table", false)
	var b strings.Builder
	b.WriteString(l.comment([]string{
		fmt.Sprintf("Sprague-Grundy values of %s (%s), written by sgtab.", t.Game.Name, t.Game.RuleText()),
		fmt.Sprintf("%s(x, y) is defined for 0 <= x < %d and 0 <= y < %d.", sgFn, t.W, t.H),
	}))
	b.WriteString(l.preamble(prefix, opt))
	b.WriteString(l.array(name, t.G.Uint32s()))
	b.WriteString(l.lookup2(sgFn, name, t.W, t.H))
	b.WriteString(l.postamble(prefix))
	return b.String(), nil
}
