package export

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"os"
	"strconv"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export/fileformat"
	"github.com/sgtab/sgtab/rules"
)

// KeyRareCRC is the CRC-32C of a rare-positions file's rows (see rareCRC).
const KeyRareCRC = "sgtab.rare_crc32c"

// A RareTable holds the rare positions of a table: Values[i] is SG(N[i]),
// rare under Mask.
type RareTable struct {
	Game   rules.Game
	Heaps  int      // the table's N: every position is at most Heaps
	Split  sg.Split // the split the positions are rare under (Count: their number)
	N      []int
	Values []uint32
}

// WriteRare writes the rare positions of t (t.Analysis.Rare) to the Parquet
// file path: columns n (int64) and sg (int32, or int64 for values above
// 2^31 − 1), one row per rare position, with t's metadata but sgtab.kind =
// rare, and sgtab.rare_crc32c, the CRC-32C of its rows. It is an error if t
// has no rare/common split. The file is written under a temporary name and
// renamed when complete (fileformat.WriteFile).
func WriteRare(path string, t *sg.Table, opt Options) error {
	err := writeFile(path, func(f *os.File) error {
		if t.Analysis == nil || t.Analysis.Rare.Mask == 0 {
			return fmt.Errorf("table %s has no rare values", t.Game.Name)
		}
		meta, err := opt.metadata(t)
		if err != nil {
			return err
		}
		r := t.Analysis.Rare
		vs := make([]uint32, len(r.Positions))
		for i, n := range r.Positions {
			vs[i] = t.G.At(n)
		}
		meta[KeyKind] = string(KindRare)
		meta[KeyRareCRC] = rareCRC(r.Positions, vs)
		schema := Schema(&sg.Table{G: sg.ValuesOf(vs)}, meta) // n and sg
		return fileformat.WriteBatch(f, schema, opt.fileOptions(), func(b *array.RecordBuilder) {
			ns := b.Field(0).(*array.Int64Builder)
			for i, n := range r.Positions {
				ns.Append(int64(n))
				switch sgs := b.Field(1).(type) {
				case *array.Int32Builder:
					sgs.Append(int32(vs[i]))
				case *array.Int64Builder:
					sgs.Append(int64(vs[i]))
				}
			}
		})
	})
	if err != nil {
		return fmt.Errorf("write parquet %s: %w", path, err)
	}
	return nil
}

// rareCRC returns the CRC-32C of rare positions: each row as n in eight
// bytes and its value in four, little-endian, in 8 hexadecimal digits.
func rareCRC(ns []int, vs []uint32) string {
	var crc uint32
	var row [12]byte
	for i, n := range ns {
		binary.LittleEndian.PutUint64(row[:8], uint64(n))
		binary.LittleEndian.PutUint32(row[8:], vs[i])
		crc = crc32.Update(crc, castagnoli, row[:])
	}
	return fmt.Sprintf("%08X", crc)
}

// readRare reads the rare positions of a table and verifies them: their
// CRC, that each is rare under sgtab.rare_mask, in increasing order, at
// most sgtab.heaps, and as many as sgtab.rare_count says.
func (f *File) readRare(recs fileformat.Records) error {
	meta := f.Meta
	idx, err := columns(recs.Schema, 2, colN, colSG)
	if err != nil {
		return err
	}
	r := &RareTable{}
	heaps, err1 := strconv.Atoi(meta[KeyHeaps])
	mask, err2 := strconv.ParseUint(meta[KeyRareMask], 10, 32)
	count, err3 := strconv.Atoi(meta[KeyRareCount])
	if err1 != nil || err2 != nil || err3 != nil || mask == 0 {
		return fmt.Errorf("metadata %s, %s and %s: want the table's N, its rare mask and the number of rare positions", KeyHeaps, KeyRareMask, KeyRareCount)
	}
	r.Heaps, r.Split = heaps, sg.Split{Mask: uint32(mask), Count: count}
	switch pos := meta[KeyRarePos]; pos {
	case "", "none": // written before parities counted, or none
	case string(sg.Even), string(sg.Odd):
		r.Split.Pos = sg.Parity(pos)
	default:
		return fmt.Errorf("metadata %s = %q, want none, even or odd", KeyRarePos, pos)
	}
	var long []int64
	err = recs.EachColumns(idx, func(cols []arrow.Array) error {
		var err error
		if long, err = ints(cols[0], long); err != nil {
			return fmt.Errorf("column n: %w", err)
		}
		vs, err := values(colSG, cols[1], nil)
		if err != nil {
			return err
		}
		for i, n := range long {
			switch {
			case n < 0 || n > int64(heaps):
				return fmt.Errorf("row %d holds n = %d, outside the table's 0..%d", len(r.N), n, heaps)
			case len(r.N) > 0 && n <= int64(r.N[len(r.N)-1]):
				return fmt.Errorf("row %d holds n = %d, not after %d", len(r.N), n, r.N[len(r.N)-1])
			case !r.Split.RareAt(int(n), vs[i]):
				return fmt.Errorf("row %d: SG(%d) = %d is not rare under the mask %#x (parity: %s)", len(r.N), n, vs[i], r.Split.Mask, parityText(r.Split.Pos))
			}
			r.N = append(r.N, int(n))
			r.Values = append(r.Values, vs[i])
		}
		return nil
	})
	if err != nil {
		return err
	}
	if len(r.N) != count {
		return fmt.Errorf("%d rare positions, but %s says %d", len(r.N), KeyRareCount, count)
	}
	crc, ok := meta[KeyRareCRC]
	if !ok {
		return fmt.Errorf("no checksum (%s) to verify the rows with; compute the table again with sgtab run", KeyRareCRC)
	}
	if got := rareCRC(r.N, r.Values); got != crc {
		return fmt.Errorf("damaged: the rows' CRC-32C is %s, but %s says %s", got, KeyRareCRC, crc)
	}
	r.Game.Name, r.Game.Config = meta[KeyName], meta[KeyConfig]
	f.Rare = r
	return nil
}
