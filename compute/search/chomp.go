package search

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// Chomp is played on a diagram of cookies whose top left one is poisoned:
// a move takes a cookie other than the poisoned one together with every
// cookie below and to the right of it, and the player left with only the
// poisoned cookie loses. A position is a Young diagram: row lengths that
// never grow from the top row down, 4 bits each, the top row lowest; so
// at most 16 rows of at most 15 cookies (a diagram that fits only when
// turned is turned, which changes no nimber).
//
// Chomp does not split: a position is one component, kept in its
// canonical form, the lesser word of the diagram and its transpose.
type Chomp struct {
	Rows, Cols int // the rectangle a game starts from

	boxOnce sync.Once
	box     *chompBox // the nimbers of the rectangle's diagrams; nil when too many
}

// NewChomp returns Chomp on a rows×cols rectangle.
func NewChomp(rows, cols int) (*Chomp, error) {
	if rows < 1 || cols < 1 {
		return nil, fmt.Errorf("chomp: a board needs at least one row and one column, not %d×%d", rows, cols)
	}
	if min(rows, cols) > 15 || max(rows, cols) > 16 {
		return nil, fmt.Errorf("chomp: a %d×%d board is too large; the sides may be at most 15 and 16", rows, cols)
	}
	if rows > cols { // more rows than columns: the transpose, with rows up to 16
		rows, cols = cols, rows
	}
	if cols > 15 {
		rows, cols = cols, rows
	}
	return &Chomp{Rows: rows, Cols: cols}, nil
}

// Start returns the full rectangle.
func (g *Chomp) Start() uint64 {
	lens := make([]int, g.Rows)
	for i := range lens {
		lens[i] = g.Cols
	}
	return encodeDiagram(lens)
}

func encodeDiagram(lens []int) uint64 {
	var p uint64
	for i, l := range lens {
		p |= uint64(l) << (4 * uint(i))
	}
	return p
}

func decodeDiagram(p uint64) []int {
	var lens []int
	for ; p != 0; p >>= 4 {
		lens = append(lens, int(p&15))
	}
	return lens
}

// transposeDiagram returns the conjugate diagram, or false when it does
// not fit (a row of 16).
func transposeDiagram(p uint64) (uint64, bool) {
	if p>>60 != 0 {
		return 0, false
	}
	// Column j holds the rows longer than j: count them, row by row.
	var q uint64
	for ; p != 0; p >>= 4 {
		l := p & 15
		// Add one to each of the nibbles 0..l-1 of q.
		q += 0x1111111111111111 & (1<<(4*l) - 1)
	}
	return q, true
}

// Size is the number of cookies.
func (g *Chomp) Size(c uint64) int {
	n := 0
	for ; c != 0; c >>= 4 {
		n += int(c & 15)
	}
	return min(n, 255)
}

// Moves appends the diagrams left by taking each cookie but the poisoned.
// Taking the cookie of row i and column j cuts rows i to m-1 to length
// j, where m is the number of rows longer than j: one mask per move.
func (g *Chomp) Moves(c uint64, dst []uint64) []uint64 {
	low := func(n uint64) uint64 { return 1<<(4*n) - 1 } // the nibbles of rows 0..n-1
	for j := uint64(0); j < 15; j++ {
		var m uint64 // rows longer than j
		for q := c; q&15 > j; q >>= 4 {
			m++
		}
		if m == 0 {
			break
		}
		rep := j * 0x1111111111111111
		for i := uint64(0); i < m; i++ {
			if i == 0 && j == 0 {
				continue
			}
			mask := low(m) &^ low(i)
			dst = append(dst, c&^mask|rep&mask)
		}
	}
	return dst
}

// Split returns the diagram in canonical form, or nothing when only the
// poisoned cookie is left.
func (g *Chomp) Split(p uint64, dst []uint64) ([]uint64, uint8) {
	if p == 1 {
		return dst, 0
	}
	// The transpose is a position of the game only when its top row, the
	// number of rows, and its rows, the first row's length, fit: else
	// no position met shares it, and it is not worth making.
	if int(p&15) <= g.Rows {
		if q, ok := transposeDiagram(p); ok && q < p {
			p = q
		}
	}
	return append(dst, p), 0
}

// ParseChomp reads a diagram as its row lengths, top row first, such as
// "5,5,3,1".
func ParseChomp(s string) (uint64, error) {
	var lens []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 0 || n > 15 {
			return 0, fmt.Errorf("chomp: %q is not a row length from 0 to 15", f)
		}
		if len(lens) > 0 && n > lens[len(lens)-1] {
			return 0, fmt.Errorf("chomp: row %d has %d cookies, more than the row above (%d)", len(lens)+1, n, lens[len(lens)-1])
		}
		if n > 0 {
			lens = append(lens, n)
		}
	}
	if len(lens) == 0 {
		return 0, fmt.Errorf("chomp: a diagram needs the poisoned cookie")
	}
	if len(lens) > 16 {
		return 0, fmt.Errorf("chomp: %d rows; at most 16", len(lens))
	}
	return encodeDiagram(lens), nil
}

// FormatChomp writes a diagram as ParseChomp reads it.
func FormatChomp(p uint64) string {
	var parts []string
	for _, l := range decodeDiagram(p) {
		parts = append(parts, strconv.Itoa(l))
	}
	return strings.Join(parts, ",")
}

// tabulate finds the nimber of diagram p from the table of every diagram
// of the game's rectangle (chompBox), made the first time; it reports
// false when p does not fit the rectangle or the rectangle has too many
// diagrams, for the search to find it instead.
func (g *Chomp) tabulate(ctx context.Context, p uint64) (uint8, Stats, bool, error) {
	g.boxOnce.Do(func() { g.box = newChompBox(g.Rows, g.Cols) })
	if g.box == nil || !g.box.fits(g, p) {
		return 0, Stats{}, false, nil
	}
	var st Stats
	v, ok := g.box.nimber(ctx, g, p, &st.Nodes)
	st.Exact, st.TableBytes, st.TableFill, st.Tabulated = st.Nodes, int64(len(g.box.nim)), 1, true
	if !ok {
		return 0, st, true, context.Cause(ctx)
	}
	return v, st, true, nil
}
