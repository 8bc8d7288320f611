package positions

import (
	"math"
	"testing"
)

// TestParseComponentRange checks that the largest positions are read
// exactly and that one past 2⁶³ − 1 is refused as too large, never
// wrapped, and a negative one as not a whole number ≥ 0.
func TestParseComponentRange(t *testing.T) {
	for _, tc := range []struct {
		word string
		want Component
		err  string
	}{
		{"9223372036854775807", Component{N: math.MaxInt64}, ""},
		{"9223372036854775807,1", Component{X: math.MaxInt64, Y: 1, Point: true}, ""},
		{"9223372036854775808", Component{}, `heap "9223372036854775808": too large: positions go up to 2⁶³ − 1 = 9223372036854775807`},
		{"1,99999999999999999999", Component{}, `point "1,99999999999999999999": too large: positions go up to 2⁶³ − 1 = 9223372036854775807`},
		{"-1", Component{}, `heap "-1": want a whole number ≥ 0`},
	} {
		c, err := ParseComponent(tc.word)
		if tc.err == "" && (err != nil || c != tc.want) || tc.err != "" && (err == nil || err.Error() != tc.err) {
			t.Errorf("%s: %+v, %v; want %+v, %q", tc.word, c, err, tc.want, tc.err)
		}
	}
}
