package export_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

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

// newTable returns a table of rows heap sizes (N = rows-1) with values from
// a fixed seed, starting on a ring when ring is set.
func newTable(tb testing.TB, rows int, ring bool) *compute.Table {
	tb.Helper()
	rule, err := rules.ParseOctal("0.77")
	if err != nil {
		tb.Fatal(err)
	}
	g := rules.Game{
		Name:   "kayles",
		Rule:   rule,
		Heaps:  rows - 1,
		Config: "games:\n  - name: kayles\n    code: \"0.77\"\n",
		File:   "kayles.yaml",
	}
	rnd := rand.New(rand.NewPCG(1, 1))
	values := make([]uint32, rows)
	for n := range values {
		values[n] = rnd.Uint32N(64)
	}
	t := &compute.Table{Game: g, G: compute.ValuesOf(values)}
	if ring {
		t.Game.Start = rules.StartRing
		for n := range values {
			values[n] = rnd.Uint32() // 32 bits wide
		}
		t.Ring = compute.ValuesOf(values)
	}
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
		want := "n uint64 sg uint32"
		if ring {
			want += " sg_ring uint32"
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
		wantMD := map[string]string{
			"sgtab.name": "kayles", "sgtab.rule": "0.77", "sgtab.start": map[bool]string{false: "line", true: "ring"}[ring],
			"sgtab.config": tab.Game.Config, "sgtab.heaps": "2", "sgtab.version": "v1.2.3", "sgtab.play": "normal",
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
		// Logical types: readers must see unsigned integers.
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
			if !ok || it.BitWidth != c.bits || it.IsSigned {
				t.Errorf("column %s has logical type %v, want UINT%d", c.name, lt, c.bits)
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
			N      uint64 `parquet:"n"`
			SG     uint32 `parquet:"sg"`
			SGRing uint32 `parquet:"sg_ring,optional"`
		}
		got, err := parquet.Read[row](bytes.NewReader(b), int64(len(b)))
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != rows {
			t.Fatalf("parquet-go read %d rows, want %d", len(got), rows)
		}
		for i, r := range got {
			var ringValue uint32
			if ring {
				ringValue = tab.Ring.At(i)
			}
			if r.N != uint64(i) || r.SG != tab.G.At(i) || r.SGRing != ringValue {
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

func TestReadInvalid(t *testing.T) {
	mem := memory.DefaultAllocator
	u64 := func(v ...uint64) arrow.Array {
		b := array.NewUint64Builder(mem)
		defer b.Release()
		b.AppendValues(v, nil)
		return b.NewArray()
	}
	u32 := func(v ...uint32) arrow.Array {
		b := array.NewUint32Builder(mem)
		defer b.Release()
		b.AppendValues(v, nil)
		return b.NewArray()
	}
	u32null := func() arrow.Array {
		b := array.NewUint32Builder(mem)
		defer b.Release()
		b.AppendValues([]uint32{0, 1, 2}, []bool{true, false, true})
		return b.NewArray()
	}
	i64 := func(v ...int64) arrow.Array {
		b := array.NewInt64Builder(mem)
		defer b.Release()
		b.AppendValues(v, nil)
		return b.NewArray()
	}
	heaps2 := map[string]string{export.KeyHeaps: "2"}
	tests := []struct {
		name  string
		meta  map[string]string
		names []string
		cols  func() []arrow.Array
		want  string
	}{
		{"sg-missing", heaps2, []string{"n"}, func() []arrow.Array { return []arrow.Array{u64(0, 1, 2)} }, "column sg missing"},
		{"n-missing", heaps2, []string{"sg"}, func() []arrow.Array { return []arrow.Array{u32(0, 1, 2)} }, "column n missing"},
		{"n-type", heaps2, []string{"n", "sg"}, func() []arrow.Array { return []arrow.Array{i64(0, 1, 2), u32(0, 1, 2)} }, "column n has type int64, want uint64"},
		{"n-order", heaps2, []string{"n", "sg"}, func() []arrow.Array { return []arrow.Array{u64(0, 2, 1), u32(0, 1, 2)} }, "row 1 holds n = 2, want 1"},
		{"n-start", heaps2, []string{"n", "sg"}, func() []arrow.Array { return []arrow.Array{u64(1, 2, 3), u32(0, 1, 2)} }, "row 0 holds n = 1, want 0"},
		{"null", heaps2, []string{"n", "sg"}, func() []arrow.Array { return []arrow.Array{u64(0, 1, 2), u32null()} }, "column sg: 3 values (1 null)"},
		{"ring-null", heaps2, []string{"n", "sg", "sg_ring"}, func() []arrow.Array { return []arrow.Array{u64(0, 1, 2), u32(0, 1, 2), u32null()} }, "column sg_ring: 3 values (1 null)"},
		{"heaps", map[string]string{export.KeyHeaps: "7"}, []string{"n", "sg"}, func() []arrow.Array { return []arrow.Array{u64(0, 1, 2), u32(0, 1, 2)} }, "sgtab.heaps = 7, but the file holds n = 0..2"},
		{"start", map[string]string{export.KeyStart: "square"}, []string{"n", "sg"}, func() []arrow.Array { return []arrow.Array{u64(0, 1, 2), u32(0, 1, 2)} }, `sgtab.start = "square"`},
		{"empty", nil, []string{"n", "sg"}, func() []arrow.Array { return []arrow.Array{u64(), u32()} }, "no rows"},
	}
	for _, f := range formats {
		for _, tc := range tests {
			t.Run(f.name+"/"+tc.name, func(t *testing.T) {
				path := filepath.Join(t.TempDir(), "t."+f.name)
				cols := tc.cols()
				writeRaw(t, f.name, path, tc.meta, tc.names, cols)
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

// TestReadForeign reads a file without sgtab metadata, as another tool
// might write: the values are read and the Game takes defaults.
func TestReadForeign(t *testing.T) {
	for _, f := range formats {
		path := filepath.Join(t.TempDir(), "t."+f.name)
		b := array.NewUint64Builder(memory.DefaultAllocator)
		b.AppendValues([]uint64{0, 1, 2}, nil)
		n := b.NewArray()
		b.Release()
		s := array.NewUint32Builder(memory.DefaultAllocator)
		s.AppendValues([]uint32{0, 1, 2}, nil)
		sg := s.NewArray()
		s.Release()
		writeRaw(t, f.name, path, nil, []string{"sg", "n"}, []arrow.Array{sg, n})
		n.Release()
		sg.Release()
		got, _, err := f.read(path)
		if err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		if !slices.Equal(got.G.Uint32s(), []uint32{0, 1, 2}) || got.Ring.Len() != 0 || got.Game.Heaps != 2 {
			t.Errorf("%s: got G %v, Ring %v, Heaps %d", f.name, got.G, got.Ring, got.Game.Heaps)
		}
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
