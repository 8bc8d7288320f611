package main

import "testing"

// TestCountFlag checks that -cap takes a whole number as -heaps does:
// 5e8 and 500_000_000 are 500000000, and a fraction or a word is refused.
func TestCountFlag(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"500000000", 5e8, true}, {"5e8", 5e8, true}, {"500_000_000", 5e8, true},
		{"2.5", 0, false}, {"lots", 0, false}, {"auto", 0, false},
	} {
		var c countFlag
		err := c.Set(tc.in)
		if (err == nil) != tc.ok || tc.ok && int64(c) != tc.want {
			t.Errorf("-cap %s: %d, %v; want %d, ok %v", tc.in, c, err, tc.want, tc.ok)
		}
	}
}
