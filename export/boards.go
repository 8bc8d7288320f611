package export

import (
	"fmt"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/sgtab/sgtab/export/fileformat"
)

// KindBoards is the kind of the table sgtab solve writes for a range of
// boards: one row per board, its nimber found by search or by a proof.
const KindBoards Kind = "boards"

// A Board is one position sgtab solve found the nimber of: the start of
// a game on a board of a size.
type Board struct {
	Game       string // cram, chomp or node-kayles
	Rows, Cols int
	Nimber     int
	Proof      string  // the symmetry argument that decided it, or "" when searched
	Positions  int64   // positions the search examined
	Seconds    float64 // the search's time
}

var boardColumns = []rowColumn[Board]{
	strColumn("game", func(r *Board) string { return r.Game }),
	numColumn("rows", func(r *Board) int64 { return int64(r.Rows) }),
	numColumn("cols", func(r *Board) int64 { return int64(r.Cols) }),
	numColumn("nimber", func(r *Board) int64 { return int64(r.Nimber) }),
	strColumn("proof", func(r *Board) string { return r.Proof }),
	numColumn("positions", func(r *Board) int64 { return r.Positions }),
	floatColumn("seconds", func(r *Board) float64 { return r.Seconds }),
}

// WriteBoards writes rows to the Parquet file path with the metadata
// sgtab.kind (boards), sgtab.version, sgtab.games (the number of rows),
// sgtab.rows_crc32c and, with opt.MACKey, sgtab.mac (BoardsSigned), under
// a temporary name renamed when complete.
func WriteBoards(path string, rows []Board, opt Options) error {
	return writeRowFile(path, KindBoards, boardColumns, rows, nil, opt)
}

// ReadBoards reads and verifies a table written by WriteBoards: its
// columns, its number of rows and their CRC. It returns the rows and the
// metadata.
func ReadBoards(path string) ([]Board, map[string]string, error) {
	f, err := readKind(path, KindBoards, "a table of boards (sgtab solve -out)")
	if err != nil {
		return nil, nil, err
	}
	return f.Boards, f.Meta, nil
}

// BoardsSigned reports whether a table of boards, as ReadBoards returns
// it, carries a MAC under key and it is theirs. It is false for an empty
// key.
func BoardsSigned(rows []Board, meta map[string]string, key []byte) bool {
	mac, ok := meta[KeyMAC]
	return len(key) > 0 && ok && macEqual(mac, rowsMAC(key, meta, boardColumns, rows))
}

// readBoards reads the rows of a table of boards and verifies them.
func (f *File) readBoards(recs fileformat.Records) error {
	rows, err := readRows(recs, f.Meta, boardColumns, func(rec arrow.RecordBatch, idx []int, i, row int) (Board, error) {
		col := func(c int) arrow.Array { return rec.Column(idx[c]) }
		str := func(c int) string { return col(c).(*array.String).Value(i) }
		num := func(c int) int64 { return col(c).(*array.Int64).Value(i) }
		return Board{
			Game: str(0), Rows: int(num(1)), Cols: int(num(2)), Nimber: int(num(3)),
			Proof: str(4), Positions: num(5), Seconds: col(6).(*array.Float64).Value(i),
		}, nil
	})
	if err != nil {
		return err
	}
	f.Boards = rows
	return nil
}

// describeBoards writes what a table of boards holds: each board's nimber
// and how it was found.
func describeBoards(w *strings.Builder, path string, f *File) {
	n := len(f.Boards)
	fmt.Fprintf(w, "%s: %s table of %d %s (sgtab solve)\n", path, f.Format, n, plural(n, "board"))
	for _, b := range f.Boards {
		how := fmt.Sprintf("searched %d positions in %.2f s", b.Positions, b.Seconds)
		if b.Proof != "" {
			how = "proved: " + b.Proof
		}
		fmt.Fprintf(w, "  %s %d×%d  nimber %d  %s\n", b.Game, b.Rows, b.Cols, b.Nimber, how)
	}
}
