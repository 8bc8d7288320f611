package misere

import (
	"context"
	"slices"

	"github.com/sgtab/sgtab/compute/moves"
	"github.com/sgtab/sgtab/compute/sg"
)

// WinningMoves calls fn with each winning move of the position pos — each
// move of a heap pos[i] (Moves' order) to a position lost for the next
// player — in the order of pos, until fn returns false.
func (s *Search) WinningMoves(ctx context.Context, pos []Heap, fn func(i int, mv moves.Move) bool) error {
	s.ctx = ctx
	if sum, ok, err := s.tameTotal(pos); err != nil || ok {
		if err != nil {
			return err
		}
		return s.tameWinningMoves(ctx, pos, sum, fn)
	}
	rest := make([]Heap, 0, len(pos)+2)
	for i, h := range pos {
		var err error
		stopped := false
		moves.EachOption(s.games[h.Game].rule, h.N, false, func(take int, parts []int) bool {
			rest = append(append(rest[:0], pos[:i]...), pos[i+1:]...)
			for _, m := range parts {
				rest = append(rest, Heap{h.Game, m})
			}
			var lost bool
			if lost, err = s.Lost(ctx, rest); err != nil {
				return false
			}
			if lost {
				mv := moves.Move{Take: take}
				if len(parts) > 0 {
					mv.Leave = slices.Clone(parts)
				}
				stopped = !fn(i, mv)
				return !stopped
			}
			return true
		})
		if err != nil || stopped {
			return err
		}
	}
	return nil
}

// A tamePart is what a tame heap adds to a sum of tame heaps (tameSum):
// its genus's g to the nim-sum, and whether it is firm (not fickle).
type tamePart struct {
	g    uint32
	firm int
}

// tameOf returns what the heap h adds to a tame sum, and false when it is
// not tame. A heap with no move is the game 0 (0^{120}, fickle), one whose
// moves leave only such heaps *1 (1^{031}, fickle).
func (s *Search) tameOf(h Heap) (tamePart, bool, error) {
	f, err := s.facts(h.Game, h.N)
	switch {
	case err != nil:
		return tamePart{}, false, err
	case f.terminal:
		return tamePart{}, true, nil
	case f.starOne:
		return tamePart{g: 1}, true, nil
	case !f.tame:
		return tamePart{}, false, nil
	}
	return tamePart{g: f.genus.G, firm: b2i(!f.genus.Fickle())}, true, nil
}

// tameTotal returns the tame sum of the heaps of pos (tameOf), and false
// when one of them is not tame.
func (s *Search) tameTotal(pos []Heap) (tamePart, bool, error) {
	var sum tamePart
	for _, h := range pos {
		x, ok, err := s.tameOf(h)
		if err != nil || !ok {
			return tamePart{}, false, err
		}
		sum.g ^= x.g
		sum.firm += x.firm
	}
	return sum, true, nil
}

// tameWinningMoves is WinningMoves of a position of tame heaps, whose
// tame sum is sum: a move of a heap to its parts leaves the sum less the
// heap and with the parts, whose outcome is that of its tame genus
// (tameSum), so each move costs its parts, not the position's heaps, and
// a position of n heaps costs O(n) and its moves, where searching the
// position each move leaves cost O(n log n) a move.
func (s *Search) tameWinningMoves(ctx context.Context, pos []Heap, sum tamePart, fn func(i int, mv moves.Move) bool) error {
	visited := 0
	for i, h := range pos {
		heap, _, err := s.tameOf(h)
		if err != nil {
			return err
		}
		stopped := false
		moves.EachOption(s.games[h.Game].rule, h.N, false, func(take int, parts []int) bool {
			if visited++; visited%4096 == 0 {
				if err = ctx.Err(); err != nil {
					return false
				}
			}
			left := tamePart{g: sum.g ^ heap.g, firm: sum.firm - heap.firm}
			for _, m := range parts {
				var x tamePart
				if x, _, err = s.tameOf(Heap{h.Game, m}); err != nil {
					return false
				}
				left.g ^= x.g
				left.firm += x.firm
			}
			if sg.TameGenus(left.g, left.firm == 0).Misere() != 0 {
				return true // won for the next player
			}
			mv := moves.Move{Take: take}
			if len(parts) > 0 {
				mv.Leave = slices.Clone(parts)
			}
			stopped = !fn(i, mv)
			return !stopped
		})
		if err != nil || stopped {
			return err
		}
	}
	return nil
}
