package main

import (
	"bytes"
	"image/png"
	"os"
	"strings"
	"testing"
)

func TestSolveCommand(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run(t.Context(), []string{"solve", "-moves", "cram", "3x5"}, &stdout, &stderr); code != 0 {
		t.Fatalf("status %d: %s", code, stderr.String())
	}
	if out := stdout.String(); !strings.HasPrefix(out, "cram 3×5: nimber 1 (the player to move wins)\n") || !strings.Contains(out, "winning moves: ") {
		t.Errorf("solve printed:\n%s", out)
	}
	for _, args := range [][]string{{"solve", "cram"}, {"solve", "-workers", "0", "cram", "4x4"}, {"solve", "-table", "lots", "cram", "4x4"}} {
		stdout.Reset()
		stderr.Reset()
		if code := run(t.Context(), args, &stdout, &stderr); code != 2 {
			t.Errorf("%q: status %d, want 2 (%s)", args, code, stderr.String())
		}
	}
	stderr.Reset()
	if code := run(t.Context(), []string{"solve", "cram", "9x9"}, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "at most 64") {
		t.Errorf("9x9: status %d, %s", code, stderr.String())
	}
}

// TestDuckDBReadsBoards has DuckDB read the table of boards sgtab solve
// keeps: Beling's Cram nimbers of the 4×4 to 5×6 boards.
func TestDuckDBReadsBoards(t *testing.T) {
	needDuckDB(t)
	chdir(t)
	if code, _, stderr := sgtab(t, "solve", "-out", "cram.parquet", "cram", "4..5x4..6"); code != 0 {
		t.Fatalf("status %d\n%s", code, stderr)
	}
	res := duckdb(t, `SELECT string_agg(nimber::VARCHAR, ' ' ORDER BY rows, cols) AS nimbers, count(*) FILTER (WHERE proof <> '') AS proved FROM 'cram.parquet';`)
	if got := res[0][0]; got["nimbers"] != "0 2 0 2 0 2" || got["proved"] != "2" {
		t.Errorf("DuckDB reads %v, want nimbers 0 2 0 2 0 2 and 2 boards (4×4, 4×6) decided by symmetry", got)
	}
	if code, stdout, _ := sgtab(t, "inspect", "cram.parquet"); code != 0 || !strings.Contains(stdout, "table of 6 boards (sgtab solve)") {
		t.Errorf("inspect: status %d\n%s", code, stdout)
	}
}

// TestSolvePlot checks that solve -out draws its table's nimbers beside
// it (a PNG that decodes), -plot svg an SVG, and that sgtab plot draws a
// table of boards again.
func TestSolvePlot(t *testing.T) {
	chdir(t)
	if code, _, stderr := sgtab(t, "solve", "-out", "cram.parquet", "cram", "3..4x3..5"); code != 0 {
		t.Fatalf("status %d\n%s", code, stderr)
	}
	f, err := os.Open("cram.png")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if img, err := png.Decode(f); err != nil || img.Bounds().Dx() < 300 {
		t.Fatalf("cram.png: %v", err)
	}
	if code, _, stderr := sgtab(t, "solve", "-out", "cram.parquet", "-plot", "svg", "cram", "3..4x3..6"); code != 0 {
		t.Fatalf("status %d\n%s", code, stderr)
	}
	if b, err := os.ReadFile("cram.svg"); err != nil || !bytes.Contains(b, []byte("<svg")) || !bytes.Contains(b, []byte("columns")) {
		t.Fatalf("cram.svg: %v", err)
	}
	os.Remove("cram.png")
	if code, stdout, stderr := sgtab(t, "plot", "cram.parquet"); code != 0 || !strings.Contains(stdout, "cram.png") {
		t.Fatalf("plot: status %d\n%s%s", code, stdout, stderr)
	}
	if _, err := os.Stat("cram.png"); err != nil {
		t.Fatal(err)
	}
	if code, _, _ := sgtab(t, "solve", "-out", "c2.parquet", "-plot", "gif", "cram", "3x3"); code != 2 {
		t.Errorf("-plot gif: status %d, want 2", code)
	}
}
