package export_test

import (
	"bufio"
	"bytes"
	"cmp"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/rules"
)

// compilersEnv names the variable that makes the compilers required: CI
// sets it; without it, a language whose compiler is missing is skipped.
const compilersEnv = "SGTAB_COMPILERS"

// A harness wraps generated code in a program that prints sg(0..m), one
// value a line, then sg_ring(0..last) when there is a ring column.
type harness struct {
	tool  string // the program that must be installed
	files func(code string, m, last int, ring bool) map[string]string
	run   func(t *testing.T, dir string) []byte
}

var harnesses = map[string]harness{
	"c":      cHarness("gcc", "main.c"),
	"cpp":    cHarness("g++", "main.cpp"),
	"go":     goHarness(),
	"python": pyHarness(),
}

func cHarness(compiler, file string) harness {
	return harness{
		tool: compiler,
		files: func(code string, m, last int, ring bool) map[string]string {
			main := fmt.Sprintf("#include <stdio.h>\n%s\nint main(void) {\n    for (unsigned long long n = 0; n <= %d; n++) printf(\"%%llu\\n\", sg(n));\n", code, m)
			if ring {
				main += fmt.Sprintf("    for (unsigned long long n = 0; n <= %d; n++) printf(\"%%llu\\n\", sg_ring(n));\n", last)
			}
			return map[string]string{file: main + "    return 0;\n}\n"}
		},
		run: func(t *testing.T, dir string) []byte {
			runIn(t, dir, compiler, "-Wall", "-o", "prog", file)
			return runIn(t, dir, "./prog")
		},
	}
}

func goHarness() harness {
	return harness{
		tool: "go",
		files: func(code string, m, last int, ring bool) map[string]string {
			main := fmt.Sprintf("package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfor n := uint64(0); n <= %d; n++ {\n\t\tfmt.Println(sg(n))\n\t}\n", m)
			if ring {
				main += fmt.Sprintf("\tfor n := uint64(0); n <= %d; n++ {\n\t\tfmt.Println(sgRing(n))\n\t}\n", last)
			}
			return map[string]string{
				"go.mod":  "module gen\n\ngo 1.22\n",
				"main.go": main + "}\n",
				"sg.go":   code,
			}
		},
		run: func(t *testing.T, dir string) []byte {
			runIn(t, dir, "go", "vet", ".")
			runIn(t, dir, "go", "build", "-o", "prog", ".")
			return runIn(t, dir, "./prog")
		},
	}
}

func pyHarness() harness {
	return harness{
		tool: "python3",
		files: func(code string, m, last int, ring bool) map[string]string {
			main := code + fmt.Sprintf("\nfor n in range(%d):\n    print(sg(n))\n", m+1)
			if ring {
				main += fmt.Sprintf("for n in range(%d):\n    print(sg_ring(n))\n", last+1)
			}
			return map[string]string{"main.py": main}
		},
		run: func(t *testing.T, dir string) []byte { return runIn(t, dir, "python3", "main.py") },
	}
}

// codeOptions returns the options that put Go code in the harness's
// package main.
func codeOptions(lang string) export.CodeOptions {
	if lang == "go" {
		return export.CodeOptions{Package: "main"}
	}
	return export.CodeOptions{}
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

// TestCodeRuns writes the code of tables with a proved period (Kayles), an
// observed arithmetic period (Lasker's Nim), no period (Grundy's game) and
// a ring column (a coin ring), compiles it in every language with the
// system's compilers, runs it, and compares what it prints with the
// engine: beyond the table, too, where a period lets the code answer.
func TestCodeRuns(t *testing.T) {
	cases := []struct {
		yaml string
		n    int
	}{
		{"name: kayles\ncode: \"0.77\"\n", 300},
		{"name: laskers-nim\nmoves:\n  - take: {min: 1}\n  - split: {parts: 2}\n", 300},
		{"name: grundy\ncode: \"4!.0\"\n", 300},
		{"name: coin-ring\ncode: \"0.777\"\nstart: ring\n", 200},
	}
	for lang, h := range harnesses {
		if _, err := exec.LookPath(h.tool); err != nil {
			if os.Getenv(compilersEnv) != "" {
				t.Fatalf("%s is set but %s is not installed", compilersEnv, h.tool)
			}
			t.Logf("%s: %s not installed, skipped", lang, h.tool)
			continue
		}
		for _, tc := range cases {
			tab := computed(t, tc.yaml, tc.n)
			code, err := export.Code(tab, lang, codeOptions(lang))
			if err != nil {
				t.Fatal(err)
			}
			m := tc.n
			if tab.Analysis.Status != compute.None {
				m = 3 * tc.n // the period answers beyond the table
			}
			want := computed(t, tc.yaml, m).G.Uint32s()
			ring := tab.Ring.Len() > 0
			if ring {
				want = append(want, tab.Ring.Uint32s()...)
			}
			dir := t.TempDir()
			for name, text := range h.files(code, m, tab.N(), ring) {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			out := h.run(t, dir)
			var got []uint32
			sc := bufio.NewScanner(bytes.NewReader(out))
			for sc.Scan() {
				v, err := strconv.ParseUint(sc.Text(), 10, 32)
				if err != nil {
					t.Fatalf("%s, %s: printed %q", lang, tab.Game.Name, sc.Text())
				}
				got = append(got, uint32(v))
			}
			if len(got) != len(want) {
				t.Fatalf("%s, %s: %d values printed, want %d", lang, tab.Game.Name, len(got), len(want))
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("%s, %s: value %d is %d, want %d\n%s", lang, tab.Game.Name, i, got[i], want[i], code)
				}
			}
		}
	}
	if _, err := export.Code(computed(t, "name: k\ncode: \"0.77\"\n", 10), "cobol", export.CodeOptions{}); err == nil {
		t.Error("Code wrote an unknown language")
	}
}

// TestLatticeCodeRuns writes the code of a lattice table (Wythoff's game)
// and of a two-dimensional built-in game (Euclid's), compiles and runs it
// in every language, and compares sg(x, y) at every point with the engine.
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
	wythoff, err := compute.Lattice(t.Context(), games[0], compute.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, euclid, err := compute.SolveState(t.Context(), games[1])
	if err != nil {
		t.Fatal(err)
	}
	mains := map[string]func(w, h int) map[string]string{
		"c": func(w, h int) map[string]string {
			return map[string]string{"main.c": fmt.Sprintf("int main(void) {\n    for (unsigned long long y = 0; y < %d; y++)\n        for (unsigned long long x = 0; x < %d; x++) printf(\"%%llu\\n\", sg(x, y));\n    return 0;\n}\n", h, w)}
		},
		"cpp": func(w, h int) map[string]string {
			return map[string]string{"main.cpp": fmt.Sprintf("int main() {\n    for (unsigned long long y = 0; y < %d; y++)\n        for (unsigned long long x = 0; x < %d; x++) printf(\"%%llu\\n\", sg(x, y));\n    return 0;\n}\n", h, w)}
		},
		"go": func(w, h int) map[string]string {
			return map[string]string{"main.go": fmt.Sprintf("package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfor y := uint64(0); y < %d; y++ {\n\t\tfor x := uint64(0); x < %d; x++ {\n\t\t\tfmt.Println(sg(x, y))\n\t\t}\n\t}\n}\n", h, w)}
		},
		"python": func(w, h int) map[string]string {
			return map[string]string{"main.py": fmt.Sprintf("for y in range(%d):\n    for x in range(%d):\n        print(sg(x, y))\n", h, w)}
		},
	}
	for lang, h := range harnesses {
		if _, err := exec.LookPath(h.tool); err != nil {
			if os.Getenv(compilersEnv) != "" {
				t.Fatalf("%s is set but %s is not installed", compilersEnv, h.tool)
			}
			continue
		}
		for _, tab := range []*compute.LatticeTable{wythoff, euclid} {
			code, err := export.LatticeCode(tab, lang, codeOptions(lang))
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			files := mains[lang](tab.W, tab.H)
			switch lang {
			case "c", "cpp":
				for name, text := range files {
					files[name] = "#include <stdio.h>\n" + code + text
				}
			case "go":
				files["go.mod"] = "module gen\n\ngo 1.22\n"
				files["sg.go"] = code
			case "python":
				files["main.py"] = code + files["main.py"]
			}
			for name, text := range files {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			out := h.run(t, dir)
			want := tab.G.Uint32s()
			var got []uint32
			sc := bufio.NewScanner(bytes.NewReader(out))
			for sc.Scan() {
				v, err := strconv.ParseUint(sc.Text(), 10, 32)
				if err != nil {
					t.Fatalf("%s: printed %q", lang, sc.Text())
				}
				got = append(got, uint32(v))
			}
			if !slices.Equal(got, want) {
				t.Fatalf("%s, %s: the code's values differ from the engine's", lang, tab.Game.Name)
			}
		}
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
