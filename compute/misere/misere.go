package misere

import (
	"context"
	"time"

	"github.com/sgtab/sgtab/compute/period"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// checkEvery is how many heap sizes pass between progress reports and
// cancellation checks of the misère engines.
const checkEvery = 1 << 12

// Sequence computes the misère table of heaps 0..n of g: G(n) is 1 when the
// player to move on a heap of n wins, whoever makes the last move losing,
// and 0 when that player loses; Genus the genus of each heap (see Genus),
// which says more: how the heap plays in sums. A game whose moves may split
// a heap is misereSums's. For one whose moves leave at most one heap,
// the outcomes come first, as follows, then the genera (lineGenusColumns).
//
// A heap with no move is won by the player to move (the opponent made the
// last move); otherwise the player wins when some move leaves a lost heap.
// Taking the whole heap leaves the opponent without a move, so it wins for
// the opponent.
//
// The moves of a repeating tail (removal counts t+j+i·r) reach every
// remainder of one residue class below a bound, so each class keeps its
// first losing heap, and a heap costs O(digits) whatever n is.
//
// The outcomes' period is tried at the heap sizes Sequence tries values'
// (64, 128, … and n): with opt.StopWhenProved, the table ends at the last
// heap size the first proof needs, as Sequence's tables of values do.
func Sequence(ctx context.Context, g rules.Game, n int, opt sg.Options) (*sg.Table, error) {
	if g.Rule.MaxParts() > 1 {
		return misereSums(ctx, g, n, opt)
	}
	start := time.Now()
	r, err := rules.EngineRule(g.Rule, n)
	if err != nil {
		return nil, err
	}
	t, tailPeriod := r.TailStart(), r.Period
	o := make([]uint8, n+1)
	o[0] = 1 // no move: the player to move wins
	firstLost := make([]int, max(tailPeriod, 1))
	for c := range firstLost {
		firstLost[c] = -1
	}
	var reported int64
	var proved *sg.ProvedPeriod
	check := period.FirstCheck
	for h := 1; h <= n; h++ {
		moves, wins := false, false
		for k := 1; k < t && k <= h; k++ {
			d := r.Digits[k]
			if d.Leave&rules.Leave1 != 0 && h-k >= 1 {
				moves = true
				wins = wins || o[h-k] == 0
			}
			if d.Leave&rules.Leave0 != 0 && k == h {
				moves = true // to the empty heap: the opponent then wins
			}
		}
		for j := 0; j < tailPeriod; j++ {
			d := r.Digits[t+j]
			top := h - t - j // the largest remainder of this residue
			if top < 0 {
				continue
			}
			if d.Leave&rules.Leave1 != 0 && top >= 1 {
				moves = true
				if f := firstLost[top%tailPeriod]; f >= 1 && f <= top {
					wins = true
				}
			}
			if d.Leave&rules.Leave0 != 0 && top%tailPeriod == 0 {
				moves = true
			}
		}
		if !moves || wins {
			o[h] = 1
		}
		if o[h] == 0 && tailPeriod > 0 && firstLost[h%tailPeriod] < 0 {
			firstLost[h%tailPeriod] = h
		}
		if h == check || h == n {
			check *= 2
			if proved = stopAtProof(g.Rule, o, h, opt); proved != nil {
				o, n = o[:proved.Computed+1], proved.Computed
				if opt.Progress != nil {
					opt.Progress(int64(h+1) - reported)
				}
				reported = int64(n + 1)
				break
			}
		}
		if h%checkEvery == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if opt.Progress != nil {
				opt.Progress(int64(h) - reported)
				reported = int64(h)
			}
		}
	}
	if opt.Progress != nil {
		opt.Progress(int64(n+1) - reported)
	}
	genus, err := lineGenusColumns(ctx, r, n)
	if err != nil {
		return nil, err
	}
	tab := &sg.Table{Game: g, G: sg.ValuesFrom(o), Genus: genus, Proved: proved}
	tab.Analysis = period.Analyze(tab)
	tab.Elapsed = time.Since(start)
	tab.Created = time.Now()
	return tab, nil
}

// stopAtProof returns, with opt.StopWhenProved, the period of the outcomes
// o[0..h] that a theorem proves, its proof, and the last heap size the
// proof needs, at which the table ends, as Sequence ends a table of
// values; nil without a proof (or with opt.Exhaustive).
func stopAtProof(r rules.Rule, o []uint8, h int, opt sg.Options) *sg.ProvedPeriod {
	if !opt.StopWhenProved || opt.Exhaustive {
		return nil
	}
	p, proof, ok := period.ProvePure(r, o[:h+1])
	if !ok {
		return nil
	}
	return &sg.ProvedPeriod{Period: p, Proof: proof, Computed: min(proof.Need(p), h)}
}
