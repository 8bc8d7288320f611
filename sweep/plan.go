package sweep

import (
	"context"
	"fmt"
	"slices"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/moves"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// A Plan is what one run of a sweep computes: the games of its shard, and
// one job per canonical rule among them, or per rule with the same values
// by construction (see jobKey).
type Plan struct {
	Sweep *rules.Sweep
	// N is every table's size: the sweep's heaps, or with Auto its cap,
	// up to which a game runs until its period is proved.
	N     int
	Auto  bool
	Shard Shard
	// Games are the games of the shard, in the sweep's order; Jobs the
	// distinct rules among them (jobKey), in order of their first game.
	Games []Member
	Jobs  []Job
	// Total counts the games of the whole sweep, Skipped the misère
	// variants it leaves out (see rules.Sweep.Games).
	Total, Skipped int
	// Compare is how many values, from each game's shift on, decide its
	// class: N + 1 less the largest shift of the sweep's games.
	Compare int
}

// A Member is one game of a plan and the index of its job.
type Member struct {
	rules.SweepGame
	Job   int
	Shift int
}

// A Job is one computation: the game of its first member.
type Job struct {
	Key  string // the canonical rule (rules.Game.Key), reduced by jobKey
	Game rules.Game
}

// NewPlan expands the sweep s for the shard: heaps > 0 computes every game
// to heaps, heaps 0 each until its period is proved or to capN (the
// sweep's own settings when heaps and capN are -1). A sweep whose largest
// table would not fit in memory is an error.
func NewPlan(s *rules.Sweep, heaps, capN int, shard Shard) (*Plan, error) {
	var n int
	var auto bool
	switch {
	case heaps > 0:
		n = heaps
	case heaps == 0:
		n, auto = capN, true
	case s.Heaps > 0:
		n = s.Heaps
	default:
		n, auto = s.Cap, true
	}
	if auto && capN > 0 {
		n = capN
	}
	for _, start := range s.Starts {
		if err := rules.CheckHeaps(int64(n), start); err != nil {
			return nil, fmt.Errorf("%s:%d: sweep: its largest table, of %d heap sizes: %w", s.File, s.Line, n, err)
		}
	}
	return newPlan(s, n, auto, shard)
}

// newPlan expands the sweep s for the shard, its tables of n heap sizes,
// computed until proved when auto.
func newPlan(s *rules.Sweep, n int, auto bool, shard Shard) (*Plan, error) {
	games, skipped, err := s.Games()
	if err != nil {
		return nil, err
	}
	p := &Plan{Sweep: s, N: n, Auto: auto, Shard: shard, Total: len(games), Skipped: skipped}
	most := 0
	jobs := map[string]int{}
	for _, g := range games {
		g.Heaps = p.N
		m := Member{SweepGame: g, Shift: shift(g.Game)}
		most = max(most, m.Shift)
		key := jobKey(g.Game)
		if !shard.Holds(key) {
			continue
		}
		j, ok := jobs[key]
		if !ok {
			j = len(p.Jobs)
			jobs[key] = j
			p.Jobs = append(p.Jobs, Job{Key: key, Game: g.Game})
		}
		m.Job = j
		p.Games = append(p.Games, m)
	}
	p.Compare = p.N + 1 - most
	if p.Compare < 1 {
		return nil, fmt.Errorf("%s:%d: sweep: its tables of %d heap sizes are shorter than a game's heaps with no move (%d)", s.File, s.Line, p.N, most)
	}
	return p, nil
}

// jobKey returns the key of the job that computes g: its canonical rule's
// (rules.Game.Key), but for a line game in normal play with a finite code,
// that of the code without each Leave0 bit that changes no value. Taking k
// tokens and leaving no heap is a move of the heap of k alone, whose option
// it adds is the empty position, of value 0: when the heap of k has a
// 0-option without it (its value is not 0), its value, and so every later
// heap's options and value, are the same with and without it. In a census
// of four-digit codes, 0.1766 and 0.1767 (heap 4 has the option 1 ⊕ 1 = 0
// anyway) are computed once so; their rows still name each its own rule.
func jobKey(g rules.Game) string {
	r := g.Rule
	if g.Kind() != rules.KindHeap || g.Start != rules.StartLine || g.Misere || r.Period != 0 || r.Until != 0 {
		return g.Key()
	}
	for k := 1; k < len(r.Digits); k++ {
		if r.Digits[k].Leave&rules.Leave0 == 0 {
			continue
		}
		without := r
		without.Digits = slices.Clone(r.Digits)
		without.Digits[k].Leave &^= rules.Leave0
		if valueAt(without, k) != 0 {
			r = without
		}
	}
	for len(r.Digits) > 1 && r.Digits[len(r.Digits)-1].IsZero() {
		r.Digits = r.Digits[:len(r.Digits)-1] // 0.1271 without its bit is 0.127
	}
	g.Rule = r
	return g.Key()
}

// valueAt returns SG(k) of the finite code r, as the engine computes it.
func valueAt(r rules.Rule, k int) uint32 {
	t, err := compute.Sequence(context.Background(), rules.Game{Rule: r}, k, sg.Options{Workers: 1})
	if err != nil {
		return 0 // cannot tell: the caller keeps the move
	}
	return t.G.At(k)
}

// maxShift bounds the shift looked for.
const maxShift = 64

// shift returns the number of heap sizes from 1 on that have no move in
// g, for a line game in normal play; 0 otherwise (a ring, or misère play,
// where a heap with no move is not worth nothing).
func shift(g rules.Game) int {
	if g.Kind() != rules.KindHeap || g.Start != rules.StartLine || g.Misere {
		return 0
	}
	for s := range maxShift {
		for range moves.Of(g.Rule, s+1, false) {
			return s
		}
	}
	return 0 // no heap has a move: every value is 0, whatever the shift
}
