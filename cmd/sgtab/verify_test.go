package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/family/heap"
	"github.com/sgtab/sgtab/interrupt"
)

// writeGame writes the config of one game named name in dir and returns
// its path.
func writeGame(t *testing.T, dir, name, yaml string) string {
	t.Helper()
	path := filepath.Join(dir, name+".yaml")
	if err := os.WriteFile(path, []byte("name: "+name+"\n"+yaml+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// runOK runs sgtab with args and fails the test unless it exits 0.
func runOK(t *testing.T, args ...string) {
	t.Helper()
	var stderr bytes.Buffer
	if code := run(t.Context(), args, io.Discard, &stderr); code != 0 {
		t.Fatalf("sgtab %s: status %d\n%s", strings.Join(args, " "), code, stderr.String())
	}
}

// TestReadInterrupted checks that every command that reads a stored table
// stops when a signal cancels its context while the table's values are
// checked, with the signal's exit status (143 for SIGTERM).
func TestReadInterrupted(t *testing.T) {
	dir := t.TempDir()
	config := writeGame(t, dir, "officers", `code: "0.6"`)
	out := filepath.Join(dir, "out")
	runOK(t, "run", "-heaps", "5000", "-plot", "none", "-out", out, config)
	table := filepath.Join(out, "officers.parquet")
	ctx, cancel := context.WithCancelCause(t.Context())
	cancel(interrupt.Cause{Signal: syscall.SIGTERM})
	for _, args := range [][]string{
		{"inspect", table},
		{"inspect", "-verify", table},
		{"plot", "-out", dir, table},
		{"query", "-table", table, "7"},
		{"export", "-lang", "go", table},
		{"run", "-heaps", "6000", "-plot", "none", "-out", filepath.Join(dir, "more"), "-from", table, config},
	} {
		var stderr bytes.Buffer
		code := run(ctx, args, io.Discard, &stderr)
		if code != 143 || !strings.Contains(stderr.String(), "interrupted (SIGTERM)") {
			t.Errorf("sgtab %s: status %d, want 143\n%s", args[0], code, stderr.String())
		}
	}
}

// runErr runs sgtab with args and returns its status and standard error.
func runErr(t *testing.T, args ...string) (int, string) {
	t.Helper()
	var stderr bytes.Buffer
	code := run(t.Context(), args, io.Discard, &stderr)
	return code, stderr.String()
}

// forged returns the table at path with its value at n (SG(n), or with
// ring SG_ring(n)) set to v, the rest as it is, with no analysis: what a
// writer that lies writes, its checksums made to agree when it is written.
func forged(t *testing.T, path string, n int, ring bool, v uint32) *sg.Table {
	t.Helper()
	f, err := export.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	tab := f.Table
	g, r := tab.G.Uint32s(), tab.Ring.Uint32s()
	if ring {
		r[n] = v
	} else {
		g[n] = v
	}
	return &sg.Table{Game: tab.Game, G: sg.ValuesOf(g), Ring: sg.ValuesOf(r)}
}

// officers runs Officers (0.6) to heaps into dir/NAME and returns the
// config's path and the table's.
func officers(t *testing.T, dir, name string, heaps int) (config, table string) {
	t.Helper()
	config = writeGame(t, dir, "officers", `code: "0.6"`)
	runOK(t, "run", "-heaps", fmt.Sprint(heaps), "-plot", "none", "-formats", "parquet", "-out", filepath.Join(dir, name), config)
	return config, filepath.Join(dir, name, "officers.parquet")
}

// sameValues fails the test unless the tables at path and want hold the
// same values.
func sameValues(t *testing.T, path, want string) {
	t.Helper()
	got, _, _ := readValues(t, path)
	w, _, _ := readValues(t, want)
	if !got.Equal(w) {
		t.Errorf("%s: the values differ from %s", path, want)
	}
}

// TestResumeForgedCheckpoint resumes from a checkpoint of Officers whose
// SG(5000) was set to 777 with its checksums made to agree: not signed
// with the user's key (unsigned, or signed with another key), it is
// checked value by value, SG(5000) is found wrong, and the run goes on
// from n = 4999 to the table a fresh run computes; with -resume it is
// refused. A checkpoint signed with the user's key is taken as it is.
func TestResumeForgedCheckpoint(t *testing.T) {
	dir := t.TempDir()
	config, fresh := officers(t, dir, "fresh", 8000)
	whole, err := export.Read(fresh)
	if err != nil {
		t.Fatal(err)
	}
	key, err := family.LoadKey(false)
	if err != nil {
		t.Fatal(err)
	}
	prefix := &sg.Table{Game: whole.Table.Game, G: whole.Table.G.Slice(0, 6001)}
	bad := forged(t, fresh, 5000, false, 777)
	bad.G = bad.G.Slice(0, 6001)
	for _, tc := range []struct {
		name   string
		table  *sg.Table
		mac    []byte
		strict bool
		want   string
	}{
		{"unsigned", bad, nil, false, "the checkpoint: it is not signed, so each of its 6001 values is checked against its options"},
		{"other-key", bad, []byte("a key that is not the user's key"), false, "it is not signed with your key"},
		{"strict", bad, nil, true, "-resume: the checkpoint cannot be used: SG(5000) is 777"},
		{"signed", prefix, key, false, "resuming from n = 6000"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, tc.name)
			if err := os.MkdirAll(out, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := export.WriteCheckpoint(heap.CheckpointPath(out, "officers"), tc.table, export.Options{Version: version, MACKey: tc.mac}); err != nil {
				t.Fatal(err)
			}
			args := []string{"run", "-heaps", "8000", "-plot", "none", "-formats", "parquet", "-out", out, config}
			if tc.strict {
				args = append(args[:1], append([]string{"-resume"}, args[1:]...)...)
			}
			code, stderr := runErr(t, args...)
			if !strings.Contains(stderr, tc.want) {
				t.Errorf("stderr lacks %q:\n%s", tc.want, stderr)
			}
			switch {
			case tc.strict:
				if code != 1 {
					t.Errorf("status %d, want 1", code)
				}
			case tc.table == bad:
				if code != 0 || !strings.Contains(stderr, "SG(5000) is 777, but its options, with the table's own values, give ") ||
					!strings.Contains(stderr, "resuming from n = 4999") {
					t.Errorf("status %d:\n%s", code, stderr)
				}
				sameValues(t, filepath.Join(out, "officers.parquet"), fresh)
			default:
				if code != 0 || strings.Contains(stderr, "checked against its options") {
					t.Errorf("status %d:\n%s", code, stderr)
				}
				sameValues(t, filepath.Join(out, "officers.parquet"), fresh)
			}
		})
	}
}

// TestFromForgedTable goes on from stored tables of Officers: one whose
// SG(3000), past the first values a reader checks, was changed with its
// checksums made to agree is refused, naming the value, and nothing is
// written; the same table unaltered but unsigned is checked value by value
// and extended to the table a fresh run computes.
func TestFromForgedTable(t *testing.T) {
	dir := t.TempDir()
	config, stored := officers(t, dir, "stored", 6000)
	_, fresh := officers(t, dir, "fresh", 8000)
	if got, _, _ := readValues(t, stored); got.At(3000) == 5 {
		t.Fatal("SG(3000) of Officers is 5: choose another forged value")
	}
	bad := forged(t, stored, 3000, false, 5)
	forgedPath := filepath.Join(dir, "forged.parquet")
	if err := export.WriteParquet(forgedPath, bad, export.Options{Version: version}); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	code, stderr := runErr(t, "run", "-heaps", "8000", "-plot", "none", "-out", out, "-from", forgedPath, config)
	if code != 1 || !strings.Contains(stderr, "-from "+forgedPath+": SG(3000) is 5, but its options, with the table's own values, give ") ||
		!strings.Contains(stderr, "these are not the values of its game") {
		t.Errorf("forged: status %d\n%s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(out, "officers.parquet")); err == nil {
		t.Error("a table was written from the forged one")
	}

	unsigned := filepath.Join(dir, "unsigned.parquet")
	good := forged(t, stored, 0, false, 0) // SG(0) = 0: the values as they are
	if err := export.WriteParquet(unsigned, good, export.Options{Version: version}); err != nil {
		t.Fatal(err)
	}
	code, stderr = runErr(t, "run", "-heaps", "8000", "-plot", "none", "-out", out, "-from", unsigned, config)
	if code != 0 || !strings.Contains(stderr, "it is not signed, so each of its 6001 values is checked against its options") {
		t.Errorf("unsigned: status %d\n%s", code, stderr)
	}
	sameValues(t, filepath.Join(out, "officers.parquet"), fresh)
}

// TestInspectVerify checks every value of stored tables with inspect
// -verify: a value changed past the first ones, its checksums made to
// agree, is named — a row's, a ring's, a misère outcome — with exit
// status 1; sound tables of every kind say what was checked.
func TestInspectVerify(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	configs := map[string]string{
		"officers": `code: "0.6"`,
		"ring":     "code: \"0.777\"\nstart: ring",
		"misere":   "code: \"0.33\"\nplay: misere",
		"kayles":   `code: "0.77"`,
		"wythoff":  "lattice:\n  size: [100, 100]\n  moves:\n    - {step: [-1, 0], repeat: true}\n    - {step: [0, -1], repeat: true}\n    - {step: [-1, -1], repeat: true}",
		"calendar": "graph: {generate: calendar, from: 2001-01-01, to: 2001-11-04}",
	}
	for name, yaml := range configs {
		runOK(t, "run", "-heaps", "3000", "-plot", "none", "-formats", "parquet", "-out", out, writeGame(t, dir, name, yaml))
	}
	for _, tc := range []struct {
		name string
		n    int
		ring bool
		v    uint32
		want string
	}{
		{"officers", 2000, false, 1000, "SG(2000) is 1000, but its options, with the table's own values, give "},
		{"ring", 2000, true, 9, "SG_ring(2000) is 9, but its options, with the table's own values, give "},
		{"misere", 2000, false, 2, "outcome(2000) is 2, but its options, with the table's own values, give "},
	} {
		path := filepath.Join(dir, tc.name+"-forged.parquet")
		if err := export.WriteParquet(path, forged(t, filepath.Join(out, tc.name+".parquet"), tc.n, tc.ring, tc.v), export.Options{Version: version}); err != nil {
			t.Fatal(err)
		}
		if code, stderr := runErr(t, "inspect", path); code != 0 {
			t.Errorf("%s: inspect without -verify: status %d\n%s", tc.name, code, stderr)
		}
		code, stderr := runErr(t, "inspect", "-verify", path)
		if code != 1 || !strings.Contains(stderr, path+": "+tc.want) || !strings.Contains(stderr, "these are not the values of its game") {
			t.Errorf("%s: status %d\n%s", tc.name, code, stderr)
		}
	}
	for name, want := range map[string]string{
		"officers": "every value against its options, SG(0..3000); signed with your key",
		"ring":     "every value against its options, SG(0..3000) and the rings'",
		"misere":   "every outcome and genus computed again from the rule, heaps 0..3000",
		"kayles":   "every value against its options, SG(0..3000); past n = 166, against the period the values up to it prove",
		"wythoff":  "every value, the board computed again",
		"calendar": "every value, the graph calendar 2001-01-01..2001-11-04 built and solved again",
	} {
		var stdout, stderr bytes.Buffer
		code := run(t.Context(), []string{"inspect", "-verify", filepath.Join(out, name+".parquet")}, &stdout, &stderr)
		if code != 0 || !strings.Contains(stdout.String(), "verified: checksums, and "+want) {
			t.Errorf("%s: status %d\n%s%s", name, code, stdout.String(), stderr.String())
		}
	}
}

// TestKeyFile checks the key that signs tables: created once, readable by
// its owner alone, the same when loaded again; one that others may read is
// not used, and a run then says its tables go unsigned.
func TestKeyFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "config", "sgtab", "key")
	t.Setenv(family.KeyEnv, path)
	if _, err := family.LoadKey(false); err == nil {
		t.Fatal("a key before any was created")
	}
	key, err := family.LoadKey(true)
	if err != nil || len(key) != 32 {
		t.Fatalf("created: %x, %v", key, err)
	}
	st, err := os.Stat(path)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("the key's mode: %v, %v", st.Mode(), err)
	}
	if again, err := family.LoadKey(true); err != nil || !bytes.Equal(again, key) {
		t.Errorf("loaded again: %x, %v; want %x", again, err, key)
	}
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := family.LoadKey(true); err == nil || !strings.Contains(err.Error(), "may be read or written by others than its owner") {
		t.Errorf("a key others may read: %v", err)
	}
	code, stderr := runErr(t, "run", "-heaps", "100", "-plot", "none", "-out", filepath.Join(dir, "out"), writeGame(t, dir, "kayles", `code: "0.77"`))
	if code != 0 || !strings.Contains(stderr, "tables are written unsigned") {
		t.Errorf("status %d\n%s", code, stderr)
	}
	f, err := export.Read(filepath.Join(dir, "out", "kayles.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	if mac, ok := f.Meta[export.KeyMAC]; ok {
		t.Errorf("a table written without a key is signed: %s", mac)
	}
}

// TestKeySecretMount checks a key mounted as a Kubernetes Secret mounts
// one into a pod of a non-root user: owned by root, mode 440, readable by
// the pod's group (fsGroup) and no one else. It is used; the same file
// readable by others, or writable by its group, is not. The files must be
// root's, so the test runs as root only.
func TestKeySecretMount(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("a Secret's key file is root's: run as root")
	}
	path := filepath.Join(t.TempDir(), "key")
	if err := os.WriteFile(path, []byte(strings.Repeat("ab", 32)+"\n"), 0o440); err != nil {
		t.Fatal(err)
	}
	t.Setenv(family.KeyEnv, path)
	for _, tc := range []struct {
		mode os.FileMode
		ok   bool
	}{{0o440, true}, {0o400, true}, {0o444, false}, {0o460, false}, {0o640, false}} {
		if err := os.Chmod(path, tc.mode); err != nil {
			t.Fatal(err)
		}
		if key, err := family.LoadKey(false); (err == nil) != tc.ok || tc.ok && len(key) != 32 {
			t.Errorf("a root's key of mode %v: %x, %v; want used %v", tc.mode, key, err, tc.ok)
		}
	}
}
