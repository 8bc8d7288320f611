package export_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/sgtab/sgtab/compute/graphgame"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/rules"
)

// TestReadEdgesIntegerWidths reads edge lists whose columns are integers of
// every width, signed and unsigned (pandas writes the smallest that holds
// the values), from Parquet and Arrow files: each is read as the same
// edges. Columns of floats are refused, saying what they are.
func TestReadEdgesIntegerWidths(t *testing.T) {
	types := []arrow.DataType{
		arrow.PrimitiveTypes.Int8, arrow.PrimitiveTypes.Int16, arrow.PrimitiveTypes.Int32, arrow.PrimitiveTypes.Int64,
		arrow.PrimitiveTypes.Uint8, arrow.PrimitiveTypes.Uint16, arrow.PrimitiveTypes.Uint32, arrow.PrimitiveTypes.Uint64,
	}
	for _, format := range []string{"parquet", "ipc"} {
		for _, typ := range types {
			path := filepath.Join(t.TempDir(), "g."+format)
			writeRaw(t, format, path, nil, []string{"from", "to"}, []arrow.Array{
				fromJSON(t, typ, "[3, 2, 100]"), fromJSON(t, typ, "[2, 1, 0]"),
			})
			e, err := export.ReadEdges(path)
			if err != nil {
				t.Errorf("%s, %s: %v", format, typ, err)
				continue
			}
			if !slices.Equal(e.Ints.From, []int64{3, 2, 100}) || !slices.Equal(e.Ints.To, []int64{2, 1, 0}) {
				t.Errorf("%s, %s: edges %v → %v", format, typ, e.Ints.From, e.Ints.To)
			}
		}
		path := filepath.Join(t.TempDir(), "g."+format)
		writeRaw(t, format, path, nil, []string{"from", "to"}, []arrow.Array{f64s(1, 2), f64s(0, 1)})
		if _, err := export.ReadEdges(path); err == nil || !strings.Contains(err.Error(), "column from: type float64, want integers") {
			t.Errorf("%s: columns of floats: %v", format, err)
		}
	}
}

// fromJSON returns the array of type typ that the JSON list holds.
func fromJSON(t *testing.T, typ arrow.DataType, list string) arrow.Array {
	t.Helper()
	a, _, err := array.FromJSON(memory.DefaultAllocator, typ, strings.NewReader(list))
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestWriteGraphNotUTF8 checks that a graph table whose node names are not
// all UTF-8 text is refused by both writers, naming the name, and leaves
// no file: a string column must hold UTF-8, and DuckDB refuses one that
// does not.
func TestWriteGraphNotUTF8(t *testing.T) {
	tab := &graphgame.GraphTable{
		Game:    rules.Game{Name: "g", Graph: &rules.GraphSpec{Text: "edges g.csv"}},
		Strings: []string{"a", "b\xff"},
		G:       sg.ValuesOf([]uint32{1, 0}),
		Edges:   1,
	}
	dir := t.TempDir()
	for name, write := range map[string]func(string, *graphgame.GraphTable, export.Options) error{
		"g.parquet": export.WriteGraphParquet,
		"g.arrow":   export.WriteGraphIPC,
	} {
		path := filepath.Join(dir, name)
		err := write(path, tab, export.Options{})
		if err == nil || !strings.Contains(err.Error(), `the node name "b\xff" is not UTF-8 text`) {
			t.Errorf("%s: %v", name, err)
		}
		if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s: written anyway (%v)", name, err)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) > 0 {
		t.Errorf("files left behind: %v", entries)
	}
}
