package rules

import (
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func parseSweep(t *testing.T, yaml string) *Sweep {
	t.Helper()
	s, err := ParseSweep(strings.NewReader(yaml), "s.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSweepGames expands sweeps of each kind and checks their counts,
// names and rules.
func TestSweepGames(t *testing.T) {
	for _, tc := range []struct {
		yaml    string
		count   int
		skipped int
		first   []string // the first names, in order
		rule    string   // the rule of the first game
	}{
		// Every two-digit octal code: 8·8.
		{"sweep:\n  codes: [\"0.**\"]\n", 64, 0, []string{"0.00", "0.01", "0.02"}, "0.0"},
		{"sweep:\n  codes: [\"4.[0-3]7\"]\n", 4, 0, []string{"4.07", "4.17", "4.27", "4.37"}, "4.07"},
		{"sweep:\n  codes: [\"[04].F\"]\n  base: 16\n", 2, 0, []string{"0.F", "4.F"}, "0.F"},
		// Every S ⊆ {1..12} with 1 to 4 elements: 12 + 66 + 220 + 495.
		{"sweep:\n  subtraction:\n    - {to: 12, max-size: 4}\n", 793, 0, []string{"s1", "s2"}, "0.3"},
		{"sweep:\n  subtraction:\n    - {from: 2, to: 4, min-size: 2, leave: [0, 1, 2]}\n", 4, 0, []string{"s2-3-leave012", "s2-4-leave012", "s3-4-leave012", "s2-3-4-leave012"}, "0.077"},
		// Crossed with starts and plays; misère games on a ring start are
		// left out, those that split (0.x7) are not.
		{"sweep:\n  codes: [\"0.[37]\"]\n  start: [line, ring]\n  play: [normal, misere]\n", 6, 2,
			[]string{"0.3", "0.3-misere", "0.3-ring", "0.7", "0.7-misere", "0.7-ring"}, "0.3"},
		{"sweep:\n  games:\n    - {name: kayles, code: \"0.77\"}\n  codes: [\"0.7\"]\n", 2, 0, []string{"0.7", "kayles"}, "0.7"},
	} {
		s := parseSweep(t, tc.yaml)
		games, skipped, err := s.Games()
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, g := range games {
			names = append(names, g.Name)
		}
		if len(games) != tc.count || skipped != tc.skipped || !slices.Equal(names[:len(tc.first)], tc.first) || games[0].Rule.String() != tc.rule || games[0].Family == "" {
			t.Errorf("%q: %d games %v, %d skipped, first rule %s; want %d, %v…, %d, %s",
				tc.yaml, len(games), names[:min(len(names), 6)], skipped, games[0].Rule, tc.count, tc.first, tc.skipped, tc.rule)
		}
		if s.Heaps != 0 || s.Cap != DefaultSweepCap {
			t.Errorf("%q: heaps %d, cap %d", tc.yaml, s.Heaps, s.Cap)
		}
	}
}

// TestSweepInvalid checks the problems of bad sweeps, each located.
func TestSweepInvalid(t *testing.T) {
	for _, tc := range []struct{ yaml, want string }{
		{"sweep:\n  codes: [\"0.9*\"]\n", `s.yaml:2:11: sweep.codes[0]: "9" is not a digit of base 8, "*" or a set "[…]" (got "0.9*")`},
		{"sweep:\n  codes: [\"1.*\"]\n", "d0 may only be 0, 4, 8 or C"},
		{"sweep:\n  codes: [\"0.[3-1]\"]\n", "bad range in [3-1]"},
		{"sweep:\n  codes: [\"0.\"]\n", "at least one digit after it"},
		{"sweep:\n  codes: [\"0.*******\"]\n  base: 16\n", "expands to 268435456 games, more than 1000000"},
		{"sweep:\n  subtraction:\n    - {to: 5, max-size: 9}\n", "want 1 ≤ min-size ≤ max-size ≤ 5 (got 1 and 9)"},
		{"sweep:\n  subtraction:\n    - {from: 3}\n", "missing: the largest count a set may hold"},
		{"sweep:\n  start: [line, square]\n  codes: [\"0.*\"]\n", `sweep.start[1]: must be line or ring (got "square")`},
		{"sweep:\n  codes: [\"0.*\"]\n  heaps: 10\n  cap: 20\n", "cap applies to heaps: auto only"},
		{"sweep:\n  colour: red\n", "sweep.colour: unknown key"},
		{"sweep: {}\n", "a sweep needs codes, subtraction or games"},
		{"sweep:\n  games:\n    - {code: \"0.77\"}\n", "a game listed in a sweep needs a name"},
		{"name: kayles\ncode: \"0.77\"\n", "a sweep config holds one sweep: and nothing else (this one holds 0 sweeps and 1 game)"},
	} {
		_, err := ParseSweep(strings.NewReader(tc.yaml), "s.yaml")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: err = %v, want …%s…", tc.yaml, err, tc.want)
		}
	}
	// A sweep is not a config of games.
	if _, err := Parse(strings.NewReader("sweep:\n  codes: [\"0.*\"]\n"), "s.yaml"); err == nil || !strings.Contains(err.Error(), "s.yaml:1:1: sweep: a sweep of many games: compute it with sgtab sweep") {
		t.Errorf("Parse of a sweep: %v", err)
	}
}

// hostileSweeps are sweeps whose counts overflowed 64 bits (8^21 = 2^63,
// 16^16 = 2^64, three families of 2^100 − 1 sets) or whose rules, one
// digit per count up to a set's largest, would hold billions of digits:
// each once drove validate and sweep past 4 GB while expanding them.
var hostileSweeps = []struct{ name, yaml, want string }{
	{"21-stars", "sweep:\n  codes: [\"0.*********************\"]\n", "expands to more than 10^18 games, more than 1000000"},
	{"22-stars", "sweep:\n  codes: [\"0.**********************\"]\n", "expands to more than 10^18 games, more than 1000000"},
	{"1000-stars", "sweep:\n  codes: [\"0." + strings.Repeat("*", 1000) + "\"]\n", "expands to more than 10^18 games, more than 1000000"},
	{"two-21-stars", "sweep:\n  codes: [\"0.*********************\", \"0.*********************\"]\n", "expands to more than 10^18 games, more than 1000000"},
	{"hex-16-stars", "sweep:\n  base: 16\n  codes: [\"0.****************\"]\n", "expands to more than 10^18 games, more than 1000000"},
	{"hex-17-stars", "sweep:\n  base: 16\n  codes: [\"0.*****************\"]\n", "expands to more than 10^18 games, more than 1000000"},
	{"three-100-families", "sweep:\n  subtraction: [{to: 100}, {to: 100}, {to: 100}]\n", "expands to more than 10^18 games, more than 1000000"},
	// 100 + 4950 + 161700 + 3921225 sets.
	{"subtraction-100-size-4", "sweep:\n  subtraction: [{from: 1, to: 100, max-size: 4}]\n", "expands to 4087975 games, more than 1000000"},
	// 65535 sets {k}, of k + 1 digits each: Σ (k + 1) = 65535·65538/2.
	{"subtraction-65535-size-1", "sweep:\n  subtraction: [{from: 1, to: 65535, max-size: 1}]\n", "hold 2147516415 digits in all, more than 67108864"},
	{"ring-misere-21-stars", "sweep:\n  codes: [\"0.*********************\"]\n  start: [line, ring]\n  play: [normal, misere]\n", "expands to more than 10^18 games"},
}

// TestSweepSizeRefusedUpFront parses each hostile sweep: it is refused by
// its counts alone, with less than 256 KiB allocated (the YAML parser's
// share included), and Games refuses the parsed sweep (built past the
// parser's check) with as little.
func TestSweepSizeRefusedUpFront(t *testing.T) {
	for _, tc := range hostileSweeps {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			alloc := allocated(func() { _, err = ParseSweep(strings.NewReader(tc.yaml), "s.yaml") }).bytes
			if err == nil || !strings.HasPrefix(err.Error(), "s.yaml:2:3: sweep: ") || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, ErrTooLarge) {
				t.Fatalf("ParseSweep: %v, want s.yaml:2:3: sweep: …%s…", err, tc.want)
			}
			if alloc > 256<<10 {
				t.Errorf("ParseSweep allocated %d bytes, want at most 256 KiB", alloc)
			}
			s := unchecked(t, tc.yaml)
			if n, d := s.size(); n <= MaxSweepGames && d <= MaxSweepDigits {
				t.Fatalf("size() = %d games, %d digits: within the limits", n, d)
			}
			alloc = allocated(func() { _, _, err = s.Games() }).bytes
			if err == nil || !strings.Contains(err.Error(), "s.yaml:1: sweep: ") || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Games: %v, want …%s…", err, tc.want)
			}
			if alloc > 16<<10 {
				t.Errorf("Games allocated %d bytes, want at most 16 KiB", alloc)
			}
		})
	}
}

// unchecked builds the sweep of yaml as the parser would, but without its
// size check: its code patterns and subtraction families.
func unchecked(t *testing.T, yaml string) *Sweep {
	t.Helper()
	s := &Sweep{File: "s.yaml", Line: 1, Starts: []Start{StartLine}, Plays: []bool{false}}
	base := 8
	if strings.Contains(yaml, "base: 16") {
		base = 16
	}
	for _, m := range regexp.MustCompile(`"([0-9.*]+)"`).FindAllStringSubmatch(yaml, -1) {
		c, err := ParsePattern(m[1], base)
		if err != nil {
			t.Fatal(err)
		}
		s.Codes = append(s.Codes, c)
	}
	for _, m := range regexp.MustCompile(`\{(from: (\d+), )?to: (\d+)(, max-size: (\d+))?\}`).FindAllStringSubmatch(yaml, -1) {
		f := SubtractionFamily{From: 1, MinSize: 1, Leave: Leave0 | Leave1}
		f.To, _ = strconv.Atoi(m[3])
		f.MaxSize = f.To
		if m[5] != "" {
			f.MaxSize, _ = strconv.Atoi(m[5])
		}
		s.Subtraction = append(s.Subtraction, f)
	}
	if strings.Contains(yaml, "ring") {
		s.Starts, s.Plays = []Start{StartLine, StartRing}, []bool{false, true}
	}
	return s
}

// TestSweepSizeExact checks the counts of sets and of their rules' digits
// against the sets enumerated one by one, over random families (fixed
// seed), and binomial against math/big, saturating exactly past 2^63 − 1.
func TestSweepSizeExact(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 1))
	for range 300 {
		from := 1 + rnd.IntN(20)
		to := from + rnd.IntN(12)
		lo := 1 + rnd.IntN(to-from+1)
		f := SubtractionFamily{From: from, To: to, MinSize: lo, MaxSize: lo + rnd.IntN(to-from+2-lo)}
		var sets, digits int64
		f.each(func(set []int) { sets, digits = sets+1, digits+int64(set[len(set)-1]+1) })
		if f.Count() != sets || f.digits() != digits {
			t.Fatalf("%s: Count %d, digits %d; enumerated %d sets, %d digits", f, f.Count(), f.digits(), sets, digits)
		}
	}
	c, err := ParsePattern("4.[0-3]*7", 8)
	if err != nil {
		t.Fatal(err)
	}
	if c.Count() != 32 || c.digits() != 32*4 {
		t.Errorf("4.[0-3]*7: Count %d, digits %d; want 32 codes of at most 4 digits", c.Count(), c.digits())
	}
	limit := big.NewInt(math.MaxInt64)
	for _, n := range []int{0, 1, 5, 62, 63, 64, 66, 67, 68, 100, 65535} {
		for _, k := range []int{0, 1, 2, 3, 4, 5, 16, 17, 18, 19, 31, 32, 33, 34, min(n/2, 50), n - 3, n - 2, n - 1, n, n + 1} {
			if k < 0 {
				continue
			}
			want := new(big.Int).Binomial(int64(n), int64(k))
			if k > n {
				want.SetInt64(0)
			}
			if want.Cmp(limit) > 0 {
				want = limit
			}
			if got := binomial(n, k); got != want.Int64() {
				t.Fatalf("binomial(%d, %d) = %d, want %d", n, k, got, want)
			}
		}
	}
}
