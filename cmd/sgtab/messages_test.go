package main

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/docs"
)

// TestMemoryEnvInvalid checks that a value of $SGTAB_MEMORY that is not a
// size is reported, naming the variable and the value, with exit status 2
// (a mistake in how sgtab was called, as a bad flag is), before any work.
func TestMemoryEnvInvalid(t *testing.T) {
	chdir(t)
	for _, value := range []string{"garbage", "-1", "0", "NaN", "0x10GiB", "9999999999999999999999GiB", "Inf", "1.5 lots"} {
		for _, args := range [][]string{
			{"query", "nim.yaml", "5"},
			{"run", "-out", "out", "-heaps", "30", "nim.yaml"},
			{"validate", "nim.yaml"},
		} {
			t.Run(value+"/"+args[0], func(t *testing.T) {
				t.Setenv("SGTAB_MEMORY", value)
				code, stdout, stderr := sgtab(t, args...)
				if code != 2 || stdout != "" || !strings.HasPrefix(stderr, "sgtab: $SGTAB_MEMORY is invalid: ") ||
					!strings.Contains(stderr, `(got "`+value+`")`) || strings.Count(stderr, "\n") != 1 {
					t.Errorf("status %d, stdout %q, stderr %q; want 2 and one line naming $SGTAB_MEMORY and its value", code, stdout, stderr)
				}
			})
		}
	}
	for _, value := range []string{"", "4GiB", "1.5 GiB", "1e10"} {
		t.Setenv("SGTAB_MEMORY", value)
		if code, _, stderr := sgtab(t, "query", "nim.yaml", "5"); code != 0 {
			t.Errorf("SGTAB_MEMORY=%q: status %d, %s", value, code, stderr)
		}
	}
}

// TestErrorClasses checks that a refusal for want of memory is an error
// (exit status 1, one line) wherever the size comes from, that usage is
// printed only for usage mistakes, and that a file that cannot be read is
// reported with sgtab's name in front.
func TestErrorClasses(t *testing.T) {
	chdir(t)
	t.Setenv("SGTAB_MEMORY", "1GiB")
	// At one byte a value the table fits, at two or four it does not.
	if err := os.WriteFile("nim-3e8.yaml", []byte("name: nim\nmoves:\n  - take: {min: 1}\nheaps: 3e8\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string // the whole of stderr
	}{
		{[]string{"run", "-heaps", "1e12", "nim.yaml"}, 1,
			"sgtab: -heaps 1000000000000: the table needs at least 1.8 TiB of memory, more than $SGTAB_MEMORY (1.0 GiB)\n"},
		{[]string{"run", "-heaps", "auto", "-cap", "1000000000000", "nim.yaml"}, 1,
			"sgtab: -cap 1000000000000: the table needs at least 1.8 TiB of memory, more than $SGTAB_MEMORY (1.0 GiB)\n"},
		// 0.(F) (its splits into three heaps keep its period unproved) is
		// computed as far as the heap asked.
		{[]string{"query", "tail3.yaml", "1000000000000"}, 1,
			"sgtab: tail3.yaml: heap 1000000000000: the table needs at least 1.8 TiB of memory, more than $SGTAB_MEMORY (1.0 GiB)\n"},
		// The size asked, not the heap where the values outgrew a width:
		// Nim's period, proved at heap 64, fills the rest of the table,
		// whose values then need 32 bits. (A query of Nim's heap of 3·10^8
		// is answered from the period.)
		{[]string{"run", "-out", "out", "nim-3e8.yaml"}, 1,
			"sgtab: compute nim: SG(0..300000000), whose values need 32 bits from heap 65536 on: the table needs at least 1.9 GiB of memory, more than $SGTAB_MEMORY (1.0 GiB)\n"},
		{[]string{"validate", "nosuch.yaml"}, 1, "sgtab: nosuch.yaml: no such file or directory\nsgtab: 1 problem in config files\n"},
		{[]string{"run", "nosuch.yaml", "nim.yaml"}, 1, "sgtab: nosuch.yaml: no such file or directory\nsgtab: 1 problem in config files\n"},
		{[]string{"query", "nosuch.yaml", "5"}, 1, "sgtab: nosuch.yaml: no such file or directory\nsgtab: 1 problem in config files\n"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, stdout, stderr := sgtab(t, tc.args...)
			if code != tc.code || stdout != "" || stderr != tc.want {
				t.Errorf("status %d, stdout %q, stderr\n%s\nwant %d and\n%s", code, stdout, stderr, tc.code, tc.want)
			}
		})
	}
}

// TestGraphFileMissing checks that a missing edge or node list is a
// problem of the config, at its key, naming the path it resolves to, for
// validate (which prints nothing else of the game), run and query alike.
func TestGraphFileMissing(t *testing.T) {
	chdir(t)
	if err := os.MkdirAll("sub", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("sub/g.yaml", []byte("name: g\ngraph:\n  edges: e.csv\n  nodes: nowhere.csv\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("sub/e.csv", []byte("from,to\na,b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	want := `sub/g.yaml:4:10: graph.nodes: sub/nowhere.csv: no such file or directory (got "nowhere.csv")` + "\nsgtab: 1 problem in config files\n"
	for _, args := range [][]string{
		{"validate", "sub/g.yaml"},
		{"run", "-out", "out", "sub/g.yaml"},
		{"query", "sub/g.yaml", "a"},
	} {
		code, stdout, stderr := sgtab(t, args...)
		if code != 1 || stdout != "" || stderr != want {
			t.Errorf("sgtab %v: status %d, stdout %q, stderr\n%s\nwant 1 and\n%s", args, code, stdout, stderr, want)
		}
	}
}

// TestNegativeHeaps checks that a negative number among query's heaps is
// refused as a heap, as nim.yaml:-5 is, not taken for an unknown flag;
// and that a flag's negative value is still the flag's.
func TestNegativeHeaps(t *testing.T) {
	chdir(t)
	for _, tc := range []struct {
		args []string
		want string // the first line of stderr
	}{
		{[]string{"query", "nim.yaml:-5"}, `sgtab query: heap "nim.yaml:-5": want a whole number ≥ 0`},
		{[]string{"query", "nim.yaml", "-5"}, `sgtab query: heap "-5": want a whole number ≥ 0`},
		{[]string{"query", "nim.yaml", "5", "-3"}, `sgtab query: heap "-3": want a whole number ≥ 0`},
		{[]string{"query", "-json", "nim.yaml", "-5", "7"}, `sgtab query: heap "-5": want a whole number ≥ 0`},
		{[]string{"query", "wythoff.yaml", "-1,2"}, `sgtab query: point "-1,2": want x,y, whole numbers ≥ 0`},
	} {
		code, _, stderr := sgtab(t, tc.args...)
		if first, _, _ := strings.Cut(stderr, "\n"); code != 2 || first != tc.want {
			t.Errorf("sgtab %v: status %d, stderr %q; want 2 and %q", tc.args, code, first, tc.want)
		}
	}
	for _, args := range [][]string{
		{"query", "-moves", "-1", "nim.yaml", "5", "7"},
		{"query", "nim.yaml", "-moves", "-1", "5", "7"},
		{"query", "nim.yaml", "5", "-moves=-1", "7"},
	} {
		if code, stdout, stderr := sgtab(t, args...); code != 0 || !strings.Contains(stdout, "take 2 from the heap of 7") {
			t.Errorf("sgtab %v: status %d, %s%s", args, code, stdout, stderr)
		}
	}
}

// TestCLIHabits checks what users of other tools type: sgtab help CMD for a
// command's help, flags before the command (told to put the command
// first, with the command line reordered), and a misspelt command, flag or
// config key (the nearest is suggested).
func TestCLIHabits(t *testing.T) {
	chdir(t)
	if err := os.WriteFile("typo.yaml", []byte("name: typo\nmvoes:\n  - take: [1, 2]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, runHelp, _ := sgtab(t, "run", "-h")
	if code, stdout, stderr := sgtab(t, "help", "run"); code != 0 || stdout != runHelp || stderr != "" {
		t.Errorf("sgtab help run: status %d, stdout\n%s\nstderr %q; want run -h's help", code, stdout, stderr)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string // a line of stderr
	}{
		{[]string{"help", "rnu"}, 2, `sgtab help: no command or topic "rnu" (did you mean run?)`},
		{[]string{"help", "misrere"}, 2, `sgtab help: no command or topic "misrere" (did you mean misere?)`},
		{[]string{"-heaps", "100", "run", "nim.yaml"}, 2, "sgtab: the command comes first, then its flags: sgtab run -heaps 100 nim.yaml"},
		{[]string{"-heaps", "100"}, 2, "sgtab: -heaps: no command given; the command comes first, then its flags"},
		{[]string{"qeury", "nim.yaml", "5"}, 2, `sgtab: unknown command "qeury" (did you mean query?)`},
		{[]string{"run", "-heap", "100", "nim.yaml"}, 2, "flag provided but not defined: -heap (did you mean -heaps?)"},
		{[]string{"query", "-jsno", "nim.yaml", "5"}, 2, "flag provided but not defined: -jsno (did you mean -json?)"},
		{[]string{"run", "-colour", "nim.yaml"}, 2, "flag provided but not defined: -colour"},
		{[]string{"validate", "typo.yaml"}, 1, "typo.yaml:2:1: mvoes: unknown key (did you mean moves?); the keys here are name, heaps, code, base, moves, start, lattice, play, state, graph, script, steps, positions"},
	} {
		code, _, stderr := sgtab(t, tc.args...)
		if code != tc.code || !slices.Contains(strings.Split(stderr, "\n"), tc.want) {
			t.Errorf("sgtab %v: status %d, stderr\n%s\nwant %d and the line %q", tc.args, code, stderr, tc.code, tc.want)
		}
	}
}

// TestRunRefusesLongAuto checks that run -heaps auto refuses a built-in
// game whose estimate is long before anything is computed or made.
func TestRunRefusesLongAuto(t *testing.T) {
	// From the command line: refused before anything is computed.
	t.Chdir(t.TempDir())
	if err := os.WriteFile("fib.yaml", []byte("name: fib\nstate: fibonacci-nim\nheaps: 16777216\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := sgtab(t, "run", "-heaps", "auto", "-workers", "2", "fib.yaml")
	if code != 1 || !strings.Contains(stderr, "sgtab: fib: computing its 16.8M positions (heaps: 16777216) takes about") {
		t.Errorf("run -heaps auto: status %d\n%s", code, stderr)
	}
	if _, err := os.Stat("sgtab-out"); err == nil {
		t.Error("the refused run made its output folder")
	}
}

// TestHelpTopics checks that sgtab help TOPIC prints the manual's page on
// the topic (by its name or another), and help topics lists them all.
func TestHelpTopics(t *testing.T) {
	for _, tc := range []struct{ topic, title string }{
		{"misere", "# Misère play: genus, sums and quotients\n"},
		{"Slurm", "# Sweeps and clusters\n"},
		{"graphs", "# Games on graphs\n"},
		{"development", "# Development and design\n"},
	} {
		code, stdout, stderr := sgtab(t, "help", tc.topic)
		if code != 0 || !strings.HasPrefix(stdout, tc.title) || stderr != "" {
			t.Errorf("sgtab help %s: status %d, stderr %q, stdout begins %.60q; want %q", tc.topic, code, stderr, stdout, tc.title)
		}
	}
	code, stdout, _ := sgtab(t, "help", "topics")
	for _, p := range docs.Pages {
		if code != 0 || !strings.Contains(stdout, "  "+p.Topic+" ") {
			t.Errorf("sgtab help topics: status %d, no topic %s in\n%s", code, p.Topic, stdout)
		}
	}
}
