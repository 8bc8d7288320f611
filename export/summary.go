package export

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export/fileformat"
)

// keyGames is the summary table's count of rows (games).
const keyGames = "sgtab.games"

// A Summary is one row of a batch run's summary table: what sgtab found for
// one game, so that many games compare in one query.
type Summary struct {
	Name, Rule, Start string
	Heaps             int
	Status            sg.Status
	// Period, Preperiod and Saltus are meaningful unless Status is None.
	Period, Preperiod int
	Saltus            uint32
	MaxSG             uint32
	RareMask          uint32
	RarePos           sg.Parity // how the heap's parity counts in the split
	RareCount         int
	Checksum          string
	Seconds           float64
	// RingStatus is the standing of the ring values' period, "" unless
	// the game starts on a ring; RingPeriod, RingPreperiod and RingSaltus
	// are meaningful when it is proved or observed.
	RingStatus                sg.Status
	RingPeriod, RingPreperiod int
	RingSaltus                uint32
	// Play is normal or misere, Values what the table holds: SG or
	// outcome (rules.Game.Quantity).
	Play, Values string
	// Theorem is the classical theorem that solves the game, with its
	// source (classical.Theorem), "" for none.
	Theorem string
	// TameThrough is, for a misère table with genera, the last n such
	// that every heap 0..n is tame (sg.GenusColumns.TameThrough);
	// nil otherwise.
	TameThrough *int
}

// Summarize returns the summary row of t, which must have been analysed.
func Summarize(t *sg.Table) Summary {
	a := t.Analysis
	s := Summary{
		Name: t.Game.Name, Rule: t.Game.RuleText(), Start: t.Game.Start.String(),
		Heaps: t.N(), Status: a.Status,
		Period: a.Period.Length, Preperiod: a.Period.Start, Saltus: a.Period.Saltus,
		MaxSG: t.MaxG(), RareMask: a.Rare.Mask, RarePos: a.Rare.Pos, RareCount: a.Rare.Count,
		Checksum: a.Checksum, Seconds: t.Elapsed.Seconds(),
		Play: map[bool]string{false: "normal", true: "misere"}[t.Game.Misere], Values: t.Game.Quantity(),
	}
	if r := a.Ring; r != nil {
		s.RingStatus = r.Status
		s.RingPeriod, s.RingPreperiod, s.RingSaltus = r.Period.Length, r.Period.Start, r.Period.Saltus
	}
	if t.Genus != nil {
		s.TameThrough = new(t.Genus.TameThrough())
	}
	return s
}

// summaryColumns are the summary table's columns, in order: every number
// is int64 (signed, so that readers may subtract columns), and period,
// preperiod and saltus are null where no period was found. Summaries
// written before the ring columns (summaryRing), rare_pos, the play's
// (summaryPlay) and tame_through read without them.
var summaryColumns = slices.Concat(summaryBase, summaryRing,
	[]rowColumn[Summary]{rarePosColumn(func(r *Summary) sg.Parity { return r.RarePos })}, summaryPlay,
	[]rowColumn[Summary]{theoremColumn},
	[]rowColumn[Summary]{numColumn(tameThrough, func(r *Summary) int64 { return int64(*r.TameThrough) }).
		nullUnless(func(r *Summary) bool { return r.TameThrough != nil })})

// theoremColumn is the column theorem of a summary table: the classical
// theorem that solves a row's game, null for none. Summaries written
// before it read without it.
var theoremColumn = strColumn("theorem", func(r *Summary) string { return r.Theorem }).
	nullUnless(func(r *Summary) bool { return r.Theorem != "" })

// tameThrough is the column of Summary.TameThrough, null but for misère
// tables with genera.
const tameThrough = "tame_through"

// summaryBase are the columns of every summary table.
var summaryBase = slices.Concat(
	[]rowColumn[Summary]{
		strColumn("name", func(r *Summary) string { return r.Name }),
		strColumn("rule", func(r *Summary) string { return r.Rule }),
		strColumn("start", func(r *Summary) string { return r.Start }),
		numColumn("heaps", func(r *Summary) int64 { return int64(r.Heaps) }),
		strColumn("status", func(r *Summary) string { return string(r.Status) }),
	},
	periodColumns("", func(r *Summary) sg.Period {
		return sg.Period{Length: r.Period, Start: r.Preperiod, Saltus: r.Saltus}
	}, func(r *Summary) bool { return r.Status != sg.None }),
	[]rowColumn[Summary]{
		numColumn("max_sg", func(r *Summary) int64 { return int64(r.MaxSG) }),
		numColumn("rare_mask", func(r *Summary) int64 { return int64(r.RareMask) }),
		numColumn("rare_count", func(r *Summary) int64 { return int64(r.RareCount) }),
		strColumn("checksum", func(r *Summary) string { return r.Checksum }),
		floatColumn("seconds", func(r *Summary) float64 { return r.Seconds }),
	},
)

// summaryRing are the ring columns of a summary table (see ringColumns).
var summaryRing = ringColumns(func(r *Summary) sg.Status { return r.RingStatus }, func(r *Summary) sg.Period {
	return sg.Period{Length: r.RingPeriod, Start: r.RingPreperiod, Saltus: r.RingSaltus}
})

// summaryPlay are the columns of the play (normal or misere) and of what
// the table holds (SG or outcome).
var summaryPlay = []rowColumn[Summary]{
	strColumn("play", func(r *Summary) string { return r.Play }),
	strColumn("values", func(r *Summary) string { return r.Values }),
}

// WriteSummary writes rows to the Parquet file path, one row per game in
// the order given, with the metadata sgtab.kind (summary), sgtab.version
// and sgtab.games (the number of rows). The file is written under a
// temporary name and renamed when complete (fileformat.WriteFile).
func WriteSummary(path string, rows []Summary, opt Options) error {
	err := writeFile(path, func(f *os.File) error {
		md := arrow.NewMetadata([]string{keyGames, KeyKind, KeyVersion}, []string{strconv.Itoa(len(rows)), string(KindSummary), opt.version()})
		return writeRowTable(f, summaryColumns, &md, rows, opt)
	})
	if err != nil {
		return fmt.Errorf("write parquet %s: %w", path, err)
	}
	return nil
}

// MergeSummary adds rows to the summary table at path: a row replaces the
// row of the same game name in place, and rows of new games follow the
// others in the order given; rows of other games are kept. Without a file
// at path, it writes rows alone. A file there that is not a summary table
// is an error, and nothing is written. Runs into one folder at once merge
// one after the other (the folder is locked while merging),
// so that none loses another's rows.
func MergeSummary(path string, rows []Summary, opt Options) error {
	unlock, err := fileformat.LockDir(filepath.Dir(path))
	if err != nil {
		return fmt.Errorf("merge summary %s: %w", path, err)
	}
	defer unlock()
	old, err := readSummaryIfAny(path)
	if err != nil {
		return fmt.Errorf("merge summary: %w; move it away or choose another output folder", err)
	}
	return WriteSummary(path, MergeRows(old, rows), opt)
}

// readSummaryIfAny reads the summary table at path, or returns nothing
// when there is no file there.
func readSummaryIfAny(path string) ([]Summary, error) {
	if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	rows, _, err := ReadSummary(path)
	return rows, err
}

// MergeRows returns old with each row of rows in place of the row of the
// same name, and the rows of new names after them, in order.
func MergeRows(old, rows []Summary) []Summary {
	out := append([]Summary(nil), old...)
	at := make(map[string]int, len(out))
	for i, r := range out {
		at[r.Name] = i
	}
	for _, r := range rows {
		if i, ok := at[r.Name]; ok {
			out[i] = r
			continue
		}
		at[r.Name] = len(out)
		out = append(out, r)
	}
	return out
}

// ReadSummary reads and verifies a summary table written by WriteSummary
// (see Read), and its key/value metadata. Summaries written before their
// numbers became int64 are read as well.
func ReadSummary(path string) (rows []Summary, meta map[string]string, err error) {
	f, err := readKind(path, KindSummary, "an sgtab summary table")
	if err != nil {
		return nil, nil, err
	}
	return f.Summary, f.Meta, nil
}

// readSummary reads the rows of a summary table, by column name, and
// checks their number against sgtab.games.
func (f *File) readSummary(recs fileformat.Records) error {
	at, err := summaryColumnsIn(recs.Schema)
	if err != nil {
		return err
	}
	rows, err := readRowTable(recs, f.Meta, at.row)
	if err != nil {
		return err
	}
	f.Summary = rows
	return nil
}

// summaryAt holds where the columns of a summary table are in its file:
// summaryBase at base, rare_pos, theorem and tame_through at pos, theorem
// and tame (-1 when the file has none), the play's and the ring's at play
// and ring (nil when it has none).
type summaryAt struct {
	base, play, ring   []int
	pos, theorem, tame int
}

// summaryColumnsIn finds the columns of a summary table in the schema s.
// Summaries written before their numbers became int64 hold other integer
// types, and those written before the ring columns, rare_pos or the play's
// lack them.
func summaryColumnsIn(s *arrow.Schema) (at summaryAt, err error) {
	if at.base, err = fieldsByName(s, rowFields(summaryBase), true); err != nil {
		return at, err
	}
	if at.pos, err = rarePosIndex(s); err != nil {
		return at, err
	}
	at.theorem = -1
	if len(s.FieldIndices(theoremColumn.Name)) > 0 {
		j, err := fieldsByName(s, []arrow.Field{theoremColumn.Field}, false)
		if err != nil {
			return at, err
		}
		at.theorem = j[0]
	}
	at.tame = -1
	if len(s.FieldIndices(tameThrough)) > 0 {
		var tame []int
		if tame, err = fieldsByName(s, []arrow.Field{{Name: tameThrough, Type: arrow.PrimitiveTypes.Int64, Nullable: true}}, true); err != nil {
			return at, err
		}
		at.tame = tame[0]
	}
	if len(s.FieldIndices(summaryPlay[0].Name)) > 0 {
		if at.play, err = fieldsByName(s, rowFields(summaryPlay), false); err != nil {
			return at, err
		}
	}
	if len(s.FieldIndices(summaryRing[0].Name)) > 0 {
		if at.ring, err = fieldsByName(s, rowFields(summaryRing), true); err != nil {
			return at, err
		}
	}
	return at, nil
}

// row reads row i of rec, row row of the summary table.
func (at summaryAt) row(rec arrow.RecordBatch, i, row int) (Summary, error) {
	if err := checkNulls(rec, summaryBase, at.base, i, row); err != nil {
		return Summary{}, err
	}
	str := func(c int) string { return rec.Column(at.base[c]).(*array.String).Value(i) }
	var bad error // the first number out of range, reported last
	num := func(c int, most int64) int64 {
		v, err := wholeAt(rec.Column(at.base[c]), i, most)
		if err != nil && bad == nil {
			bad = fmt.Errorf("column %s, row %d: %w", summaryBase[c].Name, row, err)
		}
		return v
	}
	r := Summary{
		Name: str(0), Rule: str(1), Start: str(2),
		Heaps: int(num(3, math.MaxInt64)), Status: sg.Status(str(4)),
		MaxSG: uint32(num(8, math.MaxUint32)), RareMask: uint32(num(9, math.MaxUint32)), RareCount: int(num(10, math.MaxInt64)),
		Checksum: str(11), Seconds: rec.Column(at.base[12]).(*array.Float64).Value(i),
	}
	if rec.Column(at.base[5]).IsValid(i) {
		r.Period, r.Preperiod, r.Saltus = int(num(5, math.MaxInt64)), int(num(6, math.MaxInt64)), uint32(num(7, math.MaxUint32))
	}
	var err error
	if r.RarePos, err = rarePosAt(rec, at.pos, i, row); err != nil {
		return Summary{}, err
	}
	if at.play != nil {
		r.Play, r.Values = rec.Column(at.play[0]).(*array.String).Value(i), rec.Column(at.play[1]).(*array.String).Value(i)
	}
	if at.theorem >= 0 && rec.Column(at.theorem).IsValid(i) {
		r.Theorem = rec.Column(at.theorem).(*array.String).Value(i)
	}
	if at.tame >= 0 && rec.Column(at.tame).IsValid(i) {
		v, err := wholeAt(rec.Column(at.tame), i, math.MaxInt64)
		if err != nil {
			return Summary{}, fmt.Errorf("column %s, row %d: %w", tameThrough, row, err)
		}
		r.TameThrough = new(int(v))
	}
	if at.ring != nil && rec.Column(at.ring[0]).IsValid(i) {
		r.RingStatus = sg.Status(rec.Column(at.ring[0]).(*array.String).Value(i))
		if rec.Column(at.ring[1]).IsValid(i) {
			var vs [3]int64
			for c := range vs {
				if vs[c], err = wholeAt(rec.Column(at.ring[c+1]), i, []int64{math.MaxInt64, math.MaxInt64, math.MaxUint32}[c]); err != nil {
					return Summary{}, fmt.Errorf("column %s, row %d: %w", summaryRing[c+1].Name, row, err)
				}
			}
			r.RingPeriod, r.RingPreperiod, r.RingSaltus = int(vs[0]), int(vs[1]), uint32(vs[2])
		}
	}
	return r, bad
}

// rarePosIndex returns the index in s of the column rare_pos, -1 when
// there is none (a file written before it).
func rarePosIndex(s *arrow.Schema) (int, error) {
	j := s.FieldIndices(rarePos)
	switch {
	case len(j) == 0:
		return -1, nil
	case len(j) > 1 || !arrow.TypeEqual(s.Field(j[0]).Type, arrow.BinaryTypes.String):
		return 0, fmt.Errorf("column %s: %d of it, of type %s", rarePos, len(j), s.Field(j[0]).Type)
	}
	return j[0], nil
}

// rarePosAt reads the parity of row i (row in the file) from the column
// rare_pos at index pos (none when pos < 0 or the row is null).
func rarePosAt(rec arrow.RecordBatch, pos, i, row int) (sg.Parity, error) {
	if pos < 0 || rec.Column(pos).IsNull(i) {
		return sg.NoParity, nil
	}
	switch p := sg.Parity(rec.Column(pos).(*array.String).Value(i)); p {
	case sg.Even, sg.Odd:
		return p, nil
	default:
		return "", fmt.Errorf("column %s, row %d: %q, want even or odd", rarePos, row, p)
	}
}
