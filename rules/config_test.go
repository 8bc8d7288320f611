package rules

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var regen = flag.Bool("regen", false, "rewrite the golden .err files of testdata/invalid")

// TestInvalid checks that every config in testdata/invalid fails with exactly
// the text of its .err file: the message a user sees.
func TestInvalid(t *testing.T) {
	// The table-size check compares with this machine's memory; pin it.
	saved := memBudget
	memBudget = func() (int64, string) { return 16 << 30, "the memory available" }
	defer func() { memBudget = saved }()

	paths, err := filepath.Glob("testdata/invalid/*.yaml")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no invalid configs: %v", err)
	}
	for _, path := range paths {
		name := strings.TrimSuffix(filepath.Base(path), ".yaml")
		t.Run(name, func(t *testing.T) {
			games, loadErr := Load(path)
			err := loadErr
			if err == nil {
				t.Fatalf("Load(%s) = %d games, want an error", path, len(games))
			}
			if games != nil {
				t.Errorf("Load(%s) returned games with its error", path)
			}
			got := err.Error() + "\n"
			golden := strings.TrimSuffix(path, ".yaml") + ".err"
			if *regen {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("Load(%s) error:\n%s\nwant:\n%s", path, got, want)
			}
			// Every line is a located ConfigError.
			for _, e := range loadErr.(interface{ Unwrap() []error }).Unwrap() {
				ce, ok := errors.AsType[*ConfigError](e)
				if !ok || ce.File != path || ce.Line < 1 || ce.Col < 1 {
					t.Errorf("error %q is not a located *ConfigError", e)
				}
			}
		})
	}
}

func TestErrorKinds(t *testing.T) {
	for _, tc := range []struct {
		yaml string
		kind error
	}{
		{"code: \"0.78\"\nbase: 8\n", ErrBadCode},
		{"code: \"0.77\"\nwat: 1\n", ErrUnknownKey},
		{"code: \"0.77\"\ncode: \"0.7\"\n", ErrDuplicate},
		{"", ErrEmpty},
		{"code: \"0.77\"\nheaps: x\n", ErrType},
		{"heaps: 3\n", ErrMissing},
		{"code: \"0.77\"\nheaps: 0\n", ErrBadValue},
		{"code: \"0.77\"\nheaps: 1099511627776\n", ErrTooLarge},
		{"code: \"0.77\"\nheaps: 1e30\n", ErrTooLarge},
		{"code: [\n", ErrSyntax},
	} {
		_, err := Parse(strings.NewReader(tc.yaml), "x.yaml")
		if !errors.Is(err, tc.kind) {
			t.Errorf("Parse(%q) = %v, want an error matching %v", tc.yaml, err, tc.kind)
		}
	}
}

// TestParse checks that each family compiles to the canonical rule it means.
func TestParse(t *testing.T) {
	for _, tc := range []struct {
		name, yaml string
		key        string // Game.Key() of the only game
		heaps      int
	}{
		{"kayles", `code: "0.77"`, "line:0.77", DefaultHeaps},
		{"unquoted-code", `code: 0.77`, "line:0.77", DefaultHeaps},
		{"hex", `code: "0.F6"`, "line:0.F6", DefaultHeaps},
		{"hex-lower", `code: "0.f6"`, "line:0.F6", DefaultHeaps},
		{"middle-dot", `code: "0·07"`, "line:0.07", DefaultHeaps},
		{"subtraction", "moves:\n  - take: [1, 3, 4]", "line:0.3033", DefaultHeaps},
		{"bash", "moves:\n  - take: {min: 1, max: 3}", "line:0.333", DefaultHeaps},
		{"nim", "moves:\n  - take: {min: 1}", "line:0.(3)", DefaultHeaps},
		{"take-from-3", "moves:\n  - take: {min: 3}", "line:0.00(3)", DefaultHeaps},
		{"lasker", "moves:\n  - take: {min: 1}\n  - split: {parts: 2}", "line:4.(3)", DefaultHeaps},
		{"grundy", "moves:\n  - split: {parts: 2, distinct: true}", "line:4!.0", DefaultHeaps},
		{"split-3", "moves:\n  - split: {parts: 3}", "line:8.0", DefaultHeaps},
		{"take-then-split", "moves:\n  - take: {min: 1}\n    leave: [0, 1, 2]", "line:0.(7)", DefaultHeaps},
		{"must-split", "moves:\n  - take: [2]\n    leave: [2]\n    distinct: true", "line:0.04!", DefaultHeaps},
		// A split is distinct only if every family that allows it says so.
		{"distinct-union", "moves:\n  - split: {parts: 2, distinct: true}\n  - split: {parts: 2}", "line:4.0", DefaultHeaps},
		{"code-and-moves", "code: \"0.07\"\nmoves:\n  - take: [1]", "line:0.37", DefaultHeaps},
		{"tail-lcm", "code: \"0.(12)\"\nmoves:\n  - take: {min: 2}", "line:0.1(3)", DefaultHeaps},
		{"normal-tail", `code: "4.3(3)"`, "line:4.(3)", DefaultHeaps},
		{"normal-period", `code: "0.(33)"`, "line:0.(3)", DefaultHeaps},
		{"normal-zero-tail", `code: "0.7(0)"`, "line:0.7", DefaultHeaps},
		{"trailing-zeros", `code: "0.0700"`, "line:0.07", DefaultHeaps},
		{"ring", "code: \"0.777\"\nstart: ring\nheaps: 50", "ring:0.777", 50},
		{"heaps-float", "code: \"0.77\"\nheaps: 1e6", "line:0.77", 1000000},
		{"heaps-underscore", "code: \"0.77\"\nheaps: 1_000", "line:0.77", 1000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			games, err := Parse(strings.NewReader(tc.yaml), tc.name+".yaml")
			if err != nil {
				t.Fatal(err)
			}
			if len(games) != 1 {
				t.Fatalf("got %d games, want 1", len(games))
			}
			g := games[0]
			if g.Key() != tc.key || g.Heaps != tc.heaps {
				t.Errorf("got %s with heaps %d, want %s with %d", g.Key(), g.Heaps, tc.key, tc.heaps)
			}
			if g.Name != tc.name {
				t.Errorf("name %q, want the file's base name %q", g.Name, tc.name)
			}
			if g.Config != tc.yaml {
				t.Errorf("Config = %q, want the file text", g.Config)
			}
		})
	}
}

func TestParseMany(t *testing.T) {
	const list = `games:
  - name: kayles
    code: "0.77"
  - code: "0.07"
    heaps: 20
`
	games, err := Parse(strings.NewReader(list), "dir/two.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 || games[0].Name != "kayles" || games[1].Name != "two-2" ||
		games[1].Heaps != 20 || games[0].Line != 2 || games[1].Line != 4 {
		t.Errorf("got %+v", games)
	}
	const docs = "name: a\ncode: \"0.77\"\n---\nname: b\nmoves:\n  - take: [1]\n---\n"
	games, err = Parse(strings.NewReader(docs), "docs.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 || games[0].Key() != "line:0.77" || games[1].Key() != "line:0.3" || games[1].Line != 4 {
		t.Errorf("got %+v", games)
	}
}

// TestParseBOM checks that a byte-order mark before a config is skipped,
// as editors on some systems write one.
func TestParseBOM(t *testing.T) {
	const config = "name: k\ncode: \"0.77\"\n"
	games, err := Parse(strings.NewReader("\uFEFF"+config), "bom.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 1 || games[0].Name != "k" || games[0].Key() != "line:0.77" || games[0].Config != config {
		t.Errorf("got %+v", games)
	}
}

// TestNames checks that a game's name is checked the same way wherever it
// comes from: the key name, the file's base name, or the file's base name
// with "-2" for the second game of a file.
func TestNames(t *testing.T) {
	long := strings.Repeat("n", 100)
	for _, tc := range []struct {
		name string
		ok   bool
	}{
		{"kayles", true},
		{"octal-0.77_v2", true},
		{long, true},
		{long + "x", false},
		{"", false},
		{".hidden", false},
		{"..", false},
		{"my game", false},
		{"tab\tname", false},
		{"new\nline", false},
		{"ünï", false},
		{"semi;colon", false},
	} {
		// As name: (the name as a quoted YAML string).
		_, err := Parse(strings.NewReader("name: "+strconv.Quote(tc.name)+"\ncode: \"0.77\"\n"), "x.yaml")
		if (err == nil) != tc.ok {
			t.Errorf("name: %q: error %.300v, want ok %v", tc.name, err, tc.ok)
		}
		// As the file's base name, with one game and with two.
		games, err := Parse(strings.NewReader("code: \"0.77\"\n"), "dir/"+tc.name+".yaml")
		if (err == nil) != tc.ok || err == nil && games[0].Name != tc.name {
			t.Errorf("file %q: got %q, error %.300v; want ok %v", tc.name+".yaml", gameNames(games), err, tc.ok)
		}
		if err != nil && !errors.Is(err, ErrBadValue) {
			t.Errorf("file %q: error %.300v, want ErrBadValue", tc.name+".yaml", err)
		}
		two := "games:\n  - name: first\n    code: \"0.7\"\n  - code: \"0.77\"\n"
		games, err = Parse(strings.NewReader(two), tc.name+".yaml")
		ok := validName(tc.name + "-2")
		if (err == nil) != ok || err == nil && games[1].Name != tc.name+"-2" {
			t.Errorf("second game of %q: got %q, error %.300v; want ok %v", tc.name+".yaml", gameNames(games), err, ok)
		}
	}
}

func gameNames(games []Game) []string {
	names := make([]string, len(games))
	for i, g := range games {
		names[i] = g.Name
	}
	return names
}

// TestFileNameInErrors checks that an error about a file whose name holds a
// line break or another control character stays on one line.
func TestFileNameInErrors(t *testing.T) {
	_, err := Parse(strings.NewReader("code: \"0.77\"\n"), "two\nlines.yaml")
	want := `"two\nlines.yaml":1:1: name: no name is set, and the one taken from the file name is not valid: ` +
		`set name: to a valid one (a name is 1 to 100 letters, digits, '.', '_' or '-', not starting with '.') (got "two\nlines")`
	if err == nil || err.Error() != want {
		t.Errorf("got %.300v, want %s", err, want)
	}
}

func TestUnionRules(t *testing.T) {
	a, _ := ParseCode("0.(40)", 0)
	b, _ := ParseCode("0.(004)", 0)
	u, err := unionRules([]Rule{a, b})
	if err != nil {
		t.Fatal(err)
	}
	// Periods 2 and 3 repeat together with period 6.
	if got := u.String(); got != "0.(404044)" {
		t.Errorf("union = %s, want 0.(404044)", got)
	}
	for k := range 50 {
		want := a.Digit(k).union(b.Digit(k))
		if u.Digit(k) != want {
			t.Errorf("d_%d = %v, want %v", k, u.Digit(k), want)
		}
	}
}

// TestAliases checks that anchors, aliases and merge keys mean what YAML
// says: an alias is its anchor's value, and a merge key adds the keys of
// the mappings it names that the mapping lacks, the first named first.
func TestAliases(t *testing.T) {
	const config = `games:
  - &kayles
    name: kayles
    code: "0.77"
    heaps: &n 500
  - <<: *kayles
    name: kayles-ring
    start: ring
  - name: dawson
    code: "0.07"
    heaps: *n
  - <<: [{name: first, heaps: 7}, *kayles]
    code: "0.7"
  - &sub
    name: subtraction
    moves: &moves
      - take: &counts [1, 3, 4]
  - <<: *sub
    name: subtraction-and-split
    moves:
      - take: *counts
      - split: {parts: 2}
  - name: again
    moves: *moves
  - {<<: {<<: *kayles, heaps: 9}, name: nested}
`
	checkGames(t, config, []gameWant{
		{"kayles", "line:0.77", 500},
		{"kayles-ring", "ring:0.77", 500},
		{"dawson", "line:0.07", 500},
		{"first", "line:0.7", 7},
		{"subtraction", "line:0.3033", DefaultHeaps},
		{"subtraction-and-split", "line:4.3033", DefaultHeaps},
		{"again", "line:0.3033", DefaultHeaps},
		{"nested", "line:0.77", 9},
	})
}

// A gameWant is what checkGames expects of a game.
type gameWant struct {
	name, key string // Name and Key()
	heaps     int
}

// checkGames parses config and checks that its games are those of want.
func checkGames(t *testing.T, config string, want []gameWant) {
	t.Helper()
	games, err := Parse(strings.NewReader(config), "check.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != len(want) {
		t.Fatalf("got %d games, want %d", len(games), len(want))
	}
	for i, w := range want {
		if g := games[i]; g.Name != w.name || g.Key() != w.key || g.Heaps != w.heaps {
			t.Errorf("game %d = %s %s heaps %d, want %s %s heaps %d", i, g.Name, g.Key(), g.Heaps, w.name, w.key, w.heaps)
		}
	}
}

// TestTags checks that the core schema's tags mean what they say: !!str
// makes a string of what YAML would read as a number, and the others
// accept what they name, in any of YAML's spellings.
func TestTags(t *testing.T) {
	const config = `%YAML 1.2
---
games:
  - name: !!str 123
    code: !!str 0.77
    heaps: !!int "500"
  - !!map
    name: !<tag:yaml.org,2002:str> b
    code: "0.07"
    heaps: !!float 1e3
  - name: c
    !!str code: "0.7"
    heaps: !!int 0x10
    moves: !!seq
      - take: !!seq [2]
        leave: [!!int "2"]
        distinct: !!bool "true"
  - name: d
    lattice: !!map
      size: [3, 3]
      moves: [{step: [-1, 0], repeat: !!bool TRUE}]
`
	checkGames(t, config, []gameWant{
		{"123", "line:0.77", 500},
		{"b", "line:0.07", 1000},
		{"c", "line:0.74!", 16},
		{"d", "lattice:(-1,0)* on 3×3", 0},
	})
}

func TestParseByteSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
	}{{"1024", 1024}, {"4GiB", 4 << 30}, {"512 MiB", 512 << 20}, {"2GB", 2e9}, {"1.5KiB", 1536}, {"1e9", 1e9}} {
		if got, err := ParseByteSize(tc.in); err != nil || got != tc.want {
			t.Errorf("ParseByteSize(%q) = %d, %v; want %d", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{"", "lots", "-1GiB", "1e30TB", "garbage", "-1", "0", "0GiB", "0.1", "NaN", "Inf", "+Inf",
		"0x10GiB", "0x1p4", "9999999999999999999999GiB", "1e400", "1_000", "4 GiB GiB", "4EiB"} {
		if _, err := ParseByteSize(bad); err == nil {
			t.Errorf("ParseByteSize(%q): no error", bad)
		}
	}
}

// TestBudgetEnv checks that $SGTAB_MEMORY sets the memory a table may take,
// and that the least memory of a table counts more than its values.
func TestBudgetEnv(t *testing.T) {
	t.Setenv(MemoryEnv, "1GiB")
	if b, src := Budget(); b != 1<<30 || src != "$SGTAB_MEMORY" {
		t.Errorf("Budget() = %d, %q", b, src)
	}
	// 10^9 heap sizes of one byte each need more than 1 GiB with the
	// runtime's allowance and the rare positions.
	if err := CheckHeaps(1e9, StartLine); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "more than $SGTAB_MEMORY (1.0 GiB)") {
		t.Errorf("CheckHeaps(1e9) = %v", err)
	}
	if err := CheckHeaps(1e8, StartLine); err != nil {
		t.Errorf("CheckHeaps(1e8) = %v", err)
	}
	if HeapMemory(1e8, StartRing, 8) <= HeapMemory(1e8, StartLine, 8) || WidenMemory(1e8, StartLine, 16) <= HeapMemory(1e8, StartLine, 16) {
		t.Error("a ring, or a widening, does not cost more")
	}
}

// TestScriptBoardMemory checks that a scripted game whose start takes two
// parameters is costed as a board of (heaps+1)² positions: 65536 is
// refused at its heaps key within 2 GiB (4.3·10⁹ points), which it used
// to pass, to grow past 1 GB when run; 600 fits, and so does a start of
// one parameter at 65536.
func TestScriptBoardMemory(t *testing.T) {
	t.Setenv(MemoryEnv, "2GiB")
	config := func(heaps int, params string) string {
		return "name: b\nheaps: " + strconv.Itoa(heaps) + "\nscript: |\n  def start(" + params + "):\n      return 0\n  def moves(p):\n      return []\n"
	}
	_, err := Parse(strings.NewReader(config(65536, "n, m")), "b.yaml")
	if want := "b.yaml:2:8: heaps: start(n, m) for 0 ≤ n, m ≤ 65536 is a board of 4295098369 points, each a position the search keeps (about 512 bytes each): the table needs at least 2.0 TiB of memory, more than $SGTAB_MEMORY (2.0 GiB) (got 65536)"; err == nil || err.Error() != want {
		t.Errorf("a board of 65536² points: %v, want %q", err, want)
	}
	for _, ok := range []string{config(600, "n, m"), config(65536, "n")} {
		games, err := Parse(strings.NewReader(ok), "b.yaml")
		if err != nil {
			t.Errorf("%q: %v", ok, err)
			continue
		}
		if m, _ := games[0].Memory(); m <= 0 || games[0].Script.Params == 0 {
			t.Errorf("%q: memory %d, params %d", ok, m, games[0].Script.Params)
		}
	}
}

// TestMemoryEnvWarning checks that $SGTAB_MEMORY above the machine's
// memory is warned of (it let a 37 GiB table start on a machine of 24),
// and a budget within it, or none, is not.
func TestMemoryEnvWarning(t *testing.T) {
	t.Setenv(MemoryEnv, "100000TiB")
	if w := MemoryEnvWarning(); !strings.HasPrefix(w, "$SGTAB_MEMORY (97.7 PiB) is more than this ") {
		t.Errorf("warning %q", w)
	}
	for _, v := range []string{"1MiB", ""} {
		t.Setenv(MemoryEnv, v)
		if w := MemoryEnvWarning(); w != "" {
			t.Errorf("$SGTAB_MEMORY=%s: warning %q", v, w)
		}
	}
}

// TestParseWith sets keys of a config's games from the command line and
// chooses one game of several by name.
func TestParseWith(t *testing.T) {
	const config = "games:\n  - name: ring\n    code: \"0.77\"\n    start: ring\n  - name: nim\n    moves:\n      - take: {min: 1}\n    heaps: 50\n"
	set := func(s ...string) []Override {
		var out []Override
		for _, x := range s {
			o, err := ParseOverride(x)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, o)
		}
		return out
	}
	games, err := ParseWith(strings.NewReader(config), "g.yaml", "ring", set("code=0.7{3}", "heaps=40"))
	maxTake := func(g Game) int { k, _ := g.Rule.MaxTake(); return k }
	if err != nil || len(games) != 1 || games[0].Name != "ring" || games[0].Heaps != 40 || maxTake(games[0]) != 3 || games[0].Start != StartRing {
		t.Fatalf("ring with k = 3: %+v, %v", games, err)
	}
	games, err = ParseWith(strings.NewReader(config), "g.yaml", "nim", set("moves=[{take: [1, 2, 4]}]"))
	if err != nil || len(games) != 1 || games[0].Heaps != 50 || maxTake(games[0]) != 4 {
		t.Fatalf("nim with moves set: %+v, %v", games, err)
	}
	for _, tc := range []struct {
		game string
		sets []string
		want string
	}{
		{"nope", nil, `g.yaml has no game named "nope"; its games: ring, nim`},
		{"ring", []string{"heaps=abc"}, `-set heaps=abc: games[0].heaps: must be a whole number (got "abc")`},
		{"ring", []string{"code=0.7{3"}, `-set code=0.7{3: games[0].code: "{" without "}" (got "0.7{3")`},
		{"ring", []string{"heaps=["}, "-set heaps=[: heaps: not a YAML value"},
	} {
		_, err := ParseWith(strings.NewReader(config), "g.yaml", tc.game, set(tc.sets...))
		if err == nil || err.Error() != tc.want {
			t.Errorf("-game %s %v: %v, want %q", tc.game, tc.sets, err, tc.want)
		}
	}
	for _, bad := range []string{"name=x", "hepas=5", "heaps"} {
		if _, err := ParseOverride(bad); err == nil {
			t.Errorf("ParseOverride(%q): no error", bad)
		}
	}
}
