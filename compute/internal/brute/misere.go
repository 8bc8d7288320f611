package brute

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// This file holds a brute force of misère play, from the definition alone:
// a position is a multiset of rows of a bruteGame (whose moves brute_test.go
// enumerates from the move families, not from rules) and a multiset of
// nim-heaps, and its misère SG value G⁻ is 1 when it has no move (the player
// to move has won: the opponent made the last move), else the mex of its
// options' values, memoised in a map by the position's key. The player to
// move wins exactly when G⁻ ≠ 0. No reduction, no genus theory: the
// nim-heaps are there to define the genus, g^{γ0γ1…} with γk = G⁻ of the
// position plus k heaps *2.

// A bruteMisere computes misère values of sums of rows of several games
// (the rows of game i are heaps[i]) and of nim-heaps.
type bruteMisere struct {
	games []*Game
	memo  map[string]uint32
}

func NewMisere(games ...*Game) *bruteMisere {
	return &bruteMisere{games: games, memo: map[string]uint32{}}
}

// A Position is rows of each game (sorted, each ≥ 1) and nim-heaps
// (sorted, each ≥ 1).
type Position struct {
	Rows [][]int
	nim  []int
}

func (p Position) key() string {
	var b strings.Builder
	for _, rows := range p.Rows {
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
func (p Position) clone() Position {
	q := Position{nim: slices.Clone(p.nim)}
	for _, rows := range p.Rows {
		q.Rows = append(q.Rows, slices.Clone(rows))
	}
	return q
}

// options calls yield with every position one move of p leaves: a row
// replaced by the rows a move leaves, or a nim-heap lowered.
func (s *bruteMisere) options(p Position, yield func(Position)) {
	for gi, rows := range p.Rows {
		for i, n := range rows {
			s.games[gi].lineMoves(n, func(parts []int) {
				q := p.clone()
				q.Rows[gi] = append(slices.Delete(q.Rows[gi], i, i+1), parts...)
				slices.Sort(q.Rows[gi])
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
func (s *bruteMisere) Value(p Position) uint32 {
	k := p.key()
	if v, ok := s.memo[k]; ok {
		return v
	}
	seen := map[uint32]bool{}
	moves := false
	s.options(p, func(q Position) {
		moves = true
		seen[s.Value(q)] = true
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
func (s *bruteMisere) Of(gi int, heaps []int, twos int) Position {
	p := Position{Rows: make([][]int, len(s.games))}
	for _, h := range heaps {
		if h > 0 {
			p.Rows[gi] = append(p.Rows[gi], h)
		}
	}
	slices.Sort(p.Rows[gi])
	for range twos {
		p.nim = append(p.nim, 2)
	}
	return p
}

// won reports whether the player to move wins p in misère play.
func (s *bruteMisere) Won(p Position) bool { return s.Value(p) != 0 }

// winning returns the winning moves of the heaps of game gi (in the order
// given, sizes ≥ 0): for each heap i, the sorted distinct rows its moves
// leave such that the position left is lost, written "i:a,b".
func (s *bruteMisere) Winning(gi int, heaps []int) []string {
	var moves []string
	for i, n := range heaps {
		rest := slices.Delete(slices.Clone(heaps), i, i+1)
		seen := map[string]bool{}
		s.games[gi].lineMoves(n, func(parts []int) {
			left := slices.Sorted(slices.Values(parts))
			w := MoveWord(i, left)
			if seen[w] {
				return
			}
			seen[w] = true
			if !s.Won(s.Of(gi, append(slices.Clone(rest), left...), 0)) {
				moves = append(moves, w)
			}
		})
	}
	slices.Sort(moves)
	return moves
}

// MoveWord writes a move of heap i that leaves the heaps left as "i:a,b".
func MoveWord(i int, left []int) string {
	w := make([]string, len(left))
	for j, h := range left {
		w[j] = strconv.Itoa(h)
	}
	return fmt.Sprintf("%d:%s", i, strings.Join(w, ","))
}
