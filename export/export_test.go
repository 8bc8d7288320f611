package export_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
	pq "github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/rules"
)

// newTable returns the table of Nim (SG(n) = n) to rows−1, starting on a
// ring when ring is set: values that need 8, 16 or 32 bits as the table
// grows, and real values of a real rule, as a reader checks.
func newTable(tb testing.TB, rows int, ring bool) *compute.Table {
	tb.Helper()
	config := "games:\n  - name: nim\n    moves:\n      - take: {min: 1}\n"
	if ring {
		config += "    start: ring\n"
	}
	games, err := rules.Parse(strings.NewReader(config), "nim.yaml")
	if err != nil {
		tb.Fatal(err)
	}
	t, err := compute.Sequence(context.Background(), games[0], rows-1, compute.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	// As written by hand: no analysis keys, no time, the size asked.
	t.Analysis, t.Created, t.Game.Heaps = nil, time.Time{}, rows-1
	return t
}

// A fileFormat is one of the two file formats, for table-driven tests.
type fileFormat struct {
	name  string
	write func(path string, t *compute.Table, opt export.Options) error
	read  func(path string) (*compute.Table, map[string]string, error)
}

var formats = []fileFormat{
	{"parquet", export.WriteParquet, export.ReadParquet},
	{"ipc", export.WriteIPC, export.ReadIPC},
}

var extra = map[string]string{"sgtab.period": "12", "sgtab.preperiod": "71"}

// wantMeta is the metadata a file written with Version "test" and Extra
// extra must hold.
func wantMeta(t *compute.Table) map[string]string {
	m := export.Metadata(t, "test")
	maps.Copy(m, extra)
	return m
}

func checkTable(tb testing.TB, got, want *compute.Table) {
	tb.Helper()
	if !got.G.Equal(want.G) || got.G.Width() != want.G.Width() {
		tb.Errorf("G differs: got %d values of %d bits, want %d of %d", got.G.Len(), got.G.Width(), want.G.Len(), want.G.Width())
	}
	if !got.Ring.Equal(want.Ring) || got.Ring.Width() != want.Ring.Width() {
		tb.Errorf("Ring differs: got %d values of %d bits, want %d of %d",
			got.Ring.Len(), got.Ring.Width(), want.Ring.Len(), want.Ring.Width())
	}
	g, w := got.Game, want.Game
	if g.Name != w.Name || g.Start != w.Start || g.Heaps != w.Heaps || g.Config != w.Config {
		tb.Errorf("Game = {%q %v %d %q}, want {%q %v %d %q}",
			g.Name, g.Start, g.Heaps, g.Config, w.Name, w.Start, w.Heaps, w.Config)
	}
}

func TestRoundTrip(t *testing.T) {
	sizes := []struct {
		name      string
		rows      int
		batch, rg int
	}{
		{"N=0", 1, 0, 0},
		{"N=1", 2, 0, 0},
		// 3 full batches and a remainder; row groups that cut batches.
		{"batches", 3*10 + 3, 10, 16},
		{"defaults", 100_000, 0, 0},
	}
	for _, f := range formats {
		for _, size := range sizes {
			for _, ring := range []bool{false, true} {
				start := "line"
				if ring {
					start = "ring"
				}
				t.Run(f.name+"/"+start+"/"+size.name, func(t *testing.T) {
					mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
					defer mem.AssertSize(t, 0)
					want := newTable(t, size.rows, ring)
					path := filepath.Join(t.TempDir(), "kayles."+f.name)
					opt := export.Options{Version: "test", Extra: extra,
						BatchRows: size.batch, RowGroupRows: size.rg, Allocator: mem}
					if err := f.write(path, want, opt); err != nil {
						t.Fatal(err)
					}
					got, meta, err := f.read(path)
					if err != nil {
						t.Fatal(err)
					}
					checkTable(t, got, want)
					if !maps.Equal(meta, wantMeta(want)) {
						t.Errorf("metadata = %v, want %v", meta, wantMeta(want))
					}
				})
			}
		}
	}
}

func TestWriteTo(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	want := newTable(t, 1000, true)
	opt := export.Options{Version: "test", Extra: extra, BatchRows: 300, Allocator: mem}
	check := func(name string, write func(*bytes.Buffer) error,
		read func(*bytes.Reader, int64) (*compute.Table, map[string]string, error)) {
		t.Helper()
		var buf bytes.Buffer
		if err := write(&buf); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, meta, err := read(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		checkTable(t, got, want)
		if !maps.Equal(meta, wantMeta(want)) {
			t.Errorf("%s: metadata = %v, want %v", name, meta, wantMeta(want))
		}
	}
	check("parquet", func(b *bytes.Buffer) error { return export.WriteParquetTo(b, want, opt) },
		func(r *bytes.Reader, n int64) (*compute.Table, map[string]string, error) {
			return export.ReadParquetFrom(r, n)
		})
	check("ipc", func(b *bytes.Buffer) error { return export.WriteIPCTo(b, want, opt) },
		func(r *bytes.Reader, n int64) (*compute.Table, map[string]string, error) {
			return export.ReadIPCFrom(r, n)
		})
}

func TestSchema(t *testing.T) {
	for _, ring := range []bool{false, true} {
		tab := newTable(t, 3, ring)
		s := export.Schema(tab, export.Metadata(tab, "v1.2.3"))
		want := "n int64 sg int32"
		if ring {
			want += " sg_ring int32"
		}
		var got []string
		for _, f := range s.Fields() {
			if f.Nullable {
				t.Errorf("column %s is nullable", f.Name)
			}
			got = append(got, f.Name, f.Type.String())
		}
		if strings.Join(got, " ") != want {
			t.Errorf("columns %q, want %q", strings.Join(got, " "), want)
		}
		md := s.Metadata()
		if !slices.IsSorted(md.Keys()) {
			t.Errorf("metadata keys not sorted: %q", md.Keys())
		}
		crc := map[bool]string{false: "DD3BEBFB", true: "A41728F8"}[ring] // of 0, 1, 2 (and of the ring values)
		wantMD := map[string]string{
			"sgtab.kind": "table", "sgtab.name": "nim", "sgtab.rule": "0.(3)", "sgtab.start": map[bool]string{false: "line", true: "ring"}[ring],
			"sgtab.config": tab.Game.Config, "sgtab.heaps": "2", "sgtab.version": "v1.2.3", "sgtab.play": "normal",
			"sgtab.checksum": "00040003", "sgtab.crc32c": crc, "sgtab.values": "SG",
		}
		if !maps.Equal(md.ToMap(), wantMD) {
			t.Errorf("metadata %v, want %v", md.ToMap(), wantMD)
		}
	}
	if v := export.Metadata(newTable(t, 1, false), "")[export.KeyVersion]; v == "" {
		t.Error("default version is empty")
	}
}

// TestParquetIndependent reads a file written by arrow-go with parquet-go.
func TestParquetIndependent(t *testing.T) {
	const rows, rowGroupRows = 1000, 256
	for _, ring := range []bool{false, true} {
		mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
		tab := newTable(t, rows, ring)
		path := filepath.Join(t.TempDir(), "t.parquet")
		opt := export.Options{Version: "test", Extra: extra, BatchRows: 100, RowGroupRows: rowGroupRows, Allocator: mem}
		if err := export.WriteParquet(path, tab, opt); err != nil {
			t.Fatal(err)
		}
		mem.AssertSize(t, 0)
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parquet.OpenFile(bytes.NewReader(b), int64(len(b)))
		if err != nil {
			t.Fatal(err)
		}
		if f.NumRows() != rows {
			t.Errorf("NumRows = %d, want %d", f.NumRows(), rows)
		}
		for k, v := range wantMeta(tab) {
			if got, ok := f.Lookup(k); !ok || got != v {
				t.Errorf("Lookup(%q) = %q, %t; want %q", k, got, ok, v)
			}
		}
		// Logical types: readers must see signed integers, which they
		// may subtract without wrapping.
		for _, c := range []struct {
			name string
			bits int8
		}{{"n", 64}, {"sg", 32}, {"sg_ring", 32}} {
			if c.name == "sg_ring" && !ring {
				continue
			}
			field, ok := f.Schema().Lookup(c.name)
			if !ok {
				t.Fatalf("column %s missing", c.name)
			}
			lt := field.Node.Type().LogicalType()
			it, ok := lt.Value.(*format.IntType)
			if !ok || it.BitWidth != c.bits || !it.IsSigned {
				t.Errorf("column %s has logical type %v, want INT%d", c.name, lt, c.bits)
			}
			if field.Node.Optional() {
				t.Errorf("column %s is optional", c.name)
			}
		}
		md := f.Metadata()
		if want := (rows + rowGroupRows - 1) / rowGroupRows; len(md.RowGroups) != want {
			t.Errorf("%d row groups, want %d", len(md.RowGroups), want)
		}
		for _, rg := range md.RowGroups {
			for _, cc := range rg.Columns {
				m := cc.MetaData
				name := strings.Join(m.PathInSchema, ".")
				if m.Codec != format.Zstd {
					t.Errorf("column %s codec %v, want ZSTD", name, m.Codec)
				}
				if m.DictionaryPageOffset != 0 || slices.Contains(m.Encoding, format.PlainDictionary) ||
					slices.Contains(m.Encoding, format.RLEDictionary) {
					t.Errorf("column %s is dictionary-encoded: %v", name, m.Encoding)
				}
				if name == "n" && !slices.Contains(m.Encoding, format.DeltaBinaryPacked) {
					t.Errorf("column n encodings %v, want DELTA_BINARY_PACKED", m.Encoding)
				}
			}
		}
		type row struct {
			N      int64 `parquet:"n"`
			SG     int32 `parquet:"sg"`
			SGRing int32 `parquet:"sg_ring,optional"`
		}
		got, err := parquet.Read[row](bytes.NewReader(b), int64(len(b)))
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != rows {
			t.Fatalf("parquet-go read %d rows, want %d", len(got), rows)
		}
		for i, r := range got {
			var ringValue int32
			if ring {
				ringValue = int32(tab.Ring.At(i))
			}
			if r.N != int64(i) || r.SG != int32(tab.G.At(i)) || r.SGRing != ringValue {
				t.Fatalf("row %d = %+v, want {%d %d %d}", i, r, i, tab.G.At(i), ringValue)
			}
		}
	}
}

// TestTempFile checks that a write leaves the file or nothing, never a
// .tmp file, and that a failed write keeps an older file.
func TestTempFile(t *testing.T) {
	for _, f := range formats {
		t.Run(f.name, func(t *testing.T) {
			mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
			defer mem.AssertSize(t, 0)
			dir := t.TempDir()
			path := filepath.Join(dir, "t."+f.name)
			tab := newTable(t, 100, false)
			listing := func() []string {
				t.Helper()
				entries, err := os.ReadDir(dir)
				if err != nil {
					t.Fatal(err)
				}
				var names []string
				for _, e := range entries {
					names = append(names, e.Name())
				}
				return names
			}

			if err := f.write(path, tab, export.Options{Allocator: mem}); err != nil {
				t.Fatal(err)
			}
			if got := listing(); !slices.Equal(got, []string{"t." + f.name}) {
				t.Errorf("after success, dir holds %q", got)
			}
			old, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}

			// Fails after creating the .tmp file: a key clash.
			bad := export.Options{Allocator: mem, Extra: map[string]string{export.KeyRule: "x"}}
			err = f.write(path, newTable(t, 5, false), bad)
			if err == nil || !strings.Contains(err.Error(), path) {
				t.Errorf("write with a clashing key: err = %v, want an error naming %s", err, path)
			}
			if got := listing(); !slices.Equal(got, []string{"t." + f.name}) {
				t.Errorf("after failure, dir holds %q", got)
			}
			if now, err := os.ReadFile(path); err != nil || !bytes.Equal(now, old) {
				t.Errorf("failed write changed the older file (err %v)", err)
			}

			missing := filepath.Join(dir, "no-such-dir", "t."+f.name)
			if err := f.write(missing, tab, export.Options{Allocator: mem}); err == nil {
				t.Errorf("write into a missing directory: no error")
			}
			for _, p := range []string{missing, missing + ".tmp"} {
				if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
					t.Errorf("%s exists after a failed write (stat err %v)", p, err)
				}
			}
		})
	}
}

// TestWriteFileSafe checks WriteFile against what may lie in the output
// folder: a stale temporary file under the old fixed name, and a link
// planted there pointing outside the folder; and two writers at once.
func TestWriteFileSafe(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	victim := filepath.Join(outside, "victim")
	if err := os.WriteFile(victim, []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "nim.parquet")
	if err := os.Symlink(victim, path+".tmp"); err != nil {
		t.Fatal(err)
	}
	stale := filepath.Join(dir, ".nim.parquet.123.tmp")
	if err := os.WriteFile(stale, []byte("stale"), 0o600); err != nil {
		t.Fatal(err)
	}
	tab := newTable(t, 100, false)
	if err := export.WriteParquet(path, tab, export.Options{}); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(victim); err != nil || string(data) != "keep me" {
		t.Errorf("the file a planted link points to changed: %q, %v", data, err)
	}
	if _, _, err := export.ReadParquet(path); err != nil {
		t.Error(err)
	}
	// Two writers of one path at once: both succeed, the file is whole,
	// and no temporary file is left.
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range errs {
		wg.Go(func() { errs[i] = export.WriteIPC(path, tab, export.Options{}) })
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	if _, _, err := export.ReadIPC(path); err != nil {
		t.Error(err)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if want := []string{".nim.parquet.123.tmp", "nim.parquet", "nim.parquet.tmp"}; !slices.Equal(names, want) {
		t.Errorf("folder holds %q, want %q", names, want)
	}
	// A panic in the middle of a write leaves nothing.
	func() {
		defer func() { _ = recover() }()
		_ = export.WriteFile(filepath.Join(dir, "p"), func(w io.Writer) error { panic("boom") })
	}()
	if entries2, _ := os.ReadDir(dir); len(entries2) != len(entries) {
		t.Errorf("a panicking write left a file behind")
	}
}

func TestWriteErrors(t *testing.T) {
	line := newTable(t, 10, false)
	tests := []struct {
		name string
		t    *compute.Table
		opt  export.Options
		want string
	}{
		{"nil", nil, export.Options{}, "nil table"},
		{"empty", &compute.Table{}, export.Options{}, "empty table"},
		{"ring-length", &compute.Table{G: compute.ValuesOf(make([]uint32, 3)), Ring: compute.ValuesOf(make([]uint32, 2))}, export.Options{}, "2 ring values for 3"},
		{"key-clash", line, export.Options{Extra: map[string]string{export.KeyHeaps: "3"}}, `key "sgtab.heaps" is set by sgtab`},
		{"arrow-key", line, export.Options{Extra: map[string]string{"ARROW:schema": ""}}, "reserved"},
	}
	for _, tc := range tests {
		for _, w := range []struct {
			name  string
			write func() error
		}{
			{"parquet", func() error { return export.WriteParquetTo(&bytes.Buffer{}, tc.t, tc.opt) }},
			{"ipc", func() error { return export.WriteIPCTo(&bytes.Buffer{}, tc.t, tc.opt) }},
		} {
			err := w.write()
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "write "+w.name+": ") {
				t.Errorf("%s/%s: err = %v, want \"write %s: …%s…\"", w.name, tc.name, err, w.name, tc.want)
			}
		}
	}
}

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
	switch format {
	case "parquet":
		w, err := pqarrow.NewFileWriter(s, &buf, pq.NewWriterProperties(), pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema()))
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Write(rec); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	case "ipc":
		w, err := ipc.NewFileWriter(&buf, ipc.WithSchema(s))
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Write(rec); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o666); err != nil {
		t.Fatal(err)
	}
}

// Arrays for hand-written files.
func i64s(v ...int64) arrow.Array {
	b := array.NewInt64Builder(memory.DefaultAllocator)
	defer b.Release()
	b.AppendValues(v, nil)
	return b.NewArray()
}

func i32s(v ...int32) arrow.Array {
	b := array.NewInt32Builder(memory.DefaultAllocator)
	defer b.Release()
	b.AppendValues(v, nil)
	return b.NewArray()
}

func u64s(v ...uint64) arrow.Array {
	b := array.NewUint64Builder(memory.DefaultAllocator)
	defer b.Release()
	b.AppendValues(v, nil)
	return b.NewArray()
}

func u32s(v ...uint32) arrow.Array {
	b := array.NewUint32Builder(memory.DefaultAllocator)
	defer b.Release()
	b.AppendValues(v, nil)
	return b.NewArray()
}

func f64s(v ...float64) arrow.Array {
	b := array.NewFloat64Builder(memory.DefaultAllocator)
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
	dawson := computed(t, "name: kayles\ncode: \"0.07\"\n", 500)
	dawson.Game.Rule = computed(t, "name: kayles\ncode: \"0.77\"\n", 1).Game.Rule
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
	kayles := computed(t, "name: kayles\ncode: \"0.77\"\n", 1000)
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
		failed := flipBits(t, rnd, good, damaged, kayles, func() (*compute.Table, map[string]string, error) { return f.read(damaged) })
		t.Logf("%s: %d of 300 flips refused", f.name, failed)
	}
}

// flipBits writes good to the file damaged 300 times, each time with one
// random bit flipped, and calls read: every read must fail, or give the
// values of want with the proof the metadata claims, never other values.
// It returns how many reads failed, and leaves good in damaged.
func flipBits(t *testing.T, rnd *rand.Rand, good []byte, damaged string, want *compute.Table, read func() (*compute.Table, map[string]string, error)) int {
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
		if meta[export.KeyStatus] == "proved" && got.Analysis.Status != compute.Proved {
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
		n, sg := u64s(ns...), u32s(vs...)
		writeRaw(t, f.name, path, nil, []string{"sg", "n"}, []arrow.Array{sg, n})
		n.Release()
		sg.Release()
		file, err := export.Read(path)
		if err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		got := file.Table
		if !file.Foreign || !slices.Equal(got.G.Uint32s(), vs) || got.Ring.Len() != 0 || got.Game.Heaps != 99 {
			t.Errorf("%s: foreign %v, G %v, Ring %v, Heaps %d", f.name, file.Foreign, got.G, got.Ring, got.Game.Heaps)
		}
		if a := got.Analysis; a.Status != compute.Observed || a.Period.Length != 4 || a.Proof != (compute.Proof{}) {
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
	kayles := computed(t, "name: kayles\ncode: \"0.77\"\n", 1000)
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
	if a := got.Analysis; a.Status != compute.Proved || a.Period != kayles.Analysis.Period || a.Computed != 256 {
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
	if a := got.Analysis; a.Status != compute.Observed || a.Period.Length != 12 || a.Proof != (compute.Proof{}) {
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

func BenchmarkWriteParquet1e7(b *testing.B) { benchWrite(b, export.WriteParquet, periodic, 1e7) }
func BenchmarkWriteIPC1e7(b *testing.B)     { benchWrite(b, export.WriteIPC, periodic, 1e7) }

// 10^8 rows: the size at which the write rate and file sizes are reported.
func BenchmarkWriteParquet1e8(b *testing.B) { benchWrite(b, export.WriteParquet, periodic, 1e8) }
func BenchmarkWriteIPC1e8(b *testing.B)     { benchWrite(b, export.WriteIPC, periodic, 1e8) }

// The Random benchmarks write values that zstd cannot squeeze much, the
// worst case for Parquet (but still below 64, as SG values mostly are).
func BenchmarkWriteParquet1e7Random(b *testing.B) { benchWrite(b, export.WriteParquet, random, 1e7) }
func BenchmarkWriteIPC1e7Random(b *testing.B)     { benchWrite(b, export.WriteIPC, random, 1e7) }

// periodic repeats the period of Kayles' Grundy values (Winning Ways,
// ch. 4), as most octal games end up doing: the best case for zstd.
func periodic(rows int) []uint32 {
	kayles := [12]uint32{4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7}
	g := make([]uint32, rows)
	for n := range g {
		g[n] = kayles[n%12]
	}
	return g
}

// random returns values below 64 from a fixed seed.
func random(rows int) []uint32 {
	rnd := rand.New(rand.NewPCG(3, 3))
	g := make([]uint32, rows)
	for n := range g {
		g[n] = rnd.Uint32N(64)
	}
	return g
}

func benchWrite(b *testing.B, write func(string, *compute.Table, export.Options) error, values func(int) []uint32, rows int) {
	tab := newTable(b, 1, false)
	tab.G = compute.ValuesOf(values(rows))
	path := filepath.Join(b.TempDir(), "bench")
	for b.Loop() {
		if err := write(path, tab, export.Options{Version: "bench"}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(rows)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
	if st, err := os.Stat(path); err == nil {
		b.ReportMetric(float64(st.Size()), "file-bytes")
	}
}
