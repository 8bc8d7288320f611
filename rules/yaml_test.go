package rules

import (
	"math"
	"testing"
)

func TestParseWhole(t *testing.T) {
	for _, tc := range []struct {
		text  string
		v     int64
		state int
	}{
		{"0", 0, numberWhole},
		{"1000", 1000, numberWhole},
		{"+5", 5, numberWhole},
		{"-5", -5, numberWhole},
		{"1_000_000", 1000000, numberWhole},
		{"1e6", 1000000, numberWhole},
		{"1E6", 1000000, numberWhole},
		{"1.5e3", 1500, numberWhole},
		{"2.0", 2, numberWhole},
		{"0x1F", 31, numberWhole},
		{"0o17", 15, numberWhole},
		{"017", 15, numberWhole}, // octal, as the YAML library reads it
		{"08", 8, numberWhole},
		{"0b101", 5, numberWhole},
		{"9223372036854775807", math.MaxInt64, numberWhole},
		{"-9223372036854775808", math.MinInt64, numberWhole},
		{"9223372036854775808", 0, numberTooLarge},
		{"-9223372036854775809", 0, numberTooSmall},
		{"10000000000000000000000", 0, numberTooLarge},
		{"1e30", 0, numberTooLarge},
		{"1.0e400", 0, numberTooLarge},
		{"-1e30", 0, numberTooSmall},
		{"0x1FFFFFFFFFFFFFFFFF", 0, numberTooLarge},
		{"1.5", 0, numberNotWhole},
		{".inf", 0, numberNotWhole},
		{"-.inf", 0, numberNotWhole},
		{".nan", 0, numberNotWhole},
		{"", 0, notNumber},
		{"lots", 0, notNumber},
		{"1e", 0, notNumber},
		{"0x", 0, notNumber},
		{"inf", 0, notNumber},
		{"_1", 0, notNumber},
		{"1.2.3", 0, notNumber},
	} {
		v, st := parseWhole(tc.text)
		if v != tc.v || st != tc.state {
			t.Errorf("parseWhole(%q) = %d, state %d; want %d, state %d", tc.text, v, st, tc.v, tc.state)
		}
	}
}
