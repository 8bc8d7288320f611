package rules

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// loadError calls Load(path) and returns its error. Reading a pipe with no
// writer or an endless device would not return: that shows as go test's
// timeout.
func loadError(path string) error {
	_, err := Load(path)
	return err
}

// TestLoadNotRegular checks that Load refuses what is not a regular file,
// without reading it: a directory and the endless devices.
func TestLoadNotRegular(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ path, want string }{
		{dir, dir + ":1:1: a directory, not a config file"},
		{"/dev/zero", "/dev/zero:1:1: a device, not a regular file"},
		{"/dev/urandom", "/dev/urandom:1:1: a device, not a regular file"},
	} {
		if _, err := os.Stat(tc.path); err != nil {
			t.Logf("skip %s: %v", tc.path, err)
			continue
		}
		err := loadError(tc.path)
		if err == nil || err.Error() != tc.want {
			t.Errorf("Load(%s) = %.300v, want %q", tc.path, err, tc.want)
		}
	}
}

// TestLoadTooLarge checks that Load refuses a file larger than
// MaxConfigSize without reading it, and reads one of exactly that size.
func TestLoadTooLarge(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.yaml")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	// A sparse file: its size costs no disk.
	if err := f.Truncate(MaxConfigSize + 1); err != nil {
		t.Fatal(err)
	}
	f.Close()
	err = loadError(big)
	want := big + ":1:1: the file is larger than 16 MiB, the most a config may hold"
	if !errors.Is(err, ErrTooLarge) || err.Error() != want {
		t.Errorf("Load(%s) = %.300v, want %q", big, err, want)
	}

	// A config padded with blanks to exactly the limit is read.
	text := "code: \"0.77\"\n"
	exact := filepath.Join(dir, "exact.yaml")
	if err := os.WriteFile(exact, []byte(text+strings.Repeat(" ", MaxConfigSize-len(text))), 0o644); err != nil {
		t.Fatal(err)
	}
	games, err := Load(exact)
	if err != nil || len(games) != 1 {
		t.Errorf("Load of a config of MaxConfigSize bytes = %d games, %.300v; want 1 game", len(games), err)
	}
}

// endless is a reader of endless 'a's that counts what it gives.
type endless struct{ n int64 }

func (r *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'a'
	}
	r.n += int64(len(p))
	return len(p), nil
}

// TestParseStopsAtLimit checks that Parse reads no more than one byte past
// MaxConfigSize of an endless input, and refuses it.
func TestParseStopsAtLimit(t *testing.T) {
	r := &endless{}
	_, err := Parse(r, "endless.yaml")
	if !errors.Is(err, ErrTooLarge) {
		t.Errorf("Parse(endless) = %.300v, want ErrTooLarge", err)
	}
	if r.n > MaxConfigSize+1 {
		t.Errorf("Parse read %d bytes of an endless input, want at most %d", r.n, MaxConfigSize+1)
	}
}
