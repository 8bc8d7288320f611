package rules_test

import (
	"testing"

	"github.com/sgtab/sgtab/rules"
)

// TestCountSize checks that a Count without Max (-cap) takes a whole number as -heaps does:
// 5e8 and 500_000_000 are 500000000, and a fraction or a word is refused.
func TestCountSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"500000000", 5e8, true}, {"5e8", 5e8, true}, {"500_000_000", 5e8, true},
		{"2.5", 0, false}, {"lots", 0, false}, {"auto", 0, false},
	} {
		var c rules.Count
		err := c.Set(tc.in)
		if (err == nil) != tc.ok || tc.ok && c.N != tc.want {
			t.Errorf("-cap %s: %d, %v; want %d, ok %v", tc.in, c.N, err, tc.want, tc.ok)
		}
	}
}

// TestCountBound checks that a Count with Max (-max-steps and
// -max-positions) takes a number
// as -cap does and refuse one out of their range with the range, however
// far out it is (1e13 is past the 2^40 a count may hold, and still gets
// the range).
func TestCountBound(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
		err  string
	}{
		{"2e3", 2000, ""}, {"1e12", 1e12, ""}, {"1_000", 1000, ""}, {"1", 1, ""},
		{"0", 0, "want a whole number from 1 to 1e12"},
		{"-3", 0, "want a whole number from 1 to 1e12"},
		{"1000000000001", 0, "want a whole number from 1 to 1e12"},
		{"1e13", 0, "want a whole number from 1 to 1e12"},
		{"1e400", 0, "want a whole number from 1 to 1e12"},
		{"1.5", 0, "want a whole number"}, {"lots", 0, "want a whole number"},
	} {
		b := rules.Count{N: 7, Max: 1e12}
		err := b.Set(tc.in)
		switch {
		case tc.err == "" && (err != nil || b.N != tc.want):
			t.Errorf("-max-steps %s: %d, %v; want %d", tc.in, b.N, err, tc.want)
		case tc.err != "" && (err == nil || err.Error() != tc.err || b.N != 7):
			t.Errorf("-max-steps %s: %d, %v; want the error %q and the value kept", tc.in, b.N, err, tc.err)
		}
	}
}
