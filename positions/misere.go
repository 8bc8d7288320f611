package positions

import (
	"context"
	"errors"
	"fmt"
	"iter"

	"github.com/sgtab/sgtab/compute/misere"
	"github.com/sgtab/sgtab/compute/moves"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// Positions of heaps in misère play are answered by misere.Search,
// exactly, whatever their number of heaps and games: a sum of misère
// games is no nim-sum of values. A single heap of a game whose moves
// leave at most one heap is answered from its source's table, as before:
// its outcome, and its winning moves to a lost heap. The rest is this
// file's: sums of several heaps (of one misère game or of several), and
// single heaps of games that split them.

// misereSum reports whether pos is answered by the misère search: a
// position of heaps of misère games, of several heaps or of one that may
// split.
func misereSum(pos Position) bool {
	for _, p := range pos {
		if g := p.Ref.Source.Game(); g.Misere && (len(pos) > 1 || g.Rule.MaxParts() > 1) {
			return true
		}
	}
	return false
}

// checkPlays refuses a sum that mixes misère games and games of normal
// play: whoever makes the last move of the whole sum wins or loses, one
// convention for all of it.
func checkPlays(pos Position) error {
	var misere, normal string
	for _, p := range pos {
		if g := p.Ref.Source.Game(); g.Misere {
			misere = g.Name
		} else {
			normal = g.Name
		}
	}
	if misere != "" && normal != "" {
		return fmt.Errorf("%s is played misère and %s is not: a sum is played one way, whoever makes its last move winning or losing", misere, normal)
	}
	return nil
}

// A misereSearch answers one position of heaps in misère play, and lists
// its winning moves from what the search remembers.
type misereSearch struct {
	search *misere.Search
	heaps  []misere.Heap
}

// newMisereSearch returns the search of pos, one game of it for each of
// its sources.
func newMisereSearch(pos Position, lim sg.MisereLimits) *misereSearch {
	var rs []rules.Rule
	index := map[*Ref]int{}
	m := &misereSearch{}
	for _, p := range pos {
		i, ok := index[p.Ref]
		if !ok {
			i = len(rs)
			index[p.Ref] = i
			rs = append(rs, p.Ref.Source.Game().Rule)
		}
		m.heaps = append(m.heaps, misere.Heap{Game: i, N: p.N})
	}
	m.search = misere.NewSearch(rs, lim)
	return m
}

// solveMisere answers the position pos of heaps in misère play (see
// misereSum): for each heap its own outcome, alone (in SG, 1 when the
// player to move on it wins), the outcome of the whole position (in
// NimSum, likewise), and how many winning moves it has — the moves to a
// position lost for the next player. A position too large for the
// search's bounds is refused, saying which bound.
func solveMisere(ctx context.Context, pos Position, lim sg.MisereLimits) (Answer, error) {
	m := newMisereSearch(pos, lim)
	a := Answer{Head: NewHead(KindSum, pos.Words()), WinningMoves: []Move{}, Outcomes: true, misere: m}
	a.Misere = true
	for i, p := range pos {
		lost, err := m.search.Lost(ctx, m.heaps[i:i+1])
		if err != nil {
			return Answer{}, misereError(pos, err)
		}
		a.Heaps = append(a.Heaps, p.N)
		a.Games = append(a.Games, p.Ref.Source.Game().Name)
		a.SG = append(a.SG, wins(!lost))
	}
	lost, err := m.search.Lost(ctx, m.heaps)
	if err != nil {
		return Answer{}, misereError(pos, err)
	}
	a.Decide(!lost)
	a.NimSum = wins(!lost)
	if lost {
		return a, nil
	}
	err = m.search.WinningMoves(ctx, m.heaps, func(int, moves.Move) bool {
		a.Count++
		return true
	})
	if err != nil {
		return Answer{}, misereError(pos, err)
	}
	return a, nil
}

// wins returns an outcome as a table holds it: 1 when the player to move
// wins.
func wins(won bool) uint64 {
	if won {
		return 1
	}
	return 0
}

// misereError words an error of the misère search of pos.
func misereError(pos Position, err error) error {
	if b, ok := errors.AsType[*sg.MisereBoundError](err); ok {
		return fmt.Errorf("%v in misère play: %w (-max-%s raises it); ask about fewer or smaller heaps", heapWords(pos), err, b.Bound)
	}
	return err
}

// heapWords writes the heaps of pos, "heaps 25 30 35".
func heapWords(pos Position) string {
	s := "heap"
	if len(pos) > 1 {
		s += "s"
	}
	for _, p := range pos {
		s += fmt.Sprintf(" %d", p.N)
	}
	return s
}

// moves returns the winning moves of pos, whose answer the search gave,
// heap by heap in the order of pos, each heap's in the order of
// moves.Of.
func (m *misereSearch) moves(pos Position) iter.Seq[Move] {
	return func(yield func(Move) bool) {
		m.search.WinningMoves(context.Background(), m.heaps, func(i int, mv moves.Move) bool {
			leave := mv.Leave
			if leave == nil {
				leave = []int{}
			}
			return yield(Move{Heap: i + 1, Take: mv.Take, Leave: leave, Text: mv.Describe(pos[i].N, false)})
		})
	}
}
