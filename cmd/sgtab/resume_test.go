package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/family/heap"
)

// ringGames are ring games to resume: coin-ring-3 (0.777), whose rows
// outgrow a byte by n = 3000 while its rings stay below 4, so that a table
// read back holds its two columns in different widths (its rings proved by
// the mirror strategy), and Kayles on a ring, whose rows' period is proved
// at n = 256 and the rings' from it.
var ringGames = []struct {
	name, yaml   string
	small, large string    // -heaps of the table resumed from, and of the run
	ring         sg.Status // the rings' standing
}{
	{"coin-ring-3", "name: g\ncode: \"0.777\"\nstart: ring\n", "3000", "4000", sg.Proved},
	{"kayles-ring", "name: g\ncode: \"0.77\"\nstart: ring\n", "1000", "auto", sg.Proved},
}

// TestResumeKeepsRingAnalysis resumes ring games by each of the three
// ways — their table in the output folder, their checkpoint, -from — and
// compares the table each writes with that of a run from nothing: every
// metadata key (ring status, period, closed form and checksum among them)
// but the time it was made and the signature. Resuming once lost the ring
// analysis (status none, checksum 00000000), and resuming a proved ring
// game with -heaps auto failed.
func TestResumeKeepsRingAnalysis(t *testing.T) {
	chdir(t)
	for _, g := range ringGames {
		if err := os.WriteFile("g.yaml", []byte(g.yaml), 0o644); err != nil {
			t.Fatal(err)
		}
		run := func(out string, args ...string) string {
			t.Helper()
			args = append([]string{"run", "-plot", "none", "-out", out}, append(args, "g.yaml")...)
			code, _, stderr := sgtab(t, args...)
			if code != 0 {
				t.Fatalf("%s: sgtab %s: status %d\n%s", g.name, strings.Join(args, " "), code, stderr)
			}
			return stderr
		}
		run(g.name+"/fresh", "-heaps", g.large)
		want := tableMeta(t, g.name+"/fresh/g.parquet")
		if want[export.KeyRingStatus] != string(g.ring) {
			t.Fatalf("%s: a run from nothing gives ring status %q", g.name, want[export.KeyRingStatus])
		}
		small := g.name + "/small"
		run(small, "-heaps", g.small)
		tab, _, _, err := export.ReadTable(small + "/g.parquet")
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range []struct{ name, out, say string }{
			{"folder", g.name + "/folder", "resuming from n = " + g.small},
			{"checkpoint", g.name + "/checkpoint", "resuming from n = " + g.small},
			{"from parquet", g.name + "/from-parquet", "going on from " + small + "/g.parquet"},
			{"from arrow", g.name + "/from-arrow", "going on from " + small + "/g.arrow"},
		} {
			var args []string
			switch path.name {
			case "folder":
				run(path.out, "-heaps", g.small)
			case "checkpoint":
				if err := os.MkdirAll(path.out, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := export.WriteCheckpoint(heap.CheckpointPath(path.out, "g"), tab, export.Options{Version: version}); err != nil {
					t.Fatal(err)
				}
			default:
				args = []string{"-from", strings.TrimPrefix(path.say, "going on from ")}
			}
			stderr := run(path.out, append(args, "-heaps", g.large)...)
			if !strings.Contains(stderr, path.say) {
				t.Errorf("%s, %s: did not resume: %s", g.name, path.name, stderr)
			}
			got := tableMeta(t, path.out+"/g.parquet")
			for _, k := range slices.Sorted(maps.Keys(merged(got, want))) {
				if got[k] != want[k] {
					t.Errorf("%s, %s: %s = %q, want %q", g.name, path.name, k, got[k], want[k])
				}
			}
		}
	}
}

// merged returns the keys and values of a and b, b's where both have one.
func merged(a, b map[string]string) map[string]string {
	m := maps.Clone(a)
	maps.Copy(m, b)
	return m
}

// tableMeta reads the table at path, verified, and returns its metadata
// without the time it was made (and the signature, which covers it).
func tableMeta(t *testing.T, path string) map[string]string {
	t.Helper()
	_, meta, _, err := export.ReadTable(filepath.FromSlash(path))
	if err != nil {
		t.Fatal(err)
	}
	delete(meta, export.KeyCreated)
	delete(meta, export.KeyMAC)
	return meta
}

// TestRunGoesOnWhenCheckpointFails runs a game into a folder where its
// checkpoint cannot be written (a folder stands at its name): the run
// warns once and ends with its table.
func TestRunGoesOnWhenCheckpointFails(t *testing.T) {
	chdir(t)
	if err := os.WriteFile("g.yaml", []byte("name: g\ncode: \"0.6\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(heap.CheckpointPath("out", "g"), 0o755); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := sgtab(t, "run", "-heaps", "20000", "-checkpoint", "1ns", "-plot", "none", "-out", "out", "g.yaml")
	if code != 0 {
		t.Fatalf("status %d\n%s", code, stderr)
	}
	if n := strings.Count(stderr, "computing on without checkpoints (no checkpoint to resume from)"); n != 1 {
		t.Errorf("warned %d times:\n%s", n, stderr)
	}
	if _, err := export.Read("out/g.parquet"); err != nil {
		t.Error(err)
	}
}

// TestRerunKeepsTable runs games twice into one folder, with a size chosen
// and with -heaps auto (a proved ring game, and one that runs to -cap): the
// second run says the table is there already, computes nothing, leaves
// the table files as they were (the same files, byte for byte) and prints
// the same summary.
// A table file that is missing is written again, the same.
func TestRerunKeepsTable(t *testing.T) {
	chdir(t)
	for _, tc := range []struct {
		name, yaml string
		args       []string
	}{
		{"coin-ring-3", "name: g\ncode: \"0.777\"\nstart: ring\n", []string{"-heaps", "3000"}},
		{"kayles-ring-auto", "name: g\ncode: \"0.77\"\nstart: ring\n", []string{"-heaps", "auto"}},
		{"nim-auto-cap", "name: g\ncode: \"0.(3)\"\n", []string{"-heaps", "auto", "-cap", "5000"}},
	} {
		if err := os.WriteFile("g.yaml", []byte(tc.yaml), 0o644); err != nil {
			t.Fatal(err)
		}
		out := tc.name
		run := func() (summary map[string]any, stderr string) {
			t.Helper()
			args := append([]string{"run", "-json", "-plot", "none", "-out", out}, append(tc.args, "g.yaml")...)
			code, stdout, stderr := sgtab(t, args...)
			if code != 0 {
				t.Fatalf("%s: status %d\n%s", tc.name, code, stderr)
			}
			if err := json.Unmarshal([]byte(stdout), &summary); err != nil {
				t.Fatalf("%s: %v\n%s", tc.name, err, stdout)
			}
			delete(summary, "seconds")
			return summary, stderr
		}
		first, _ := run()
		files := map[string][]byte{}
		stats := map[string]os.FileInfo{}
		for _, name := range []string{"g.parquet", "g.arrow"} {
			data, err := os.ReadFile(filepath.Join(out, name))
			if err != nil {
				t.Fatal(err)
			}
			files[name] = data
			stats[name], _ = os.Stat(filepath.Join(out, name))
		}
		second, stderr := run()
		for name, before := range stats {
			// Not written again: the same file (a file written again is
			// a new one, renamed into place).
			if after, err := os.Stat(filepath.Join(out, name)); err != nil || !os.SameFile(before, after) {
				t.Errorf("%s: the second run wrote %s again (%v)", tc.name, name, err)
			}
		}
		if want := fmt.Sprintf("sgtab: g: SG(0..%v) is already in %s; nothing to compute", first["heaps"], filepath.Join(out, "g.parquet")); !strings.Contains(stderr, want) {
			t.Errorf("%s: the second run does not say %q:\n%s", tc.name, want, stderr)
		}
		if !reflect.DeepEqual(second, first) {
			t.Errorf("%s: the second run prints\n%v\nwant\n%v", tc.name, second, first)
		}
		os.Remove(filepath.Join(out, "g.arrow"))
		run()
		for name, want := range files {
			if data, err := os.ReadFile(filepath.Join(out, name)); err != nil || !bytes.Equal(data, want) {
				t.Errorf("%s: %s differs from the first run's (%v)", tc.name, name, err)
			}
		}
	}
}

// TestRerunChecksUnsignedTable puts in the output folder a table of the
// size asked that is not signed with the user's key: with right values it
// is checked value by value and then kept as it is; with SG(5000) forged
// (its checksums made to agree) it is not taken for finished, and the run
// goes on from below the forged value to the table a fresh run computes.
func TestRerunChecksUnsignedTable(t *testing.T) {
	dir := t.TempDir()
	config, fresh := officers(t, dir, "fresh", 8000)
	whole, err := export.Read(fresh)
	if err != nil {
		t.Fatal(err)
	}
	right := &sg.Table{Game: whole.Table.Game, G: whole.Table.G, Created: whole.Table.Created, Analysis: whole.Table.Analysis}
	for _, tc := range []struct {
		name  string
		table *sg.Table
		want  string
	}{
		{"right", right, "SG(0..8000) is already in "},
		{"forged", forged(t, fresh, 5000, false, 777), "resuming from n = 4999"},
	} {
		out := filepath.Join(dir, tc.name)
		if err := os.MkdirAll(out, 0o755); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(out, "officers.parquet")
		if err := export.WriteParquet(path, tc.table, export.Options{Version: version}); err != nil {
			t.Fatal(err)
		}
		before, _ := os.Stat(path)
		code, stderr := runErr(t, "run", "-heaps", "8000", "-plot", "none", "-formats", "parquet", "-out", out, config)
		if code != 0 || !strings.Contains(stderr, "it is not signed, so each of its 8001 values is checked") || !strings.Contains(stderr, tc.want) {
			t.Errorf("%s: status %d, stderr lacks %q:\n%s", tc.name, code, tc.want, stderr)
		}
		after, err := os.Stat(path)
		if kept := err == nil && os.SameFile(before, after); kept != (tc.table == right) {
			t.Errorf("%s: the table was kept: %v", tc.name, kept)
		}
		sameValues(t, path, fresh)
	}
}
