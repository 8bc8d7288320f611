package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/configs"
	"github.com/sgtab/sgtab/export"
)

// TestRunQueryLoopyScript checks the bundled Berzerk, a scripted game
// whose positions repeat: run reports its outcomes, their period and its
// draws, and writes a table of generalized values that reads back
// verified (its script run again); query answers a drawn start with its
// drawing move, a won one with its winning move, a lost one, and refuses
// a sum with another game.
func TestRunQueryLoopyScript(t *testing.T) {
	writeBerzerk(t)
	code, stdout, stderr := sgtab(t, "run", "-out", "out", "berzerk.yaml")
	for _, want := range []string{"positions repeat: 36 starts of value ∞, 12 of them drawn", "outcomes: PNNNDPNNND", "for n ≥ 0: outcome(n) = [P, N, N, N, D][n mod 5]"} {
		if code != 0 || !strings.Contains(stdout, want) {
			t.Fatalf("run: status %d, want %q in stdout\n%s\nstderr\n%s", code, want, stdout, stderr)
		}
	}
	if code, stdout, stderr := sgtab(t, "inspect", "-verify", filepath.Join("out", "berzerk.parquet")); code != 0 || !strings.Contains(stdout, "every value against its script run again") {
		t.Fatalf("inspect -verify: status %d\n%s%s", code, stdout, stderr)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"4"}, 0, "  value ∞(): the player to move draws (neither player can force a win), with 1 drawing move:\n    token 1: (4, 5) → (1, 5)\n"},
		{[]string{"6"}, 0, "  value ∞(0): the player to move wins, with 1 winning move:\n    token 1: (6, 7) → (4, 7)\n"},
		{[]string{"5"}, 0, "  value 0: the player to move loses (the second player wins)\n"},
		{[]string{"4", "configs/nim.yaml:3"}, 1, "its positions repeat"},
	} {
		code, stdout, stderr := sgtab(t, append([]string{"query", "berzerk.yaml"}, tc.args...)...)
		if code != tc.code || !strings.Contains(stdout+stderr, tc.want) {
			t.Errorf("query %v: status %d, want %d and %q in\n%s%s", tc.args, code, tc.code, tc.want, stdout, stderr)
		}
	}
}

// TestLoopyScriptTableTampered checks that reading back a table of
// generalized values runs its script again: a table whose value of
// start(4), ∞(), is made ∞(0), written with checksums that agree, is
// refused.
func TestLoopyScriptTableTampered(t *testing.T) {
	writeBerzerk(t)
	if code, _, stderr := sgtab(t, "run", "-plot", "none", "-formats", "parquet", "-out", "out", "berzerk.yaml"); code != 0 {
		t.Fatal(stderr)
	}
	path := filepath.Join("out", "berzerk.parquet")
	f, err := export.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := f.Table.Loopy[4].String(); got != "∞()" {
		t.Fatalf("start(4) reads back as %s, want ∞()", got)
	}
	f.Table.Loopy[4] = sg.Generalized{Inf: true, K: []uint32{0}}
	if err := export.WriteParquet(path, f.Table, export.Options{}); err != nil {
		t.Fatal(err)
	}
	_, err = export.Read(path)
	if err == nil || !strings.Contains(err.Error(), "start(4) is ∞(0), but the script gives ∞()") {
		t.Fatalf("tampered table read with error %v", err)
	}
}

// writeBerzerk runs the test in a fresh directory holding the bundled
// script-berzerk.yaml as berzerk.yaml.
func writeBerzerk(t *testing.T) {
	t.Helper()
	chdir(t)
	data, err := configs.FS.ReadFile("script-berzerk.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("berzerk.yaml", data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestLoopyFormats runs Berzerk, whose positions repeat, with CSV among
// the formats: its table of generalized values has no CSV form, so it is
// written in the other formats with a warning, and the run goes on (a
// run of the bundled configs used to stop at it, 8 games of 30 done);
// with CSV alone it is refused, saying which formats take it.
func TestLoopyFormats(t *testing.T) {
	config, err := filepath.Abs("../../configs/script-berzerk.yaml")
	if err != nil {
		t.Fatal(err)
	}
	chdir(t)
	code, _, stderr := sgtab(t, "run", "-formats", "parquet,csv", "-plot", "none", "-out", "out", config, "kayles.yaml")
	if want := "sgtab: warning: berzerk: its positions repeat, and a table of its values ∞(K) has no CSV form: written as parquet only"; code != 0 || !strings.Contains(stderr, want) {
		t.Fatalf("status %d\n%s", code, stderr)
	}
	for _, f := range []string{"berzerk.parquet", "kayles.parquet", "kayles.csv"} {
		if _, err := os.Stat(filepath.Join("out", f)); err != nil {
			t.Error(err)
		}
	}
	code, _, stderr = sgtab(t, "run", "-formats", "csv", "-plot", "none", "-out", "out2", config)
	if want := "sgtab: berzerk: its positions repeat, and a table of its values ∞(K) has no CSV form: ask for -formats parquet or arrow"; code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("csv alone: status %d\n%s", code, stderr)
	}
}
