package export_test

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/export/internal/testtable"
	"github.com/sgtab/sgtab/rules"
)

// TestReadLongRule reads tables whose sgtab.rule is a code of 16000
// digits, checksums consistent: Kayles relabelled (its proof, k = 16000
// now, would need SG(0..16164) checked, about 3.5·10^11 option values) is
// refused for its first values, within a budget of 10^8 option values; a
// table of the long rule's own values, whose first values cost more than a
// budget of 10^6, is refused for that, and read without a bound.
func TestReadLongRule(t *testing.T) {
	long := func(digit string) rules.Rule {
		r, err := rules.ParseCode("0."+strings.Repeat(digit, 16000), 0)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	dir := t.TempDir()
	kayles := testtable.Computed(t, "name: kayles\ncode: \"0.77\"\n", 20000)
	kayles.Game.Rule = long("7")
	forged := filepath.Join(dir, "kayles.parquet")
	if err := export.WriteParquet(forged, kayles, export.Options{}); err != nil {
		t.Fatal(err)
	}
	for _, budget := range []int64{0, 1e8} {
		_, err := export.ReadContext(t.Context(), forged, export.ReadOptions{Budget: budget})
		// 0.777…: a heap of 4 may leave 1 (SG 1), which Kayles's may not.
		if err == nil || !strings.Contains(err.Error(), "the file's SG(4) is 1, but the rule 0.777777777777777777777777777777… (16002 characters) gives 4") ||
			len(err.Error()) > 300 {
			t.Errorf("budget %d: err = %v", budget, err)
		}
	}

	own := testtable.Computed(t, "name: long\ncode: \"0."+strings.Repeat("4", 16000)+"\"\n", 400)
	path := filepath.Join(dir, "long.parquet")
	if err := export.WriteParquet(path, own, export.Options{}); err != nil {
		t.Fatal(err)
	}
	_, err := export.ReadContext(t.Context(), path, export.ReadOptions{Budget: 1e6})
	if _, ok := errors.AsType[*sg.BudgetError](err); !ok || !strings.Contains(err.Error(), "more than the budget of 1000000, the most a reader spends") ||
		!strings.Contains(err.Error(), "sgtab inspect -verify") {
		t.Errorf("budget 10^6: err = %v", err)
	}
	for _, budget := range []int64{0, -1} {
		if _, err := export.ReadContext(t.Context(), path, export.ReadOptions{Budget: budget}); err != nil {
			t.Errorf("budget %d: %v", budget, err)
		}
	}
}

// TestReadCancelled checks that a read whose context is cancelled stops,
// with the cancellation's cause, while it checks the values.
func TestReadCancelled(t *testing.T) {
	path := filepath.Join(t.TempDir(), "officers.parquet")
	if err := export.WriteParquet(path, testtable.Computed(t, "name: officers\ncode: \"0.6\"\n", 5000), export.Options{}); err != nil {
		t.Fatal(err)
	}
	stop := errors.New("stopped")
	ctx, cancel := context.WithCancelCause(t.Context())
	cancel(stop)
	if _, err := export.ReadContext(ctx, path, export.ReadOptions{}); !errors.Is(err, stop) {
		t.Errorf("err = %v, want %v", err, stop)
	}
}

// TestSigned checks that a table written with a MAC key is signed under
// that key only, for its metadata and values as written: a value or a
// metadata key changed, another key, or no MAC at all, and it is not.
func TestSigned(t *testing.T) {
	key, other := []byte("0123456789abcdef0123456789abcdef"), []byte("another key of thirty-two bytes!")
	tab := testtable.Computed(t, "name: ring\ncode: \"0.777\"\nstart: ring\n", 300)
	dir := t.TempDir()
	for _, f := range formats {
		path := filepath.Join(dir, "ring."+f.name)
		if err := f.write(path, tab, export.Options{MACKey: key}); err != nil {
			t.Fatal(err)
		}
		file, err := export.Read(path)
		if err != nil {
			t.Fatal(err)
		}
		if !file.Signed(key) || file.Signed(other) || file.Signed(nil) {
			t.Errorf("%s: signed under its key %v, another %v, none %v", f.name, file.Signed(key), file.Signed(other), file.Signed(nil))
		}
		file.Meta[export.KeyStatus] = "proved"
		if file.Signed(key) {
			t.Errorf("%s: signed with its status changed", f.name)
		}
		file, _ = export.Read(path)
		ring := file.Table.Ring.Uint32s()
		ring[200]++
		file.Table.Ring = sg.ValuesOf(ring)
		if file.Signed(key) {
			t.Errorf("%s: signed with a ring value changed", f.name)
		}
	}
	unsigned := filepath.Join(dir, "unsigned.parquet")
	if err := export.WriteParquet(unsigned, tab, export.Options{}); err != nil {
		t.Fatal(err)
	}
	if file, err := export.Read(unsigned); err != nil || file.Signed(key) {
		t.Errorf("a table written without a key: %v, signed %v", err, file != nil && file.Signed(key))
	}
}

// TestVerifyLattice checks that a lattice table's value changed past the
// corner a reader checks is found by VerifyLattice, which computes the
// whole board again.
func TestVerifyLattice(t *testing.T) {
	games, err := rules.Parse(strings.NewReader("name: w\nlattice:\n  size: [100, 100]\n  moves:\n"+
		"    - {step: [-1, 0], repeat: true}\n    - {step: [0, -1], repeat: true}\n    - {step: [-1, -1], repeat: true}\n"), "w.yaml")
	if err != nil {
		t.Fatal(err)
	}
	lt, err := compute.Lattice(t.Context(), games[0], sg.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := export.VerifyLattice(t.Context(), lt); err != nil {
		t.Fatalf("the engine's board: %v", err)
	}
	vs := lt.G.Uint32s()
	vs[90*lt.W+80]++
	lt.G = sg.ValuesOf(vs)
	if err := export.VerifyLattice(t.Context(), lt); err == nil || !strings.Contains(err.Error(), "the file's SG(80, 90) is") {
		t.Errorf("err = %v, want SG(80, 90) named", err)
	}
}

// TestReadDamagedMessages changes bytes of a stored Kayles table where
// damage meets arrow-go's decoders — the first page or record batch, and
// the footer — one at a time: every read gives the values written or an
// error that says what is wrong in words of the file, never the Go
// runtime's ("runtime error: slice bounds out of range", which arrow-go
// recovers from) and never a crash (nor a length that has it allocate
// gigabytes: a damaged ARROW:schema, IPC footer or zstd frame). The first
// 32 bytes and 200 others of those parts, from a fixed seed; with
// SGTAB_LONG, every byte.
func TestReadDamagedMessages(t *testing.T) {
	kayles := testtable.Computed(t, "name: kayles\ncode: \"0.77\"\n", 1000)
	rnd := rand.New(rand.NewPCG(5, 5))
	for _, f := range formats {
		path := filepath.Join(t.TempDir(), "kayles."+f.name)
		if err := f.write(path, kayles, export.Options{}); err != nil {
			t.Fatal(err)
		}
		good, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var offsets []int
		for i := range good {
			if i < 2048 || i >= len(good)-512 || os.Getenv("SGTAB_LONG") != "" {
				offsets = append(offsets, i)
			}
		}
		if os.Getenv("SGTAB_LONG") == "" {
			rnd.Shuffle(len(offsets)-32, func(i, j int) { offsets[32+i], offsets[32+j] = offsets[32+j], offsets[32+i] })
			offsets = offsets[:232]
		}
		failed := 0
		for _, i := range offsets {
			for _, mask := range []byte{1, 0xff} {
				b := bytes.Clone(good)
				b[i] ^= mask
				file, err := export.ReadFrom(bytes.NewReader(b), int64(len(b)))
				switch {
				case err != nil && (strings.Contains(err.Error(), "runtime error") || strings.Contains(err.Error(), "panic")):
					t.Fatalf("%s: byte %d ^ %#x: %v", f.name, i, mask, err)
				case err != nil:
					failed++
				case file.Kind == export.KindTable && !file.Table.G.Equal(kayles.G):
					t.Fatalf("%s: byte %d ^ %#x changed the values, and the read succeeded", f.name, i, mask)
				}
			}
		}
		t.Logf("%s: %d of %d changes refused", f.name, failed, 2*len(offsets))
	}
}

// TestReadSignedProofTrusted checks that a table signed with the reader's
// key is taken as the key holder's own computation: the window of the
// proof it claims is not checked against its rule again, so that a budget
// that refuses the unsigned table reads it; signed with another key, it is
// refused as before.
func TestReadSignedProofTrusted(t *testing.T) {
	// 0.165: period 1550 from 5181, proved at 13463 (Austin 1976).
	own := testtable.Computed(t, "name: g\ncode: \"0.165\"\n", 13463)
	if own.Analysis.Status != sg.Proved {
		t.Fatalf("the table claims no proof: %s", own.Analysis.Status)
	}
	path := filepath.Join(t.TempDir(), "g.parquet")
	key := []byte("the writer's key")
	if err := export.WriteParquet(path, own, export.Options{MACKey: key}); err != nil {
		t.Fatal(err)
	}
	if _, err := export.ReadContext(t.Context(), path, export.ReadOptions{Budget: 1e6, Key: key}); err != nil {
		t.Errorf("signed with the reader's key: %v", err)
	}
	_, err := export.ReadContext(t.Context(), path, export.ReadOptions{Budget: 1e6, Key: []byte("another key")})
	if _, ok := errors.AsType[*sg.BudgetError](err); !ok {
		t.Errorf("signed with another key: err = %v, want the budget refused", err)
	}
}
