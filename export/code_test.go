package export_test

import (
	"bufio"
	"bytes"
	"cmp"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/classical"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/rules"
)

// compilersEnv names the variable that makes the compilers required: CI
// sets it; without it, a language whose compiler is missing is skipped.
const compilersEnv = "SGTAB_COMPILERS"

// A part is one export in a test program: its code, and the functions of
// it that the program calls.
type part struct {
	code  string
	calls []call
}

// A call is a function of an export and where the program calls it: fn(n)
// for 0 ≤ n ≤ w when h is 0, otherwise fn(x, y) for 0 ≤ y < h and
// 0 ≤ x < w, x running fastest. bounded says that fn refuses n > w (x ≥ w,
// y ≥ h): it holds a table without a period, or a board.
type call struct {
	fn      string
	w, h    int
	bounded bool
}

// eachCall calls f with every call of every part in order, and its index.
func eachCall(parts []part, f func(i int, p part, c call)) {
	i := 0
	for _, p := range parts {
		for _, c := range p.calls {
			f(i, p, c)
			i++
		}
	}
}

// args returns the arguments with which the program calls c's function
// when given a and b.
func (c call) args() string {
	if c.h == 0 {
		return "a"
	}
	return "a, b"
}

// A harness builds a program from the exports of several games, each in a
// file of its own, and runs it. With no argument the program prints the
// values of every call of every part in order, one value a line; with
// arguments i and n (or x y) it prints the value of the i-th call's
// function there, or how the function refused it.
type harness struct {
	tool  string // the program that must be installed
	files func(parts []part) map[string]string
	build func(t *testing.T, dir string)
	run   []string // the command that runs the program built
	// refused reports whether the program's output out (and its error),
	// given a negative argument when negative is set, shows that fn
	// refused it.
	refused func(fn, out string, err error, negative bool) bool
}

var harnesses = map[string]harness{
	"c":      cHarness("gcc", "c"),
	"cpp":    cHarness("g++", "cpp"),
	"go":     goHarness(),
	"python": pyHarness(),
}

// cHarness includes every part, as a header, twice (the include guard keeps
// the second one out) in one translation unit. The functions abort when
// they refuse an argument; the program then exits with status 3.
func cHarness(compiler, ext string) harness {
	main := "main." + ext
	return harness{
		tool: compiler,
		files: func(parts []part) map[string]string {
			files := map[string]string{}
			var b strings.Builder
			b.WriteString("#include <signal.h>\n#include <stdio.h>\n#include <stdlib.h>\n")
			for i, p := range parts {
				name := fmt.Sprintf("part%d.h", i)
				files[name] = p.code
				fmt.Fprintf(&b, "#include %q\n#include %q\n", name, name)
			}
			b.WriteString(`
static void aborted(int sig) {
    (void)sig;
    _Exit(3);
}

int main(int argc, char **argv) {
    if (argc > 2) {
        long long a = atoll(argv[2]), b = argc > 3 ? atoll(argv[3]) : 0;
        (void)b;
        signal(SIGABRT, aborted);
        switch (atoi(argv[1])) {
`)
			eachCall(parts, func(i int, _ part, c call) {
				fmt.Fprintf(&b, "        case %d: printf(\"%%llu\\n\", %s(%s)); break;\n", i, c.fn, c.args())
			})
			b.WriteString("        }\n        return 0;\n    }\n")
			eachCall(parts, func(_ int, _ part, c call) {
				if c.h == 0 {
					fmt.Fprintf(&b, "    for (long long n = 0; n <= %d; n++) printf(\"%%llu\\n\", %s(n));\n", c.w, c.fn)
				} else {
					fmt.Fprintf(&b, "    for (long long y = 0; y < %d; y++)\n        for (long long x = 0; x < %d; x++) printf(\"%%llu\\n\", %s(x, y));\n", c.h, c.w, c.fn)
				}
			})
			b.WriteString("    return 0;\n}\n")
			files[main] = b.String()
			return files
		},
		build: func(t *testing.T, dir string) {
			runIn(t, dir, compiler, "-Wall", "-Wextra", "-Werror", "-o", "prog", main)
		},
		run: []string{"./prog"},
		refused: func(_, out string, err error, _ bool) bool {
			ee, ok := err.(*exec.ExitError)
			return ok && ee.ExitCode() == 3 && out == ""
		},
	}
}

// goPackage finds the package clause of Go code.
var goPackage = regexp.MustCompile(`(?m)^package (\w+)$`)

// goHarness puts every part in the package its code names: in package
// main beside the program, or in a package of its own that the program
// imports. The functions panic when they refuse an argument; the program
// recovers and prints "panic: " and the message.
func goHarness() harness {
	return harness{
		tool: "go",
		files: func(parts []part) map[string]string {
			files := map[string]string{"go.mod": "module gen\n\ngo 1.22\n"}
			var imports []string
			for j, p := range parts {
				m := goPackage.FindStringSubmatch(p.code)
				if m == nil || m[1] == "main" {
					files[fmt.Sprintf("part%d.go", j)] = p.code // without a package clause, for go vet to refuse
					continue
				}
				files[fmt.Sprintf("%s/part%d.go", m[1], j)] = p.code
				if path := "\t" + strconv.Quote("gen/"+m[1]) + "\n"; !slices.Contains(imports, path) {
					imports = append(imports, path)
				}
			}
			var loops, cases strings.Builder
			eachCall(parts, func(i int, p part, c call) {
				fn := c.fn
				if m := goPackage.FindStringSubmatch(p.code); m != nil && m[1] != "main" {
					fn = m[1] + "." + fn
				}
				if c.h == 0 {
					fmt.Fprintf(&loops, "\tfor n := 0; n <= %d; n++ {\n\t\tfmt.Println(%s(n))\n\t}\n", c.w, fn)
				} else {
					fmt.Fprintf(&loops, "\tfor y := 0; y < %d; y++ {\n\t\tfor x := 0; x < %d; x++ {\n\t\t\tfmt.Println(%s(x, y))\n\t\t}\n\t}\n", c.h, c.w, fn)
				}
				fmt.Fprintf(&cases, "\t\tcase %d:\n\t\t\tfmt.Println(%s(%s))\n", i, fn, c.args())
			})
			files["main.go"] = `package main

import (
	"fmt"
	"os"
	"strconv"
` + strings.Join(imports, "") + `)

func main() {
	if len(os.Args) > 2 {
		defer func() {
			if r := recover(); r != nil {
				fmt.Println("panic:", r)
			}
		}()
		i, _ := strconv.Atoi(os.Args[1])
		a, _ := strconv.Atoi(os.Args[2])
		b := 0
		if len(os.Args) > 3 {
			b, _ = strconv.Atoi(os.Args[3])
		}
		_ = b
		switch i {
` + cases.String() + `		}
		return
	}
` + loops.String() + "}\n"
			return files
		},
		build: func(t *testing.T, dir string) {
			runIn(t, dir, "go", "vet", "./...")
			runIn(t, dir, "go", "build", "-o", "prog", ".")
		},
		run: []string{"./prog"},
		refused: func(fn, out string, err error, negative bool) bool {
			return err == nil && strings.HasPrefix(out, "panic: "+fn+": ") && strings.Contains(out, "negative") == negative
		},
	}
}

// pyHarness imports every part, as a module, into the program's one
// namespace. The functions raise ValueError for a negative argument and
// IndexError beyond the table; the program prints the exception's type
// and message.
func pyHarness() harness {
	return harness{
		tool: "python3",
		files: func(parts []part) map[string]string {
			files := map[string]string{}
			var b strings.Builder
			b.WriteString("import sys\n")
			for i, p := range parts {
				files[fmt.Sprintf("part%d.py", i)] = p.code
				fmt.Fprintf(&b, "from part%d import *\n", i)
			}
			b.WriteString("\nif len(sys.argv) > 2:\n    a, b = int(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 0\n    try:\n")
			eachCall(parts, func(i int, _ part, c call) {
				fmt.Fprintf(&b, "        if sys.argv[1] == \"%d\":\n            print(%s(%s))\n", i, c.fn, c.args())
			})
			b.WriteString("    except (ValueError, IndexError) as e:\n        print(type(e).__name__ + \":\", e)\n    sys.exit()\n\n")
			eachCall(parts, func(_ int, _ part, c call) {
				if c.h == 0 {
					fmt.Fprintf(&b, "for n in range(%d):\n    print(%s(n))\n", c.w+1, c.fn)
				} else {
					fmt.Fprintf(&b, "for y in range(%d):\n    for x in range(%d):\n        print(%s(x, y))\n", c.h, c.w, c.fn)
				}
			})
			files["main.py"] = b.String()
			return files
		},
		build: func(*testing.T, string) {},
		run:   []string{"python3", "main.py"},
		refused: func(fn, out string, err error, negative bool) bool {
			want := "IndexError: " + fn + ": "
			if negative {
				want = "ValueError: " + fn + ": "
			}
			return err == nil && strings.HasPrefix(out, want)
		},
	}
}

// runProgram writes parts into a program for lang, builds and runs it, and
// compares what it prints with want. Then it calls every function with a
// negative argument (each one in turn for fn(x, y)), and a bounded one just
// beyond its range, and checks that the function refuses each. It does
// nothing when lang's compiler is missing and not required.
func runProgram(t *testing.T, lang string, parts []part, want []uint32) {
	t.Helper()
	h := harnesses[lang]
	if _, err := exec.LookPath(h.tool); err != nil {
		if os.Getenv(compilersEnv) != "" {
			t.Fatalf("%s is set but %s is not installed", compilersEnv, h.tool)
		}
		t.Logf("%s: %s not installed, skipped", lang, h.tool)
		return
	}
	// The arguments that each call's function must refuse.
	type refusal struct {
		call     int
		fn       string
		args     []string
		negative bool
	}
	var refusals []refusal
	eachCall(parts, func(i int, _ part, c call) {
		if c.h == 0 {
			refusals = append(refusals, refusal{i, c.fn, []string{"-1"}, true})
			if c.bounded {
				refusals = append(refusals, refusal{i, c.fn, []string{strconv.Itoa(c.w + 1)}, false})
			}
			return
		}
		refusals = append(refusals,
			refusal{i, c.fn, []string{"-1", "0"}, true},
			refusal{i, c.fn, []string{"0", "-1"}, true},
			refusal{i, c.fn, []string{strconv.Itoa(c.w), "0"}, false},
			refusal{i, c.fn, []string{"0", strconv.Itoa(c.h)}, false})
	})
	dir := t.TempDir()
	for name, text := range h.files(parts) {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h.build(t, dir)
	out := runIn(t, dir, h.run[0], h.run[1:]...)
	var got []uint32
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		v, err := strconv.ParseUint(sc.Text(), 10, 32)
		if err != nil {
			t.Fatalf("%s: printed %q", lang, sc.Text())
		}
		got = append(got, uint32(v))
	}
	if len(got) != len(want) {
		t.Fatalf("%s: %d values printed, want %d", lang, len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("%s: value %d is %d, want %d", lang, i, got[i], want[i])
		}
	}
	for _, r := range refusals {
		cmd := exec.Command(h.run[0], append(append(h.run[1:], strconv.Itoa(r.call)), r.args...)...)
		cmd.Dir = dir
		out, err := cmd.Output()
		if !h.refused(r.fn, string(out), err, r.negative) {
			t.Errorf("%s: %s(%s) was not refused: printed %q, error %v", lang, r.fn, strings.Join(r.args, ", "), out, err)
		}
	}
}

func runIn(t *testing.T, dir, name string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=", "GOWORK=off")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, stderr.String())
	}
	return out
}

// fnName returns the name of the function base (sg or sg_ring) with
// prefix in lang: the naming scheme Code documents.
func fnName(lang, prefix, base string) string {
	if lang != "go" {
		return prefix + "_" + base
	}
	return prefix + map[string]string{"sg": "SG", "sg_ring": "SGRing"}[base]
}

// TestCodeRuns writes the code of tables with a proved period (Kayles,
// Dawson's Kayles), an observed arithmetic period (Lasker's Nim), no period
// (Grundy's game) and a ring column (a coin ring), puts all of them in one
// program in every language with the system's compilers (one translation
// unit in C and C++, one namespace in Python, one package in Go), runs it,
// and compares what it prints with the engine: beyond the table, too, where
// a period lets the code answer. The functions have the default names.
func TestCodeRuns(t *testing.T) {
	cases := []struct {
		yaml         string
		n            int
		prefix, goPr string // the default prefixes
	}{
		{"name: kayles\ncode: \"0.77\"\n", 300, "kayles", "Kayles"},
		{"name: laskers-nim\nmoves:\n  - take: {min: 1}\n  - split: {parts: 2}\n", 300, "laskers_nim", "LaskersNim"},
		{"name: grundy\ncode: \"4!.0\"\n", 300, "grundy", "Grundy"},
		{"name: coin-ring\ncode: \"0.777\"\nstart: ring\n", 200, "coin_ring", "CoinRing"},
		// Rows proved, and the rings proved from them.
		{"name: coin-ring-2\ncode: \"0.77\"\nstart: ring\n", 300, "coin_ring_2", "CoinRing2"},
		{"name: \"0.07\"\ncode: \"0.07\"\n", 300, "game_0_07", "Game0_07"},
		// G(n) = n mod 4: the period starts at n = 0.
		{"name: subtraction-1-2-3\nmoves:\n  - take: [1, 2, 3]\n", 300, "subtraction_1_2_3", "Subtraction1_2_3"},
	}
	for lang := range harnesses {
		var parts []part
		var want []uint32
		for _, tc := range cases {
			tab := computed(t, tc.yaml, tc.n)
			code, err := export.Code(tab, lang, export.CodeOptions{})
			if err != nil {
				t.Fatal(err)
			}
			prefix := tc.prefix
			if lang == "go" {
				prefix = tc.goPr
			}
			m := tc.n
			if tab.Analysis.Status != sg.None {
				m = 3 * tc.n // the period answers beyond the table
			}
			p := part{code: code, calls: []call{{fn: fnName(lang, prefix, "sg"), w: m, bounded: m == tc.n}}}
			want = append(want, computed(t, tc.yaml, m).G.Uint32s()...)
			if tab.Ring.Len() > 0 {
				m := tc.n
				if tab.Analysis.Ring.Status != sg.None {
					m = 3 * tc.n // the rings' period answers beyond the table
				}
				p.calls = append(p.calls, call{fn: fnName(lang, prefix, "sg_ring"), w: m, bounded: m == tc.n})
				want = append(want, computed(t, tc.yaml, m).Ring.Uint32s()...)
			}
			parts = append(parts, p)
		}
		runProgram(t, lang, parts, want)
	}
	if _, err := export.Code(computed(t, "name: k\ncode: \"0.77\"\n", 10), "cobol", export.CodeOptions{}); err == nil {
		t.Error("Code wrote an unknown language")
	}
}

// TestLatticeCodeRuns writes the code of a lattice table (Wythoff's game)
// and of a two-dimensional built-in game (Euclid's), puts both in one
// program in every language (in Go, in package main), runs it, and
// compares sg(x, y) at every point with the engine.
func TestLatticeCodeRuns(t *testing.T) {
	games, err := rules.Parse(strings.NewReader(`name: wythoff
lattice:
  size: [30, 25]
  moves:
    - {step: [-1, 0], repeat: true}
    - {step: [0, -1], repeat: true}
    - {step: [-1, -1], repeat: true}
---
name: euclid
state: euclid
heaps: 20
`), "games.yaml")
	if err != nil {
		t.Fatal(err)
	}
	wythoff, err := compute.Lattice(t.Context(), games[0], sg.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, euclid, err := classical.Solve(t.Context(), games[1])
	if err != nil {
		t.Fatal(err)
	}
	for lang := range harnesses {
		var parts []part
		var want []uint32
		for _, tab := range []*sg.LatticeTable{wythoff, euclid} {
			opt := export.CodeOptions{}
			prefix := tab.Game.Name
			if lang == "go" {
				opt.Package = "main"
				prefix = strings.ToUpper(prefix[:1]) + prefix[1:]
			}
			code, err := export.LatticeCode(tab, lang, opt)
			if err != nil {
				t.Fatal(err)
			}
			parts = append(parts, part{code: code, calls: []call{{fn: fnName(lang, prefix, "sg"), w: tab.W, h: tab.H, bounded: true}}})
			want = append(want, tab.G.Uint32s()...)
		}
		runProgram(t, lang, parts, want)
	}
}

// TestCodeGoPackage checks that a Go export compiles on its own, in the
// default package or the one named, and that a package name must be a Go
// identifier and only Go has one.
func TestCodeGoPackage(t *testing.T) {
	kayles := computed(t, "name: kayles\ncode: \"0.77\"\n", 100)
	if _, err := exec.LookPath("go"); err == nil {
		for _, pkg := range []string{"", "kayles"} {
			code, err := export.Code(kayles, "go", export.CodeOptions{Package: pkg})
			if err != nil {
				t.Fatal(err)
			}
			want := "\npackage " + cmp.Or(pkg, export.DefaultPackage) + "\n"
			if !strings.Contains(code, want) {
				t.Errorf("package %q: the code has no line %q", pkg, strings.TrimSpace(want))
			}
			dir := t.TempDir()
			for name, text := range map[string]string{"go.mod": "module gen\n\ngo 1.22\n", "sg.go": code} {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			runIn(t, dir, "go", "vet", ".")
		}
	} else if os.Getenv(compilersEnv) != "" {
		t.Fatalf("%s is set but go is not installed", compilersEnv)
	}
	for _, tc := range []struct {
		lang, pkg string
		ok        bool
	}{
		{"go", "main", true},
		{"go", "dawsons_kayles", true},
		{"go", "func", false},   // a keyword
		{"go", "_", false},      // the blank identifier
		{"go", "0.77", false},   // not an identifier
		{"go", "a-b", false},    // not an identifier
		{"c", "kayles", false},  // only Go has packages
		{"python", "sg", false}, // only Go has packages
	} {
		_, err := export.Code(kayles, tc.lang, export.CodeOptions{Package: tc.pkg})
		if (err == nil) != tc.ok {
			t.Errorf("%s, package %q: error %v, want ok = %v", tc.lang, tc.pkg, err, tc.ok)
		}
	}
}

// unprefixed matches a name of the code without a prefix.
var unprefixed = regexp.MustCompile(`\b(sg|sg_\w+|sg[A-Z]\w*)\b`)

// TestCodeNames checks the prefix Code makes of a game's name in each
// language, that a prefix given names every function, array and include
// guard, and which prefixes each language refuses.
func TestCodeNames(t *testing.T) {
	defaults := []struct {
		game, c, python, goFn string // the name of the function sg
	}{
		{"dawsons-kayles", "dawsons_kayles_sg", "dawsons_kayles_sg", "DawsonsKaylesSG"},
		{"subtraction-1-2-3", "subtraction_1_2_3_sg", "subtraction_1_2_3_sg", "Subtraction1_2_3SG"},
		{"S25", "s25_sg", "s25_sg", "S25SG"},
		{"take2_then.split", "take2_then_split_sg", "take2_then_split_sg", "Take2ThenSplitSG"},
		{"0.07", "game_0_07_sg", "game_0_07_sg", "Game0_07SG"},   // starts with a digit
		{"int", "game_int_sg", "int_sg", "IntSG"},                // a C keyword
		{"class", "game_class_sg", "game_class_sg", "ClassSG"},   // a C++ and Python keyword
		{"def", "def_sg", "game_def_sg", "DefSG"},                // a Python keyword
		{"_", "game_sg", "game_sg", "GameSG"},                    // no letter or digit
		{"Nim--Bash", "nim_bash_sg", "nim_bash_sg", "NimBashSG"}, // one _ for a run
		{"func", "func_sg", "func_sg", "FuncSG"},                 // a Go keyword, capitalized
	}
	for _, tc := range defaults {
		tab := computed(t, fmt.Sprintf("name: %q\ncode: \"0.07\"\n", tc.game), 10)
		for lang, fn := range map[string]string{"c": tc.c, "cpp": tc.c, "python": tc.python, "go": tc.goFn} {
			code, err := export.Code(tab, lang, export.CodeOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(code, " "+fn+"(") {
				t.Errorf("%s, game %q: no function %s in\n%s", lang, tc.game, fn, code)
			}
		}
	}

	// A prefix given names everything: no name in the code lacks it.
	ring := computed(t, "name: officers-ring\ncode: \"0.6\"\nstart: ring\n", 10) // no period yet
	ring2 := computed(t, "name: coin-ring-2\ncode: \"0.77\"\nstart: ring\n", 300)
	kayles := computed(t, "name: kayles\ncode: \"0.77\"\n", 300)
	for lang, want := range map[string][]string{
		"c":      {"K9_sg(", "K9_sg_ring(", "K9_sg_table[", "K9_sg_ring_table[", "K9_sg_pre[", "K9_sg_block[", "K9_sg_ring_pre[", "K9_sg_ring_block[", "#ifndef SGTAB_K9_H", "#define SGTAB_K9_H", "#endif /* SGTAB_K9_H */"},
		"cpp":    {"K9_sg(", "K9_sg_ring(", "K9_sg_table[", "K9_sg_ring_table[", "K9_sg_pre[", "K9_sg_block[", "K9_sg_ring_pre[", "K9_sg_ring_block[", "#ifndef SGTAB_K9_H"},
		"python": {"K9_sg(", "K9_sg_ring(", "K9_sg_table =", "K9_sg_ring_table =", "K9_sg_pre =", "K9_sg_block =", "K9_sg_ring_pre =", "K9_sg_ring_block ="},
		"go":     {"K9SG(", "K9SGRing(", "k9SGTable =", "k9SGRingTable =", "k9SGPre =", "k9SGBlock =", "k9SGRingPre =", "k9SGRingBlock ="},
	} {
		var all string
		for _, tab := range []*sg.Table{ring, ring2, kayles} {
			code, err := export.Code(tab, lang, export.CodeOptions{Name: "K9"})
			if err != nil {
				t.Fatal(err)
			}
			all += code
		}
		for _, w := range want {
			if !strings.Contains(all, w) {
				t.Errorf("%s, -name K9: no %q", lang, w)
			}
		}
		if old := unprefixed.FindString(all); old != "" {
			t.Errorf("%s, -name K9: the code still has the name %s", lang, old)
		}
	}

	for _, tc := range []struct {
		lang, name string
		ok         bool
	}{
		{"c", "kayles", true},
		{"c", "Kayles_2", true},
		{"c", "int", false},   // a C keyword
		{"c", "class", false}, // a C++ keyword: a header may be compiled as C++
		{"cpp", "template", false},
		{"c", "_kayles", false}, // reserved: starts with _
		{"cpp", "a__b", false},  // reserved: holds __
		{"c", "a_", false},      // would make a__sg
		{"c", "2kayles", false}, // starts with a digit
		{"c", "dawsons-kayles", false},
		{"c", "été", false}, // not ASCII
		{"c", "", false},
		{"python", "int", true},
		{"python", "_kayles", true},
		{"python", "def", false},  // a Python keyword
		{"python", "None", false}, // a Python keyword
		{"python", "a.b", false},
		{"go", "Kayles", true},
		{"go", "kayles", true},
		{"go", "Été", true},   // Go identifiers may be Unicode
		{"go", "func", false}, // a Go keyword
		{"go", "a-b", false},
		{"go", "1a", false},
	} {
		err := export.CheckName(tc.lang, tc.name)
		if (err == nil) != tc.ok {
			t.Errorf("CheckName(%q, %q) = %v, want ok = %v", tc.lang, tc.name, err, tc.ok)
		}
		if _, err2 := export.Code(kayles, tc.lang, export.CodeOptions{Name: tc.name}); (err2 == nil) != (tc.ok || tc.name == "") {
			t.Errorf("Code with name %q in %s: error %v", tc.name, tc.lang, err2)
		}
	}
	if export.CheckName("cobol", "kayles") == nil {
		t.Error("CheckName accepted an unknown language")
	}
}

// TestPythonRefusesNonIntegers calls the Python functions of a table (no
// period), a proved period and a board with a string, a float and a bool:
// each raises a TypeError that names the function and the type given,
// where they raised Python's own TypeError from inside ("'<' not
// supported between instances of 'str' and 'int'") or, for a float
// index, a bare one.
func TestPythonRefusesNonIntegers(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		if os.Getenv(compilersEnv) != "" {
			t.Fatalf("%s is set but python3 is not installed", compilersEnv)
		}
		t.Skip("python3 not installed")
	}
	dir := t.TempDir()
	var program strings.Builder
	for i, tc := range []struct{ yaml, fn string }{
		{"name: grundy\ncode: \"4!.0\"\n", "grundy_sg(%s)"},
		{"name: kayles\ncode: \"0.77\"\n", "kayles_sg(%s)"},
	} {
		code, err := export.Code(computed(t, tc.yaml, 200), "python", export.CodeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("part%d.py", i)), []byte(code), 0o644); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&program, "from part%d import *\n", i)
		for _, arg := range []string{`"5"`, "5.5", "True"} {
			fmt.Fprintf(&program, "try:\n    %s\n    print('no error')\nexcept TypeError as e:\n    print(e)\n", fmt.Sprintf(tc.fn, arg))
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "main.py"), []byte(program.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("python3", "main.py")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	want := "grundy_sg: a heap size is an int, not str\ngrundy_sg: a heap size is an int, not float\ngrundy_sg: a heap size is an int, not bool\n" +
		"kayles_sg: a heap size is an int, not str\nkayles_sg: a heap size is an int, not float\nkayles_sg: a heap size is an int, not bool\n"
	if err != nil || string(out) != want {
		t.Errorf("%v\n%s\nwant\n%s", err, out, want)
	}
}
