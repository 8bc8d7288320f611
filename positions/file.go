package positions

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// A Line is one position as read: its words, and its line number in a
// positions file (0: the command line).
type Line struct {
	Words []string
	Num   int
}

// ReadFile reads the positions file path (standard input for "-"), one
// position a line, words separated by spaces; blank lines and lines
// starting with # are skipped but counted, and a byte-order mark at the
// start is skipped, as in configs. Lines may be of any length.
func ReadFile(path string) ([]Line, error) {
	var r io.Reader = os.Stdin
	if path != "-" {
		st, err := os.Stat(path)
		if err != nil {
			return nil, fileError(err)
		}
		if !st.Mode().IsRegular() {
			return nil, fmt.Errorf("%s: not a regular file (%s); use - to read standard input", path, st.Mode().Type())
		}
		f, err := os.Open(path)
		if err != nil {
			return nil, fileError(err)
		}
		defer f.Close() // read-only
		r = f
	}
	var lines []Line
	br := bufio.NewReader(r)
	for num := 1; ; num++ {
		text, err := br.ReadString('\n')
		if num == 1 {
			text = strings.TrimPrefix(text, "\uFEFF")
		}
		if t := strings.TrimSpace(text); t != "" && !strings.HasPrefix(t, "#") {
			lines = append(lines, Line{strings.Fields(t), num})
		}
		if err == io.EOF {
			return lines, nil
		}
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", path, err)
		}
	}
}

// fileError says why a file cannot be read as "PATH: why", not as the
// system call's "stat PATH: why".
func fileError(err error) error {
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		return fmt.Errorf("%s: %w", pe.Path, pe.Err)
	}
	return err
}

// Dir returns the folder that the sources named in the positions file
// path are relative to: the file's own ("" for standard input, read as
// "-": the current folder; and for no file).
func Dir(path string) string {
	if path == "" || path == "-" {
		return ""
	}
	return filepath.Dir(path)
}

// At returns err as the problem of line num of the positions file path,
// "FILE:LINE: err"; err as it is for the command line (no path, or num 0).
func At(path string, num int, err error) error {
	if path == "" || num == 0 {
		return err
	}
	return fmt.Errorf("%s:%d: %w", path, num, err)
}
