package export

import (
	"fmt"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/sgtab/sgtab/export/fileformat"
)

// KindQuotientCensus is the kind of a sweep's census of misère quotients:
// one row per distinct rule of its games on a line.
const KindQuotientCensus Kind = "quotient-census"

// A QuotientRow is one game of a census of misère quotients: how far its
// quotient was found, and what it is there.
type QuotientRow struct {
	Name   string // the first game of the sweep with this rule
	Rule   string // its canonical rule
	Family string // what generated it
	Heaps  int    // the heap bound asked
	// Status is "verified" when the quotient of the heaps up to Heaps was
	// found and proved, "outgrew" when it outgrew a bound (Bound) first.
	Status string
	Bound  string // "order", "positions" or "steps" when it outgrew one
	// Reached is the largest heap bound whose quotient was found, and
	// Order its order; Orders the order at each bound 1..Reached.
	Reached, Order int
	Orders         []uint32
	// StableFrom is the least heap bound from which the order stayed
	// Order; Stabilised says the quotient of half the bound was it already.
	StableFrom int
	Stabilised bool
	Tame       bool // isomorphic to a tame quotient T_k
	// Generators, PPortion and Relations count the generators of its
	// presentation, the elements of its P-portion, and its relations.
	Generators, PPortion, Relations int
	Seconds                         float64
}

// quotientCensusColumns are the columns of a census of misère quotients.
var quotientCensusColumns = []rowColumn[QuotientRow]{
	strColumn("name", func(r *QuotientRow) string { return r.Name }),
	strColumn("rule", func(r *QuotientRow) string { return r.Rule }),
	strColumn("family", func(r *QuotientRow) string { return r.Family }),
	numColumn("heaps", func(r *QuotientRow) int64 { return int64(r.Heaps) }),
	strColumn("status", func(r *QuotientRow) string { return r.Status }),
	strColumn("bound", func(r *QuotientRow) string { return r.Bound }).
		nullUnless(func(r *QuotientRow) bool { return r.Bound != "" }),
	numColumn("reached", func(r *QuotientRow) int64 { return int64(r.Reached) }),
	numColumn("quotient_order", func(r *QuotientRow) int64 { return int64(r.Order) }),
	listColumn("orders", func(r *QuotientRow) []uint32 { return r.Orders }),
	numColumn("stable_from", func(r *QuotientRow) int64 { return int64(r.StableFrom) }),
	boolColumn("stabilised", func(r *QuotientRow) bool { return r.Stabilised }),
	boolColumn("tame", func(r *QuotientRow) bool { return r.Tame }),
	numColumn("generators", func(r *QuotientRow) int64 { return int64(r.Generators) }),
	numColumn("p_portion", func(r *QuotientRow) int64 { return int64(r.PPortion) }),
	numColumn("relations", func(r *QuotientRow) int64 { return int64(r.Relations) }),
	floatColumn("seconds", func(r *QuotientRow) float64 { return r.Seconds }),
}

// WriteQuotientCensus writes rows to the Parquet file path with the
// metadata sgtab.kind (quotient-census), sgtab.version, sgtab.games (the
// number of rows), sgtab.rows_crc32c and meta, under a temporary name
// renamed when complete (fileformat.WriteFile).
func WriteQuotientCensus(path string, rows []QuotientRow, meta map[string]string, opt Options) error {
	opt.MACKey = nil // a census of quotients is not signed
	return writeRowFile(path, KindQuotientCensus, quotientCensusColumns, rows, meta, opt)
}

// ReadQuotientCensus reads and verifies a census written by
// WriteQuotientCensus: its columns, number of rows and their CRC.
func ReadQuotientCensus(path string) ([]QuotientRow, map[string]string, error) {
	f, err := readKind(path, KindQuotientCensus, "a census of misère quotients")
	if err != nil {
		return nil, nil, err
	}
	return f.Quotients, f.Meta, nil
}

// readQuotientCensus reads the rows of a census of quotients and checks
// their CRC.
func (f *File) readQuotientCensus(recs fileformat.Records) error {
	rows, err := readRows(recs, f.Meta, quotientCensusColumns, func(rec arrow.RecordBatch, idx []int, i, row int) (QuotientRow, error) {
		col := func(c int) arrow.Array { return rec.Column(idx[c]) }
		str := func(c int) string { return col(c).(*array.String).Value(i) }
		num := func(c int) int { return int(col(c).(*array.Int64).Value(i)) }
		flag := func(c int) bool { return col(c).(*array.Boolean).Value(i) }
		r := QuotientRow{Name: str(0), Rule: str(1), Family: str(2), Heaps: num(3), Status: str(4),
			Reached: num(6), Order: num(7), Orders: listAt(col(8), i), StableFrom: num(9), Stabilised: flag(10),
			Tame: flag(11), Generators: num(12), PPortion: num(13), Relations: num(14),
			Seconds: col(15).(*array.Float64).Value(i)}
		if col(5).IsValid(i) {
			r.Bound = str(5)
		}
		return r, nil
	})
	if err != nil {
		return err
	}
	f.Quotients = rows
	return nil
}

// describeQuotientCensus writes what a census of misère quotients holds:
// its games by status and kind.
func describeQuotientCensus(w *strings.Builder, path string, f *File) {
	var verified, tame, stable int
	for _, r := range f.Quotients {
		if r.Status == StatusVerified {
			verified++
		}
		if r.Tame {
			tame++
		}
		if r.Stabilised {
			stable++
		}
	}
	n := len(f.Quotients)
	fmt.Fprintf(w, "%s: %s census of misère quotients, %d %s\n", path, f.Format, n, plural(n, "row"))
	fmt.Fprintf(w, "  games   %d verified to their heap bound (%d stabilised), %d outgrew a bound; %d tame\n", verified, stable, n-verified, tame)
}
