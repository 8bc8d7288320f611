package heap

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/sgtab/sgtab/compute/internal/pool"
	"github.com/sgtab/sgtab/compute/period"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// progressEvery is how many heap sizes pass between progress reports and
// cancellation checks; workEvery bounds the work between two checks.
const (
	progressEvery = 1 << 12
	workEvery     = 1 << 22
)

// Sequence computes SG(0..n) of the game g in normal play (see
// Sequence), and SG of the rings 0..n when g starts on a ring.
//
// The values are kept one byte wide while they fit, then two, then four: when
// a value outgrows the width, the table is widened and the computation goes
// on from that heap size (the engine's state is rebuilt from the values).
// The table starts with room for firstRoom heap sizes and takes its full
// size once they are computed, when the width of most games has settled:
// a table that would not fit in the memory available (rules.CheckMemory)
// is refused then, or at a later widening, before it is allocated.
func Sequence(ctx context.Context, g rules.Game, n int, opt sg.Options) (*sg.Table, error) {
	if n < 0 {
		panic("compute: negative heap size")
	}
	start := time.Now()
	rule, err := rules.EngineRule(g.Rule, n)
	if err != nil {
		return nil, err
	}
	room := min(n, firstRoom) + 1
	t := &sg.Table{Game: g, G: sg.MakeValues(room, 8)}
	if g.Start == rules.StartRing {
		t.Ring = sg.MakeValues(room, 8)
	}
	r := &run{ctx: ctx, t: t, rule: rule, opt: opt, n: n, check: period.FirstCheck, now: time.Now}
	r.lastCheckpoint = r.now()
	h := 1
	if f := opt.From; f != nil && f.G.Len() > 1 {
		if h, err = r.resume(f); err != nil {
			return nil, err
		}
	}
	if w := opt.Goroutines(); w > 1 {
		r.pool = pool.New(w)
		defer r.pool.Close()
	}
	for h <= r.n {
		width := t.G.Width()
		switch width {
		case 8:
			h, err = computeFrom[uint8](r, h)
		case 16:
			h, err = computeFrom[uint16](r, h)
		default:
			h, err = computeFrom[uint32](r, h)
		}
		if err != nil {
			return nil, err
		}
		// A value that does not fit widens the table; a proof whose
		// saltus takes the values further has widened it already.
		if h <= r.n && t.G.Width() == width {
			if err := r.widen(2*width, h); err != nil {
				return nil, err
			}
		}
	}
	if t.Proved != nil && t.G.Len() <= r.n {
		if err := r.grow(); err != nil {
			return nil, err
		}
	}
	if r.canProve() && t.Proved == nil && r.n > 0 {
		if err := r.tryProof(r.n); err != nil {
			return nil, err
		}
	}
	if opt.Progress != nil {
		opt.Progress(int64(t.G.Len()) - r.reported)
	}
	t.Analysis = period.Analyze(t)
	t.Elapsed = time.Since(start)
	t.Created = time.Now()
	return t, nil
}

// widen makes the table's values width bits wide, needed from heap size h
// on, after checking that it fits in the memory available: the table's
// full size at the new width, and once it has it, the old and the new
// storage together while copying.
func (r *run) widen(width, h int) error {
	t, g := r.t, r.t.Game
	need := rules.HeapMemory(int64(r.n), g.Start, width)
	if t.G.Len() > r.n {
		need = rules.WidenMemory(int64(r.n), g.Start, width)
	}
	if err := rules.CheckMemory(need); err != nil {
		return fmt.Errorf("SG(0..%d), whose values need %d bits from heap %d on: %w", r.n, width, h, err)
	}
	tightenGC(int64(r.n+1) * int64(width/8))
	t.G.Widen(width)
	if t.HasRing() {
		t.Ring.Widen(width)
	}
	return nil
}

// A run is the state of one Sequence call that outlives a change of width.
type run struct {
	ctx            context.Context
	t              *sg.Table
	rule           rules.Rule // the game's rule within the table (rules.EngineRule)
	opt            sg.Options
	n              int // the last heap size to compute
	pool           *pool.Pool
	check          int // the next heap size at which to try a proof
	work, reported int64
	now            func() time.Time // the clock, time.Now but in tests
	lastCheckpoint time.Time        // when the last checkpoint was written (or the run started)
	checkpointCost time.Duration    // how long writing it took
}

// resume takes the values of f (up to r.n) into the table and returns the
// first heap size left to compute. The table takes the wider of the widths
// of f's row and ring values (a table read from a file stores each column
// in its own), and the proof checks go on at the next power of two. A
// period f's values already prove ends the rows at once; the ring values,
// on a ring start, go on from f's up to the end of the table, which
// StopWhenProved sets where the proof needs it, as when computing.
func (r *run) resume(f *sg.Table) (int, error) {
	t := r.t
	m := min(f.G.Len(), r.n+1)
	room := max(t.G.Len(), m)
	t.G = f.G.Slice(0, m).Grow(room)
	if t.HasRing() && f.Ring.Len() >= m {
		t.Ring = f.Ring.Slice(0, m).Grow(room)
		width := max(t.G.Width(), t.Ring.Width())
		t.G.Widen(width)
		t.Ring.Widen(width)
	}
	for r.check < m {
		r.check *= 2
	}
	r.reported = int64(m)
	if r.opt.Inherited != nil {
		r.opt.Inherited(int64(m))
	} else if r.opt.Progress != nil {
		r.opt.Progress(int64(m))
	}
	if r.canProve() && m > 1 {
		if err := r.tryProof(m - 1); err != nil {
			return 0, err
		}
		if t.Proved != nil {
			if a := f.Analysis; a != nil && a.Status == sg.Proved && a.Period == t.Proved.Period && !r.opt.StopWhenProved {
				// f's values past its proof were filled in from the
				// period, not computed: say so as f does.
				t.Proved.Computed = min(t.Proved.Computed, a.Computed)
			}
			if !t.HasRing() {
				return r.n + 1, nil // the rest is filled in
			}
			return min(m, r.n+1), nil // the rings up to r.n are left
		}
	}
	return m, nil
}

// checkpoint hands the values of heap sizes 0..h−1 to opt.Checkpoint, when
// there is one and (unless now) its interval has passed.
func (r *run) checkpoint(h int, now bool) error {
	if r.opt.Checkpoint == nil || !now && r.now().Sub(r.lastCheckpoint) < r.checkpointEvery() {
		return nil
	}
	start := r.now()
	var ring sg.Values
	if r.t.HasRing() {
		ring = r.t.Ring.Slice(0, h)
	}
	err := r.opt.Checkpoint(r.t.G.Slice(0, h), ring)
	r.lastCheckpoint = r.now()
	r.checkpointCost = r.lastCheckpoint.Sub(start)
	return err
}

// checkpointWork is the least share of the time spent computing between
// two checkpoints: a checkpoint that takes longer to write than a ninth
// of the interval asked for (the whole table of a long run, minutes at
// billions of values) makes the next one wait nine times as long as it
// took, so that writing them never takes more than a tenth of the run.
const checkpointWork = 9

// checkpointEvery returns the time to compute before the next checkpoint:
// opt.CheckpointEvery, or nine times the last checkpoint's writing when
// that is longer and took a second or more (a write of less costs the run
// nothing worth counting).
func (r *run) checkpointEvery() time.Duration {
	if r.checkpointCost < time.Second {
		return r.opt.CheckpointEvery
	}
	return max(r.opt.CheckpointEvery, checkpointWork*r.checkpointCost)
}

func (r *run) canProve() bool { return period.Provable(r.t.Game.Rule) && !r.opt.Exhaustive }

// tryProof looks for a proved period in the table's values up to heap
// size h. If there is one, it fills the values after h from the period,
// or with opt.StopWhenProved first ends the table (r.n, and t.G and t.Ring
// where they reach past it) at the last heap size the proof needs (stopAt). A saltus makes the values grow: the table is
// widened first to hold them up to its last heap size, and an error says
// when they would outgrow 32 bits (or the memory available).
func (r *run) tryProof(h int) error {
	t := r.t
	var (
		per   sg.Period
		proof sg.Proof
		ok    bool
	)
	var next int
	switch t.G.Width() {
	case 8:
		per, proof, ok, next = proveOrSchedule(t.Game.Rule, sg.Typed[uint8](t.G)[:h+1])
	case 16:
		per, proof, ok, next = proveOrSchedule(t.Game.Rule, sg.Typed[uint16](t.G)[:h+1])
	default:
		per, proof, ok, next = proveOrSchedule(t.Game.Rule, sg.Typed[uint32](t.G)[:h+1])
	}
	if !ok {
		if next > h && next < r.check {
			r.check = next // where the period the table shows would be proved
		}
		return nil
	}
	computed, last := h, r.n
	if r.opt.StopWhenProved {
		computed = proof.Need(per)
		last = min(stopAt(t.Game, per, proof), r.n)
		if last < t.G.Len() {
			t.G = t.G.Slice(0, last+1)
			if t.HasRing() {
				t.Ring = t.Ring.Slice(0, last+1)
			}
		}
		r.n = last
	}
	if err := r.widenFor(per, h, last); err != nil {
		return err
	}
	t.G.Fill(h+1, per)
	t.Proved = &sg.ProvedPeriod{Period: per, Proof: proof, Computed: computed}
	return nil
}

// proveOrSchedule returns prove's answer for the values G of a game with
// rule r, and when it finds no proof, nextProofCheck's heap size (0 for
// none): a period of 6·10^7 seen at 2^28 heap sizes is then proved at the
// 4.4·10^8 its proof needs rather than at 2^29.
func proveOrSchedule[T sg.Value](r rules.Rule, G []T) (sg.Period, sg.Proof, bool, int) {
	if per, proof, ok := period.Prove(r, G); ok {
		return per, proof, true, 0
	}
	return sg.Period{}, sg.Proof{}, false, period.NextProofCheck(r, G)
}

// widenFor widens the table to hold the values that the period per gives
// the heap sizes after h, up to last: with a saltus they grow along each
// residue class, so the largest is among the last p.
func (r *run) widenFor(per sg.Period, h, last int) error {
	if per.Saltus == 0 || last <= h {
		return nil
	}
	G := r.t.G.Slice(0, h+1)
	var top uint64
	for n := max(h+1, last-per.Length+1); n <= last; n++ {
		v, _ := per.Extend(G, n)
		top = max(top, v)
	}
	if top > math.MaxUint32 {
		return fmt.Errorf("SG(0..%d): the proved period %d, saltus %d, takes the values to %d, more than a table holds (32 bits)", r.n, per.Length, per.Saltus, top)
	}
	w := sg.WidthOf(uint32(top))
	if w <= r.t.G.Width() {
		return nil
	}
	// The first heap whose value outgrows the width, for the message:
	// in each residue class after h, the values grow by s a period.
	limit, first := uint64(1)<<(w/2)-1, last
	for n := h + 1; n <= min(h+per.Length, last); n++ {
		m := n
		if v, _ := per.Extend(G, n); v <= limit {
			m += per.Length * int((limit-v)/uint64(per.Saltus)+1)
		}
		first = min(first, m)
	}
	return r.widen(w, first)
}

// columns returns t's values as a []T, and its ring values alike on a
// ring start (nil otherwise); T must be the type of their width.
func columns[T sg.Value](t *sg.Table) (G, R []T) {
	G = sg.Typed[T](t.G)
	if t.HasRing() {
		R = sg.Typed[T](t.Ring)
	}
	return G, R
}

// computeFrom computes heap sizes from on with values of type T, and returns
// the first heap size whose value (or ring value) does not fit in T, or
// r.n+1 when all fit.
func computeFrom[T sg.Value](r *run, from int) (int, error) {
	t, opt := r.t, r.opt
	G, R := columns[T](t)
	limit := uint32(^T(0))
	line := newEvaluator[T](r.rule, !opt.Plain, r.pool, G[:from])
	defer line.drain() // the pool may serve another evaluator next
	var ring *evaluator[T]
	if R != nil {
		ring = newEvaluator[T](r.rule.RingOpening(), false, r.pool, G[:from])
		line.lookahead = false // ring's scans use the pool between line's calls
	}
	for h := from; h <= r.n; h++ {
		if h == len(G) {
			if err := r.grow(); err != nil {
				return 0, err
			}
			G, R = columns[T](t)
		}
		if t.Proved == nil {
			v := line.value(h, G)
			if v > limit {
				return h, nil
			}
			G[h] = T(v)
			r.work += line.work
			if r.canProve() && h == r.check {
				r.check *= 2
				width := t.G.Width()
				if err := r.tryProof(h); err != nil {
					return 0, err
				}
				if t.G.Width() != width {
					return h, nil // the rings go on from h at the new width
				}
				G, R = columns[T](t)
			}
		}
		if ring != nil && h <= r.n {
			v := ring.value(h, G)
			if v > limit {
				return h, nil
			}
			R[h] = T(v)
			r.work += ring.work
		}
		if h%progressEvery == 0 || r.work >= workEvery {
			r.work = 0
			if err := r.ctx.Err(); err != nil {
				if cerr := r.checkpoint(h+1, true); cerr != nil {
					return 0, errors.Join(err, cerr)
				}
				return 0, err
			}
			if err := r.checkpoint(h+1, false); err != nil {
				return 0, err
			}
			if opt.Progress != nil && int64(h) > r.reported {
				opt.Progress(int64(h) - r.reported)
				r.reported = int64(h)
			}
		}
		if t.Proved != nil && ring == nil {
			break // the rest is filled in
		}
	}
	return r.n + 1, nil
}

// firstRoom is the number of heap sizes (less one) a table has room for
// before it takes its full size.
const firstRoom = 1 << 16

// grow gives the table its full size, r.n+1 heap sizes, after checking that
// it fits in the memory available at its present width, and fills the new
// room from the proved period when there is one.
func (r *run) grow() error {
	t := r.t
	if err := rules.CheckMemory(rules.HeapMemory(int64(r.n), t.Game.Start, t.G.Width())); err != nil {
		return fmt.Errorf("SG(0..%d), at %d bits a value: %w", r.n, t.G.Width(), err)
	}
	old := t.G.Len()
	tightenGC(int64(r.n+1) * int64(t.G.Width()/8))
	t.G = t.G.Grow(r.n + 1)
	if t.HasRing() {
		t.Ring = t.Ring.Grow(r.n + 1)
	}
	if t.Proved != nil {
		t.G.Fill(old, t.Proved.Period)
	}
	return nil
}

// stopAt returns the last heap size of the table of g that StopWhenProved
// keeps once the rows' period p is proved by pr: the last the proof needs,
// or on a ring start, if further, the last the rings' proof needs (it
// follows from the rows', with the rows past the proof filled in). Rings
// whose period does not follow from the rows' (a period with a saltus) are
// computed as far as asked: it returns math.MaxInt.
func stopAt(g rules.Game, p sg.Period, pr sg.Proof) int {
	need := pr.Need(p)
	if g.Start == rules.StartRing {
		rn, ok := period.RingNeed(g.Rule, p)
		if !ok {
			return math.MaxInt
		}
		need = max(need, rn)
	}
	return need
}

// ProvedEnd returns the last heap size of the table of g that Sequence
// with StopWhenProved computes to at most n, when the rows' period is
// proved as a says (an Analysis of g's values), and false when it is not
// proved: a table of that size is what such a run ends with.
func ProvedEnd(g rules.Game, a *sg.Analysis, n int) (int, bool) {
	if a == nil || a.Status != sg.Proved {
		return 0, false
	}
	return min(stopAt(g, a.Period, a.Proof), n), true
}
