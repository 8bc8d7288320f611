package codegen_test

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
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
