package compute_test

// This file holds a brute force of misère play, from the definition alone:
// a position is a multiset of rows of a bruteGame (whose moves brute_test.go
// enumerates from the move families, not from rules) and a multiset of
// nim-heaps, and its misère SG value G⁻ is 1 when it has no move (the player
// to move has won: the opponent made the last move), else the mex of its
// options' values, memoised in a map by the position's key. The player to
// move wins exactly when G⁻ ≠ 0. No reduction, no genus theory: the
// nim-heaps are there to define the genus, g^{γ0γ1…} with γk = G⁻ of the
// position plus k heaps *2.

import (
	"slices"
	"strings"
)

// A bruteMisere computes misère values of sums of rows of several games
// (the rows of game i are heaps[i]) and of nim-heaps.
type bruteMisere struct {
	games []*bruteGame
	memo  map[string]uint32
}

func newBruteMisere(games ...*bruteGame) *bruteMisere {
	return &bruteMisere{games: games, memo: map[string]uint32{}}
}

// A brutePosition is rows of each game (sorted, each ≥ 1) and nim-heaps
// (sorted, each ≥ 1).
type brutePosition struct {
	rows [][]int
	nim  []int
}

func (p brutePosition) key() string {
	var b strings.Builder
	for _, rows := range p.rows {
		for _, r := range rows {
			b.WriteByte(byte(r))
		}
		b.WriteByte(0)
	}
	for _, h := range p.nim {
		b.WriteByte(byte(h))
	}
	return b.String()
}

// clone returns a deep copy of p.
func (p brutePosition) clone() brutePosition {
	q := brutePosition{nim: slices.Clone(p.nim)}
	for _, rows := range p.rows {
		q.rows = append(q.rows, slices.Clone(rows))
	}
	return q
}

// options calls yield with every position one move of p leaves: a row
// replaced by the rows a move leaves, or a nim-heap lowered.
func (s *bruteMisere) options(p brutePosition, yield func(brutePosition)) {
	for gi, rows := range p.rows {
		for i, n := range rows {
			s.games[gi].lineMoves(n, func(parts []int) {
				q := p.clone()
				q.rows[gi] = append(slices.Delete(q.rows[gi], i, i+1), parts...)
				slices.Sort(q.rows[gi])
				yield(q)
			})
		}
	}
	for i, h := range p.nim {
		for v := range h {
			q := p.clone()
			q.nim = slices.Delete(q.nim, i, i+1)
			if v > 0 {
				q.nim = append(q.nim, v)
				slices.Sort(q.nim)
			}
			yield(q)
		}
	}
}

// value returns G⁻ of p.
func (s *bruteMisere) value(p brutePosition) uint32 {
	k := p.key()
	if v, ok := s.memo[k]; ok {
		return v
	}
	seen := map[uint32]bool{}
	moves := false
	s.options(p, func(q brutePosition) {
		moves = true
		seen[s.value(q)] = true
	})
	v := uint32(1)
	if moves {
		v = bruteMex(seen)
	}
	s.memo[k] = v
	return v
}

// of returns the position of the rows heaps of one game (index gi of
// games), sizes 0 left out, plus twos nim-heaps *2.
func (s *bruteMisere) of(gi int, heaps []int, twos int) brutePosition {
	p := brutePosition{rows: make([][]int, len(s.games))}
	for _, h := range heaps {
		if h > 0 {
			p.rows[gi] = append(p.rows[gi], h)
		}
	}
	slices.Sort(p.rows[gi])
	for range twos {
		p.nim = append(p.nim, 2)
	}
	return p
}

// won reports whether the player to move wins p in misère play.
func (s *bruteMisere) won(p brutePosition) bool { return s.value(p) != 0 }

// winning returns the winning moves of the heaps of game gi (in the order
// given, sizes ≥ 0): for each heap i, the sorted distinct rows its moves
// leave such that the position left is lost, written "i:a,b".
func (s *bruteMisere) winning(gi int, heaps []int) []string {
	var moves []string
	for i, n := range heaps {
		rest := slices.Delete(slices.Clone(heaps), i, i+1)
		seen := map[string]bool{}
		s.games[gi].lineMoves(n, func(parts []int) {
			left := slices.Sorted(slices.Values(parts))
			w := moveWord(i, left)
			if seen[w] {
				return
			}
			seen[w] = true
			if !s.won(s.of(gi, append(slices.Clone(rest), left...), 0)) {
				moves = append(moves, w)
			}
		})
	}
	slices.Sort(moves)
	return moves
}
