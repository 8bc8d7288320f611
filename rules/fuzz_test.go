package rules

import (
	"strings"
	"testing"
)

// FuzzParse checks that no config text makes Parse panic, and that a config
// that parses yields valid games.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"name: k\ncode: \"0.77\"\nheaps: 10\n",
		"games:\n  - moves:\n      - take: [1, 3, 4]\n        leave: [0, 1, 2]\n",
		"moves:\n  - split: {parts: 2, distinct: true}\nstart: ring\n",
		"a: &x 1\nb: *x\n",
		"--- \n...\n",
		"{",
		"games:\n  - &g {code: \"0.77\", heaps: !!int \"10\"}\n  - {<<: [*g], name: b}\n",
		"%TAG !! 0\n--- ! ",
		"\uFEFFcode: !!str 0.7\nheaps: 1e30\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		games, err := Parse(strings.NewReader(s), "fuzz.yaml")
		if err != nil {
			return
		}
		for _, g := range games {
			if g.Heaps < 1 || g.Name == "" || len(g.Rule.Digits) == 0 || g.Rule.TailStart() < 1 {
				t.Fatalf("invalid game %+v from %q", g, s)
			}
		}
	})
}
