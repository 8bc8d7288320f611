package rules_test

import (
	"testing"

	"github.com/sgtab/sgtab/rules"
)

// TestWords checks the rule in words for codes of every shape: explicit
// digits grouped by equal digits, splits without removal, distinct parts,
// a repeating tail of period 1 and more, and a run.
func TestWords(t *testing.T) {
	for _, c := range []struct{ code, want string }{
		{"0.77", "remove 1 or 2 tokens, taking the whole heap or leaving one or two heaps"},
		{"0.07", "remove 2 tokens, taking the whole heap or leaving one or two heaps"},
		{"0.333", "remove 1 to 3 tokens, taking the whole heap or leaving one heap"},
		{"4!.0", "remove nothing, leaving two different heaps"},
		{"4.(3)", "remove nothing, leaving two heaps; remove any number of tokens from 1, taking the whole heap or leaving one heap"},
		{"0.6", "remove 1 token, leaving one or two heaps"},
		{"0.(12)", "remove 1 + 2·i tokens (any i ≥ 0), taking the whole heap; remove 2 + 2·i tokens (any i ≥ 0), leaving one heap"},
		{"0.7{10}", "remove 1 to 10 tokens, taking the whole heap or leaving one or two heaps"},
		{"0.0", "no move"},
	} {
		r, err := rules.ParseCode(c.code, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.Words(); got != c.want {
			t.Errorf("%s: %q, want %q", c.code, got, c.want)
		}
	}
}
