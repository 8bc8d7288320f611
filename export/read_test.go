package export_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
	pq "github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/export/internal/testtable"
)

// TestReadDamaged reads truncated and corrupted files: a truncated file
// must give an error, and a corrupted one an error or a table, never a panic.
//
// Only the data before the footer is corrupted: arrow-go trusts the lengths
// in the schema flatbuffer of the footer (the IPC footer, the ARROW:schema
// key of Parquet), and a corrupted one can make it allocate without bound.
func TestReadDamaged(t *testing.T) {
	for _, f := range formats {
		t.Run(f.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "t."+f.name)
			opt := export.Options{Version: "test", BatchRows: 1000, RowGroupRows: 2000}
			if err := f.write(path, newTable(t, 5000, true), opt); err != nil {
				t.Fatal(err)
			}
			good, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			damaged := filepath.Join(dir, "damaged")
			for _, size := range []int{0, 1, 4, 8, 12, len(good) / 3, len(good) / 2, len(good) - 12, len(good) - 8, len(good) - 1} {
				if err := os.WriteFile(damaged, good[:size], 0o666); err != nil {
					t.Fatal(err)
				}
				if _, _, err := f.read(damaged); err == nil {
					t.Errorf("read of the first %d of %d bytes: no error", size, len(good))
				} else if !strings.HasPrefix(err.Error(), "read "+damaged+": ") {
					t.Errorf("error %q does not start with the path", err)
				}
			}
			// Both formats end with the footer, its length (int32) and a
			// magic string: "PAR1" or "ARROW1".
			magic := map[string]int{"parquet": 4, "ipc": 6}[f.name]
			footer := int(binary.LittleEndian.Uint32(good[len(good)-magic-4:]))
			dataEnd := len(good) - magic - 4 - footer
			rnd := rand.New(rand.NewPCG(2, 2))
			for range 500 {
				b := slices.Clone(good)
				for range 1 + rnd.IntN(4) {
					b[rnd.IntN(dataEnd)] = byte(rnd.Uint32())
				}
				if err := os.WriteFile(damaged, b, 0o666); err != nil {
					t.Fatal(err)
				}
				_, _, _ = f.read(damaged) // must return, with or without an error
			}
		})
	}
}

// writeRaw writes columns (name → array) and metadata as a file of format f,
// bypassing the checks of export.
func writeRaw(t *testing.T, format, path string, meta map[string]string, names []string, cols []arrow.Array) {
	t.Helper()
	fields := make([]arrow.Field, len(cols))
	for i, c := range cols {
		fields[i] = arrow.Field{Name: names[i], Type: c.DataType(), Nullable: c.NullN() > 0}
	}
	md := arrow.MetadataFrom(meta)
	s := arrow.NewSchema(fields, &md)
	rec := array.NewRecordBatch(s, cols, -1)
	defer rec.Release()
	var buf bytes.Buffer
	var w interface {
		Write(arrow.RecordBatch) error
		Close() error
	}
	var err error
	switch format {
	case "parquet":
		w, err = pqarrow.NewFileWriter(s, &buf, pq.NewWriterProperties(), pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema()))
	case "ipc":
		w, err = ipc.NewFileWriter(&buf, ipc.WithSchema(s))
	default:
		t.Fatalf("format %q", format)
	}
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(rec); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o666); err != nil {
		t.Fatal(err)
	}
}

// Arrays for hand-written files.
func i64s(v ...int64) arrow.Array { return arrayOf(array.NewInt64Builder(memory.DefaultAllocator), v) }
func i32s(v ...int32) arrow.Array { return arrayOf(array.NewInt32Builder(memory.DefaultAllocator), v) }
func u64s(v ...uint64) arrow.Array {
	return arrayOf(array.NewUint64Builder(memory.DefaultAllocator), v)
}
func u32s(v ...uint32) arrow.Array {
	return arrayOf(array.NewUint32Builder(memory.DefaultAllocator), v)
}
func f64s(v ...float64) arrow.Array {
	return arrayOf(array.NewFloat64Builder(memory.DefaultAllocator), v)
}

// arrayOf returns the array of the values v, built with b, which it
// releases.
func arrayOf[T any, B interface {
	AppendValues([]T, []bool)
	NewArray() arrow.Array
	Release()
}](b B, v []T) arrow.Array {
	defer b.Release()
	b.AppendValues(v, nil)
	return b.NewArray()
}

// nim3 is the metadata of Nim's table SG(0..2) = 0, 1, 2, as sgtab writes
// it, with changes.
func nim3(t *testing.T, changes map[string]string) map[string]string {
	t.Helper()
	m := export.Metadata(newTable(t, 3, false), "test")
	for k, v := range changes {
		if v == "" {
			delete(m, k)
		} else {
			m[k] = v
		}
	}
	return m
}

func TestReadInvalid(t *testing.T) {
	i32null := func() arrow.Array {
		b := array.NewInt32Builder(memory.DefaultAllocator)
		defer b.Release()
		b.AppendValues([]int32{0, 1, 2}, []bool{true, false, true})
		return b.NewArray()
	}
	ok := func() []arrow.Array { return []arrow.Array{i64s(0, 1, 2), i32s(0, 1, 2)} }
	tests := []struct {
		name  string
		meta  map[string]string
		names []string
		cols  func() []arrow.Array
		want  string
	}{
		{"sg-missing", nil, []string{"n"}, func() []arrow.Array { return []arrow.Array{i64s(0, 1, 2)} }, "column sg missing"},
		{"n-missing", nil, []string{"sg"}, func() []arrow.Array { return []arrow.Array{i32s(0, 1, 2)} }, "column n missing"},
		{"n-type", nil, []string{"n", "sg"}, func() []arrow.Array { return []arrow.Array{f64s(0, 1, 2), i32s(0, 1, 2)} }, "column n has type float64, want an integer type"},
		{"n-order", nil, []string{"n", "sg"}, func() []arrow.Array { return []arrow.Array{i64s(0, 2, 1), i32s(0, 1, 2)} }, "row 1 holds n = 2, want 1"},
		{"n-start", nil, []string{"n", "sg"}, func() []arrow.Array { return []arrow.Array{i64s(1, 2, 3), i32s(0, 1, 2)} }, "row 0 holds n = 1, want 0"},
		{"negative", nil, []string{"n", "sg"}, func() []arrow.Array { return []arrow.Array{i64s(0, 1, 2), i32s(0, -1, 2)} }, "column sg holds -1, not an SG value"},
		{"null", nil, []string{"n", "sg"}, func() []arrow.Array { return []arrow.Array{i64s(0, 1, 2), i32null()} }, "column sg: 3 values (1 null)"},
		{"ring-null", map[string]string{export.KeyStart: "ring"}, []string{"n", "sg", "sg_ring"}, func() []arrow.Array { return []arrow.Array{i64s(0, 1, 2), i32s(0, 1, 2), i32null()} }, "column sg_ring: 3 values (1 null)"},
		{"heaps", map[string]string{export.KeyHeaps: "7"}, []string{"n", "sg"}, ok, "sgtab.heaps = 7, but the file holds n = 0..2"},
		{"start", map[string]string{export.KeyStart: "square"}, []string{"n", "sg"}, ok, `sgtab.start = "square"`},
		// A ring start says there is a ring column.
		{"ring-missing", map[string]string{export.KeyStart: "ring"}, []string{"n", "sg"}, ok, "sgtab.start = ring, but the file has no column sg_ring"},
		{"ring-unasked", nil, []string{"n", "sg", "sg_ring"}, func() []arrow.Array { return []arrow.Array{i64s(0, 1, 2), i32s(0, 1, 2), i32s(0, 1, 2)} }, "column sg_ring, but its metadata sgtab.start is not ring"},
		{"empty", nil, []string{"n", "sg"}, func() []arrow.Array { return []arrow.Array{i64s(), i32s()} }, "no rows"},
		{"no-rule", map[string]string{export.KeyRule: ""}, []string{"n", "sg"}, ok, "sgtab.rule missing"},
		{"bad-rule", map[string]string{export.KeyRule: "0.9x"}, []string{"n", "sg"}, ok, "metadata sgtab.rule"},
		{"no-checksum", map[string]string{export.KeyChecksum: "", export.KeyCRC: ""}, []string{"n", "sg"}, ok, "no checksum"},
		{"checksum", map[string]string{export.KeyChecksum: "00040004"}, []string{"n", "sg"}, ok, "damaged: the values' checksum is 00040003, but sgtab.checksum says 00040004"},
		{"crc", map[string]string{export.KeyCRC: "00000000"}, []string{"n", "sg"}, ok, "damaged: the values' CRC-32C is DD3BEBFB, but sgtab.crc32c says 00000000"},
		{"kind", map[string]string{export.KeyKind: "poem"}, []string{"n", "sg"}, ok, `sgtab.kind = "poem"`},
		{"claims-proof", map[string]string{export.KeyStatus: "proved", export.KeyPeriod: "1", export.KeyPreperiod: "0", export.KeySaltus: "0"}, []string{"n", "sg"}, ok, "says the period 1 from n = 0 is proved, but the values do not prove it"},
	}
	for _, f := range formats {
		for _, tc := range tests {
			t.Run(f.name+"/"+tc.name, func(t *testing.T) {
				path := filepath.Join(t.TempDir(), "t."+f.name)
				cols := tc.cols()
				writeRaw(t, f.name, path, nim3(t, tc.meta), tc.names, cols)
				for _, c := range cols {
					c.Release()
				}
				_, _, err := f.read(path)
				want := fmt.Sprintf("read %s: ", path)
				if err == nil || !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("err = %v, want %q…%q", err, want, tc.want)
				}
			})
		}
	}
}

// TestReadOtherGame reads a table whose checksums agree with its values but
// whose values are not those of the rule it names: Dawson's Kayles (0.07)
// labelled Kayles (0.77).
func TestReadOtherGame(t *testing.T) {
	dawson := testtable.Computed(t, "name: kayles\ncode: \"0.07\"\n", 500)
	dawson.Game.Rule = testtable.Computed(t, "name: kayles\ncode: \"0.77\"\n", 1).Game.Rule
	for _, f := range formats {
		path := filepath.Join(t.TempDir(), "kayles."+f.name)
		if err := f.write(path, dawson, export.Options{}); err != nil {
			t.Fatal(err)
		}
		_, _, err := f.read(path)
		// 0.07: SG(0..3) = 0, 0, 1, 1; 0.77: 0, 1, 2, 3.
		if err == nil || !strings.Contains(err.Error(), "the file's SG(1) is 0, but the rule 0.77 gives 1: these are not the values of its game") {
			t.Errorf("%s: err = %v", f.name, err)
		}
	}
}

// TestReadBitFlips flips one random bit of a stored Kayles table at a time,
// 300 times per format: every read must fail, or give the very values
// written (a flip in padding or in metadata no reader uses), never other
// values.
func TestReadBitFlips(t *testing.T) {
	kayles := testtable.Computed(t, "name: kayles\ncode: \"0.77\"\n", 1000)
	rnd := rand.New(rand.NewPCG(4, 4))
	for _, f := range formats {
		dir := t.TempDir()
		path := filepath.Join(dir, "kayles."+f.name)
		if err := f.write(path, kayles, export.Options{}); err != nil {
			t.Fatal(err)
		}
		good, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		damaged := filepath.Join(dir, "damaged")
		failed := flipBits(t, rnd, good, damaged, kayles, func() (*sg.Table, map[string]string, error) { return f.read(damaged) })
		t.Logf("%s: %d of 300 flips refused", f.name, failed)
	}
}

// flipBits writes good to the file damaged 300 times, each time with one
// random bit flipped, and calls read: every read must fail, or give the
// values of want with the proof the metadata claims, never other values.
// It returns how many reads failed, and leaves good in damaged.
func flipBits(t *testing.T, rnd *rand.Rand, good []byte, damaged string, want *sg.Table, read func() (*sg.Table, map[string]string, error)) int {
	t.Helper()
	failed := 0
	for range 300 {
		b := slices.Clone(good)
		i := rnd.IntN(len(b))
		b[i] ^= 1 << rnd.IntN(8)
		if err := os.WriteFile(damaged, b, 0o666); err != nil {
			t.Fatal(err)
		}
		got, meta, err := read()
		if err != nil {
			failed++
			continue
		}
		if !got.G.Equal(want.G) {
			t.Fatalf("%s: a flip at byte %d of %d changed the values, and the read succeeded", filepath.Base(damaged), i, len(b))
		}
		if meta[export.KeyStatus] == "proved" && got.Analysis.Status != sg.Proved {
			t.Fatalf("%s: a flip at byte %d lost the proof", filepath.Base(damaged), i)
		}
	}
	if err := os.WriteFile(damaged, good, 0o666); err != nil {
		t.Fatal(err)
	}
	return failed
}

// TestReadForeign reads a file without sgtab metadata, as another tool
// might write: the values are read as they are, the Game takes defaults,
// and no proof is claimed, though the values are periodic.
func TestReadForeign(t *testing.T) {
	for _, f := range formats {
		path := filepath.Join(t.TempDir(), "t."+f.name)
		vs := make([]uint32, 100)
		ns := make([]uint64, 100)
		for i := range vs {
			vs[i], ns[i] = uint32(i%4), uint64(i)
		}
		n, col := u64s(ns...), u32s(vs...)
		writeRaw(t, f.name, path, nil, []string{"sg", "n"}, []arrow.Array{col, n})
		n.Release()
		col.Release()
		file, err := export.Read(path)
		if err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		got := file.Table
		if !file.Foreign || !slices.Equal(got.G.Uint32s(), vs) || got.Ring.Len() != 0 || got.Game.Heaps != 99 {
			t.Errorf("%s: foreign %v, G %v, Ring %v, Heaps %d", f.name, file.Foreign, got.G, got.Ring, got.Game.Heaps)
		}
		if a := got.Analysis; a.Status != sg.Observed || a.Period.Length != 4 || a.Proof != (sg.Proof{}) {
			t.Errorf("%s: analysis %+v, want period 4 observed, no proof", f.name, a)
		}
	}
}

// TestReadLegacy reads a table whose columns are unsigned, as sgtab wrote
// them before they became signed.
func TestReadLegacy(t *testing.T) {
	for _, f := range formats {
		path := filepath.Join(t.TempDir(), "t."+f.name)
		n, sg := u64s(0, 1, 2), u32s(0, 1, 2)
		writeRaw(t, f.name, path, nim3(t, map[string]string{export.KeyKind: "", export.KeyCRC: ""}), []string{"n", "sg"}, []arrow.Array{n, sg})
		n.Release()
		sg.Release()
		got, _, err := f.read(path)
		if err != nil || !slices.Equal(got.G.Uint32s(), []uint32{0, 1, 2}) {
			t.Errorf("%s: %v, %v", f.name, got, err)
		}
	}
}

// TestReadProofClaims checks that a period is reported proved exactly when
// the metadata says so and the values prove it.
func TestReadProofClaims(t *testing.T) {
	kayles := testtable.Computed(t, "name: kayles\ncode: \"0.77\"\n", 1000)
	dir := t.TempDir()
	// Proved, and the values agree.
	path := filepath.Join(dir, "kayles.parquet")
	if err := export.WriteParquet(path, kayles, export.Options{}); err != nil {
		t.Fatal(err)
	}
	got, _, err := export.ReadParquet(path)
	if err != nil {
		t.Fatal(err)
	}
	if a := got.Analysis; a.Status != sg.Proved || a.Period != kayles.Analysis.Period || a.Computed != kayles.Analysis.Computed {
		t.Errorf("analysis %+v, want %+v", a, kayles.Analysis)
	}
	// Not claimed: observed, though the values would prove it.
	unclaimed := *kayles
	unclaimed.Analysis = nil
	if err := export.WriteParquet(path, &unclaimed, export.Options{}); err != nil {
		t.Fatal(err)
	}
	if got, _, err = export.ReadParquet(path); err != nil {
		t.Fatal(err)
	}
	if a := got.Analysis; a.Status != sg.Observed || a.Period.Length != 12 || a.Proof != (sg.Proof{}) {
		t.Errorf("analysis %+v, want period 12 observed, no proof", a)
	}
}

// TestReadFIFO checks that a FIFO is refused at once, not read (which
// would block until a writer came, and show as go test's timeout).
func TestReadFIFO(t *testing.T) {
	path := filepath.Join(t.TempDir(), "fifo.parquet")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	if _, err := export.Read(path); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("err = %v, want not a regular file", err)
	}
	if _, err := export.Read("/dev/zero"); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("/dev/zero: err = %v", err)
	}
}
