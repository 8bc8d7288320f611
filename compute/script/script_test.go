package script_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute/script"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// scriptGame reads the one scripted game of config, as the file s.yaml.
func scriptGame(t *testing.T, config string) rules.Game {
	t.Helper()
	games, err := rules.Parse(strings.NewReader(config), "s.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return games[0]
}

// subtraction is the subtraction game S(1, 2, 3) as a script, n = 0..30.
const subtraction = `name: s
heaps: 30
script: |
  def start(n):
      return n
  def moves(p):
      return [p - k for k in (1, 2, 3) if p >= k]
`

// TestScriptSubtraction checks a scripted subtraction game against its
// known values (n mod 4) and its observed period.
func TestScriptSubtraction(t *testing.T) {
	tab, sp, err := script.Table(t.Context(), scriptGame(t, subtraction), sg.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for n := range 31 {
		if got := tab.G.At(n); got != uint32(n%4) {
			t.Errorf("SG(start(%d)) = %d, want %d", n, got, n%4)
		}
	}
	if a := tab.Analysis; a.Status != sg.Observed || a.Period.Length != 4 {
		t.Errorf("analysis %s, period %d; want observed, 4", a.Status, a.Period.Length)
	}
	if len(sp.Text) != 31 {
		t.Errorf("%d positions, want 31", len(sp.Text))
	}
}

// TestScriptWorkersAgree checks that the positions' numbering and values do
// not depend on the number of workers.
func TestScriptWorkersAgree(t *testing.T) {
	const config = `name: w
heaps: 16
script: |
  def start(n):
      return (n,) if n else ()
  def canonical(p):
      return tuple(sorted([x for x in p if x > 0]))
  def moves(p):
      out = []
      for j in range(len(p)):
          rest = p[:j] + p[j+1:]
          for k in (1, 2):
              for i in range(p[j] - k + 1):
                  out.append(rest + (i, p[j] - k - i))
      return out
`
	g := scriptGame(t, config)
	one, err := script.Explore(t.Context(), g, sg.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	four, err := script.Explore(t.Context(), g, sg.Options{Workers: 4})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(one.Text, four.Text) || !slices.Equal(one.SG, four.SG) || len(one.Text) < 256 {
		t.Errorf("1 worker: %d positions, 4 workers: %d; texts or values differ", len(one.Text), len(four.Text))
	}
}

// TestScriptErrors checks that a script's problems are refused with the
// config file and line, and its limits with the limit named.
func TestScriptErrors(t *testing.T) {
	head := "name: e\nheaps: 3\n"
	for _, tc := range []struct{ name, config, want string }{
		{"syntax", head + "script: |\n  def start(n):\n      return n\n  def moves(p)\n      return []\n", "s.yaml:7:3: script: got newline, want ':'"},
		{"runtime", head + "script: |\n  def start(n):\n      return n\n  def moves(p):\n      return [p // 0]\n", "s.yaml:7:17: script: floored division by zero"},
		{"no moves", head + "script: |\n  def start(n):\n      return n\n", "s.yaml: the script defines no function moves"},
		{"load", head + "script: |\n  load('x.star', 'y')\n  def start(n):\n      return n\n  def moves(p):\n      return []\n", "s.yaml:4:3: script: cannot load x.star: load is not allowed in a script"},
		{"unhashable", head + "script: |\n  def start(n):\n      return n\n  def moves(p):\n      return [[p]]\n", "s.yaml: moves(0) gave [0], a list: a position is None, a bool, an int, a string or a tuple of them"},
		{"not a list", head + "script: |\n  def start(n):\n      return n\n  def moves(p):\n      return p\n", "s.yaml: moves(0) returned a int, not a list of positions"},
		{"steps", "name: e\nheaps: 3\nsteps: 10000\nscript: |\n  def start(n):\n      return n\n  def moves(p):\n      x = 0\n      for i in range(1000000):\n          x += i\n      return []\n", "s.yaml: moves(0) took more than 10000 steps (limit steps)"},
		{"positions", "name: e\nheaps: 1\npositions: 500\nscript: |\n  def start(n):\n      return n\n  def moves(p):\n      return [p + 1, p + 2]\n", "s.yaml: the script reaches more than 500 positions (limit positions)"},
		{"cycle in parts", head + "script: |\n  def start(n):\n      return (n,)\n  def parts(p):\n      return [(p[0] + 1,)] if p[0] < 5 else [(0,)]\n  def moves(p):\n      return []\n", "the graph has a cycle, (0,) → (1,) → (2,) → (3,) → (4,) → (5,) → (0,), through a position's parts: a sum that is part of itself"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := script.Table(t.Context(), scriptGame(t, tc.config), sg.Options{Workers: 2})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want %q in it", err, tc.want)
			}
			var limit *script.LimitError
			if isLimit := errors.As(err, &limit); isLimit != (tc.name == "steps" || tc.name == "positions") {
				t.Errorf("limit error %v for %s", isLimit, tc.name)
			}
		})
	}
}

// TestScriptRepeatingPositions checks that a script whose positions
// repeat gets generalized values: a token going round a circle of three
// for ever draws, ∞(), and the table marks every start ∞. With an exit
// from ("at", 2) to ("out",), a sink, ("at", 1) is lost (its one move
// lets the opponent leave), so ("at", 0) is 1 and ("at", 2) is 2
// (Fraenkel and Yesha's labelling by hand): every start is finite, and
// the table is an SG table as a game without cycles has.
func TestScriptRepeatingPositions(t *testing.T) {
	const config = `name: c
heaps: 2
script: |
  def start(n):
      return ('at', n)
  def moves(p):
      if p[0] == 'out':
          return []
      return [('at', (p[1] + 1) % 3)] + ([('out',)] if EXIT and p[1] == 2 else [])
`
	for _, tc := range []struct {
		exit string
		want []string
	}{
		{"False", []string{"∞()", "∞()", "∞()"}},
		{"True", []string{"1", "0", "2"}},
	} {
		tab, sp, err := script.Table(t.Context(), scriptGame(t, strings.Replace(config, "script: |\n", "script: |\n  EXIT = "+tc.exit+"\n", 1)), sg.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for n, id := range sp.Starts {
			if got := sp.Value(id).String(); got != tc.want[n] {
				t.Errorf("exit %s: start(%d) has value %s, want %s", tc.exit, n, got, tc.want[n])
			}
			got := fmt.Sprint(tab.G.At(n))
			if tab.Loopy != nil {
				got = tab.Loopy[n].String()
			}
			if got != tc.want[n] {
				t.Errorf("exit %s: the table holds %s for start(%d), want %s", tc.exit, got, n, tc.want[n])
			}
		}
	}
}

// TestScriptParts checks that a position's value is the XOR of its parts':
// two heaps of Nim split into one heap each.
func TestScriptParts(t *testing.T) {
	const config = `name: p
heaps: 9
script: |
  def start(n):
      return (n, 5)
  def parts(p):
      return [(x,) for x in p] if len(p) == 2 else [p]
  def moves(p):
      return [p[:i] + (k,) + p[i+1:] for i in range(len(p)) for k in range(p[i])]
`
	tab, _, err := script.Table(t.Context(), scriptGame(t, config), sg.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for n := range 10 {
		if got := tab.G.At(n); got != uint32(n^5) {
			t.Errorf("SG(start(%d)) = %d, want %d", n, got, n^5)
		}
	}
}

// TestScriptMemoryLimit checks that a script whose call allocates past the
// memory available (here $SGTAB_MEMORY) is stopped with the limit named,
// although its steps are few.
func TestScriptMemoryLimit(t *testing.T) {
	t.Setenv(rules.MemoryEnv, "128MiB")
	const config = `name: m
heaps: 1
steps: 100000000000
script: |
  def start(n):
      return n
  def moves(p):
      x = []
      for i in range(200):
          x.append("x" * 4000000)
      return []
`
	_, _, err := script.Table(t.Context(), scriptGame(t, config), sg.Options{})
	var limit *script.LimitError
	if !errors.As(err, &limit) || limit.Limit != "memory" || !strings.Contains(err.Error(), "moves(0) took more memory than the 128 MiB available") {
		t.Fatalf("error %v, want the memory limit", err)
	}
}

// TestScriptStepBounds gives scripts whose one step would allocate far
// more than the memory available (here 256 MiB, of which a step may take
// a quarter), or write out a value nested thousands deep: each is refused
// before it runs, as a memory or depth limit at the script's line, where
// it used to end the process (makeslice panics, the runtime out of memory
// or out of stack) or pass the budget by gigabytes.
func TestScriptStepBounds(t *testing.T) {
	t.Setenv(rules.MemoryEnv, "256MiB")
	for _, tc := range []struct{ name, body, limit string }{
		{"list of range 2^62", "list(range(1 << 62))", "memory"},
		{"list of range 1e10", "list(range(10000000000))", "memory"},
		{"tuple of range", "tuple(range(10000000000))", "memory"},
		{"sorted range", "sorted(range(10000000000))", "memory"},
		{"set of range", "set(range(1000000000))", "memory"},
		{"dict of zip", "dict(zip(range(1000000000), range(1000000000)))", "memory"},
		{"enumerate", "list(enumerate(range(1000000000)))", "memory"},
		{"bytes", "bytes(range(10000000000))", "memory"},
		{"tuple repeat", "(0,) * (1 << 28)", "memory"},
		{"repeat tuple", "(1 << 28) * (0,)", "memory"},
		{"string repeat", `"x" * (1 << 29)`, "memory"},
		{"augmented repeat", "x = [0]\n      x *= 1 << 28", "memory"},
		{"indexed repeat", "a = [[0]]\n      a[0] *= 1 << 28", "memory"},
		{"list plus range", "x = []\n      x += range(1000000000)", "memory"},
		{"extend", "x = []\n      x.extend(range(1000000000))", "memory"},
		{"extend by getattr", `x = []
      getattr(x, "extend")(range(1000000000))`, "memory"},
		{"replace", `s = "a" * 1000000
      s.replace("", "x" * 100)`, "memory"},
		{"format", `("{0}" * 100000).format("x" * 10000)`, "memory"},
		{"percent", `("%s" * 100000) % tuple(["x" * 10000] * 100000)`, "memory"},
		{"join", `"".join(["x" * 1000000] * 1000)`, "memory"},
		{"join bound", `j = ",".join
      j(["x" * 1000000] * 1000)`, "memory"},
		{"str of deep", "q = ()\n      for i in range(3000):\n          q = (q,)\n      str(q)", "depth"},
		{"print of deep", "q = ()\n      for i in range(3000):\n          q = (q,)\n      print(q)", "depth"},
		{"str of wide", "q = ('x' * 1000,)\n      for i in range(20):\n          q = (q, q)\n      str(q)", "memory"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			config := "name: b\nheaps: 1\nsteps: 100000000\nscript: |\n  def start(n):\n      return n\n  def moves(p):\n      " + tc.body + "\n      return []\n"
			line := 8 + strings.Count(tc.body, "\n")
			_, _, err := script.Table(t.Context(), scriptGame(t, config), sg.Options{})
			var limit *script.LimitError
			if !errors.As(err, &limit) || limit.Limit != tc.limit || !strings.HasPrefix(err.Error(), fmt.Sprintf("s.yaml:%d:", line)) {
				t.Fatalf("error %v, want the %s limit at s.yaml:%d", err, tc.limit, line)
			}
		})
	}
}

// TestScriptGuardedOperators runs the operators and methods that the
// step bounds rewrite, at sizes they allow, and checks their results
// against Starlark's own: the script's start fails unless every one
// agrees, so start(0) = 0 means they all did.
func TestScriptGuardedOperators(t *testing.T) {
	const config = `name: o
heaps: 0
script: |
  def check(got, want):
      if got != want:
          fail("got", got, "want", want)
  def start(n):
      check(7 % 3, 1)
      check(-7 % 3, 2)
      check(6 * 7, 42)
      check("ab" * 3, "ababab")
      check(2 * (1, 2), (1, 2, 1, 2))
      check([0] * 3, [0, 0, 0])
      check("%d-%s" % (4, "x"), "4-x")
      check("%s" % "y", "y")
      check("{}+{}".format(1, 2), "1+2")
      check("a.b".replace(".", "::"), "a::b")
      check("-".join(["a", "b"]), "a-b")
      x = 5
      x *= 3
      x %= 4
      check(x, 3)
      l = [1]
      alias = l
      l += range(2, 4)
      check(alias, [1, 2, 3])
      l.extend((4,))
      check(alias, [1, 2, 3, 4])
      d = {"k": [1]}
      d["k"] *= 2
      check(d, {"k": [1, 1]})
      m = [3, 4]
      m[-1] %= 3
      check(m, [3, 1])
      f = "{}".format
      check(f(9), "9")
      check(getattr("a,b", "replace")(",", ""), "ab")
      check(str((1, "a")), '(1, "a")')
      check(list(range(3)), [0, 1, 2])
      return n
  def moves(p):
      return []
`
	tab, _, err := script.Table(t.Context(), scriptGame(t, config), sg.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if tab.G.At(0) != 0 {
		t.Fatalf("SG(start(0)) = %d", tab.G.At(0))
	}
}

// TestScriptErrorsInBuiltins checks that an error raised inside a
// built-in is reported at the script's line that called it, not at the
// built-in's (line 0).
func TestScriptErrorsInBuiltins(t *testing.T) {
	for _, tc := range []struct{ name, body, want string }{
		{"fail", `fail("no moves here")`, "s.yaml:8:11: script: fail: no moves here"},
		{"getattr", `getattr(p, "nothing")`, "s.yaml:8:14: script: getattr: int has no .nothing field or method"},
		{"range", `range("x")`, "s.yaml:8:12: script: range: for parameter 1: got string, want int"},
		{"frozen", `FROZEN.append(1)`, "s.yaml:8:20: script: append: cannot append to frozen list"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			config := "name: e\nheaps: 1\nscript: |\n  FROZEN = []\n  def start(n):\n      return n\n  def moves(p):\n      " + tc.body + "\n      return []\n"
			_, _, err := script.Table(t.Context(), scriptGame(t, config), sg.Options{})
			if err == nil || err.Error() != tc.want {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
		})
	}
}

// TestScriptPositionBounds refuses positions the search cannot keep: one
// nested thousands of tuples deep (its text overflowed the stack), one
// whose shared parts make a text of gigabytes from a few steps, and a
// list of moves longer than the positions the script may reach.
func TestScriptPositionBounds(t *testing.T) {
	for _, tc := range []struct{ name, moves, want string }{
		{"deep", "q = ()\n      for i in range(3000000):\n          q = (q,)\n      return [q]", "s.yaml: moves(0) gave a position nested more than 1000 deep"},
		{"shared", "q = ('x',)\n      for i in range(40):\n          q = (q, q)\n      return [q]", "s.yaml: moves(0) gave a position whose text passes 4 MiB"},
		{"many", "return [1] * 2000", "s.yaml: moves(0) returned 2000 positions, more than the script may reach in all (1000) (limit positions)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			config := "name: d\nheaps: 0\nsteps: 100000000\npositions: 1000\nscript: |\n  def start(n):\n      return n\n  def moves(p):\n      " + tc.moves + "\n"
			_, _, err := script.Table(t.Context(), scriptGame(t, config), sg.Options{})
			if err == nil || err.Error() != tc.want {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
		})
	}
}

// TestScriptStartsCancelled explores a board of start(n, m) whose context
// is cancelled: it stops before calling start on all 4·10⁶ points, where
// it used to go on for as long as the starts took (20 s after a signal).
func TestScriptStartsCancelled(t *testing.T) {
	const config = "name: c\nheaps: 2000\nscript: |\n  def start(n, m):\n      return (n, m)\n  def moves(p):\n      return []\n"
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	_, err := script.Explore(ctx, scriptGame(t, config), sg.Options{})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want the context's", err)
	}
}
