package export

import (
	"cmp"
	"errors"
	"fmt"
	"go/token"
	"slices"
	"strings"

	"github.com/sgtab/sgtab/compute"
)

// Languages are the languages Code writes.
var Languages = []string{"c", "cpp", "go", "python"}

// CodeOptions sets what Code and LatticeCode write beyond the values. The
// zero value means the defaults.
type CodeOptions struct {
	// Package names the Go file's package (see CheckPackage); empty means
	// "sgtab". Only Go has packages: for another language it must be empty.
	Package string
}

// DefaultPackage is the package of a Go file when CodeOptions.Package is
// empty. It is the same for every game, so that the files of several games
// can share one directory.
const DefaultPackage = "sgtab"

// CheckPackage returns an error unless name can be a Go package's name: an
// identifier, neither a keyword nor the blank identifier.
func CheckPackage(name string) error {
	switch {
	case token.IsKeyword(name):
		return errors.New("a Go keyword")
	case !token.IsIdentifier(name):
		return errors.New("not a Go identifier")
	case name == "_":
		return errors.New("the blank identifier")
	}
	return nil
}

// check returns an error unless lang is one of Languages and opt suits it.
func (opt CodeOptions) check(lang string) error {
	if !slices.Contains(Languages, lang) {
		return fmt.Errorf("unknown language %q (want one of %s)", lang, strings.Join(Languages, ", "))
	}
	if opt.Package != "" {
		if lang != "go" {
			return fmt.Errorf("package %q: only Go has packages", opt.Package)
		}
		if err := CheckPackage(opt.Package); err != nil {
			return fmt.Errorf("package %q: %w", opt.Package, err)
		}
	}
	return nil
}

// Code returns source code in lang (one of Languages) that computes t's SG
// values, ready to paste into a program: a function sg(n) and, for a ring
// start, sg_ring(n) (sgRing in Go). When t has a period (proved or observed), sg holds only
// the values before the period, one period, and the saltus, and answers for
// every n ≥ 0; otherwise it holds the whole table and answers for n ≤ N.
// The ring values are always the whole column. A comment states the game,
// its rule, the period's standing and the closed form. Go code starts with
// a package clause, so that the file compiles as it is.
func Code(t *compute.Table, lang string, opt CodeOptions) (string, error) {
	if err := opt.check(lang); err != nil {
		return "", err
	}
	if t.G.Len() == 0 {
		return "", fmt.Errorf("empty table")
	}
	a := t.Analysis
	if a == nil {
		a = compute.Analyze(t)
	}
	l := languages[lang]
	var b strings.Builder
	what := "Sprague-Grundy values"
	if t.Game.Misere || t.Game.State == "fibonacci-nim" {
		what = "Outcomes (1: the player to move wins, 0: that player loses)"
	}
	comment := []string{
		fmt.Sprintf("%s of %s (rule %s, %s start), written by sgtab.", what, t.Game.Name, t.Game.RuleText(), t.Game.Start),
	}
	periodic := a.Status != compute.None
	if periodic {
		p := a.Period
		comment = append(comment, fmt.Sprintf("Period %d from n = %d, saltus %d: %s.", p.Length, p.Start, p.Saltus, a.Status))
		if a.Status == compute.Proved {
			comment = append(comment, fmt.Sprintf("Proof: %s, checked for %s; sg(n) is exact for every n.", a.Proof.Theorem, a.Proof))
		} else {
			comment = append(comment, fmt.Sprintf("Observed in SG(0..%d) but not proved: beyond n = %d, sg(n) extends the pattern.", t.N(), t.N()))
		}
		comment = append(comment, a.ClosedForm)
	} else {
		comment = append(comment, fmt.Sprintf("No period found in SG(0..%d): sg(n) is defined for 0 <= n <= %d.", t.N(), t.N()))
	}
	b.WriteString(l.comment(comment))
	b.WriteString(l.preamble(opt))
	if l.rename == nil {
		l.rename = func(s string) string { return s }
	}
	if periodic {
		p := a.Period
		pre := t.G.Slice(0, p.Start).Uint32s()
		block := t.G.Slice(p.Start, p.Start+p.Length).Uint32s()
		b.WriteString(l.array(l.rename("sg_pre"), pre))
		b.WriteString(l.array(l.rename("sg_block"), block))
		b.WriteString(l.periodic(p.Start, p.Length, p.Saltus))
	} else {
		b.WriteString(l.array(l.rename("sg_table"), t.G.Uint32s()))
		b.WriteString(l.lookup("sg", l.rename("sg_table"), t.N()))
	}
	if t.Ring.Len() > 0 {
		b.WriteString(l.array(l.rename("sg_ring_table"), t.Ring.Uint32s()))
		b.WriteString(l.lookup(l.rename("sg_ring"), l.rename("sg_ring_table"), t.N()))
	}
	return b.String(), nil
}

// A language writes the parts of Code in one language.
type language struct {
	// preamble writes what comes before the arrays: includes, or the
	// package clause.
	preamble func(opt CodeOptions) string
	comment  func(lines []string) string
	array    func(name string, vs []uint32) string
	// periodic writes sg(n) from sg_pre and sg_block.
	periodic func(start, length int, saltus uint32) string
	// lookup writes fn(n) reading the array name, for 0 ≤ n ≤ last.
	lookup func(fn, name string, last int) string
	// lookup2 writes sg(x, y) reading the array name of a w×h board.
	lookup2 func(name string, w, h int) string
	// rename turns the names Code uses (sg_pre) into the language's style;
	// nil keeps them.
	rename func(string) string
}

// camel turns sg_ring_table into sgRingTable.
func camel(s string) string {
	parts := strings.Split(s, "_")
	for i := 1; i < len(parts); i++ {
		parts[i] = strings.ToUpper(parts[i][:1]) + parts[i][1:]
	}
	return strings.Join(parts, "")
}

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

func lineComment(prefix string) func([]string) string {
	return func(lines []string) string {
		var b strings.Builder
		for _, l := range lines {
			b.WriteString(prefix + l + "\n")
		}
		return b.String() + "\n"
	}
}

func cLike(lang string) language {
	l := language{comment: lineComment("// ")}
	static := "static const"
	if lang == "cpp" {
		static = "static constexpr"
	}
	include := "#include <cstdlib>\n\n"
	if lang == "c" {
		include = "#include <stdlib.h>\n\n"
	}
	l.preamble = func(CodeOptions) string { return include }
	l.array = func(name string, vs []uint32) string {
		if len(vs) == 0 {
			return fmt.Sprintf("%s unsigned char %s[1] = {0}; /* empty */\n\n", static, name)
		}
		return fmt.Sprintf("%s %s %s[%d] = {\n%s};\n\n", static, cType(vs), name, len(vs), numbers(vs, "    "))
	}
	l.periodic = func(start, length int, saltus uint32) string {
		return fmt.Sprintf(`/* SG(n) for every n >= 0. */
static unsigned long long sg(unsigned long long n) {
    if (n < %dULL) return sg_pre[n];
    n -= %dULL;
    return sg_block[n %% %dULL] + %dULL * (n / %dULL);
}

`, start, start, length, saltus, length)
	}
	l.lookup2 = func(name string, w, h int) string {
		return fmt.Sprintf(`/* SG(x, y) for 0 <= x < %d, 0 <= y < %d; aborts beyond. */
static unsigned long long sg(unsigned long long x, unsigned long long y) {
    if (x >= %dULL || y >= %dULL) abort();
    return %s[y * %dULL + x];
}

`, w, h, w, h, name, w)
	}
	l.lookup = func(fn, name string, last int) string {
		return fmt.Sprintf(`/* SG(n) for 0 <= n <= %d; aborts beyond. */
static unsigned long long %s(unsigned long long n) {
    if (n > %dULL) abort();
    return %s[n];
}

`, last, fn, last, name)
	}
	return l
}

func goLang() language {
	l := language{comment: lineComment("// "), rename: camel}
	l.preamble = func(opt CodeOptions) string {
		return "package " + cmp.Or(opt.Package, DefaultPackage) + "\n\n"
	}
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
		if len(vs) == 0 {
			return fmt.Sprintf("var %s = [...]uint8{}\n\n", name)
		}
		return fmt.Sprintf("var %s = [...]%s{\n%s}\n\n", name, goType(vs), strings.ReplaceAll(numbers(vs, "\t")+"\n", "\n\n", ",\n"))
	}
	l.periodic = func(start, length int, saltus uint32) string {
		return fmt.Sprintf(`// sg returns SG(n) for every n.
func sg(n uint64) uint64 {
	if n < %d {
		return uint64(sgPre[n])
	}
	n -= %d
	return uint64(sgBlock[n%%%d]) + %d*(n/%d)
}

`, start, start, length, saltus, length)
	}
	l.lookup2 = func(name string, w, h int) string {
		return fmt.Sprintf(`// sg returns SG(x, y) for 0 <= x < %d, 0 <= y < %d; it panics beyond.
func sg(x, y uint64) uint64 {
	if x >= %d || y >= %d {
		panic("sg: off the board")
	}
	return uint64(%s[y*%d+x])
}

`, w, h, w, h, name, w)
	}
	l.lookup = func(fn, name string, last int) string {
		return fmt.Sprintf(`// %s returns SG(n) for 0 <= n <= %d; it panics beyond.
func %s(n uint64) uint64 {
	return uint64(%s[n])
}

`, fn, last, fn, name)
	}
	return l
}

func python() language {
	l := language{comment: lineComment("# ")}
	l.preamble = func(CodeOptions) string { return "" }
	l.array = func(name string, vs []uint32) string {
		if len(vs) == 0 {
			return name + " = ()\n\n"
		}
		// A trailing comma keeps a single value a tuple.
		return fmt.Sprintf("%s = (\n%s,\n)\n\n", name, strings.TrimSuffix(numbers(vs, "    "), "\n"))
	}
	l.periodic = func(start, length int, saltus uint32) string {
		return fmt.Sprintf(`def sg(n):
    """SG(n) for every n >= 0."""
    if n < %d:
        return sg_pre[n]
    n -= %d
    return sg_block[n %% %d] + %d * (n // %d)

`, start, start, length, saltus, length)
	}
	l.lookup2 = func(name string, w, h int) string {
		return fmt.Sprintf(`def sg(x, y):
    """SG(x, y) for 0 <= x < %d, 0 <= y < %d."""
    if not (0 <= x < %d and 0 <= y < %d):
        raise IndexError("off the board")
    return %s[y * %d + x]

`, w, h, w, h, name, w)
	}
	l.lookup = func(fn, name string, last int) string {
		return fmt.Sprintf(`def %s(n):
    """SG(n) for 0 <= n <= %d; IndexError beyond."""
    return %s[n]

`, fn, last, name)
	}
	return l
}

// LatticeCode returns source code in lang that holds the lattice table t:
// the values as one array, x running fastest, and a function sg(x, y) for
// 0 ≤ x < W and 0 ≤ y < H. opt is as for Code.
func LatticeCode(t *compute.LatticeTable, lang string, opt CodeOptions) (string, error) {
	if err := opt.check(lang); err != nil {
		return "", err
	}
	l := languages[lang]
	if l.rename == nil {
		l.rename = func(s string) string { return s }
	}
	var b strings.Builder
	b.WriteString(l.comment([]string{
		fmt.Sprintf("Sprague-Grundy values of %s (%s), written by sgtab.", t.Game.Name, t.Game.RuleText()),
		fmt.Sprintf("sg(x, y) is defined for 0 <= x < %d and 0 <= y < %d.", t.W, t.H),
	}))
	b.WriteString(l.preamble(opt))
	name := l.rename("sg_table")
	b.WriteString(l.array(name, t.G.Uint32s()))
	b.WriteString(l.lookup2(name, t.W, t.H))
	return b.String(), nil
}
