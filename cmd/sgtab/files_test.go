package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/export"
)

// sgtab runs the command line args and returns its status, stdout and
// stderr.
func sgtab(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(t.Context(), args, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// TestRunOutputFolderSafe plants, in the output folder, a link under the
// temporary name older versions used, pointing outside the folder, and a
// stale temporary file of the current form; a run must change nothing
// outside the folder, and leave readable tables.
func TestRunOutputFolderSafe(t *testing.T) {
	chdir(t)
	outside := t.TempDir()
	victim := filepath.Join(outside, "victim")
	if err := os.WriteFile(victim, []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll("out", 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"nim.parquet.tmp", "nim.arrow.tmp", "nim.png.tmp", "summary.parquet.tmp"} {
		if err := os.Symlink(victim, filepath.Join("out", name)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile("out/.nim.parquet.1234.tmp", []byte("stale, of another user"), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := sgtab(t, "run", "-heaps", "100", "-out", "out", "nim.yaml"); code != 0 {
		t.Fatalf("run: status %d\n%s", code, stderr)
	}
	if data, err := os.ReadFile(victim); err != nil || string(data) != "keep me" {
		t.Fatalf("the file a planted link points to changed: %q, %v", data, err)
	}
	for _, path := range []string{"out/nim.parquet", "out/nim.arrow", "out/summary.parquet"} {
		if _, err := export.Read(path); err != nil {
			t.Error(err)
		}
	}
}

// TestSummaryMerged runs two games into one folder, one after the other:
// the summary holds both, and a third run of the first game replaces its
// row. A later game whose files would overwrite an earlier one's is refused.
func TestSummaryMerged(t *testing.T) {
	chdir(t)
	for _, args := range [][]string{
		{"run", "-heaps", "100", "-plot", "none", "-out", "out", "nim.yaml"},
		{"run", "-heaps", "100", "-plot", "none", "-out", "out", "bash.yaml"},
		{"run", "-heaps", "200", "-plot", "none", "-out", "out", "nim.yaml"},
	} {
		if code, _, stderr := sgtab(t, args...); code != 0 {
			t.Fatalf("%v: status %d\n%s", args, code, stderr)
		}
	}
	rows, _, err := export.ReadSummary("out/summary.parquet")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range rows {
		got = append(got, r.Name+":"+r.Rule)
	}
	if want := []string{"nim:0.(3)", "bash3:0.333"}; !slices.Equal(got, want) || rows[0].Heaps != 200 {
		t.Errorf("summary rows %v (nim to %d), want %v (nim to 200)", got, rows[0].Heaps, want)
	}
	if err := os.WriteFile("nim-rare.yaml", []byte("name: nim-rare\ncode: \"0.07\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := sgtab(t, "run", "-heaps", "100", "-out", "out", "nim-rare.yaml")
	if code != 1 || !strings.Contains(stderr, `would write nim-rare.parquet, which is also the rare positions of the game "nim" (run earlier into out/summary.parquet)`) {
		t.Errorf("a game overwriting an earlier game's files: status %d\n%s", code, stderr)
	}
}

// TestPositionsAnyLength reads a positions file with a line of more than
// 64 KiB, and positions from standard input.
func TestPositionsAnyLength(t *testing.T) {
	chdir(t)
	long := "# many heaps\n\n" + strings.Repeat("1 ", 60000) + "3\n5 7 9\n"
	if err := os.WriteFile("long.txt", []byte(long), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := sgtab(t, "query", "-count", "-positions", "long.txt", "nim.yaml")
	if code != 0 || strings.Count(stdout, "position ") != 2 || !strings.Contains(stdout, "heap 60001: 3 in nim, SG 3") {
		t.Fatalf("status %d, %d positions\n%.300s\n%s", code, strings.Count(stdout, "position "), stdout, stderr)
	}
	// A bad heap on that long line is reported with its line number.
	if err := os.WriteFile("bad.txt", []byte(strings.Replace(long, "3\n", "x\n", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := sgtab(t, "query", "-positions", "bad.txt", "nim.yaml"); code != 1 || !strings.HasPrefix(stderr, "sgtab: bad.txt:3: heap \"x\"") {
		t.Errorf("status %d, stderr %q", code, stderr)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	stdin := os.Stdin
	os.Stdin = r
	defer func() { os.Stdin = stdin }()
	go func() {
		w.WriteString("5 7 9\n3 5 6\n")
		w.Close()
	}()
	code, stdout, stderr = sgtab(t, "query", "-json", "-positions", "-", "nim.yaml")
	if code != 0 || strings.Count(stdout, "\n") != 2 || !strings.Contains(stdout, `"heaps":[3,5,6]`) {
		t.Errorf("from standard input: status %d\n%s\n%s", code, stdout, stderr)
	}
}
