package heap

import (
	"context"
	"fmt"
	"iter"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/positions"
	"github.com/sgtab/sgtab/rules"
)

// Source returns the source of heaps of g: its stored table f, or, when f
// is nil, its table computed as far as the largest heap asked.
func (Family) Source(g rules.Game, f *export.File, name string) (positions.Source, error) {
	if f != nil && f.Kind != export.KindTable {
		return nil, fmt.Errorf("%s %s", name, f.Note())
	}
	return &source{name: name, game: g, file: f}, nil
}

// A source answers heaps of a heap game (on a ring start, its rings) from
// its table, and beyond the table from a proved period, which extends it
// to every heap.
type source struct {
	name   string
	game   rules.Game
	file   *export.File    // the stored table; nil: computed from game
	table  *compute.Table  // nil until prepared
	period *compute.Period // a proved period of table's row values
}

// firstQuerySize is the first table size computed for a heap whose game
// may prove its period; it grows sixteenfold until the period is proved or
// the heap is reached.
const firstQuerySize = 1 << 12

func (s *source) Game() rules.Game { return s.game }

// Prepare reads the stored table, or computes the game's table as far as
// need: for a game whose period a theorem may prove, in steps, stopping
// once the period is proved, so that any heap is answered from the period.
// A misère game that splits heaps needs no table: the misère search of
// package positions answers its positions from its rule. (Sums of heaps
// of a misère game that does not split are the search's too; a single
// heap of it is answered from the table, its outcome and moves.)
func (s *source) Prepare(ctx context.Context, need int) error {
	if s.game.Misere && s.game.Rule.MaxParts() > 1 {
		return nil // every position of it is the misère search's
	}
	if s.file != nil {
		return s.read(need)
	}
	want := max(need, 1)
	n := want
	if s.extendable() {
		n = min(want, firstQuerySize)
	}
	for {
		if err := rules.CheckHeaps(int64(n), s.game.Start); err != nil {
			return fmt.Errorf("%s: heap %d: %w", s.name, need, err)
		}
		t, err := compute.Sequence(ctx, s.game, n, compute.Options{StopWhenProved: s.extendable()})
		if err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
		s.table = t
		if s.extendable() && t.Analysis.Status == compute.Proved {
			s.period = &t.Analysis.Period
			return nil
		}
		if n >= want {
			return nil
		}
		n = min(want, n*16)
	}
}

// extendable reports whether a proved period of the game extends its
// table to every heap size: a line start in normal play (a ring column's
// period is not proved).
func (s *source) extendable() bool {
	g := s.game
	return g.Start == rules.StartLine && !g.Misere && compute.Provable(g.Rule)
}

// read takes the stored table, whose values export has verified, and its
// proved period; it must reach heap need unless its period is proved.
func (s *source) read(need int) error {
	t := s.file.Table
	s.table = t
	if a := t.Analysis; s.extendable() && a.Status == compute.Proved {
		s.period = &a.Period
	}
	if t.N() < need && s.period == nil {
		why := "its period is not proved"
		switch {
		case s.file.Foreign:
			why = "it has no sgtab metadata to prove a period with"
		case t.Game.Start == rules.StartRing:
			why = "a ring column's period is not proved"
		}
		return fmt.Errorf("%s holds SG(0..%d) and %s; heap %d was asked", s.name, t.N(), why, need)
	}
	return nil
}

// Check refuses a point. A heap of a misère game, alone or in a sum, is
// answered by the misère search (package positions), which needs no table.
func (s *source) Check(c positions.Component, _ bool) error {
	if c.Point {
		return fmt.Errorf("%s is a heap game: give a heap size, not a point", s.name)
	}
	return nil
}

// Value returns SG of a ring of c.N tokens on a ring start, of a row
// otherwise: from the table, or beyond it from the proved period.
func (s *source) Value(c positions.Component) (uint32, bool) {
	if s.ring() {
		return s.table.Ring.At(c.N), false
	}
	return s.sg(c.N), c.N >= s.table.G.Len()
}

// sg returns SG(n) of a row of n tokens: from the table, or beyond it from
// the proved period.
func (s *source) sg(n int) uint32 {
	if n < s.table.G.Len() {
		return s.table.G.At(n)
	}
	p := s.period
	return s.table.G.At(p.Start + (n-p.Start)%p.Length)
}

func (s *source) ring() bool { return s.game.Start == rules.StartRing }

// Work returns compute.MoveWork of the heap.
func (s *source) Work(c positions.Component) float64 {
	return compute.MoveWork(s.game.Rule, c.N, s.ring(), s.period)
}

// Count counts the moves of the heap to an option of value target, a
// residue class at a time where the period allows (compute.CountMovesTo).
func (s *source) Count(c positions.Component, target uint32) (int64, error) {
	count, err := compute.CountMovesTo(s.game.Rule, c.N, s.ring(), s.sg, s.empty(), s.period, target)
	if err != nil {
		return 0, fmt.Errorf("heap %d of %s: %w", c.N, s.name, err)
	}
	return count, nil
}

// Moves returns the moves of the heap to an option of value target, in
// order, one at a time as they are found (compute.EachMoveTo).
func (s *source) Moves(c positions.Component, target uint32) (iter.Seq[positions.Move], error) {
	moves, err := compute.EachMoveTo(s.game.Rule, c.N, s.ring(), s.sg, s.empty(), s.period, target)
	if err != nil {
		return nil, fmt.Errorf("heap %d of %s: %w", c.N, s.name, err)
	}
	return func(yield func(positions.Move) bool) {
		for mv := range moves {
			leave := mv.Leave
			if leave == nil {
				leave = []int{}
			}
			if !yield(positions.Move{Take: mv.Take, Leave: leave, Text: mv.Describe(c.N, s.ring())}) {
				return
			}
		}
	}, nil
}

// empty returns the value of a move that leaves no heap: 0 in normal play;
// in misère play the heap left decides, and an empty one is won by the
// opponent, who cannot move.
func (s *source) empty() uint32 {
	if s.game.Misere {
		return s.table.G.At(0)
	}
	return 0
}
