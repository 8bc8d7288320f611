package codegen_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute/graphgame"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export/codegen"
	"github.com/sgtab/sgtab/rules"
)

// TestGraphCodeRuns writes the lookup code of two games on graphs — nodes
// named by strings (with spaces, quotes, a backslash and a non-ASCII
// letter) and by integers (negative ones too) — in every language, builds
// and runs a program that looks up every node and one that is not in the
// graph, and compares what it prints with the table.
func TestGraphCodeRuns(t *testing.T) {
	strs := &graphgame.GraphTable{
		Game:    rules.Game{Name: "strings", Graph: &rules.GraphSpec{Text: "edges s.csv"}},
		Strings: []string{"b", "a node", `say "hi"`, `back\slash`, "é"},
		G:       sg.ValuesOf([]uint32{0, 1, 2, 3, 300}),
		Edges:   7,
	}
	ints := &graphgame.GraphTable{
		Game:  rules.Game{Name: "ints", Graph: &rules.GraphSpec{Text: "edges i.csv"}},
		Ints:  []int64{7, -3, 100000000000, 0},
		G:     sg.ValuesOf([]uint32{1, 0, 2, 5}),
		Edges: 4,
	}
	for _, lang := range compiledLanguages(t) {
		for _, gt := range []*graphgame.GraphTable{strs, ints} {
			code, err := codegen.GraphCode(gt, lang, codegen.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			var calls []string // the argument of each lookup, in the language
			missing := `"no such node"`
			if gt.Ints != nil {
				missing = "42"
			}
			for v := range gt.Nodes() {
				calls = append(calls, literal(lang, gt, v))
				want = append(want, fmt.Sprint(gt.G.At(v)))
			}
			calls = append(calls, missing)
			want = append(want, "-1")
			got := runLookups(t, lang, code, gt.Game.Name, calls)
			if got != strings.Join(want, "\n")+"\n" {
				t.Errorf("%s, %s: the program prints\n%s\nwant\n%s", lang, gt.Game.Name, got, strings.Join(want, "\n"))
			}
		}
	}
}

// compiledLanguages returns the languages of export.Languages whose
// compiler or interpreter is installed; without one, the test fails when
// compilersEnv is set and the language is skipped otherwise.
func compiledLanguages(t *testing.T) []string {
	t.Helper()
	var langs []string
	for _, lang := range codegen.Languages {
		tool := map[string]string{"c": "gcc", "cpp": "g++", "go": "go", "python": "python3"}[lang]
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv(compilersEnv) != "" {
				t.Fatalf("%s is set but %s is not installed", compilersEnv, tool)
			}
			t.Logf("%s: %s not installed, skipped", lang, tool)
			continue
		}
		langs = append(langs, lang)
	}
	return langs
}

// TestGraphCodeEscapes writes the lookup code of a game on a graph whose
// node names are hostile to string literals — a trigraph (??/ is a
// backslash in C before C23 and C++ before C++17, which the test compiles
// as C99 and C++11), a control byte before a hex digit ("\x01b" is one
// character in C), quotes, backslashes, newlines, DEL, non-ASCII letters,
// U+2028 — and whose graph's file name holds a newline followed by code,
// which must stay inside the comment. Each program looks every node up by
// a name built from its bytes, not from a literal, and must find its value.
// A NUL in a name is looked up in Go and Python and refused, with the name,
// in C and C++, where it would end the string.
func TestGraphCodeEscapes(t *testing.T) {
	names := []string{"??/", "??=x", "a?b??", "x\x01b", "\x7f", "tab\there", "new\nline\r", `q"uo\te\`, "é", "\u2028", "日本", "\x1bc"}
	table := func(names []string) *graphgame.GraphTable {
		vs := make([]uint32, len(names))
		for i := range vs {
			vs[i] = uint32(i * 3 % 7)
		}
		return &graphgame.GraphTable{
			Game:    rules.Game{Name: "hostile", Graph: &rules.GraphSpec{Text: "edges x\nraise SystemExit(3)\n??/"}},
			Strings: names,
			G:       sg.ValuesOf(vs),
			Edges:   3,
		}
	}
	withNUL := append(slices.Clone(names), "a\x00b", "\x00")
	for _, lang := range compiledLanguages(t) {
		gt := table(names)
		if lang == "go" || lang == "python" {
			gt = table(withNUL)
		} else {
			_, err := codegen.GraphCode(table(withNUL), lang, codegen.Options{})
			if want := `the node name "a\x00b" holds a NUL byte, which a C string cannot`; err == nil || err.Error() != want {
				t.Errorf("%s: a name with a NUL: %v, want %q", lang, err, want)
			}
		}
		code, err := codegen.GraphCode(gt, lang, codegen.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var calls, want []string
		for v, name := range gt.Strings {
			calls = append(calls, bytesLiteral(lang, name))
			want = append(want, fmt.Sprint(gt.G.At(v)))
		}
		got := runLookups(t, lang, code, gt.Game.Name, calls)
		if got != strings.Join(want, "\n")+"\n" {
			t.Errorf("%s: the program prints\n%q\nwant\n%q", lang, got, strings.Join(want, "\n")+"\n")
		}
	}
	_, err := codegen.GraphCode(table([]string{"ok", "bad\xff"}), "go", codegen.Options{})
	if want := `the node name "bad\xff" is not UTF-8 text`; err == nil || err.Error() != want {
		t.Errorf("a name that is not UTF-8: %v, want %q", err, want)
	}
}

// bytesLiteral writes an expression of lang for the string of s's bytes,
// built from their numbers: no string literal, whose escapes are what the
// test checks.
func bytesLiteral(lang, s string) string {
	nums := make([]string, len(s))
	for i := range len(s) {
		nums[i] = strconv.Itoa(int(s[i]))
		if lang == "cpp" {
			nums[i] = "char(" + nums[i] + ")"
		}
	}
	list := strings.Join(nums, ", ")
	switch lang {
	case "c":
		return "(const char[]){" + list + ", 0}"
	case "cpp":
		return "std::string{" + list + "}.c_str()"
	case "go":
		return "string([]byte{" + list + "})"
	}
	return "bytes([" + list + "]).decode()"
}

// literal writes node v's name as an argument in lang.
func literal(lang string, gt *graphgame.GraphTable, v int) string {
	if gt.Ints != nil {
		if lang == "c" || lang == "cpp" {
			return strconv.FormatInt(gt.Ints[v], 10) + "LL"
		}
		return strconv.FormatInt(gt.Ints[v], 10)
	}
	return strconv.Quote(gt.Strings[v])
}

// runLookups builds and runs a program in lang around code that prints the
// value of each node named in calls (-1 for one not in the graph).
func runLookups(t *testing.T, lang, code, game string, calls []string) string {
	t.Helper()
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var b strings.Builder
	run := func(name string, args ...string) string { return string(runIn(t, dir, name, args...)) }
	switch lang {
	case "c", "cpp":
		write("part.h", code)
		b.WriteString("#include <stdio.h>\n#include \"part.h\"\n#include \"part.h\"\n")
		if lang == "cpp" {
			b.WriteString("#include <string>\n")
		}
		b.WriteString("int main(void) {\n")
		for _, c := range calls {
			fmt.Fprintf(&b, "    printf(\"%%lld\\n\", %s_sg(%s));\n", game, c)
		}
		b.WriteString("    return 0;\n}\n")
		main := "main." + lang
		write(main, b.String())
		// ISO C99 and C++11, where trigraphs are read.
		run(map[string]string{"c": "gcc", "cpp": "g++"}[lang], map[string]string{"c": "-std=c99", "cpp": "-std=c++11"}[lang], "-Wall", "-Werror", "-o", "prog", main)
		return run("./prog")
	case "go":
		write("go.mod", "module gen\n\ngo 1.22\n")
		if err := os.MkdirAll(filepath.Join(dir, "sgtab"), 0o755); err != nil {
			t.Fatal(err)
		}
		write("sgtab/part.go", code)
		fn := strings.ToUpper(game[:1]) + game[1:] + "SG"
		b.WriteString("package main\n\nimport (\n\t\"fmt\"\n\n\t\"gen/sgtab\"\n)\n\nfunc main() {\n")
		for _, c := range calls {
			fmt.Fprintf(&b, "\tif v, ok := sgtab.%s(%s); ok {\n\t\tfmt.Println(v)\n\t} else {\n\t\tfmt.Println(-1)\n\t}\n", fn, c)
		}
		b.WriteString("}\n")
		write("main.go", b.String())
		run("go", "vet", "./...")
		return run("go", "run", ".")
	default:
		write("part.py", code)
		b.WriteString("from part import *\n\n")
		for _, c := range calls {
			fmt.Fprintf(&b, "try:\n    print(%s_sg(%s))\nexcept KeyError:\n    print(-1)\n", game, c)
		}
		write("main.py", b.String())
		return run("python3", "main.py")
	}
}
