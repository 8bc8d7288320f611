package sweep_test

import (
	"errors"
	"fmt"
	"hash/crc32"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
	"github.com/sgtab/sgtab/sweep"
)

// snapshot returns the names and contents of the files below dir.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		files[path] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestJournalLocksFolder opens the journal of a sweep in a folder, as a
// running sweep holds it, then the journal of another sweep and of the
// same sweep (fresh, too), and merges into it: each is refused with
// ErrBusy and changes nothing; once the first is closed, the folder is
// free again.
func TestJournalLocksFolder(t *testing.T) {
	dir := t.TempDir()
	a := sweep.Header{Sweep: sweep.SHA("a"), N: 100, Shard: "0/1", Version: "test"}
	b := sweep.Header{Sweep: sweep.SHA("b"), N: 100, Shard: "0/1", Version: "test"}
	j, err := sweep.OpenJournal(dir, a, false, testKey)
	if err != nil {
		t.Fatal(err)
	}
	if err := j.Add(sweep.Result{Key: "line:0.3", Status: "proved", Checksum: "00000000"}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(mkdir(t, dir+"/shard=0-of-2")+"/"+sweep.CensusFile, []byte("a shard's census"), 0o644); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, dir)
	for _, tc := range []struct {
		name  string
		h     sweep.Header
		fresh bool
	}{{"another sweep", b, false}, {"another sweep, fresh", b, true}, {"the same sweep", a, false}, {"the same sweep, fresh", a, true}} {
		if k, err := sweep.OpenJournal(dir, tc.h, tc.fresh, testKey); !errors.Is(err, sweep.ErrBusy) {
			if k != nil {
				k.Close()
			}
			t.Errorf("%s: %v, want %v", tc.name, err, sweep.ErrBusy)
		}
	}
	if _, _, err := sweep.Merge(dir, "test", testKey); !errors.Is(err, sweep.ErrBusy) {
		t.Errorf("merge: %v, want %v", err, sweep.ErrBusy)
	}
	if after := snapshot(t, dir); !maps.Equal(before, after) {
		t.Errorf("the refused sweeps changed the folder:\n%v\n%v", before, after)
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	k, err := sweep.OpenJournal(dir, a, false, testKey)
	if err != nil {
		t.Fatalf("after the first closed: %v", err)
	}
	defer k.Close()
	if _, ok := k.Done()["line:0.3"]; !ok {
		t.Error("the journal lost its result")
	}
}

// TestJournalOldFormat opens a journal written before its records held
// the rings' analysis (no format in its header): refused, saying so, and
// left as it is.
func TestJournalOldFormat(t *testing.T) {
	dir := t.TempDir()
	h := sweep.Header{Sweep: sweep.SHA("a"), N: 100, Shard: "0/1", Version: "test"}
	old := fmt.Sprintf(`{"sweep_sha256":%q,"n":100,"auto":false,"shard":"0/1","version":"test"}`+"\n", h.Sweep)
	if err := os.WriteFile(dir+"/journal.jsonl", []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	j, err := sweep.OpenJournal(dir, h, false, testKey)
	if err == nil {
		j.Close()
	}
	if err == nil || !strings.Contains(err.Error(), "belongs to another sweep (its records are of format 0, not 2)") {
		t.Errorf("OpenJournal: %v", err)
	}
	if data, _ := os.ReadFile(dir + "/journal.jsonl"); string(data) != old {
		t.Errorf("the journal changed: %q", data)
	}
}

// TestJournalForgedLine edits a finished line of a journal, as anyone
// with the file and a CRC at hand can: 0.07's period set to 13, its status
// to proved, the CRC recomputed. The line is not taken (its MAC is not the
// key's), its game is computed again, and the census gives 0.07 its true
// period, 34 (Dawson's Kayles: Winning Ways, ch. 4; OEIS A002187), where
// it used to report the forged 13 as proved. A journal opened with
// another key takes none of its lines.
func TestJournalForgedLine(t *testing.T) {
	const yaml = "sweep:\n  codes: [\"0.07\", \"0.3\"]\n  heaps: 600\n"
	dir := t.TempDir()
	census(t, yaml, dir, sweep.All)
	path := filepath.Join(dir, sweep.JournalFile)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	forged := 0
	for i, line := range lines {
		crc, rest, ok := strings.Cut(strings.TrimSuffix(line, "\n"), " ")
		if !ok || crc == "" || !strings.Contains(rest, `"period":34`) {
			continue
		}
		rest = strings.Replace(rest, `"period":34`, `"period":13`, 1)
		lines[i] = fmt.Sprintf("%08X %s\n", crc32c(rest), rest)
		forged++
	}
	if forged != 1 {
		t.Fatalf("%d lines of 0.07 found in %q", forged, data)
	}
	if err := os.WriteFile(path, []byte(strings.Join(lines, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	s, _ := rules.ParseSweep(strings.NewReader(yaml), "s.yaml")
	p, _ := sweep.NewPlan(s, -1, -1, sweep.All)
	h := sweep.Header{Sweep: sweep.SHA(s.Config), N: p.N, Auto: p.Auto, Shard: sweep.All.String(), Version: "test"}
	j, err := sweep.OpenJournal(dir, h, false, testKey)
	if err != nil {
		t.Fatal(err)
	}
	if len(j.Done()) != 1 || j.Unsigned() != 1 {
		t.Errorf("%d lines taken, %d not signed; want 1 and 1", len(j.Done()), j.Unsigned())
	}
	j.Close()
	for _, r := range census(t, yaml, dir, sweep.All) {
		if r.Name == "0.07" && (r.Period != 34 || r.Status != sg.Proved) {
			t.Errorf("0.07 in the census: period %d, %s; want 34, proved", r.Period, r.Status)
		}
	}
	other, err := sweep.OpenJournal(dir, h, false, []byte("another key, thirty-two bytes ok"))
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if len(other.Done()) != 0 || other.Unsigned() < 2 {
		t.Errorf("with another key: %d lines taken, %d not signed", len(other.Done()), other.Unsigned())
	}
}

// crc32c returns the CRC-32C of s.
func crc32c(s string) uint32 {
	return crc32.Checksum([]byte(s), crc32.MakeTable(crc32.Castagnoli))
}
