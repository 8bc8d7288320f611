package export

import (
	"fmt"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/sgtab/sgtab/export/fileformat"
)

// KindSearchCheckpoint is the kind of a search's checkpoint: what sgtab
// solve's search of one position had proved about its largest components
// when it was written, from which a search stopped midway resumes.
const KindSearchCheckpoint Kind = "search-checkpoint"

// Metadata of a search checkpoint: the position searched, which with
// sgtab.version fixes what each key means.
const (
	KeySearchGame     = "sgtab.search_game"     // cram, chomp or node-kayles
	KeySearchPosition = "sgtab.search_position" // the board, e.g. 6x7
)

// A SearchEntry is one fact a search proved about a component: the
// component's key (its canonical form in the game's encoding) and the
// transposition table's word for it (see search.Saved).
type SearchEntry struct {
	Key  uint64
	Word uint16
}

var searchColumns = []rowColumn[SearchEntry]{
	numColumn("key", func(r *SearchEntry) int64 { return int64(r.Key) }),
	numColumn("entry", func(r *SearchEntry) int64 { return int64(r.Word) }),
}

// WriteSearchCheckpoint writes the entries of the search of position in
// game to the Parquet file path, with the position in its metadata, its
// rows' CRC and, with opt.MACKey, their MAC, under a temporary name
// renamed when complete.
func WriteSearchCheckpoint(path, game, position string, rows []SearchEntry, opt Options) error {
	meta := map[string]string{KeySearchGame: game, KeySearchPosition: position}
	return writeRowFile(path, KindSearchCheckpoint, searchColumns, rows, meta, opt)
}

// ReadSearchCheckpoint reads a search checkpoint and verifies it before
// anything in it is used: its columns, rows and their CRC, that it is a
// checkpoint of position in game written by this version, and that it is
// signed with key. It returns the entries, or an error saying why they
// cannot be used.
func ReadSearchCheckpoint(path, game, position, version string, key []byte) ([]SearchEntry, error) {
	f, err := readKind(path, KindSearchCheckpoint, "a search checkpoint (sgtab solve -out)")
	if err != nil {
		return nil, err
	}
	switch {
	case f.Meta[KeySearchGame] != game || f.Meta[KeySearchPosition] != position:
		return nil, fmt.Errorf("%s is a checkpoint of %s %s, not of %s %s", path, f.Meta[KeySearchGame], f.Meta[KeySearchPosition], game, position)
	case f.Meta[KeyVersion] != version:
		return nil, fmt.Errorf("%s was written by sgtab %s, not %s: its keys may mean other positions", path, f.Meta[KeyVersion], version)
	case !f.Signed(key):
		return nil, fmt.Errorf("%s is not signed with your key", path)
	}
	return f.Search, nil
}

// readSearch reads the rows of a search checkpoint and verifies them.
func (f *File) readSearch(recs fileformat.Records) error {
	rows, err := readRows(recs, f.Meta, searchColumns, func(rec arrow.RecordBatch, idx []int, i, row int) (SearchEntry, error) {
		word := rec.Column(idx[1]).(*array.Int64).Value(i)
		if word < 0 || word > 0xffff {
			return SearchEntry{}, fmt.Errorf("row %d: entry %d is not a 16-bit word", row, word)
		}
		return SearchEntry{Key: uint64(rec.Column(idx[0]).(*array.Int64).Value(i)), Word: uint16(word)}, nil
	})
	if err != nil {
		return err
	}
	f.Search = rows
	return nil
}

// describeSearch writes what a search checkpoint holds.
func describeSearch(w *strings.Builder, path string, f *File) {
	n := len(f.Search)
	fmt.Fprintf(w, "%s: %s search checkpoint of %s %s: %d %s proved about its largest components (sgtab solve -out resumes from it)\n",
		path, f.Format, f.Meta[KeySearchGame], f.Meta[KeySearchPosition], n, plural(n, "fact"))
}
