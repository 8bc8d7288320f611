package compute

import (
	"context"

	"github.com/sgtab/sgtab/compute/heap"
	"github.com/sgtab/sgtab/compute/misere"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// Sequence computes SG(0..n) of the game g, and SG of the rings 0..n when g
// starts on a ring, and analyses the values (Table.Analysis). When a theorem
// proves the values periodic (see FindPeriod and doc.go), it computes no
// further: the rest of G is filled in from the period, or, with
// opt.StopWhenProved, the table ends at the last heap size the proof needed.
// n must be ≥ 0, otherwise Sequence panics. It returns ctx.Err() if ctx is
// cancelled before it finishes. For a misère game (g.Misere), G holds the
// outcomes instead: 1 when the player to move wins, 0 when that player
// loses, and Genus the genus of each heap (see package compute/misere); the table of a game
// that splits heaps may end before n, with a warning (see misere.Sequence).
func Sequence(ctx context.Context, g rules.Game, n int, opt sg.Options) (*sg.Table, error) {
	if n < 0 {
		panic("compute: negative heap size")
	}
	if g.Misere {
		return misere.Sequence(ctx, g, n, opt)
	}
	return heap.Sequence(ctx, g, n, opt)
}
