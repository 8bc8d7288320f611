package rules

import (
	"errors"
	"fmt"
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
	s := fmt.Sprintf("%s:%d:%d: ", e.File, e.Line, e.Col)
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
