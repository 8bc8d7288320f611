package export

import (
	"bufio"
	"fmt"
	"hash/crc32"
	"io"
	"strconv"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/sgtab/sgtab/compute/graphgame"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export/fileformat"
)

// WriteCSV writes t as a CSV table: the file path, with the columns of
// Schema (n, sg, sg_ring on a ring start, a misère table's genus), and its sidecar
// SidecarPath(path), with the metadata WriteParquet writes (Metadata,
// opt.Extra, and sgtab.mac with opt.MACKey). Each is written under a
// temporary name and renamed when complete (fileformat.WriteFile), the sidecar
// first; the rows are written as they are formatted, a line at a time, so
// that the text is never held in memory.
func WriteCSV(path string, t *sg.Table, opt Options) error {
	schema, err := prepare(t, opt)
	if err == nil && t.Loopy != nil {
		err = fmt.Errorf("the positions of %s repeat, and a table of its values ∞(K) is written as Parquet or Arrow only", t.Game.Name)
	}
	if err != nil {
		return fmt.Errorf("write csv %s: %w", path, err)
	}
	k := keyedTable{schema: schema, values: valuesOf(t),
		text: func(line []byte, n int) []byte { return strconv.AppendInt(line, int64(n), 10) }}
	return k.writeCSV(path)
}

// WriteLatticeCSV writes the lattice table t as a CSV table, path and its
// sidecar, as WriteCSV does: columns x, y and sg, one row per point, x
// running fastest, with the metadata of LatticeMetadata.
func WriteLatticeCSV(path string, t *sg.LatticeTable, opt Options) error {
	return latticeTable(t, opt).writeCSV(path)
}

// WriteGraphCSV writes the graph table t as a CSV table, path and its
// sidecar, as WriteCSV does: columns node and sg, with the metadata of
// GraphMetadata. A name that holds a comma, a quote or a line break is
// quoted (RFC 4180); one that is not UTF-8 text, or holds a carriage
// return (which CSV readers drop before a line break), is refused, and so
// is a table of a graph with cycles (its lists of finite values have no
// CSV form); a table of geography is written without its winning moves.
func WriteGraphCSV(path string, t *graphgame.GraphTable, opt Options) error {
	err := checkNodeNames(t.Strings)
	if t.Loopy != nil {
		err = fmt.Errorf("the graph has cycles, and a table of its values ∞(K) is written as Parquet or Arrow only")
	}
	if t.Moves != nil {
		t = &graphgame.GraphTable{Game: t.Game, Ints: t.Ints, Strings: t.Strings, G: t.G, Edges: t.Edges, EdgesCRC: t.EdgesCRC, Created: t.Created}
	}
	for _, s := range t.Strings {
		if err == nil && strings.IndexByte(s, '\r') >= 0 {
			err = fmt.Errorf("the node name %s holds a carriage return, which CSV readers do not keep", strconv.Quote(s))
		}
	}
	if err != nil {
		return fmt.Errorf("write csv %s: %w", path, err)
	}
	return graphTable(t, opt).writeCSV(path)
}

// appendValue appends a comma and v.
func appendValue(b []byte, v uint32) []byte {
	return strconv.AppendUint(append(b, ','), uint64(v), 10)
}

// appendField appends s as a CSV field: as it is, or in double quotes with
// each quote doubled when it holds a comma, a quote or a line break, or
// begins with a space, as encoding/csv writes it.
func appendField(b []byte, s string) []byte {
	if !strings.ContainsAny(s, ",\"\r\n") && !strings.HasPrefix(s, " ") && !strings.HasPrefix(s, "\t") {
		return append(b, s...)
	}
	b = append(b, '"')
	for i := range len(s) {
		if s[i] == '"' {
			b = append(b, '"')
		}
		b = append(b, s[i])
	}
	return append(b, '"')
}

// csvChunk is how many rows a CSV writer takes from a table at a time.
const csvChunk = 1 << 16

// writeCSV writes k as a CSV table, the file path and its sidecar (see
// WriteCSV): each row its key fields, then its values.
func (k keyedTable) writeCSV(path string) error {
	bufs := make([][]uint32, len(k.values))
	return writeCSV(path, k.schema, k.rows(), func(lo, hi int) {
		for c, v := range k.values {
			bufs[c] = v.AppendTo(bufs[c][:0], lo, hi)
		}
	}, func(line []byte, i, j int) []byte {
		line = k.text(line, i)
		for _, buf := range bufs {
			line = appendValue(line, buf[j])
		}
		return line
	})
}

// writeCSV writes a CSV table of schema and rows rows: the file path and
// its sidecar, each as a whole or not at all (fileformat.WriteFile). For each chunk of
// rows lo..hi−1, chunk is called, then row for each of them with its
// number i and its place j = i − lo in the chunk, to append its fields to a
// line.
func writeCSV(path string, schema *arrow.Schema, rows int, chunk func(lo, hi int), row func(b []byte, i, j int) []byte) error {
	side, err := newSidecar(schema, rows)
	if err == nil {
		err = fileformat.WriteFile(path, func(w io.Writer) error {
			if err := writeRows(w, side, chunk, row); err != nil {
				return err
			}
			// In place before the CSV, and with it renamed an instant later.
			if err := fileformat.WriteFile(SidecarPath(path), side.write); err != nil {
				return fmt.Errorf("write %s: %w", SidecarPath(path), err)
			}
			return nil
		})
	}
	if err != nil {
		return fmt.Errorf("write csv %s: %w", path, err)
	}
	return nil
}

// writeRows writes the header row and the rows of the CSV table of side
// to w, through a buffer of fixed size, and sets side's block checksums.
func writeRows(w io.Writer, side *sidecar, chunk func(lo, hi int), row func(b []byte, i, j int) []byte) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	line := []byte(strings.Join(side.header(), ",") + "\n")
	if _, err := bw.Write(line); err != nil {
		return err
	}
	rows := int(side.Rows)
	blocks := newBlockSums(side.Rows, blockRows(side.Rows))
	for lo := 0; lo < rows; lo += csvChunk {
		hi := min(lo+csvChunk, rows)
		chunk(lo, hi)
		for i := lo; i < hi; i++ {
			line = append(row(line[:0], i, i-lo), '\n')
			if _, err := bw.Write(line); err != nil {
				return err
			}
			blocks.add(line)
		}
	}
	side.BlockRows, side.BlockCRC = blocks.rows, string(blocks.sums)
	return bw.Flush()
}

// Block checksums let a reader tell where a CSV table was changed: the
// sidecar holds the CRC-32C of each block of BlockRows rows, each row
// written as sgtab writes it (whatever the quoting and line ends of the
// file read), in 8 hexadecimal digits. They only place a change; the
// checksums of the metadata verify the values.
const (
	minBlockRows = 64      // rows in a block at the least
	maxBlocks    = 1 << 16 // blocks at the most, in a sidecar of 512 KiB
)

// blockRows returns the rows of a block of a table of rows rows: the least
// power of two from minBlockRows on that makes at most maxBlocks blocks.
func blockRows(rows int64) int64 {
	b := int64(minBlockRows)
	for (rows+b-1)/b > maxBlocks {
		b *= 2
	}
	return b
}

// blockSums computes the block checksums of a table's rows.
type blockSums struct {
	rows, in int64  // rows a block, rows of the current block so far
	left     int64  // rows still to come
	crc      uint32 // of the current block
	sums     []byte // the checksums of the blocks complete
}

// newBlockSums returns the block checksums of a table of rows rows, per
// rows in a block.
func newBlockSums(rows, per int64) *blockSums {
	return &blockSums{rows: per, left: rows, sums: make([]byte, 0, 8*min((rows-1)/per+1, maxBlocks))}
}

// add adds the next row, as a line sgtab writes, and reports whether it
// ends a block.
func (b *blockSums) add(line []byte) bool {
	b.crc = crc32.Update(b.crc, castagnoli, line)
	b.in++
	b.left--
	if b.in < b.rows && b.left > 0 {
		return false
	}
	for shift := 28; shift >= 0; shift -= 4 {
		b.sums = append(b.sums, "0123456789ABCDEF"[b.crc>>shift&15])
	}
	b.crc, b.in = 0, 0
	return true
}
