package export

import (
	"errors"
	"strconv"
	"testing"
)

// TestDecimal checks decimal, the CSV reader's parser of numbers, against
// strconv.ParseInt, which it stands in for without allocating.
func TestDecimal(t *testing.T) {
	inputs := []string{"0", "7", "-0", "-7", "007", "", "-", "+1", " 1", "1 ", "1.0", "0x10", "1e3", "٣",
		"2147483647", "2147483648", "-2147483648", "-2147483649",
		"9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
		"99999999999999999999999"}
	for _, s := range inputs {
		for _, bits := range []int{32, 64} {
			want, err := strconv.ParseInt(s, 10, bits)
			v, ok, inRange := decimal([]byte(s), bits)
			switch {
			case s == "+1":
			case err == nil && (!ok || !inRange || v != want):
				t.Errorf("decimal(%q, %d) = %d, %v, %v; want %d", s, bits, v, ok, inRange, want)
			case errors.Is(err, strconv.ErrRange) && (!ok || inRange):
				t.Errorf("decimal(%q, %d): ok %v, in range %v; want a number out of range", s, bits, ok, inRange)
			case errors.Is(err, strconv.ErrSyntax) && ok:
				t.Errorf("decimal(%q, %d) = %d: want not a number", s, bits, v)
			}
		}
	}
	// strconv takes a plus sign, which a CSV table never holds, and calls
	// a long run of digits out of range before it sees what follows.
	for _, s := range []string{"+1", "99999999999999999999x"} {
		if _, ok, _ := decimal([]byte(s), 64); ok {
			t.Errorf("decimal(%q) is a number", s)
		}
	}
}
