package positions

import "testing"

// TestParseHeapSizes checks the heap sizes a position takes: any whole
// number up to 2^63 − 1, the largest an answer reaches; beyond, a clear
// refusal rather than a number that wrapped.
func TestParseHeapSizes(t *testing.T) {
	for _, tc := range []struct {
		word string
		n    int
		err  string
	}{
		{"0", 0, ""},
		{"2147483647", 1<<31 - 1, ""},
		{"9223372036854775807", 1<<63 - 1, ""},
		{"9223372036854775808", 0, `heap "9223372036854775808": too large: a heap has at most 9223372036854775807 tokens (2^63 − 1)`},
		{"-9223372036854775809", 0, `heap "-9223372036854775809": want a whole number ≥ 0`},
		{"-1", 0, `heap "-1": want a whole number ≥ 0`},
	} {
		c, err := ParseComponent(tc.word)
		switch {
		case tc.err != "" && (err == nil || err.Error() != tc.err):
			t.Errorf("%s: %v, want the error %q", tc.word, err, tc.err)
		case tc.err == "" && (err != nil || c.N != tc.n):
			t.Errorf("%s: %+v, %v; want heap %d", tc.word, c, err, tc.n)
		}
	}
}
