package rules

import "testing"

// TestSuggest checks the "did you mean" of unknown keys, flags and
// commands: one slip of the keyboard finds the word, a different word finds
// none.
func TestSuggest(t *testing.T) {
	keys := []string{"name", "heaps", "code", "base", "moves", "start", "lattice", "play", "state", "graph"}
	for _, tc := range []struct {
		word string
		want string
	}{
		{"mvoes", "moves"},    // two letters swapped
		{"heap", "heaps"},     // one left out
		{"heapss", "heaps"},   // one added
		{"cdoe", "code"},      // swapped, in a short word
		{"strat", "start"},    // swapped
		{"latice", "lattice"}, // left out
		{"colour", ""},
		{"m0", ""},
		{"nam", "name"},
		{"xyz", ""},
	} {
		if got := Suggest(tc.word, keys); got != tc.want {
			t.Errorf("Suggest(%q) = %q, want %q", tc.word, got, tc.want)
		}
	}
	if got := Suggest("rnu", []string{"run", "validate", "query"}); got != "run" {
		t.Errorf("Suggest(rnu) = %q, want run", got)
	}
}
