package export

import (
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/sgtab/sgtab/compute/misere"
	"github.com/sgtab/sgtab/export/fileformat"
	"github.com/sgtab/sgtab/rules"
)

// KindQuotient is the kind of a misère quotient's table: one row per
// element of the monoid.
const KindQuotient Kind = "quotient"

// Metadata keys of a misère quotient's table, beside sgtab.kind,
// sgtab.name, sgtab.rule, sgtab.config, sgtab.heaps (the heap bound n),
// sgtab.status (verified), sgtab.version and sgtab.rows_crc32c.
const (
	KeyOrder      = "sgtab.order"       // the number of elements
	KeyGenerators = "sgtab.generators"  // the generators and their heaps: "a=1 b=2 c=5"
	KeyRelations  = "sgtab.relations"   // the relations: "a^2 = 1, b c = a b, …"
	KeyPPortion   = "sgtab.p_portion"   // the P-portion's normal forms: "a, b^2"
	KeyOrders     = "sgtab.orders"      // the order at each heap bound 0..n: "1 2 6 …"
	KeyStableFrom = "sgtab.stable_from" // the least heap bound from which the order no longer grows
	KeyTame       = "sgtab.tame"        // true when the quotient is a tame one (misere.Quotient.Tame)
	// The bounds the quotient was computed within (misere.QuotientLimits):
	// reading it back proves it again within them. A table without them
	// is proved within the defaults.
	KeyMaxPositions = "sgtab.max_positions"
	KeyMaxSteps     = "sgtab.max_steps"
)

// StatusVerified is the status of a quotient sgtab wrote: proved for its
// heap bound (misere.VerifyQuotient).
const StatusVerified = "verified"

// A quotientRow is one element of a quotient: its number, normal form,
// whether it is in the P-portion, the heaps that pretend to be it, and its
// products with every element, in order (a row of the multiplication
// table).
type quotientRow struct {
	Element int
	Word    string
	IsP     bool
	Heaps   []uint32
	Times   []uint32
}

// quotientColumns are the columns of a quotient's table, in order.
var quotientColumns = []rowColumn[quotientRow]{
	numColumn("element", func(r *quotientRow) int64 { return int64(r.Element) }),
	strColumn("word", func(r *quotientRow) string { return r.Word }),
	boolColumn("is_p", func(r *quotientRow) bool { return r.IsP }),
	listColumn("heaps", func(r *quotientRow) []uint32 { return r.Heaps }),
	listColumn("times", func(r *quotientRow) []uint32 { return r.Times }),
}

// quotientRows returns the rows of q.
func quotientRows(q *misere.Quotient) []quotientRow {
	rows := make([]quotientRow, q.Order)
	for e := range rows {
		rows[e] = quotientRow{Element: e, Word: q.Word(e), IsP: q.P[e], Heaps: []uint32{}, Times: make([]uint32, q.Order)}
		for b := range q.Order {
			rows[e].Times[b] = uint32(q.Times(e, b))
		}
	}
	for h := 1; h <= q.Heaps; h++ {
		e := q.Pretend[h]
		rows[e].Heaps = append(rows[e].Heaps, uint32(h))
	}
	return rows
}

// rowsCRC returns the CRC-32C of rows: every column of every row, in
// order, as the table holds it.
func rowsCRC[R any](cols []rowColumn[R], rows []R) string {
	var crc uint32
	var buf []byte
	for i := range rows {
		buf = buf[:0]
		for c := range cols {
			buf = cols[c].appendBytes(buf, &rows[i])
		}
		crc = crc32.Update(crc, castagnoli, buf)
	}
	return fmt.Sprintf("%08X", crc)
}

// checkRowsCRC checks rows, read from a table of the columns cols,
// against the CRC-32C its metadata meta holds (sgtab.rows_crc32c).
func checkRowsCRC[R any](meta map[string]string, cols []rowColumn[R], rows []R) error {
	crc, ok := meta[KeyCensusCRC]
	if !ok {
		return errors.New("no checksum (" + KeyCensusCRC + ") to verify the rows with")
	}
	if got := rowsCRC(cols, rows); got != crc {
		return fmt.Errorf("damaged: the rows' CRC-32C is %s, but %s says %s", got, KeyCensusCRC, crc)
	}
	return nil
}

// QuotientMetadata returns the metadata of the table of q, the misère
// quotient of the game g's heaps up to q.Heaps.
func QuotientMetadata(q *misere.Quotient, g rules.Game, version string) map[string]string {
	gens := make([]string, len(q.Gens))
	for i, h := range q.Gens {
		gens[i] = fmt.Sprintf("%s=%d", misere.GenName(i), h)
	}
	var rels, ps []string
	for _, r := range q.Relations {
		rels = append(rels, misere.WordText(r.LHS)+" = "+q.Word(r.RHS))
	}
	for e := range q.Order {
		if q.P[e] {
			ps = append(ps, q.Word(e))
		}
	}
	orders := make([]string, len(q.Orders))
	for i, o := range q.Orders {
		orders[i] = strconv.Itoa(o)
	}
	lim := q.Limits.Resolved()
	return map[string]string{
		KeyKind: string(KindQuotient), KeyName: g.Name, KeyRule: q.Rule.String(), KeyConfig: g.Config,
		KeyHeaps: strconv.Itoa(q.Heaps), KeyStatus: StatusVerified, KeyVersion: version, KeyPlay: "misere",
		KeyOrder: strconv.Itoa(q.Order), KeyGenerators: strings.Join(gens, " "),
		KeyRelations: strings.Join(rels, ", "), KeyPPortion: strings.Join(ps, ", "),
		KeyOrders: strings.Join(orders, " "), KeyStableFrom: strconv.Itoa(q.StableFrom()),
		KeyTame:         strconv.FormatBool(q.Tame()),
		KeyMaxPositions: strconv.Itoa(lim.Positions), KeyMaxSteps: strconv.FormatInt(lim.Steps, 10),
	}
}

// WriteQuotient writes q, the misère quotient of the game g's heaps up to
// q.Heaps, to the Parquet file path: one row per element — element (its
// number, 0 the identity), word (its normal form in the generators a, b,
// …), is_p (in the P-portion), heaps (the heap sizes whose element it is:
// the pretending function) and times (its products with the elements 0,
// 1, …: a row of the multiplication table) — with the metadata of
// QuotientMetadata and the rows' CRC-32C, under a temporary name renamed
// when complete (fileformat.WriteFile).
func WriteQuotient(path string, q *misere.Quotient, g rules.Game, opt Options) error {
	rows := quotientRows(q)
	md := QuotientMetadata(q, g, opt.version())
	md[KeyCensusCRC] = rowsCRC(quotientColumns, rows)
	err := writeFile(path, func(f *os.File) error {
		return writeRowTable(f, quotientColumns, schemaMetadata(md), rows, opt)
	})
	if err != nil {
		return fmt.Errorf("write parquet %s: %w", path, err)
	}
	return nil
}

// ReadQuotient reads a misère quotient written by WriteQuotient and
// verifies it (see File.Quotient): it returns the quotient and the
// metadata.
func ReadQuotient(path string) (*misere.Quotient, map[string]string, error) {
	return ReadQuotientContext(context.Background(), path, ReadOptions{})
}

// ReadQuotientContext is ReadQuotient within the bounds of opt.Quotient,
// stopping when ctx is cancelled.
func ReadQuotientContext(ctx context.Context, path string, opt ReadOptions) (*misere.Quotient, map[string]string, error) {
	f, err := readKindContext(ctx, path, opt, KindQuotient, "a misère quotient")
	if err != nil {
		return nil, nil, err
	}
	return f.Quotient, f.Meta, nil
}

// readQuotient reads the rows of a quotient's table and verifies them: the
// rows' CRC; the columns against each other and the metadata (the normal
// forms, the generators, relations, P-portion, orders and tameness are
// those the table gives); and the quotient itself against its rule
// (misere.VerifyQuotient), so that a quotient read is proved, whoever
// wrote it: within the bounds the file gives and those of the reader
// (read), whichever are lower.
func (f *File) readQuotient(ctx context.Context, recs fileformat.Records, read misere.QuotientLimits) error {
	idx, err := fieldsByName(recs.Schema, rowFields(quotientColumns), false)
	if err != nil {
		return err
	}
	var rows []quotientRow
	err = recs.Each(func(rec arrow.RecordBatch) error {
		for i := range int(rec.NumRows()) {
			if err := checkNulls(rec, quotientColumns, idx, i, len(rows)); err != nil {
				return err
			}
			col := func(c int) arrow.Array { return rec.Column(idx[c]) }
			rows = append(rows, quotientRow{
				Element: int(col(0).(*array.Int64).Value(i)), Word: col(1).(*array.String).Value(i),
				IsP: col(2).(*array.Boolean).Value(i), Heaps: listAt(col(3), i), Times: listAt(col(4), i),
			})
		}
		return nil
	})
	if err != nil {
		return err
	}
	if err := checkRowsCRC(f.Meta, quotientColumns, rows); err != nil {
		return err
	}
	q, err := quotientOf(rows, f.Meta)
	if err != nil {
		return err
	}
	if q.Limits, err = quotientLimits(f.Meta); err != nil {
		return err
	}
	if err := verifyRead(ctx, q, read); err != nil {
		return err
	}
	g := rules.Game{Name: f.Meta[KeyName], Config: f.Meta[KeyConfig], Rule: q.Rule}
	want := QuotientMetadata(q, g, f.Meta[KeyVersion])
	for _, k := range []string{KeyOrder, KeyGenerators, KeyRelations, KeyPPortion, KeyOrders, KeyStableFrom, KeyTame, KeyStatus} {
		if f.Meta[k] != want[k] {
			return fmt.Errorf("metadata %s is %q, but the table gives %q", k, f.Meta[k], want[k])
		}
	}
	for e, r := range rows {
		if r.Word != q.Word(e) {
			return fmt.Errorf("element %d: word %q, but the table gives %q", e, r.Word, q.Word(e))
		}
	}
	f.Quotient = q
	return nil
}

// quotientLimits returns the bounds a quotient's metadata says it was
// computed within (KeyMaxPositions, KeyMaxSteps), the defaults for a
// bound it does not give.
func quotientLimits(meta map[string]string) (misere.QuotientLimits, error) {
	var lim misere.QuotientLimits
	for _, b := range []struct {
		key  string
		most int64
		dst  func(int64)
	}{
		{KeyMaxPositions, misere.MaxQuotientPositions, func(v int64) { lim.Positions = int(v) }},
		{KeyMaxSteps, misere.MaxQuotientSteps, func(v int64) { lim.Steps = v }},
	} {
		v, ok := meta[b.key]
		if !ok {
			continue
		}
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 1 || n > b.most {
			return lim, fmt.Errorf("metadata %s = %q: not a bound from 1 to %d", b.key, v, b.most)
		}
		b.dst(n)
	}
	return lim.Resolved(), nil
}

// verifyRead proves q against its rule within q.Limits, the bounds its
// file gives, and the reader's bounds read, whichever are lower. When the
// proof outgrows a bound of the reader's that is below the file's, the
// error says so, and how to raise it.
func verifyRead(ctx context.Context, q *misere.Quotient, read misere.QuotientLimits) error {
	read = read.Resolved()
	lim := misere.QuotientLimits{Order: q.Limits.Order, Positions: min(q.Limits.Positions, read.Positions), Steps: min(q.Limits.Steps, read.Steps)}
	err := misere.VerifyQuotient(ctx, q, lim)
	var be *misere.QuotientBoundError
	if !errors.As(err, &be) {
		return err
	}
	file, key, flag := q.Limits.Steps, KeyMaxSteps, "max-steps"
	if be.Bound == "positions" {
		file, key, flag = int64(q.Limits.Positions), KeyMaxPositions, "max-positions"
	}
	if be.Limit < file {
		return fmt.Errorf("its proof outgrew this read's bound of %d %s, below the file's %s = %d: raise it to prove the file (query -%s, inspect -verify): %w", be.Limit, be.Bound, key, file, flag, err)
	}
	return err
}

// listAt returns the list of row i of the list<int32> column a.
func listAt(a arrow.Array, i int) []uint32 {
	l := a.(*array.List)
	start, end := l.ValueOffsets(i)
	vs := l.ListValues().(*array.Int32)
	out := make([]uint32, 0, end-start)
	for j := start; j < end; j++ {
		out = append(out, uint32(vs.Value(int(j))))
	}
	return out
}

// quotientOf builds the quotient of the rows and metadata, checking that
// the elements are numbered 0, 1, … in order, every row of the table
// complete, every heap 1..n listed once.
func quotientOf(rows []quotientRow, meta map[string]string) (*misere.Quotient, error) {
	rule, err := rules.ParseCode(meta[KeyRule], 0)
	if err != nil {
		return nil, fmt.Errorf("metadata %s: %w", KeyRule, err)
	}
	n, err := strconv.Atoi(meta[KeyHeaps])
	if err != nil || n < 1 || n > misere.MaxQuotientHeap {
		return nil, fmt.Errorf("metadata %s = %q: not a heap bound from 1 to %d", KeyHeaps, meta[KeyHeaps], misere.MaxQuotientHeap)
	}
	order := len(rows)
	if order < 1 || order > misere.MaxQuotientOrder {
		return nil, fmt.Errorf("%d elements: not from 1 to %d", order, misere.MaxQuotientOrder)
	}
	q := &misere.Quotient{Rule: rule, Heaps: n, Order: order, Mul: make([]uint16, order*order),
		P: make([]bool, order), Pretend: slices.Repeat([]int{-1}, n+1)}
	q.Pretend[0] = 0
	for e, r := range rows {
		if r.Element != e || len(r.Times) != order {
			return nil, fmt.Errorf("row %d: element %d with %d products, want element %d with %d", e, r.Element, len(r.Times), e, order)
		}
		q.P[e] = r.IsP
		for b, v := range r.Times {
			if int(v) >= order {
				return nil, fmt.Errorf("element %d: product with %d is %d, past the order %d", e, b, v, order)
			}
			q.Mul[e*order+b] = uint16(v)
		}
		for _, h := range r.Heaps {
			if h < 1 || int(h) > n || q.Pretend[h] >= 0 {
				return nil, fmt.Errorf("element %d: heap %d is not one of 1..%d listed once", e, h, n)
			}
			q.Pretend[h] = e
		}
	}
	if h := slices.Index(q.Pretend, -1); h >= 0 {
		return nil, fmt.Errorf("heap %d is listed under no element", h)
	}
	q.Derive()
	return q, nil
}

// describeQuotient writes what a misère quotient's table holds.
func describeQuotient(w *strings.Builder, path string, f *File) {
	q, m := f.Quotient, f.Meta
	fmt.Fprintf(w, "%s: %s misère quotient, %d %s, columns element, word, is_p, heaps, times\n", path, f.Format, q.Order, plural(q.Order, "row"))
	fmt.Fprintf(w, "  game        %s, rule %s, heaps 1..%d, %s\n", m[KeyName], m[KeyRule], q.Heaps, m[KeyStatus])
	fmt.Fprintf(w, "  order       %d (%s), stable from heap %s\n", q.Order, map[bool]string{true: "tame", false: "wild"}[q.Tame()], m[KeyStableFrom])
	fmt.Fprintf(w, "  generators  %s\n", m[KeyGenerators])
	fmt.Fprintf(w, "  relations   %s\n", m[KeyRelations])
	fmt.Fprintf(w, "  P-portion   %s\n", m[KeyPPortion])
}

// IsQuotient reports whether the file at path is a misère quotient's
// table, from its metadata alone.
func IsQuotient(path string) bool {
	k, err := KindOf(path)
	return err == nil && k == KindQuotient
}

// KindOf returns the kind of the file at path, from its metadata alone (a
// CSV table's sidecar), without reading or verifying its values: Read does.
func KindOf(path string) (Kind, error) {
	if isCSV(path) {
		s, err := readSidecar(SidecarPath(path))
		if err != nil {
			return "", err
		}
		return kindOf(fileformat.Records{Meta: s.Metadata})
	}
	var kind Kind
	err := fileformat.OpenFile(path, func(r io.ReaderAt, size int64) error {
		return fileformat.OpenRecords(r, size, memory.DefaultAllocator, func(_ string, recs fileformat.Records) (err error) {
			kind, err = kindOf(recs)
			return err
		})
	})
	return kind, err
}
