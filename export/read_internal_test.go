package export

import (
	"bytes"
	"context"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// TestReadReleases checks that the readers release the Arrow memory they
// allocate (ReadParquet and ReadIPC use memory.DefaultAllocator, so the
// exported tests cannot see it).
//
// arrow-go v18.8.0's DELTA_BINARY_PACKED decoder never frees its 64-byte
// buffer of miniblock bit widths (parquet/internal/encoding/delta_bit_packing.go),
// one per column chunk of n: the garbage collector reclaims it with the Go
// allocator, and the check allows for exactly that much.
func TestReadReleases(t *testing.T) {
	// Kayles on a ring, n = 0..2499.
	rule, err := rules.ParseCode("0.77", 8)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := compute.Sequence(t.Context(), rules.Game{Name: "k", Rule: rule, Start: rules.StartRing}, 2499, sg.Options{})
	if err != nil {
		t.Fatal(err)
	}
	opt := Options{Version: "test", BatchRows: 1000, RowGroupRows: 1500}
	for _, f := range []struct {
		name  string
		write func(*bytes.Buffer) error
		read  func(*bytes.Reader, int64, memory.Allocator) (*sg.Table, map[string]string, error)
		leak  int
	}{
		// 2500 rows in row groups of 1500: two column chunks of n.
		{"parquet", func(b *bytes.Buffer) error { return WriteParquetTo(b, tab, opt) }, readAt, 2 * 64},
		{"ipc", func(b *bytes.Buffer) error { return WriteIPCTo(b, tab, opt) }, readAt, 0},
	} {
		var buf bytes.Buffer
		if err := f.write(&buf); err != nil {
			t.Fatal(err)
		}
		mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
		got, _, err := f.read(bytes.NewReader(buf.Bytes()), int64(buf.Len()), mem)
		if err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		if !got.G.Equal(tab.G) || !got.Ring.Equal(tab.Ring) {
			t.Errorf("%s: values differ", f.name)
		}
		if n := mem.CurrentAlloc(); n != f.leak {
			t.Errorf("%s: %d bytes not released, want %d", f.name, n, f.leak)
		}
	}
}

func readAt(r *bytes.Reader, size int64, mem memory.Allocator) (*sg.Table, map[string]string, error) {
	f, err := readFrom(context.Background(), r, size, mem, ReadOptions{})
	if err != nil {
		return nil, nil, err
	}
	return f.Table, f.Meta, nil
}
