package export

import (
	"context"
	"fmt"
	"maps"
	"strconv"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/classical"
	"github.com/sgtab/sgtab/compute/script"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export/fileformat"
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
// fastest; x and y are int32, sg int32 (int64 when a value is above 2^31 − 1).
func latticeSchema(t *sg.LatticeTable, meta map[string]string) *arrow.Schema {
	return arrow.NewSchema([]arrow.Field{
		{Name: "x", Type: arrow.PrimitiveTypes.Int32},
		{Name: "y", Type: arrow.PrimitiveTypes.Int32},
		{Name: colSG, Type: valueType(t.G)},
	}, schemaMetadata(meta))
}

// LatticeMetadata returns the key/value metadata of a lattice table:
// sgtab.kind (lattice), sgtab.name, sgtab.config, sgtab.version, sgtab.rule
// ("lattice:" and the steps, e.g. "lattice:(-1,0)* (0,-1)*", or
// "state:euclid"), sgtab.lattice, sgtab.width, sgtab.height, sgtab.heaps
// (the last row, width·height − 1), sgtab.status (none: a board is not
// searched for a period), sgtab.checksum and sgtab.crc32c of the values in
// row order, sgtab.created when set, sgtab.classical and
// sgtab.classical_rule when a classical theorem solves the game, and
// sgtab.pattern when its lost points show one (t.Pairs).
func LatticeMetadata(t *sg.LatticeTable, version string) map[string]string {
	m := baseMetadata(KindLattice, t.Game, version, t.Created)
	maps.Copy(m, map[string]string{
		KeyRule:     latticeRule(t.Game),
		KeyLattice:  t.Game.RuleText(),
		KeyWidth:    strconv.Itoa(t.W),
		KeyHeight:   strconv.Itoa(t.H),
		KeyHeaps:    strconv.Itoa(t.W*t.H - 1),
		KeyStatus:   string(sg.None),
		KeyChecksum: t.G.Checksum(),
		KeyCRC:      crcOf(t.G),
	})
	addClassical(m, t.Game, t.Pairs)
	return m
}

// latticeRule returns the sgtab.rule of a lattice table's game.
func latticeRule(g rules.Game) string {
	if g.Kind() == rules.KindLattice {
		return "lattice:" + g.Lattice.StepsText()
	}
	return g.RuleText() // state:euclid
}

// latticeTable returns t as its writers see it: columns x, y and sg, one
// row per point, x running fastest.
func latticeTable(t *sg.LatticeTable, opt Options) keyedTable {
	return keyedTable{
		schema: latticeSchema(t, LatticeMetadata(t, opt.Version)),
		values: []sg.Values{t.G},
		keys: func(b *array.RecordBuilder, lo, hi int) {
			xs, ys := b.Field(0).(*array.Int32Builder), b.Field(1).(*array.Int32Builder)
			xs.Reserve(hi - lo)
			ys.Reserve(hi - lo)
			for i := lo; i < hi; i++ {
				xs.UnsafeAppend(int32(i % t.W))
				ys.UnsafeAppend(int32(i / t.W))
			}
		},
		text: func(line []byte, i int) []byte {
			line = strconv.AppendInt(line, int64(i%t.W), 10)
			line = append(line, ',')
			return strconv.AppendInt(line, int64(i/t.W), 10)
		},
	}
}

// WriteLatticeParquet writes the lattice table t to the Parquet file path:
// columns x, y and sg, one row per point, x running fastest, with the
// metadata of LatticeMetadata. The file is written under a temporary name
// and renamed when complete (fileformat.WriteFile).
func WriteLatticeParquet(path string, t *sg.LatticeTable, opt Options) error {
	return latticeTable(t, opt).write(fileformat.Parquet, path, opt)
}

// WriteLatticeIPC writes the lattice table t to the Arrow IPC file path, as
// WriteLatticeParquet does.
func WriteLatticeIPC(path string, t *sg.LatticeTable, opt Options) error {
	return latticeTable(t, opt).write(fileformat.IPC, path, opt)
}

// readLattice reads a lattice table, checking that its rows cover the
// board in order, and verifies it: the checksums, and the values of the
// corner of the board (up to verifyCorner on a side) against its rule. The
// Game is built from sgtab.rule (its steps, or Euclid's game) and the board.
func (f *File) readLattice(ctx context.Context, recs fileformat.Records) error {
	meta := f.Meta
	w, err1 := strconv.Atoi(meta[KeyWidth])
	h, err2 := strconv.Atoi(meta[KeyHeight])
	if err1 != nil || err2 != nil || w < 1 || h < 1 || int64(w)*int64(h) > rules.MaxLatticePoints {
		return fmt.Errorf("metadata %s and %s: want the board's sides, 1 to %d points in all", KeyWidth, KeyHeight, rules.MaxLatticePoints)
	}
	idx, err := columns(recs.Schema, 3, "x", "y", colSG)
	if err != nil {
		return err
	}
	t := &sg.LatticeTable{W: w, H: h}
	var (
		xs, ys []int64
		wide   []uint32
	)
	i := 0
	err = recs.EachColumns(idx, func(cols []arrow.Array) error {
		var err error
		if xs, err = ints(cols[0], xs); err != nil {
			return fmt.Errorf("column x: %w", err)
		}
		if ys, err = ints(cols[1], ys); err != nil {
			return fmt.Errorf("column y: %w", err)
		}
		for j := range xs {
			if p := i + j; p >= w*h || xs[j] != int64(p%w) || ys[j] != int64(p/w) {
				return fmt.Errorf("row %d is (%d, %d), want (%d, %d)", p, xs[j], ys[j], p%w, p/w)
			}
		}
		vs, err := values(colSG, cols[2], wide)
		if err != nil {
			return err
		}
		t.G.Append(vs...)
		i += len(xs)
		return nil
	})
	if err != nil {
		return err
	}
	if i != w*h || recs.Rows >= 0 && recs.Rows != int64(i) {
		return fmt.Errorf("%d rows for a board of %d×%d", i, w, h)
	}
	if err := metaInt(meta, KeyHeaps, w*h-1, "the board has %d+1 points"); err != nil {
		return err
	}
	g := rules.Game{Name: meta[KeyName], Config: meta[KeyConfig]}
	if err := readCreated(meta, &t.Created); err != nil {
		return err
	}
	switch rule := meta[KeyRule]; {
	case rule == "state:euclid":
		if w != h {
			return fmt.Errorf("Euclid's game has a square board, not %d×%d", w, h)
		}
		g.State, g.Heaps = "euclid", w-1
	case strings.HasPrefix(rule, "script:"):
		sg, err := scriptGame(meta)
		if err != nil {
			return err
		}
		if sg.Heaps+1 != w || w != h {
			return fmt.Errorf("a board of %d×%d, but the script's parameters go from 0 to %d", w, h, sg.Heaps)
		}
		g = sg
	case strings.HasPrefix(rule, "lattice:"):
		steps, err := rules.ParseSteps(strings.TrimPrefix(rule, "lattice:"))
		if err != nil {
			return fmt.Errorf("metadata %s: %w", KeyRule, err)
		}
		g.Lattice = &rules.Lattice{Size: [2]int{w, h}, Steps: steps}
	default:
		return fmt.Errorf("metadata %s = %q: want the steps of a lattice game, or state:euclid; "+
			"a table written before sgtab 0.2 cannot be verified: compute it again with sgtab run", KeyRule, rule)
	}
	t.Game = g
	if err := verifySums(meta, t.G); err != nil {
		return err
	}
	if err := verifyClassical(meta, g); err != nil {
		return err
	}
	if err := verifyPattern(meta, t); err != nil {
		return err
	}
	f.Lattice = t
	return checkLattice(ctx, t, verifyCorner)
}

// verifyCorner is the side of the corner of a board that a reader computes
// again to check that a lattice table's values are those of its rule.
const verifyCorner = 64

// VerifyLattice checks every value of the lattice table t against its rule,
// by computing the whole board again, and returns context.Cause(ctx) when
// ctx is cancelled first.
func VerifyLattice(ctx context.Context, t *sg.LatticeTable) error {
	return checkLattice(ctx, t, max(t.W, t.H))
}

// checkLattice computes the corner of t's board, up to side points on a
// side, and checks that t holds the same values there. The value of a
// point depends only on the points towards the corner, so the corner of a
// board is the board of the corner.
func checkLattice(ctx context.Context, t *sg.LatticeTable, side int) error {
	g := t.Game
	var (
		want *sg.LatticeTable
		err  error
	)
	switch g.Kind() {
	case rules.KindScript: // the whole board: a script's corner is not a smaller game
		want, _, err = script.Lattice(ctx, g, sg.Options{Workers: 1})
	case rules.KindLattice:
		l := *g.Lattice
		l.Size = [2]int{min(t.W, side), min(t.H, side)}
		g.Lattice = &l
		want, err = compute.Lattice(ctx, g, sg.Options{Workers: 1})
	default: // a state game whose positions make a board: Euclid's game
		g.Heaps = min(g.Heaps, side-1)
		_, want, err = classical.Solve(ctx, g)
	}
	if err != nil && ctx.Err() != nil {
		return context.Cause(ctx)
	}
	if err != nil {
		return fmt.Errorf("compute %s to check the values: %w", t.Game.RuleText(), err)
	}
	for y := range want.H {
		for x := range want.W {
			if got, w := t.At(x, y), want.At(x, y); got != w {
				return &rowError{y*t.W + x, fmt.Errorf("the file's SG(%d, %d) is %d, but the rule gives %d: these are not the values of its game", x, y, got, w)}
			}
		}
	}
	return nil
}
