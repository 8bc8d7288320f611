package rules

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Sentinel errors. A *ConfigError wraps one of them, so callers can test the
// kind of a problem with errors.Is.
var (
	ErrSyntax     = errors.New("YAML syntax error")
	ErrEmpty      = errors.New("empty config")
	ErrUnknownKey = errors.New("unknown key")
	ErrDuplicate  = errors.New("duplicate")
	ErrType       = errors.New("wrong type")
	ErrMissing    = errors.New("missing key")
	ErrBadCode    = errors.New("bad code")
	ErrBadValue   = errors.New("bad value")
	ErrTooLarge   = errors.New("too large")
	ErrTooLong    = errors.New("rule too long")
)

// A ConfigError is one problem in a config file, located by file, line and
// column and named by the key's path (e.g. "games[1].code"). It prints as
//
//	FILE:LINE:COL: KEY: what is wrong (got VALUE)
type ConfigError struct {
	File      string
	Line, Col int
	Key       string // path of the key, "" for the file as a whole
	Value     string // the offending value as written, "" if none
	Msg       string // what is wrong
	Err       error  // the sentinel kind: ErrBadCode, ErrUnknownKey, …
}

func (e *ConfigError) Error() string {
	file := e.File
	if strings.ContainsFunc(file, func(r rune) bool { return !unicode.IsPrint(r) }) {
		file = strconv.Quote(file) // keep the message on one line
	}
	s := fmt.Sprintf("%s:%d:%d: ", file, e.Line, e.Col)
	if e.Key != "" {
		s += e.Key + ": "
	}
	s += e.Msg
	if e.Value != "" {
		s += " (got " + e.Value + ")"
	}
	return s
}

// Unwrap returns the sentinel kind of the problem.
func (e *ConfigError) Unwrap() error { return e.Err }

// maxQuoted is how many bytes of a value quote keeps.
const maxQuoted = 64

// quote returns s in double quotes with Go escapes, its first maxQuoted
// bytes only (then "…"), so that a long or odd value keeps a message on
// one short line.
func quote(s string) string { return strconv.Quote(shorten(s)) }

// shorten returns the first maxQuoted bytes of s and "…", or s if it is
// no longer.
func shorten(s string) string { return cut(s, maxQuoted) }

// cut returns the first n bytes of s (fewer, to end on a whole character)
// and "…", or s if it is no longer.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
