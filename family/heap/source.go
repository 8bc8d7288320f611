package heap

import (
	"context"
	"fmt"
	"iter"
	"math"
	"time"

	"github.com/sgtab/sgtab/compute"
	engine "github.com/sgtab/sgtab/compute/heap"
	"github.com/sgtab/sgtab/compute/moves"
	"github.com/sgtab/sgtab/compute/period"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/positions"
	"github.com/sgtab/sgtab/rules"
)

// Source returns the source of heaps of g: its stored table f, or, when f
// is nil, its table computed as far as the largest heap asked.
func (Family) Source(g rules.Game, f *export.File, name string) (positions.Source, error) {
	if f != nil && f.Kind != export.KindTable {
		return nil, fmt.Errorf("%s %s", name, f.Note())
	}
	s := &source{name: name, game: g, file: f}
	if s.ring() {
		s.mirror, _ = period.RingMirror(g.Rule)
	}
	return s, nil
}

// A source answers heaps of a heap game (on a ring start, its rings) from
// its table, and beyond the table from a proved period, which extends it
// to every heap, or for rings from what the mirror strategy proves of
// them (period.RingMirror): rings lost, and rings the player to move
// takes whole.
type source struct {
	name       string
	game       rules.Game
	file       *export.File   // the stored table; nil: computed from game
	table      *sg.Table      // nil until prepared
	period     *sg.Period     // a proved period of table's row values
	ringPeriod *sg.Period     // a period of table's ring values proved from the rows' period
	mirror     *period.Mirror // what the mirror strategy proves of the rings; nil if nothing
}

// firstQuerySize is the first table size computed for a heap whose game
// may prove its period; it grows sixteenfold until the period is proved or
// the heap is reached.
const firstQuerySize = 1 << 12

// mirrorQuerySize is the least table computed for rings that the mirror
// strategy answers beyond it, when a ring beyond firstQuerySize is asked:
// the rows' values up to its exceptions are all the winning moves of such
// a ring need. Smaller rings are computed, their values exact.
const mirrorQuerySize = 64

func (s *source) Game() rules.Game { return s.game }

// Prepare reads the stored table, or computes the game's table as far as
// need: for a game whose period a theorem may prove, in steps, stopping
// once the period is proved, so that any heap is answered from the
// period; for a ring start whose rings the mirror strategy answers past a
// small table, when rings past firstQuerySize are asked, that table only.
// A misère game that splits heaps needs no table: the misère search of
// package positions answers its positions from its rule. (Sums of heaps
// of a misère game that does not split are the search's too; a single
// heap of it is answered from the table, its outcome and moves.)
func (s *source) Prepare(ctx context.Context, need int) error {
	return s.PrepareMetered(ctx, need, 0, family.NoMeter)
}

// sizes returns the table size that Prepare computes first and the one it
// goes to at the most, to answer every heap up to need.
func (s *source) sizes(need int) (first, last int) {
	want := max(need, 1)
	first, last = want, want
	if s.extendable() {
		first = min(want, firstQuerySize)
	}
	if m := s.mirror; m != nil && want > firstQuerySize {
		if small := max(m.Known(), mirrorQuerySize); small < want && m.Decided(small, want) {
			first, last = small, small
		}
	}
	return first, last
}

// PrepareCost estimates computing the table as far as need (none for a
// stored table): for a game whose period a theorem may prove, or that
// sparse space may speed up, no more than a bound, as for run (Cost).
func (s *source) PrepareCost(need, workers int) family.Cost {
	g := s.game
	_, n := s.sizes(need)
	if s.extendable() {
		// A proved period may answer it, its table stopping sooner: cost
		// the table as far as it may go, below 2^40 and within memory.
		n = min(n, rules.MaxHeaps-1)
		for n > firstQuerySize && rules.CheckHeaps(int64(n), g.Start) != nil {
			n /= 2
		}
	}
	if s.file != nil || rules.CheckHeaps(int64(n), g.Start) != nil || s.searched() {
		return family.Cost{} // nothing to compute, or Prepare says why it cannot
	}
	return family.Cost{
		Time:      compute.Estimate(g, n, workers),
		Shortened: s.extendable() || engine.SparseMayApply(g.Rule),
		What:      fmt.Sprintf("%s: computing SG(0..%d) to answer heap %d", s.name, n, need),
		Why:       "no theorem can prove its period, so nothing ends it early",
		Work:      int64(n) + 1,
		Shorter: func(within time.Duration) string {
			m := family.Shrink(n, func(m int) bool {
				return compute.Estimate(g, m, workers) <= within && rules.CheckHeaps(int64(m), g.Start) == nil
			})
			return fmt.Sprintf("ask for heaps up to %d (about %s); a table computed once with sgtab run and given with -table answers every heap it holds at once",
				m, family.RoundDuration(compute.Estimate(g, m, workers)))
		},
	}
}

// PrepareMetered is Prepare on workers goroutines, counting the heap sizes
// it computes on m; each step goes on from the values of the one before.
func (s *source) PrepareMetered(ctx context.Context, need, workers int, m family.Meter) error {
	return s.PrepareWithin(ctx, need, workers, m, 0)
}

// PrepareWithin is PrepareMetered that, when within is not 0, computes in
// stages growing sixteenfold from firstQuerySize heaps (as a game whose
// period may be proved always does), and gauges the pace of those done:
// once the next stage would take more than a tenth of within, it goes on
// only if answering need would take within or less at that pace, and
// otherwise stops, saying how long it would take and what to ask instead.
// The pace is measured (see projection), so it counts what an estimate
// cannot foresee: sparse space, a busy machine.
func (s *source) PrepareWithin(ctx context.Context, need, workers int, m family.Meter, within time.Duration) error {
	if s.searched() {
		return nil // every position of it is the misère search's
	}
	if s.file != nil {
		return s.read(need)
	}
	want := max(need, 1)
	n, last := s.sizes(need)
	staged := within > 0 && last > firstQuerySize
	if staged {
		n = min(n, firstQuerySize)
	}
	began, gauged := time.Now(), false
	var stages []stage
	for {
		if err := rules.CheckHeaps(int64(n), s.game.Start); err != nil {
			return fmt.Errorf("%s: heap %d: %w", s.name, need, err)
		}
		opt := sg.Options{Workers: workers, StopWhenProved: s.extendable(), Progress: m.Add, Inherited: m.Inherit, From: s.table}
		if n <= firstQuerySize {
			opt.Workers = 1 // workers pay only on long pair scans
		}
		t, err := compute.Sequence(ctx, s.game, n, opt)
		if err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
		s.take(t)
		if n >= want || s.answers(want) {
			return s.fits(need)
		}
		next := min(want, n*16)
		if !s.extendable() && !staged {
			next = want
		}
		if staged && !gauged {
			stages = append(stages, stage{n, time.Since(began)})
			at := s.projection(stages, workers)
			if took := stages[len(stages)-1].took; at(next)-took > within/10 {
				if at(want)-took > within {
					return s.tooLong(n, took, need, at, within)
				}
				gauged = true // admitted: the pace of later stages is not asked again
			}
		}
		n = next
	}
}

// A stage is a table size computed, and the time since the first stage
// began.
type stage struct {
	n    int
	took time.Duration
}

// projection returns the time to compute SG(0..k) from nothing, at the
// pace of the stages computed so far: the last stage's time grown as k to
// the power that the last two stages' times show (the estimate's,
// compute.Estimate, when the stage before took too little to measure),
// that power kept between 1 (every heap costs the same) and 3 (splits
// after any removal, gone through pair by pair).
func (s *source) projection(st []stage, workers int) func(k int) time.Duration {
	last := st[len(st)-1]
	power := 2.0
	if len(st) >= 2 {
		prev := st[len(st)-2]
		span := math.Log(float64(last.n) / float64(prev.n))
		if prev.took >= 50*time.Millisecond {
			power = math.Log(float64(last.took)/float64(prev.took)) / span
		} else if a, b := compute.Estimate(s.game, prev.n, workers), compute.Estimate(s.game, last.n, workers); a > 0 && b > 0 {
			power = math.Log(float64(b)/float64(a)) / span
		}
	} else if a, b := compute.Estimate(s.game, last.n, workers), compute.Estimate(s.game, 16*last.n, workers); a > 0 && b > 0 {
		power = math.Log(float64(b)/float64(a)) / math.Log(16)
	}
	power = min(max(power, 1), 3)
	base := max(last.took, time.Millisecond)
	return func(k int) time.Duration {
		secs := base.Seconds() * math.Pow(float64(k)/float64(last.n), power)
		return time.Duration(min(secs, 1e9) * float64(time.Second))
	}
}

// tooLong returns the error of a query of heap need that would take more
// than within at the pace (at) of the done heaps computed so far, in took.
func (s *source) tooLong(done int, took time.Duration, need int, at func(int) time.Duration, within time.Duration) error {
	why := "no theorem can prove its period, so nothing ends it early"
	if s.extendable() {
		why = fmt.Sprintf("its period is not proved up to heap %d, and nothing says it will be sooner", done)
	}
	m := family.Shrink(need, func(k int) bool { return at(k) <= within/2 })
	return fmt.Errorf("%s: computing SG(0..%d) to answer heap %d would take about %s at the pace of SG(0..%d), computed in %.1f s (%s); ask for heaps up to %d (about %s); a table computed once with sgtab run and given with -table answers every heap it holds at once",
		s.name, need, need, family.RoundDuration(at(need)), done, took.Seconds(), why, m, family.RoundDuration(at(m)))
}

// searched reports whether every position of the game is answered by the
// misère search, from its rule: a misère game whose moves may split heaps.
func (s *source) searched() bool { return s.game.Misere && s.game.Rule.MaxParts() > 1 }

// extendable reports whether a proved period of the game's rows may
// extend its table to every heap size: a rule whose period a theorem may
// prove (the rings' then follows, see sg.RingAnalysis), in normal
// play, or in misère play when its moves leave at most one heap (its
// table holds outcomes, whose period the theorem proves alike; a misère
// game that splits heaps is the misère search's).
func (s *source) extendable() bool {
	g := s.game
	return (!g.Misere || g.Rule.MaxParts() <= 1) && period.Provable(g.Rule)
}

// take takes the table t and its proved periods.
func (s *source) take(t *sg.Table) {
	s.table = t
	a := t.Analysis
	if s.extendable() && a.Status == sg.Proved {
		s.period = &a.Period
	}
	// Rings proved by the mirror strategy are answered by it (Proof).
	if r := a.Ring; r != nil && r.Status == sg.Proved && r.Proof.Theorem != period.MirrorTheorem {
		s.ringPeriod = &r.Period
	}
}

// answers reports whether the source answers every heap (every ring on a
// ring start) up to need: from its table, a proved period, or the mirror
// strategy.
func (s *source) answers(need int) bool {
	switch {
	case need <= s.table.N():
		return true
	case !s.ring():
		return s.period != nil
	}
	return s.ringPeriod != nil || s.mirror != nil && s.mirror.Decided(s.table.N(), need)
}

// read takes the stored table, whose values export has verified, and its
// proved periods; it must answer heap need.
func (s *source) read(need int) error {
	t := s.file.Table
	s.take(t)
	if !s.answers(need) {
		why := "its period is not proved"
		switch {
		case s.file.Foreign:
			why = "it has no sgtab metadata to prove a period with"
		case t.Game.Start == rules.StartRing:
			why = "its rings' period is not proved, and the mirror strategy does not answer the rings past it"
		}
		return fmt.Errorf("%s holds SG(0..%d) and %s; heap %d was asked", s.name, t.N(), why, need)
	}
	return s.fits(need)
}

// Check refuses a point, and in a sum a ring whose value the source does
// not know (only that it is won). A heap of a misère game, alone or in a
// sum, is answered by the misère search (package positions) when its game
// splits heaps or it is one of a sum.
func (s *source) Check(c positions.Component, sum bool) error {
	if c.Point {
		return fmt.Errorf("%s is a heap game: give a heap size, not a point", s.name)
	}
	if _, outcome := s.Proof(c); sum && outcome {
		return fmt.Errorf("%s: a ring of %d is won by taking it whole, but its SG value, past the table's 0..%d, is not computed, and a sum needs it: a query takes such a ring alone",
			s.name, c.N, s.table.N())
	}
	return nil
}

// Value returns SG of a ring of c.N tokens on a ring start, of a row
// otherwise: from the table, or beyond it from the proved period; a ring
// beyond it that the mirror strategy proves lost has value 0, and one
// taken whole the outcome 1 (see Proof).
func (s *source) Value(c positions.Component) (uint64, bool) {
	if !s.ring() {
		return s.sg(c.N), c.N >= s.table.G.Len()
	}
	R := s.table.Ring
	switch p := s.ringPeriod; {
	case c.N < R.Len():
		return uint64(R.At(c.N)), false
	case p != nil:
		return uint64(R.At(p.Start + (c.N-p.Start)%p.Length)), true
	case s.mirror != nil && s.mirror.Lost(c.N):
		return 0, false
	}
	return 1, false
}

// Proof says how a ring beyond the table, past any proved period of the
// rings, is answered: lost by the mirror strategy (value 0), or won by
// taking it whole (an outcome: its SG value is not known).
func (s *source) Proof(c positions.Component) (string, bool) {
	if !s.ring() || c.N < s.table.Ring.Len() || s.ringPeriod != nil || s.mirror == nil {
		return "", false
	}
	if s.mirror.Lost(c.N) {
		return period.MirrorTheorem, false
	}
	return fmt.Sprintf("taking the whole ring (its SG value, past the table's 0..%d, is not computed)", s.table.N()), true
}

// sg returns SG(n) of a row of n tokens: from the table, or beyond it from
// the proved period, with its saltus (Prepare has checked that the values
// of the heaps asked fit in 64 bits).
func (s *source) sg(n int) uint64 {
	if n < s.table.G.Len() {
		return uint64(s.table.G.At(n))
	}
	v, _ := s.period.Extend(s.table.G, n)
	return v
}

// fits reports an error when the proved period takes the values of heaps
// up to need past 64 bits: along each residue class they grow by the
// saltus, so the largest is that of one of the last p heaps.
func (s *source) fits(need int) error {
	p := s.period
	if p == nil || p.Saltus == 0 {
		return nil
	}
	for i := range min(p.Length, need+1) {
		n := need - i
		if _, ok := p.Extend(s.table.G, n); !ok {
			return fmt.Errorf("%s: heap %d: its SG value, by the proved period %d with saltus %d, is more than 2^64 − 1", s.name, n, p.Length, p.Saltus)
		}
	}
	return nil
}

func (s *source) ring() bool { return s.game.Start == rules.StartRing }

// mirrored reports whether the moves of the heap come from the mirror
// strategy's argument: a ring past the table, whose rows past it have no
// proved period.
func (s *source) mirrored(c positions.Component) bool {
	return s.ring() && c.N >= s.table.Ring.Len() && s.period == nil
}

// Work returns moves.Work of the heap, or for a ring answered by
// the mirror strategy a step a row of the table.
func (s *source) Work(c positions.Component) float64 {
	if s.mirrored(c) {
		return float64(s.table.G.Len())
	}
	return moves.Work(s.game.Rule, c.N, s.ring(), s.period)
}

// Count counts the moves of the heap to an option of value target, a
// residue class at a time where the period allows (moves.CountTo).
func (s *source) Count(c positions.Component, target uint64) (int64, error) {
	if s.mirrored(c) {
		moves, err := s.lostMoves(c, target)
		if err != nil {
			return 0, fmt.Errorf("heap %d of %s: %w", c.N, s.name, err)
		}
		var count int64
		for range moves {
			count++
		}
		return count, nil
	}
	count, err := moves.CountTo(s.game.Rule, c.N, s.ring(), s.sg, s.empty(), s.period, target)
	if err != nil {
		return 0, fmt.Errorf("heap %d of %s: %w", c.N, s.name, err)
	}
	return count, nil
}

// Moves returns the moves of the heap to an option of value target, in
// order, one at a time as they are found (moves.EachTo).
func (s *source) Moves(c positions.Component, target uint64) (iter.Seq[positions.Move], error) {
	var (
		seq iter.Seq[moves.Move]
		err error
	)
	if s.mirrored(c) {
		seq, err = s.lostMoves(c, target)
	} else {
		seq, err = moves.EachTo(s.game.Rule, c.N, s.ring(), s.sg, s.empty(), s.period, target)
	}
	if err != nil {
		return nil, fmt.Errorf("heap %d of %s: %w", c.N, s.name, err)
	}
	return func(yield func(positions.Move) bool) {
		for mv := range seq {
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

// lostMoves returns the moves of a ring past the table to a lost position
// (period.Mirror.MovesToLost); the rows past the table have no proved
// period, so no other target is answered.
func (s *source) lostMoves(c positions.Component, target uint64) (iter.Seq[moves.Move], error) {
	if target != 0 || s.mirror == nil {
		return nil, fmt.Errorf("the moves of a ring of %d to a position of value %d need the rows' values up to %d; the table ends at %d and the rows' period is not proved",
			c.N, target, c.N-1, s.table.N())
	}
	return s.mirror.MovesToLost(c.N, s.table.G)
}

// empty returns the value of a move that leaves no heap: 0 in normal play;
// in misère play the heap left decides, and an empty one is won by the
// opponent, who cannot move.
func (s *source) empty() uint64 {
	if s.game.Misere {
		return uint64(s.table.G.At(0))
	}
	return 0
}
