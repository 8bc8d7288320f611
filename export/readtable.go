package export

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/sgtab/sgtab/compute/period"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export/fileformat"
	"github.com/sgtab/sgtab/rules"
)

// readTable reads a heap game's table and verifies it.
func (f *File) readTable(ctx context.Context, recs fileformat.Records, opt ReadOptions) error {
	if f.Meta[KeyValues] == ValuesGeneralized {
		return f.readLoopyTable(ctx, recs, opt)
	}
	idx, err := columns(recs.Schema, 2, colN, colSG, colRing)
	if err != nil {
		return err
	}
	genus, _ := genusFields(fieldNames(recs.Schema))
	more, err := columns(recs.Schema, len(genus), genus...)
	if err != nil {
		return err
	}
	idx = append(idx, more...)
	t := &sg.Table{}
	var (
		long []int64
		wide []uint32
	)
	err = recs.EachColumns(idx, func(cols []arrow.Array) error {
		var err error
		if long, err = counting(colN, cols[0], t.G.Len(), long); err != nil {
			return err
		}
		vs, err := values(colSG, cols[1], wide)
		if err != nil {
			return err
		}
		t.G.Append(vs...)
		if cols[2] != nil {
			if vs, err = values(colRing, cols[2], wide); err != nil {
				return err
			}
			t.Ring.Append(vs...)
		}
		if len(genus) > 0 {
			return readGenus(t, genus, cols[3:], wide)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if recs.Rows >= 0 && int64(t.G.Len()) != recs.Rows {
		return fmt.Errorf("read %d rows, file says %d", t.G.Len(), recs.Rows)
	}
	if t.G.Len() == 0 {
		return errors.New("no rows")
	}
	f.Table = t
	if f.Foreign && sgtabColumns(recs.Schema) {
		return errors.New("it has the columns of a table sgtab writes (n, sg, none of them nullable) but none of its metadata: " +
			"a table whose metadata was lost or damaged, which nothing can verify; compute it again with sgtab run")
	}
	if err := f.tableGame(); err != nil {
		return err
	}
	if err := checkGenus(t); err != nil {
		return err
	}
	if f.Foreign {
		t.Analysis = period.Observe(t)
		return nil
	}
	vs := valuesOf(t)
	if err := verifySums(f.Meta, vs[0], vs[1:]...); err != nil {
		return err
	}
	if err := verifyClassical(f.Meta, t.Game); err != nil {
		return err
	}
	return f.verifyAnalysis(ctx, opt)
}

// sgtabColumns reports whether the schema s has the columns of a heap
// game's table as sgtab writes them: n, sg and perhaps sg_ring, in this
// order, none of them nullable, which other tools' tables (pandas, polars,
// DuckDB: nullable columns) are not.
func sgtabColumns(s *arrow.Schema) bool {
	for _, f := range s.Fields() {
		if f.Nullable {
			return false
		}
	}
	names := fieldNames(s)
	_, genus := genusFields(names)
	return len(names) >= 2 && slices.Equal(names[:2], []string{colN, colSG}) && genus
}

// tableGame fills in the Game of f.Table from the metadata, checking the
// keys that say what the table holds against the table.
func (f *File) tableGame() error {
	t, meta := f.Table, f.Meta
	g := &t.Game
	g.Heaps = t.G.Len() - 1
	if err := metaInt(meta, KeyHeaps, g.Heaps, "the file holds n = 0..%d"); err != nil {
		return err
	}
	g.Name = meta[KeyName]
	g.Config = meta[KeyConfig]
	switch s := meta[KeyPlay]; s {
	case "", "normal":
	case "misere":
		g.Misere = true
	default:
		return fmt.Errorf("metadata %s = %q, want normal or misere", KeyPlay, s)
	}
	if s, ok := strings.CutPrefix(meta[KeyRule], "state:"); ok {
		if !isStateGame(s) || s == "euclid" {
			return fmt.Errorf("metadata %s = %q: no built-in game with a heap table of that name", KeyRule, meta[KeyRule])
		}
		g.State = s
	} else if strings.HasPrefix(meta[KeyRule], "script:") {
		sg, err := scriptGame(meta)
		if err != nil {
			return err
		}
		g.Script = sg.Script
	} else if s, ok := meta[KeyRule]; ok {
		r, err := rules.ParseCode(s, 0)
		if err != nil {
			return fmt.Errorf("metadata %s: %w", KeyRule, err)
		}
		g.Rule = r
	} else if !f.Foreign {
		return fmt.Errorf("metadata %s missing: the file does not say the game's moves", KeyRule)
	}
	if s, ok := meta[KeyValues]; ok && s != g.Quantity() && (s != ValuesGeneralized || t.Loopy == nil || g.Script == nil) {
		return fmt.Errorf("metadata %s = %q, but the table of this game holds %s values", KeyValues, s, g.Quantity())
	}
	if err := readCreated(meta, &t.Created); err != nil {
		return err
	}
	switch s := meta[KeyStart]; s {
	case "", "line":
		g.Start = rules.StartLine
	case "ring":
		g.Start = rules.StartRing
	default:
		return fmt.Errorf("metadata %s = %q, want line or ring", KeyStart, s)
	}
	switch hasRing := t.Ring.Len() > 0; {
	case g.Start == rules.StartRing && !hasRing:
		return fmt.Errorf("metadata %s = ring, but the file has no column %s", KeyStart, colRing)
	case g.Start != rules.StartRing && hasRing:
		return fmt.Errorf("the file has a column %s, but its metadata %s is not ring", colRing, KeyStart)
	}
	return nil
}

func isStateGame(s string) bool {
	for _, name := range rules.StateGames {
		if name == s {
			return true
		}
	}
	return false
}

// readCreated reads sgtab.created into created, when meta has it.
func readCreated(meta map[string]string, created *time.Time) error {
	s, ok := meta[KeyCreated]
	if !ok {
		return nil
	}
	c, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return fmt.Errorf("metadata %s: %w", KeyCreated, err)
	}
	*created = c
	return nil
}

// metaInt checks that the metadata key, when present, is the decimal want;
// format says what the file holds instead, from want.
func metaInt(meta map[string]string, key string, want int, format string) error {
	s, ok := meta[key]
	if !ok {
		return nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("metadata %s: %w", key, err)
	}
	if n != want {
		return fmt.Errorf("metadata %s = %d, but "+format, key, n, want)
	}
	return nil
}
