package export_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/rules"
)

// TestGraphCodeRuns writes the lookup code of two games on graphs — nodes
// named by strings (with spaces, quotes, a backslash and a non-ASCII
// letter) and by integers (negative ones too) — in every language, builds
// and runs a program that looks up every node and one that is not in the
// graph, and compares what it prints with the table.
func TestGraphCodeRuns(t *testing.T) {
	strs := &compute.GraphTable{
		Game:    rules.Game{Name: "strings", Graph: &rules.GraphSpec{Text: "edges s.csv"}},
		Strings: []string{"b", "a node", `say "hi"`, `back\slash`, "é"},
		G:       compute.ValuesOf([]uint32{0, 1, 2, 3, 300}),
		Edges:   7,
	}
	ints := &compute.GraphTable{
		Game:  rules.Game{Name: "ints", Graph: &rules.GraphSpec{Text: "edges i.csv"}},
		Ints:  []int64{7, -3, 100000000000, 0},
		G:     compute.ValuesOf([]uint32{1, 0, 2, 5}),
		Edges: 4,
	}
	for _, lang := range export.Languages {
		tool := map[string]string{"c": "gcc", "cpp": "g++", "go": "go", "python": "python3"}[lang]
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv(compilersEnv) != "" {
				t.Fatalf("%s is set but %s is not installed", compilersEnv, tool)
			}
			t.Logf("%s: %s not installed, skipped", lang, tool)
			continue
		}
		for _, gt := range []*compute.GraphTable{strs, ints} {
			code, err := export.GraphCode(gt, lang, export.CodeOptions{})
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

// literal writes node v's name as an argument in lang.
func literal(lang string, gt *compute.GraphTable, v int) string {
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
		b.WriteString("#include <stdio.h>\n#include \"part.h\"\n#include \"part.h\"\nint main(void) {\n")
		for _, c := range calls {
			fmt.Fprintf(&b, "    printf(\"%%lld\\n\", %s_sg(%s));\n", game, c)
		}
		b.WriteString("    return 0;\n}\n")
		main := "main." + lang
		write(main, b.String())
		run(map[string]string{"c": "gcc", "cpp": "g++"}[lang], "-Wall", "-Werror", "-o", "prog", main)
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
