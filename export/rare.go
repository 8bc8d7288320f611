package export

import (
	"fmt"
	"os"

	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/sgtab/sgtab/compute"
)

// WriteRare writes the rare positions of t (t.Analysis.Rare) to the Parquet
// file path: columns n (uint64) and sg (uint32), one row per rare position,
// with t's metadata. It is an error if t has no rare/common split. The file
// is written under a temporary name and renamed when complete.
func WriteRare(path string, t *compute.Table, opt Options) error {
	err := writeFile(path, func(f *os.File) error {
		if t.Analysis == nil || t.Analysis.Rare.Mask == 0 {
			return fmt.Errorf("table %s has no rare values", t.Game.Name)
		}
		meta, err := opt.metadata(t)
		if err != nil {
			return err
		}
		mem := opt.allocator()
		schema := Schema(&compute.Table{}, meta) // n and sg

		b := array.NewRecordBuilder(mem, schema)
		defer b.Release()
		ns, sgs := b.Field(0).(*array.Uint64Builder), b.Field(1).(*array.Uint32Builder)
		for _, n := range t.Analysis.Rare.Positions {
			ns.Append(uint64(n))
			sgs.Append(t.G.At(n))
		}
		rec := b.NewRecordBatch()
		defer rec.Release()
		return writeRecord(f, schema, mem, opt, rec)
	})
	if err != nil {
		return fmt.Errorf("write parquet %s: %w", path, err)
	}
	return nil
}
