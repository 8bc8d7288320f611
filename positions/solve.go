package positions

import (
	"context"
	"fmt"
	"iter"

	"github.com/sgtab/sgtab/compute/moves"
	"github.com/sgtab/sgtab/compute/sg"
)

// An Answer is what sgtab query says of one position, a sum of
// components of tables (kind sum). Heaps holds a number for a heap, [x, y]
// for a point.
type Answer struct {
	Head
	Heaps []any    `json:"heaps"`
	Games []string `json:"games"`
	SG    []uint64 `json:"sg"`
	// NimSum is the nim-sum of SG (the head's value in normal play).
	NimSum uint64 `json:"-"`
	// Outcomes is set for a heap of a misère game and for Fibonacci Nim:
	// sg then holds outcomes (1: the player to move wins), and the
	// position has no value.
	Outcomes bool `json:"outcomes,omitempty"`
	// WinningMoves lists the first winning moves (-moves says how many);
	// Count counts them all.
	WinningMoves []Move `json:"moves"`
	// FromPeriod names the heaps (1-based) whose values come from a proved
	// period beyond the computed or stored table.
	FromPeriod []int `json:"from_period,omitempty"`
	// ProvedBy names the heaps answered by a theorem, with the theorem
	// (see Prover).
	ProvedBy []Proved `json:"proved_by,omitempty"`

	misere *misereSearch // the search that answered a misère sum
}

// Check reports whether every component of pos fits its game (Source.Check),
// and whether the position may be a sum of them.
func Check(pos Position) error {
	if err := checkPlays(pos); err != nil {
		return err
	}
	for _, p := range pos {
		if err := p.Ref.Source.Check(p.Component, len(pos) > 1); err != nil {
			return err
		}
	}
	return nil
}

// Solve answers the position pos, whose sources are prepared and whose
// components are checked (Check): each component's value, the nim-sum,
// who wins, and how many winning moves there are — the moves on one
// component i to an option of value SG(i) ⊕ X, X the nim-sum, which leave
// a nim-sum of 0. WinningMoves lists them. A position of several
// components whose moves would take more than moves.MaxWork steps
// to count is refused.
func Solve(pos Position) (Answer, error) {
	return SolveWithin(context.Background(), pos, sg.MisereLimits{})
}

// SolveWithin is Solve, with the misère search of a position of heaps in
// misère play bounded by lim (the search's defaults where unset) and
// stopped when ctx is.
func SolveWithin(ctx context.Context, pos Position, lim sg.MisereLimits) (Answer, error) {
	if misereSum(pos) {
		return solveMisere(ctx, pos, lim)
	}
	a := Answer{Head: NewHead(KindSum, pos.Words()), WinningMoves: []Move{}}
	for i, p := range pos {
		v, fromPeriod := p.Ref.Source.Value(p.Component)
		if p.Point {
			a.Heaps = append(a.Heaps, [2]int{p.X, p.Y})
		} else {
			a.Heaps = append(a.Heaps, p.N)
		}
		if fromPeriod {
			a.FromPeriod = append(a.FromPeriod, i+1)
		}
		g := p.Ref.Source.Game()
		a.Games = append(a.Games, g.Name)
		a.SG = append(a.SG, v)
		a.NimSum ^= v
		a.Misere = a.Misere || g.Misere
		a.Outcomes = a.Outcomes || g.HoldsOutcomes()
		a.noteProof(i, p)
	}
	a.Decide(a.NimSum != 0)
	if !a.Outcomes {
		a.valued(a.NimSum)
	}
	if !a.FirstPlayerWins {
		return a, nil
	}
	var work float64
	for _, p := range pos {
		work += p.Ref.Source.Work(p.Component)
	}
	if len(pos) > 1 && work > moves.MaxWork {
		return Answer{}, fmt.Errorf("counting the winning moves of these %d heaps takes about %.1e steps, more than %.0e: ask about fewer or smaller heaps",
			len(pos), work, float64(moves.MaxWork))
	}
	for i, p := range pos {
		// Options may hold values above the component's own, so every
		// component is searched, not only those whose value the target
		// is below.
		count, err := countMoves(p, a.SG[i]^a.NimSum)
		if err != nil {
			return Answer{}, err
		}
		a.Count += count
	}
	return a, nil
}

// countMoves counts the moves of the part p to an option of value target:
// by its source's Count where it has one, else one by one.
func countMoves(p Part, target uint64) (int64, error) {
	if c, ok := p.Ref.Source.(Counter); ok {
		return c.Count(p.Component, target)
	}
	moves, err := p.Ref.Source.Moves(p.Component, target)
	if err != nil {
		return 0, err
	}
	var count int64
	for range moves {
		count++
	}
	return count, nil
}

// WinningMoves returns the winning moves of the position pos, whose answer
// is a (Solve), component by component, one at a time as they are found:
// a component's moves are never all held at once.
func WinningMoves(pos Position, a Answer) iter.Seq[Move] {
	return func(yield func(Move) bool) {
		if !a.FirstPlayerWins {
			return
		}
		if a.misere != nil {
			a.misere.moves(pos)(yield)
			return
		}
		for i, p := range pos {
			moves, err := p.Ref.Source.Moves(p.Component, a.SG[i]^a.NimSum)
			if err != nil {
				return // Solve has reported it
			}
			for m := range moves {
				m.Heap = i + 1
				if !yield(m) {
					return
				}
			}
		}
	}
}
