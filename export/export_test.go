package export_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/export/fileformat"
	"github.com/sgtab/sgtab/rules"
)

// newTable returns the table of Nim (SG(n) = n) to rows−1, starting on a
// ring when ring is set: values that need 8, 16 or 32 bits as the table
// grows, and real values of a real rule, as a reader checks.
func newTable(tb testing.TB, rows int, ring bool) *sg.Table {
	tb.Helper()
	config := "games:\n  - name: nim\n    moves:\n      - take: {min: 1}\n"
	if ring {
		config += "    start: ring\n"
	}
	games, err := rules.Parse(strings.NewReader(config), "nim.yaml")
	if err != nil {
		tb.Fatal(err)
	}
	t, err := compute.Sequence(context.Background(), games[0], rows-1, sg.Options{})
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
	write func(path string, t *sg.Table, opt export.Options) error
	read  func(path string) (*sg.Table, map[string]string, error)
}

var formats = []fileFormat{
	{"parquet", export.WriteParquet, export.ReadParquet},
	{"ipc", export.WriteIPC, export.ReadIPC},
}

var extra = map[string]string{"sgtab.period": "12", "sgtab.preperiod": "71"}

// wantMeta is the metadata a file written with Version "test" and Extra
// extra must hold.
func wantMeta(t *sg.Table) map[string]string {
	m := export.Metadata(t, "test")
	maps.Copy(m, extra)
	return m
}

func checkTable(tb testing.TB, got, want *sg.Table) {
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
		read func(*bytes.Reader, int64) (*sg.Table, map[string]string, error)) {
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
		func(r *bytes.Reader, n int64) (*sg.Table, map[string]string, error) {
			return export.ReadParquetFrom(r, n)
		})
	check("ipc", func(b *bytes.Buffer) error { return export.WriteIPCTo(b, want, opt) },
		func(r *bytes.Reader, n int64) (*sg.Table, map[string]string, error) {
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

// TestWriteFileSafe checks fileformat.WriteFile against what may lie in
// the output folder: a stale temporary file under the old fixed name, and
// a link planted there pointing outside the folder; and two writers at once.
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
		_ = fileformat.WriteFile(filepath.Join(dir, "p"), func(w io.Writer) error { panic("boom") })
	}()
	if entries2, _ := os.ReadDir(dir); len(entries2) != len(entries) {
		t.Errorf("a panicking write left a file behind")
	}
}

func TestWriteErrors(t *testing.T) {
	line := newTable(t, 10, false)
	tests := []struct {
		name string
		t    *sg.Table
		opt  export.Options
		want string
	}{
		{"nil", nil, export.Options{}, "nil table"},
		{"empty", &sg.Table{}, export.Options{}, "empty table"},
		{"ring-length", &sg.Table{G: sg.ValuesOf(make([]uint32, 3)), Ring: sg.ValuesOf(make([]uint32, 2))}, export.Options{}, "2 ring values for 3"},
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
