package rules

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
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
	ErrNotFile    = errors.New("not a regular file")
	ErrTooMany    = errors.New("too many problems")
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
	// Dropped, in the last problem of a file with too many (ErrTooMany),
	// counts the problems not listed.
	Dropped int
}

func (e *ConfigError) Error() string {
	file := e.File
	if strings.ContainsFunc(file, func(r rune) bool { return !unicode.IsPrint(r) }) {
		file = strconv.Quote(file) // keep the message on one line
	}
	s := fmt.Sprintf("%s:%d:%d: ", file, e.Line, e.Col)
	if e.Line == 0 {
		s = file + ": " // not in a file: a value the command line gave (Override)
	}
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

// A Place is where a value is written in a config: its file, line and
// column, the key's path and the value as written.
type Place struct {
	File      string
	Line, Col int
	Key       string
	Value     string
}

// Problem returns a problem with the value at p, of the sentinel kind.
func (p Place) Problem(kind error, format string, args ...any) *ConfigError {
	return &ConfigError{File: p.File, Line: p.Line, Col: p.Col, Key: p.Key, Value: p.Value, Msg: fmt.Sprintf(format, args...), Err: kind}
}

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

// maxProblems is how many problems Parse lists for a file.
const maxProblems = 200

// problems collects the problems of a file: it keeps the first maxProblems
// by position (and of those at one position, the first found), and counts
// the rest. Problems that read the same at the same place, as when a value
// is used through several aliases, are listed once (but may be counted
// again among those dropped).
type problems struct {
	list    []*ConfigError
	n       int          // every problem added
	dropped int          // problems dropped past the first maxProblems
	more    *ConfigError // the first problem dropped, by position
}

func (ps *problems) add(e *ConfigError) {
	ps.n++
	ps.list = append(ps.list, e)
	if len(ps.list) >= 2*maxProblems {
		ps.compact()
	}
}

// compact sorts the problems kept, lists repeats once, and drops those past
// the first maxProblems.
func (ps *problems) compact() {
	slices.SortStableFunc(ps.list, func(a, b *ConfigError) int {
		return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
	})
	kept := ps.list[:0]
	for _, e := range ps.list {
		repeat := false
		for i := len(kept) - 1; i >= 0 && kept[i].Line == e.Line && kept[i].Col == e.Col; i-- {
			if *kept[i] == *e {
				repeat = true
				break
			}
		}
		if !repeat {
			kept = append(kept, e)
		}
	}
	if len(kept) > maxProblems {
		if first := kept[maxProblems]; ps.more == nil || first.Line < ps.more.Line ||
			first.Line == ps.more.Line && first.Col < ps.more.Col {
			ps.more = first
		}
		ps.dropped += len(kept) - maxProblems
		kept = kept[:maxProblems]
	}
	clear(ps.list[len(kept):])
	ps.list = kept
}

// err returns the problems kept, joined, ending with one that counts those
// dropped; nil if there are none.
func (ps *problems) err() error {
	if ps.n == 0 {
		return nil
	}
	ps.compact()
	errs := make([]error, 0, len(ps.list)+1)
	for _, e := range ps.list {
		errs = append(errs, e)
	}
	if ps.dropped > 0 {
		m := ps.more
		errs = append(errs, &ConfigError{File: m.File, Line: m.Line, Col: m.Col, Err: ErrTooMany,
			Msg: fmt.Sprintf("… and %d more problems", ps.dropped), Dropped: ps.dropped})
	}
	return errors.Join(errs...)
}
