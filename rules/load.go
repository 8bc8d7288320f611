package rules

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
)

// MaxConfigSize is the most bytes a config may hold: Load and Parse read no
// more than one byte beyond it.
const MaxConfigSize = 16 << 20

// Load reads the config file at path, which must be a regular file of at
// most MaxConfigSize bytes (not a directory, a device or a named pipe; a
// named pipe is opened without waiting for a writer). See Parse.
func Load(path string) ([]Game, error) {
	f, err := open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close() // read-only
	return Parse(f, path)
}

// LoadAny reads the config at path, which may hold games or sweeps, and
// returns both, as Load and LoadSweep do.
func LoadAny(path string) ([]Game, []*Sweep, error) {
	f, err := open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close() // read-only
	p, games, err := parseConfig(f, path)
	if err != nil {
		return nil, nil, err
	}
	if err := p.errs.err(); err != nil {
		return nil, nil, err
	}
	return games, p.sweeps, nil
}

// LoadSweep reads the sweep config at path, as Load reads a config. See
// ParseSweep.
func LoadSweep(path string) (*Sweep, error) {
	f, err := open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close() // read-only
	return ParseSweep(f, path)
}

// open opens the config file at path, after checking that it is a regular
// file of at most MaxConfigSize bytes.
func open(path string) (*os.File, error) {
	f, err := OpenRegular(path, MaxConfigSize, "a config")
	if err != nil {
		if _, ok := errors.AsType[*ConfigError](err); ok {
			return nil, errors.Join(err) // one problem of the file, as Parse reports them
		}
		return nil, err
	}
	return f, nil
}

// OpenRegular opens the file at path for reading, after checking that it
// is a regular file — not a directory, a device, a socket or a named pipe
// (opened without waiting for a writer, and refused) — of at most limit
// bytes, so that reading it takes time and memory in proportion to limit.
// what names the kind of file in the errors ("a config", "an edge list").
// A file that is not regular or is too large is a *ConfigError at its
// start, matching ErrNotFile or ErrTooLarge; other errors are those of os.
func OpenRegular(path string, limit int64, what string) (*os.File, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := regular(path, info, what); err != nil {
		return nil, err
	}
	if info.Size() > limit {
		return nil, tooLarge(path, limit, what)
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	// The path may name another file now than when it was checked.
	info, err = f.Stat()
	if err == nil {
		err = regular(path, info, what)
	}
	if err == nil && info.Size() > limit {
		err = tooLarge(path, limit, what)
	}
	if err != nil {
		f.Close() // read-only
		return nil, err
	}
	return f, nil
}

// regular returns a problem located at the start of path (a *ConfigError
// matching ErrNotFile) unless info is a regular file's; what names the
// file's kind.
func regular(path string, info fs.FileInfo, what string) error {
	mode := info.Mode()
	msg := "not a regular file"
	switch {
	case mode.IsRegular():
		return nil
	case mode.IsDir():
		msg = "a directory, not " + what + " file"
	case mode&fs.ModeNamedPipe != 0:
		msg = "a named pipe, not a regular file"
	case mode&fs.ModeSocket != 0:
		msg = "a socket, not a regular file"
	case mode&fs.ModeDevice != 0:
		msg = "a device, not a regular file"
	}
	return &ConfigError{File: path, Line: 1, Col: 1, Msg: msg, Err: ErrNotFile}
}

// tooLarge is the problem of a file of what kind larger than limit bytes.
func tooLarge(name string, limit int64, what string) error {
	size := fmt.Sprintf("%d MiB", limit>>20)
	if limit >= 1<<30 && limit%(1<<30) == 0 {
		size = fmt.Sprintf("%d GiB", limit>>30)
	}
	return &ConfigError{File: name, Line: 1, Col: 1, Err: ErrTooLarge,
		Msg: fmt.Sprintf("the file is larger than %s, the most %s may hold", size, what)}
}

// Parse reads a config: one game, a `games:` list of games, or several YAML
// documents of either form. name is the file name that errors carry. The
// problems found are reported by position, each as a *ConfigError, joined
// with errors.Join: the first 200, then one (matching ErrTooMany) that
// counts the rest.
//
// Parse reads at most MaxConfigSize+1 bytes of r: a longer config is an
// error (ErrTooLarge). A UTF-8 byte-order mark at the start is skipped.
func Parse(r io.Reader, name string) ([]Game, error) {
	p, games, err := parseConfig(r, name)
	if err != nil {
		return nil, err
	}
	for _, s := range p.sweeps {
		p.errs.add(&ConfigError{File: name, Line: s.Line, Col: 1, Key: "sweep", Err: ErrBadValue,
			Msg: "a sweep of many games: compute it with sgtab sweep"})
	}
	if err := p.errs.err(); err != nil {
		return nil, err
	}
	return games, nil
}

// ParseSweep reads a sweep config: one YAML document with the key sweep:
// (see Sweep), and nothing else. Its problems are reported as Parse reports
// a config's.
func ParseSweep(r io.Reader, name string) (*Sweep, error) {
	p, games, err := parseConfig(r, name)
	if err != nil {
		return nil, err
	}
	if (len(games) > 0 || len(p.sweeps) != 1) && p.errs.n == 0 {
		g := Game{Line: 1, Col: 1}
		if len(games) > 0 {
			g = games[0]
		}
		p.errs.add(&ConfigError{File: name, Line: g.Line, Col: max(g.Col, 1), Err: ErrBadValue,
			Msg: fmt.Sprintf("a sweep config holds one sweep: and nothing else (this one holds %d %s and %d %s)",
				len(p.sweeps), pluralWord(len(p.sweeps), "sweep"), len(games), pluralWord(len(games), "game"))})
	}
	if err := p.errs.err(); err != nil {
		return nil, err
	}
	return p.sweeps[0], nil
}

// pluralWord returns w, or its plural when n is not 1.
func pluralWord(n int, w string) string {
	if n == 1 {
		return w
	}
	return w + "s"
}

// parseConfig reads a config's games and sweeps, leaving its problems in
// the parser; the error is one that stopped it reading.
func parseConfig(r io.Reader, name string) (*configParser, []Game, error) {
	return parseConfigWith(r, name, "", nil)
}

// parseConfigWith is parseConfig with the overrides sets applied to the
// game named only, or to every game when only is "" (see ParseWith).
func parseConfigWith(r io.Reader, name, only string, sets []Override) (*configParser, []Game, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxConfigSize+1))
	if err != nil {
		return nil, nil, fmt.Errorf("read %s: %w", name, err)
	}
	if len(data) > MaxConfigSize {
		return nil, nil, errors.Join(tooLarge(name, MaxConfigSize, "a config"))
	}
	// A byte-order mark says the text is UTF-8; it is not part of it.
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	p := &configParser{file: name, text: string(data),
		visits: budget{limit: maxVisits, what: "through its aliases, the config holds more than %d keys and list items"},
		digits: budget{limit: maxRuleDigits, what: "the games of this config compile to move tables of more than %d digits in all"},
		sets:   sets,
		chosen: only,
	}
	games := p.parse(data)
	return p, games, nil
}
