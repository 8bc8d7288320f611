package rules

import (
	"slices"
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
		// Crossed with starts and plays; misère games that split are
		// left out (0.x7 splits, 0.x3 does not).
		{"sweep:\n  codes: [\"0.[37]\"]\n  start: [line, ring]\n  play: [normal, misere]\n", 5, 3,
			[]string{"0.3", "0.3-misere", "0.3-ring", "0.7", "0.7-ring"}, "0.3"},
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
