package export

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/rules"
)

// Metadata keys of a lattice table, besides sgtab.name, sgtab.config,
// sgtab.version and sgtab.created.
const (
	KeyLattice = "sgtab.lattice" // the moves and board, e.g. "(-1,0)* (0,-1)* (-1,-1)* on 1000×1000"
	KeyWidth   = "sgtab.width"   // the board's width: x runs over 0..width−1
	KeyHeight  = "sgtab.height"  // the board's height: y runs over 0..height−1
)

// latticeSchema is the schema of a lattice table: one row per point, x
// fastest.
func latticeSchema(meta map[string]string) *arrow.Schema {
	keys := slices.Sorted(maps.Keys(meta))
	values := make([]string, len(keys))
	for i, k := range keys {
		values[i] = meta[k]
	}
	md := arrow.NewMetadata(keys, values)
	return arrow.NewSchema([]arrow.Field{
		{Name: "x", Type: arrow.PrimitiveTypes.Uint32},
		{Name: "y", Type: arrow.PrimitiveTypes.Uint32},
		{Name: colSG, Type: arrow.PrimitiveTypes.Uint32},
	}, &md)
}

// LatticeMetadata returns the key/value metadata of a lattice table.
func LatticeMetadata(t *compute.LatticeTable, version string) map[string]string {
	if version == "" {
		version = buildVersion()
	}
	m := map[string]string{
		KeyName:    t.Game.Name,
		KeyConfig:  t.Game.Config,
		KeyVersion: version,
		KeyLattice: t.Game.RuleText(),
		KeyWidth:   strconv.Itoa(t.W),
		KeyHeight:  strconv.Itoa(t.H),
	}
	if !t.Created.IsZero() {
		m[KeyCreated] = t.Created.UTC().Format(time.RFC3339)
	}
	return m
}

// latticeBatches calls write with the record batches of t, rows rows each.
func latticeBatches(schema *arrow.Schema, t *compute.LatticeTable, rows int, mem memory.Allocator, write func(arrow.RecordBatch) error) error {
	b := array.NewRecordBuilder(mem, schema)
	defer b.Release()
	xs, ys, sgs := b.Field(0).(*array.Uint32Builder), b.Field(1).(*array.Uint32Builder), b.Field(2).(*array.Uint32Builder)
	total := t.W * t.H
	buf := make([]uint32, 0, rows)
	for lo := 0; lo < total; lo += rows {
		hi := min(lo+rows, total)
		xs.Reserve(hi - lo)
		ys.Reserve(hi - lo)
		for i := lo; i < hi; i++ {
			xs.UnsafeAppend(uint32(i % t.W))
			ys.UnsafeAppend(uint32(i / t.W))
		}
		buf = t.G.AppendTo(buf[:0], lo, hi)
		sgs.AppendValues(buf, nil)
		rec := b.NewRecordBatch()
		err := write(rec)
		rec.Release()
		if err != nil {
			return err
		}
	}
	return nil
}

// WriteLatticeParquet writes the lattice table t to the Parquet file path:
// columns x, y and sg (uint32), one row per point, x running fastest, with
// the metadata of LatticeMetadata. The file is written under a temporary
// name and renamed when complete.
func WriteLatticeParquet(path string, t *compute.LatticeTable, opt Options) error {
	err := writeFile(path, func(f *os.File) (err error) {
		schema := latticeSchema(LatticeMetadata(t, opt.Version))
		mem := opt.allocator()
		fw, err := newParquetWriter(f, schema, mem, opt)
		if err != nil {
			return err
		}
		defer func() {
			if cerr := fw.Close(); err == nil {
				err = cerr
			}
		}()
		return latticeBatches(schema, t, opt.batchRows(), mem, func(rec arrow.RecordBatch) error { return fw.WriteBuffered(rec) })
	})
	if err != nil {
		return fmt.Errorf("write parquet %s: %w", path, err)
	}
	return nil
}

// WriteLatticeIPC writes the lattice table t to the Arrow IPC file path, as
// WriteLatticeParquet does.
func WriteLatticeIPC(path string, t *compute.LatticeTable, opt Options) error {
	err := writeFile(path, func(f *os.File) (err error) {
		schema := latticeSchema(LatticeMetadata(t, opt.Version))
		mem := opt.allocator()
		fw, err := ipc.NewFileWriter(f, ipc.WithSchema(schema), ipc.WithAllocator(mem))
		if err != nil {
			return err
		}
		defer func() {
			if cerr := fw.Close(); err == nil {
				err = cerr
			}
		}()
		return latticeBatches(schema, t, opt.batchRows(), mem, fw.Write)
	})
	if err != nil {
		return fmt.Errorf("write ipc %s: %w", path, err)
	}
	return nil
}

// ReadLatticeParquet reads the values of a lattice table written by
// WriteLatticeParquet, checking that its rows cover the board in order,
// and returns them with the file's metadata. The Game is read back from the
// config stored in the metadata (sgtab.config); when that fails, it has
// only its Name and Config, and a nil Lattice.
func ReadLatticeParquet(path string) (t *compute.LatticeTable, meta map[string]string, err error) {
	err = readParquetFile(path, func(pf *file.Reader, m map[string]string) error {
		meta = m
		w, err1 := strconv.Atoi(meta[KeyWidth])
		h, err2 := strconv.Atoi(meta[KeyHeight])
		if err1 != nil || err2 != nil || w < 1 || h < 1 {
			return errors.New("not an sgtab lattice table (no sgtab.width and sgtab.height)")
		}
		fr, err := pqarrow.NewFileReader(pf, pqarrow.ArrowReadProperties{BatchSize: defaultBatchRows}, memory.DefaultAllocator)
		if err != nil {
			return err
		}
		rr, err := fr.GetRecordReader(context.Background(), nil, nil)
		if err != nil {
			return err
		}
		defer rr.Release()
		t = &compute.LatticeTable{W: w, H: h}
		t.Game.Name, t.Game.Config = meta[KeyName], meta[KeyConfig]
		if games, err := rules.Parse(strings.NewReader(meta[KeyConfig]), meta[KeyName]); err == nil {
			for _, g := range games {
				if g.Name == meta[KeyName] && (g.Lattice != nil && g.Lattice.Size == [2]int{w, h} || g.State != "") {
					t.Game = g
				}
			}
		}
		i := 0
		for rr.Next() {
			rec := rr.RecordBatch()
			if rec.NumCols() != 3 {
				return fmt.Errorf("%d columns, want x, y, sg", rec.NumCols())
			}
			xs, ok1 := rec.Column(0).(*array.Uint32)
			ys, ok2 := rec.Column(1).(*array.Uint32)
			sgs, ok3 := rec.Column(2).(*array.Uint32)
			if !ok1 || !ok2 || !ok3 {
				return errors.New("columns x, y, sg must be uint32")
			}
			for j := range int(rec.NumRows()) {
				if int(xs.Value(j)) != (i+j)%w || int(ys.Value(j)) != (i+j)/w {
					return fmt.Errorf("row %d is (%d, %d), want (%d, %d)", i+j, xs.Value(j), ys.Value(j), (i+j)%w, (i+j)/w)
				}
			}
			t.G.Append(sgs.Uint32Values()...)
			i += int(rec.NumRows())
		}
		if err := rr.Err(); err != nil {
			return err
		}
		if i != w*h {
			return fmt.Errorf("%d rows for a board of %d×%d", i, w, h)
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	return t, meta, nil
}
