package rules_test

import (
	"math"
	"testing"

	"github.com/sgtab/sgtab/rules"
)

// TestParseHeaps checks the table sizes -heaps takes: whole numbers as a
// float may write them, auto, and nothing at or past 2^40.
func TestParseHeaps(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
		err  string
	}{
		{"1000", 1000, ""}, {"1e6", 1e6, ""}, {"auto", 0, ""}, {"0", 0, ""},
		{"1099511627775", 1<<40 - 1, ""},
		{"1099511627776", 0, "too large: must be below 2^40"}, {"1e400", 0, "too large: must be below 2^40"},
		{"-1e400", 0, "too large: must be below 2^40"},
		{"2.5", 0, "want a whole number or auto"}, {"lots", 0, "want a whole number or auto"}, {"", 0, "want a whole number or auto"},
	} {
		got, err := rules.ParseHeaps(tc.in)
		if tc.err == "" && (err != nil || got != tc.want) || tc.err != "" && (err == nil || err.Error() != tc.err) {
			t.Errorf("ParseHeaps(%q) = %d, %v; want %d, %q", tc.in, got, err, tc.want, tc.err)
		}
	}
	if f, ok := rules.WholeNumber("1e400"); !ok || !math.IsInf(f, 1) {
		t.Errorf("WholeNumber(1e400) = %v, %v; want +Inf", f, ok)
	}
}
