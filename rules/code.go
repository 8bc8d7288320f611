package rules

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A CodeError is a problem with a take-and-break code string. It matches
// ErrBadCode under errors.Is.
type CodeError struct{ Msg string }

func (e *CodeError) Error() string        { return e.Msg }
func (e *CodeError) Is(target error) bool { return target == ErrBadCode }

func codeErr(format string, args ...any) error {
	return &CodeError{Msg: fmt.Sprintf(format, args...)}
}

// ParseOctal parses an octal take-and-break code such as "0.77" or "4.(3)".
func ParseOctal(s string) (Rule, error) { return ParseCode(s, 8) }

// ParseHex parses a hexadecimal take-and-break code such as "0.F6".
func ParseHex(s string) (Rule, error) { return ParseCode(s, 16) }

// ParseCode parses a take-and-break code in the notation d0.d1d2…: bit 1 of
// d_k lets a move remove k tokens and leave no heap (the whole heap), bit 2
// leave one heap, bit 4 two heaps, bit 8 three heaps; d0 may only have bits 4
// and 8 (split a heap without removing tokens). A group in parentheses at the
// end repeats for ever ("4.(3)" is Lasker's Nim). A "!" after a digit makes
// its splits need pairwise different parts ("4!.0" is Grundy's game). The
// point may also be written "·".
//
// A repeat count in braces after a digit (or its "!") repeats it: "0.7{3}"
// is "0.777", and "0.7{1000000000}" removes 1 to 10^9 tokens without 10^9
// digits. The count is decimal, from 1 on. A code may spell out at most
// 65536 digits (maxDigits) in all, but its last digit may run on to
// removing up to 10^18 (MaxRun) tokens; such a run ends the code, outside
// any repeating group.
//
// base is 8 (digits 0–7), 16 (0–9, A–F) or 0: hexadecimal when a digit
// above 7 appears, octal otherwise. The result is normalised.
func ParseCode(s string, base int) (Rule, error) {
	if base != 0 && base != 8 && base != 16 {
		return Rule{}, codeErr("base must be 8 or 16, got %d", base)
	}
	s = strings.TrimSpace(s)
	s = strings.Replace(s, "·", ".", 1)
	if s == "" {
		return Rule{}, codeErr("empty code")
	}
	dot := strings.IndexByte(s, '.')
	if dot < 0 {
		return Rule{}, codeErr("a code needs a point, as in \"0.77\"")
	}
	var (
		digits []Digit
		tail   = -1 // index in digits where "(" opened
		closed bool
		until  int // the removal count a run goes on to; 0: none
	)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if until > 0 {
			return Rule{}, codeErr("%s after a repeat count that runs past %d digits: such a run must end the code", character(s[i:]), maxDigits)
		}
		switch {
		case c == '{':
			end, u, err := repeat(s, i, dot, &digits, tail >= 0 && !closed)
			if err != nil {
				return Rule{}, err
			}
			i, until = end, u
		case i == dot:
			if len(digits) != 1 {
				return Rule{}, codeErr("a code has exactly one digit before the point, as in \"0.77\"")
			}
		case c == '(':
			if i < dot {
				return Rule{}, codeErr("\"(\" before the point")
			}
			if tail >= 0 {
				return Rule{}, codeErr("only one repeating group \"(…)\" is allowed")
			}
			tail = len(digits)
		case c == ')':
			if tail < 0 || closed {
				return Rule{}, codeErr("\")\" without \"(\"")
			}
			if len(digits) == tail {
				return Rule{}, codeErr("empty repeating group \"()\"")
			}
			closed = true
		case c == '!':
			if len(digits) == 0 || (i > 0 && !isHexDigit(s[i-1])) {
				return Rule{}, codeErr("\"!\" must follow a digit")
			}
			d := &digits[len(digits)-1]
			if d.Leave&(Leave2|Leave3) == 0 {
				return Rule{}, codeErr("\"!\" after digit %X, which leaves no two or three heaps", d.Leave)
			}
			d.Distinct = d.Leave & (Leave2 | Leave3)
		case isHexDigit(c):
			if closed {
				return Rule{}, codeErr("digits after the repeating group")
			}
			v := hexValue(c)
			if base == 8 && v > 7 {
				return Rule{}, codeErr("digit %c is not octal", c)
			}
			if len(digits)+1 > maxDigits {
				return Rule{}, codeErr("code longer than %d digits", maxDigits)
			}
			digits = append(digits, Digit{Leave: v})
		default:
			return Rule{}, codeErr("unexpected character %s", character(s[i:]))
		}
	}
	if len(digits) < 2 {
		return Rule{}, codeErr("no digit after the point")
	}
	if tail >= 0 && !closed {
		return Rule{}, codeErr("\"(\" without \")\"")
	}
	if d0 := digits[0].Leave; d0&(Leave0|Leave1) != 0 {
		return Rule{}, codeErr("d0 = %X: removing no tokens can only split a heap (bits 4 and 8)", d0)
	}
	r := Rule{Digits: digits, Until: until}
	if tail >= 0 {
		r.Period = len(digits) - tail
	}
	return normalize(r), nil
}

// repeat reads the repeat count in braces at s[i] (a '{'; dot is where
// the point is) and applies it to the last of digits: appends its copies,
// or when they would make more than maxDigits digits, returns the removal
// count its run goes on to (not in a repeating group: inGroup). It returns
// the index of the closing brace.
func repeat(s string, i, dot int, digits *[]Digit, inGroup bool) (end, until int, err error) {
	d := *digits
	if i < dot || len(d) < 2 || !isHexDigit(s[i-1]) && s[i-1] != '!' {
		return 0, 0, codeErr("\"{\" must follow a digit after the point, as in \"0.7{3}\"")
	}
	j := strings.IndexByte(s[i:], '}')
	if j < 0 {
		return 0, 0, codeErr("\"{\" without \"}\"")
	}
	text := s[i+1 : i+j]
	count, perr := strconv.ParseInt(text, 10, 64)
	switch {
	case text == "" || strings.TrimLeft(text, "0123456789") != "":
		return 0, 0, codeErr("repeat count %s is not a whole number", strconv.Quote(text))
	case perr != nil || count > MaxRun:
		return 0, 0, codeErr("repeat count %s is too large: a run may remove at most 10^18 tokens", text)
	case count < 1:
		return 0, 0, codeErr("repeat count %s: a digit is repeated at least once", text)
	}
	last := len(d) - 1 // the removal count of the digit repeated
	if int64(last)+count-1 > MaxRun {
		return 0, 0, codeErr("repeat count %s is too large: a run may remove at most 10^18 tokens", text)
	}
	if int64(len(d))+count-1 <= maxDigits {
		for range count - 1 {
			d = append(d, d[last])
		}
		*digits = d
		return i + j, 0, nil
	}
	if inGroup {
		return 0, 0, codeErr("repeat count %s in a repeating group: a group holds at most %d digits", text, maxDigits)
	}
	return i + j, last + int(count) - 1, nil
}

// character quotes the character s starts with, whole ('Ù', not the first
// byte of its UTF-8 encoding), or its first byte when s is not UTF-8 there.
func character(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError && size <= 1 {
		return strconv.Quote(s[:1])
	}
	return strconv.QuoteRune(r)
}

func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func hexValue(c byte) uint8 {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}
