package rules

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// TestHostile parses every config of testdata/hostile, a corpus of hostile
// configs: syntax garbage, deep nesting, huge numbers, wrong types and
// unknown keys at every level, tags, alias bombs, bytes that are not text,
// long lines, bad names. (The messages of such configs are checked word for
// word by the golden cases of testdata/invalid; this corpus checks how
// Parse holds up.) Each must fail, without a panic, with less memory
// allocated than 64 bytes a byte of the file plus 64 MiB, in fewer heap
// allocations than 8 a byte plus 2^16 (the work of reading a config goes
// with its allocations: the lexer, the parser and the walk through aliases
// allocate as they go, so a config whose reading blew up would show in
// them, on any machine however busy), and with an error of which every
// line starts FILE:LINE:COL as ConfigError prints them and is at most 1000
// bytes long. A hang shows as go test's timeout.
func TestHostile(t *testing.T) {
	paths, err := filepath.Glob("testdata/hostile/*.yaml")
	if err != nil || len(paths) < 30 {
		t.Fatalf("%d hostile configs, want at least 30 (%v)", len(paths), err)
	}
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".yaml"), func(t *testing.T) {
			info, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			var (
				games    []Game
				loadErr  error
				panicked any
			)
			use := allocated(func() {
				defer func() { panicked = recover() }()
				games, loadErr = Load(path)
			})
			switch {
			case panicked != nil:
				t.Fatalf("Load(%s) panics: %v", path, panicked)
			case loadErr == nil:
				t.Fatalf("Load(%s) = %d games, want an error", path, len(games))
			}
			if limit := 64*uint64(info.Size()) + 64<<20; use.bytes > limit {
				t.Errorf("Load(%s) allocated %d bytes, want at most %d", path, use.bytes, limit)
			}
			if limit := 8*uint64(info.Size()) + 1<<16; use.objects > limit {
				t.Errorf("Load(%s) made %d heap allocations, want at most %d", path, use.objects, limit)
			}
			located := regexp.MustCompile(`^` + regexp.QuoteMeta(printedFile(path)) + `:[0-9]+:[0-9]+: `)
			for _, line := range strings.Split(loadErr.Error(), "\n") {
				if !located.MatchString(line) {
					t.Errorf("error line %.200q is not located as FILE:LINE:COL", line)
				}
				if len(line) > 1000 {
					t.Errorf("error line of %d bytes, want at most 1000: %.200q", len(line), line)
				}
			}
			for _, e := range loadErr.(interface{ Unwrap() []error }).Unwrap() {
				if _, ok := errors.AsType[*ConfigError](e); !ok {
					t.Errorf("error %.200q is not a *ConfigError", e)
				}
			}
			if testing.Verbose() {
				first, _, _ := strings.Cut(loadErr.Error(), "\n")
				t.Logf("%d bytes, %d allocated in %d objects: %s", info.Size(), use.bytes, use.objects, cut(first, 160))
			}
		})
	}
}

// printedFile returns a file name as ConfigError prints it.
func printedFile(name string) string {
	if strings.ContainsFunc(name, func(r rune) bool { return !unicode.IsPrint(r) }) {
		return strconv.Quote(name)
	}
	return name
}
