package codegen

import (
	"errors"
	"fmt"
	"go/token"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Options sets the names that Code and LatticeCode write. The zero
// value means the defaults.
type Options struct {
	// Name prefixes every name in the code (see CheckName); empty means one
	// made from the game's name (see Code).
	Name string
	// Package names the Go file's package (see CheckPackage); empty means
	// DefaultPackage. Only Go has packages: for another language it must
	// be empty.
	Package string
}

// DefaultPackage is the package of a Go file when Options.Package is
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

// CheckName returns an error unless name can prefix the names Code writes
// in lang: an identifier of lang that is not one of its keywords. In C,
// C++ and Python an identifier is ASCII letters, digits and _, not starting
// with a digit; C and C++ share their keywords (a header may be compiled
// as either) and refuse a name that starts with _ or would put __ in a
// name, which both reserve. In Go it is what the Go spec calls one.
func CheckName(lang, name string) error {
	if !slices.Contains(Languages, lang) {
		return unknownLanguage(lang)
	}
	return languages[lang].checkName(name)
}

func unknownLanguage(lang string) error {
	return fmt.Errorf("unknown language %q (want one of %s)", lang, strings.Join(Languages, ", "))
}

// check returns an error unless lang is one of Languages and opt suits it.
func (opt Options) check(lang string) error {
	if !slices.Contains(Languages, lang) {
		return unknownLanguage(lang)
	}
	if opt.Name != "" {
		if err := CheckName(lang, opt.Name); err != nil {
			return fmt.Errorf("name %q: %w", opt.Name, err)
		}
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

// prefix returns opt.Name, or else the prefix l makes of the game's name:
// its runs of ASCII letters and digits in lower case, joined by l.join,
// with game in front when that is empty or not a valid name in l.
func (opt Options) prefix(l language, game string) string {
	if opt.Name != "" {
		return opt.Name
	}
	words := strings.FieldsFunc(strings.ToLower(game), func(r rune) bool {
		return !('a' <= r && r <= 'z' || '0' <= r && r <= '9')
	})
	name := l.join(words)
	if name == "" || l.checkName(name) != nil {
		name = l.join(append([]string{"game"}, words...))
	}
	return name
}

// snake joins words with _: dawsons_kayles.
func snake(words []string) string { return strings.Join(words, "_") }

// pascal joins words in Go's mixed caps, each word capitalized, with _
// between two digits: DawsonsKayles, Subtraction1_2_3.
func pascal(words []string) string {
	var b strings.Builder
	for _, w := range words {
		if s := b.String(); s != "" && isDigit(s[len(s)-1]) && isDigit(w[0]) {
			b.WriteByte('_')
		}
		b.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	return b.String()
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// goName returns the Go name of base (sg, sg_ring, sg_table, …) with
// prefix: a function's is prefix+SG…, exported when prefix is; an array's
// starts in lower case, so that it is never exported.
func goName(prefix, base string, fn bool) string {
	words := strings.Split(base, "_")
	for i, w := range words {
		if w == "sg" {
			words[i] = "SG"
		} else {
			words[i] = strings.ToUpper(w[:1]) + w[1:]
		}
	}
	if !fn {
		r, size := utf8.DecodeRuneInString(prefix)
		prefix = string(unicode.ToLower(r)) + prefix[size:]
	}
	return prefix + strings.Join(words, "")
}

// checkGoName is CheckName for Go.
func checkGoName(name string) error {
	if token.IsKeyword(name) {
		return errors.New("a Go keyword")
	}
	if !token.IsIdentifier(name) {
		return errors.New("not a Go identifier")
	}
	return nil
}

// checkASCIIName returns an error unless name is an identifier in C, C++
// and Python and not one of keywords (which describes them in its error).
func checkASCIIName(name string, keywords []string, which string) error {
	if name == "" || isDigit(name[0]) || strings.ContainsFunc(name, func(r rune) bool {
		return !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '_')
	}) {
		return errors.New("not an identifier (ASCII letters, digits and _, not starting with a digit)")
	}
	if slices.Contains(keywords, name) {
		return fmt.Errorf("a keyword in %s", which)
	}
	return nil
}

// checkCName is CheckName for C and C++.
func checkCName(name string) error {
	if err := checkASCIIName(name, cKeywords, "C or C++"); err != nil {
		return err
	}
	if strings.HasPrefix(name, "_") || strings.Contains(name+"_", "__") {
		return errors.New("reserved in C and C++ (it starts with _ or would put __ in a name)")
	}
	return nil
}

// checkPythonName is CheckName for Python.
func checkPythonName(name string) error {
	return checkASCIIName(name, pythonKeywords, "Python")
}

// cKeywords are the keywords of C23 and C++23 that do not start with _
// (those are refused as reserved).
var cKeywords = []string{
	"alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break",
	"case", "catch", "char", "char16_t", "char32_t", "char8_t", "class", "co_await", "co_return",
	"co_yield", "compl", "concept", "const", "const_cast", "consteval", "constexpr", "constinit",
	"continue", "decltype", "default", "delete", "do", "double", "dynamic_cast", "else", "enum",
	"explicit", "export", "extern", "false", "float", "for", "friend", "goto", "if", "inline",
	"int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq", "nullptr",
	"operator", "or", "or_eq", "private", "protected", "public", "register", "reinterpret_cast",
	"requires", "restrict", "return", "short", "signed", "sizeof", "static", "static_assert",
	"static_cast", "struct", "switch", "template", "this", "thread_local", "throw", "true", "try",
	"typedef", "typeid", "typename", "typeof", "typeof_unqual", "union", "unsigned", "using",
	"virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq",
}

// pythonKeywords are Python 3's keywords (keyword.kwlist).
var pythonKeywords = []string{
	"False", "None", "True", "and", "as", "assert", "async", "await", "break", "class",
	"continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global",
	"if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return",
	"try", "while", "with", "yield",
}
