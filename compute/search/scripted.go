package search

import (
	"github.com/sgtab/sgtab/compute/script"
)

// Scripted is a scripted game (rules.Script) for the search: its
// positions numbered as the script's Walker meets them, split by the
// script's parts when it defines them, so that a game of one's own gets
// the search's decomposition and table. The script's canonical, when
// defined, is the canonical form. Positions must not repeat: a game
// whose moves can cycle is refused when the search goes too deep
// (ErrTooDeep).
type Scripted struct {
	W *script.Walker
}

// Moves returns the positions one move from c.
func (g Scripted) Moves(c uint64, dst []uint64) []uint64 {
	return append(dst, g.W.Moves(c)...)
}

// Split returns the parts of p, those of its parts split in turn, equal
// pairs cancelled.
func (g Scripted) Split(p uint64, dst []uint64) ([]uint64, uint8) {
	first := len(dst)
	var add func(q uint64, depth int)
	add = func(q uint64, depth int) {
		if ps, ok := g.W.Parts(q); ok && depth < maxDepth {
			for _, r := range ps {
				add(r, depth+1)
			}
			return
		}
		for i := first; i < len(dst); i++ {
			if dst[i] == q {
				dst[i] = dst[len(dst)-1]
				dst = dst[:len(dst)-1]
				return
			}
		}
		dst = append(dst, q)
	}
	add(p, 0)
	return dst, 0
}

// Size is the length of a position's text, a rough measure of its size.
func (g Scripted) Size(c uint64) int { return min(len(g.W.Text(c)), 255) }
