package codegen_test

import (
	"cmp"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/classical"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export/codegen"
	"github.com/sgtab/sgtab/export/internal/testtable"
	"github.com/sgtab/sgtab/rules"
)

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
			tab := testtable.Computed(t, tc.yaml, tc.n)
			code, err := codegen.Code(tab, lang, codegen.Options{})
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
			want = append(want, testtable.Computed(t, tc.yaml, m).G.Uint32s()...)
			if tab.Ring.Len() > 0 {
				m := tc.n
				if tab.Analysis.Ring.Status != sg.None {
					m = 3 * tc.n // the rings' period answers beyond the table
				}
				p.calls = append(p.calls, call{fn: fnName(lang, prefix, "sg_ring"), w: m, bounded: m == tc.n})
				want = append(want, testtable.Computed(t, tc.yaml, m).Ring.Uint32s()...)
			}
			parts = append(parts, p)
		}
		runProgram(t, lang, parts, want)
	}
	if _, err := codegen.Code(testtable.Computed(t, "name: k\ncode: \"0.77\"\n", 10), "cobol", codegen.Options{}); err == nil {
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
			opt := codegen.Options{}
			prefix := tab.Game.Name
			if lang == "go" {
				opt.Package = "main"
				prefix = strings.ToUpper(prefix[:1]) + prefix[1:]
			}
			code, err := codegen.LatticeCode(tab, lang, opt)
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
	kayles := testtable.Computed(t, "name: kayles\ncode: \"0.77\"\n", 100)
	if _, err := exec.LookPath("go"); err == nil {
		for _, pkg := range []string{"", "kayles"} {
			code, err := codegen.Code(kayles, "go", codegen.Options{Package: pkg})
			if err != nil {
				t.Fatal(err)
			}
			want := "\npackage " + cmp.Or(pkg, codegen.DefaultPackage) + "\n"
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
		_, err := codegen.Code(kayles, tc.lang, codegen.Options{Package: tc.pkg})
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
		tab := testtable.Computed(t, fmt.Sprintf("name: %q\ncode: \"0.07\"\n", tc.game), 10)
		for lang, fn := range map[string]string{"c": tc.c, "cpp": tc.c, "python": tc.python, "go": tc.goFn} {
			code, err := codegen.Code(tab, lang, codegen.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(code, " "+fn+"(") {
				t.Errorf("%s, game %q: no function %s in\n%s", lang, tc.game, fn, code)
			}
		}
	}

	// A prefix given names everything: no name in the code lacks it.
	ring := testtable.Computed(t, "name: officers-ring\ncode: \"0.6\"\nstart: ring\n", 10) // no period yet
	ring2 := testtable.Computed(t, "name: coin-ring-2\ncode: \"0.77\"\nstart: ring\n", 300)
	kayles := testtable.Computed(t, "name: kayles\ncode: \"0.77\"\n", 300)
	for lang, want := range map[string][]string{
		"c":      {"K9_sg(", "K9_sg_ring(", "K9_sg_table[", "K9_sg_ring_table[", "K9_sg_pre[", "K9_sg_block[", "K9_sg_ring_pre[", "K9_sg_ring_block[", "#ifndef SGTAB_K9_H", "#define SGTAB_K9_H", "#endif /* SGTAB_K9_H */"},
		"cpp":    {"K9_sg(", "K9_sg_ring(", "K9_sg_table[", "K9_sg_ring_table[", "K9_sg_pre[", "K9_sg_block[", "K9_sg_ring_pre[", "K9_sg_ring_block[", "#ifndef SGTAB_K9_H"},
		"python": {"K9_sg(", "K9_sg_ring(", "K9_sg_table =", "K9_sg_ring_table =", "K9_sg_pre =", "K9_sg_block =", "K9_sg_ring_pre =", "K9_sg_ring_block ="},
		"go":     {"K9SG(", "K9SGRing(", "k9SGTable =", "k9SGRingTable =", "k9SGPre =", "k9SGBlock =", "k9SGRingPre =", "k9SGRingBlock ="},
	} {
		var all string
		for _, tab := range []*sg.Table{ring, ring2, kayles} {
			code, err := codegen.Code(tab, lang, codegen.Options{Name: "K9"})
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
		err := codegen.CheckName(tc.lang, tc.name)
		if (err == nil) != tc.ok {
			t.Errorf("CheckName(%q, %q) = %v, want ok = %v", tc.lang, tc.name, err, tc.ok)
		}
		if _, err2 := codegen.Code(kayles, tc.lang, codegen.Options{Name: tc.name}); (err2 == nil) != (tc.ok || tc.name == "") {
			t.Errorf("Code with name %q in %s: error %v", tc.name, tc.lang, err2)
		}
	}
	if codegen.CheckName("cobol", "kayles") == nil {
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
		code, err := codegen.Code(testtable.Computed(t, tc.yaml, 200), "python", codegen.Options{})
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
