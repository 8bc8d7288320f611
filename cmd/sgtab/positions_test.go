package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestPositionsFileSources checks that the configs a positions file names
// are found from the file's folder, not the current one; that a problem
// with one of them names the positions file and the line that named it;
// and that a byte-order mark at the file's start is skipped, as in configs.
func TestPositionsFileSources(t *testing.T) {
	chdir(t)
	write := func(path, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s25, err := os.ReadFile("s25.yaml")
	if err != nil {
		t.Fatal(err)
	}
	write("sub/cfg/only.yaml", string(s25)) // only there: not in the current folder
	write("sub/cfg/bad.yaml", "name: bad\ncode: \"0.9Ù\"\n")
	write("sub/ok.txt", "\uFEFFcfg/only.yaml:5 cfg/only.yaml:7\n")
	write("sub/missing.txt", "\uFEFF# S = {2, 5}\ncfg/only.yaml:5\n\ncfg/missing.yaml:3\n")
	write("sub/bad.txt", "cfg/only.yaml:5\ncfg/bad.yaml:7 cfg/only.yaml:2\n")
	write("sub/heap.txt", "cfg/only.yaml:5\ncfg/only.yaml:-7\n")
	for _, tc := range []struct {
		file   string
		code   int
		stdout string // a line stdout must hold
		stderr string // all of stderr
	}{
		{"sub/ok.txt", 0, "  heap 2: 7 in s25, SG 0", ""},
		{"sub/missing.txt", 1, "", "sgtab: sub/missing.txt:4: " + filepath.Join("sub", "cfg", "missing.yaml") + ": no such file or directory\nsgtab: 1 problem in config files\n"},
		{"sub/bad.txt", 1, "", "sub/bad.txt:2: " + filepath.Join("sub", "cfg", "bad.yaml") + ":2:7: code: unexpected character 'Ù' (got \"0.9Ù\")\nsgtab: 1 problem in config files\n"},
		{"sub/heap.txt", 1, "", "sgtab: sub/heap.txt:2: heap \"cfg/only.yaml:-7\": want a whole number ≥ 0\n"},
	} {
		code, stdout, stderr := sgtab(t, "query", "-positions", tc.file)
		if code != tc.code || !strings.Contains(stdout, tc.stdout) || stderr != tc.stderr {
			t.Errorf("query -positions %s: status %d, stdout\n%s\nstderr\n%s\nwant %d, a line %q and\n%s", tc.file, code, stdout, stderr, tc.code, tc.stdout, tc.stderr)
		}
	}
}

// TestPositionWorkBounded checks that a position of many heaps whose
// winning moves would take more than moves.MaxWork steps to count
// (2·10^4 heaps of 300000 of 0.(7), whose splits after any removal are
// gone through one by one: 4.5·10^14) is refused at once, saying so,
// rather than counted for minutes; and that one of many Kayles heaps, or
// Nim heaps, answered from the proved period is counted.
func TestPositionWorkBounded(t *testing.T) {
	chdir(t)
	line := func(heap string, n int) string {
		heaps := slices.Repeat([]string{heap}, n)
		heaps[0] = "2" // a nim-sum other than 0: there are moves to count
		return strings.Join(heaps, " ") + "\n"
	}
	if err := os.WriteFile("nim-line.txt", []byte(line("300000", 20000)), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("kayles-line.txt", []byte(line("1000000", 2000)), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("split.yaml", []byte("name: split\ncode: \"0.(7)\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := sgtab(t, "query", "-count", "-positions", "nim-line.txt", "split.yaml")
	if want := "sgtab: nim-line.txt:1: counting the winning moves of these 20000 heaps takes about 4.5e+14 steps, more than 4e+09: ask about fewer or smaller heaps\n"; code != 1 || stderr != want {
		t.Errorf("status %d, stderr %q; want 1 and %q", code, stderr, want)
	}
	code, stdout, stderr := sgtab(t, "query", "-count", "-positions", "nim-line.txt", "nim.yaml")
	if code != 0 || !strings.Contains(stdout, "nim-sum 300002: the player to move wins, with 19,999 winning moves") {
		t.Errorf("Nim: status %d, stderr %q, stdout ends %q", code, stderr, stdout[max(len(stdout)-200, 0):])
	}
	code, stdout, stderr = sgtab(t, "query", "-count", "-positions", "kayles-line.txt", "kayles.yaml")
	if code != 0 || !strings.Contains(stdout, "heap 2000: 1000000 in kayles, SG 1 (from the proved period)\n  nim-sum 3: the player to move wins, with ") {
		t.Errorf("status %d, stderr %q, stdout ends %q", code, stderr, stdout[max(len(stdout)-200, 0):])
	}
}
