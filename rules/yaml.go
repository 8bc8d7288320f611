package rules

import (
	"errors"
	"math"
	"strconv"
	"strings"
)

// States of a text read as a whole number.
const (
	numberWhole    = iota // a whole number that fits in an int64
	numberTooLarge        // a whole number above the int64 range
	numberTooSmall        // a whole number below it
	numberNotWhole        // a number with a fraction, infinite or not a number
	notNumber             // no number at all
)

// parseWhole reads text as YAML writes a number: decimal, 0x hexadecimal,
// 0o or 0 octal, 0b binary (with '_' between digits), or a decimal number
// with a point or an exponent (1e6) that is whole.
func parseWhole(text string) (int64, int) {
	neg := strings.HasPrefix(text, "-")
	s := strings.TrimPrefix(strings.TrimPrefix(text, "+"), "-")
	base, digits := 10, s
	switch {
	case strings.HasPrefix(s, "0x"):
		base, digits = 16, s[2:]
	case strings.HasPrefix(s, "0o"):
		base, digits = 8, s[2:]
	case strings.HasPrefix(s, "0b"):
		base, digits = 2, s[2:]
	case len(s) > 1 && s[0] == '0' && strings.Trim(s, "01234567_") == "":
		base, digits = 8, s[1:]
	case !isDecimalInt(s):
		f, ok := parseFloat(text)
		switch {
		case !ok:
			return 0, notNumber
		case math.IsNaN(f) || math.IsInf(f, 0) && strings.Contains(strings.ToLower(text), "inf") || f != math.Trunc(f):
			return 0, numberNotWhole
		case f >= 1<<63:
			return 0, numberTooLarge
		case f < -(1 << 63):
			return 0, numberTooSmall
		}
		return int64(f), numberWhole
	}
	digits = strings.ReplaceAll(digits, "_", "")
	u, err := strconv.ParseUint(digits, base, 64)
	switch {
	case err != nil && errors.Is(err, strconv.ErrRange):
		if neg {
			return 0, numberTooSmall
		}
		return 0, numberTooLarge
	case err != nil:
		return 0, notNumber
	case neg && u > 1<<63:
		return 0, numberTooSmall
	case neg && u == 1<<63:
		return math.MinInt64, numberWhole
	case neg:
		return -int64(u), numberWhole
	case u > math.MaxInt64:
		return 0, numberTooLarge
	}
	return int64(u), numberWhole
}

// isDecimalInt reports whether text is a sign and decimal digits (with '_'
// between them).
func isDecimalInt(text string) bool {
	s := strings.TrimPrefix(strings.TrimPrefix(text, "+"), "-")
	if s == "" || s[0] == '_' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !('0' <= s[i] && s[i] <= '9' || s[i] == '_') {
			return false
		}
	}
	return true
}

// parseFloat reads text as the core schema writes a decimal number: an
// optional sign, digits with at most one point (and '_' between digits),
// an optional exponent; or .inf, -.inf, .nan in any of their spellings.
func parseFloat(text string) (float64, bool) {
	switch strings.TrimPrefix(strings.TrimPrefix(text, "+"), "-") {
	case ".inf", ".Inf", ".INF":
		if strings.HasPrefix(text, "-") {
			return math.Inf(-1), true
		}
		return math.Inf(1), true
	case ".nan", ".NaN", ".NAN":
		if text[0] == '.' {
			return math.NaN(), true
		}
		return 0, false
	}
	s := strings.TrimPrefix(strings.TrimPrefix(text, "+"), "-")
	mantissa, exp, hasExp := strings.Cut(strings.ToLower(s), "e")
	if hasExp {
		exp = strings.TrimPrefix(strings.TrimPrefix(exp, "+"), "-")
		if exp == "" || strings.Trim(exp, "0123456789") != "" {
			return 0, false
		}
	}
	whole, frac, _ := strings.Cut(mantissa, ".")
	if whole+frac == "" || strings.Trim(whole+frac, "0123456789_") != "" || strings.HasPrefix(whole, "_") {
		return 0, false
	}
	f, err := strconv.ParseFloat(strings.ReplaceAll(text, "_", ""), 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return f, true // ±Inf, or 0 for an underflow
		}
		return 0, false
	}
	return f, true
}
