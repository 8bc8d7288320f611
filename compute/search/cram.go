package search

import (
	"fmt"
	"math/bits"
	"strings"
	"sync"
)

// Cram is the game of placing dominoes on an empty board: a move covers
// two empty cells side by side, in a row or a column, and the player who
// cannot move loses. The empty cells of a board of at most 64 cells are
// the bits of a word, row by row.
//
// The board is kept wider than high (W ≥ H): a board given taller than
// wide is turned, which changes no nimber.
//
// A component is a connected set of empty cells with a move in it (a
// cell with no empty neighbour is dead and dropped). Its canonical form
// is the least word among its images under the board's symmetries
// (reflections, the half turn, and the quarter turns when the turned
// component fits on the board), moved to the top left corner. Parts of
// two or three cells have nimber 1 (every move leaves no move); parts
// whose bounding box fits a small box are read from a table of every
// subset of the box, built once by the definition.
type Cram struct {
	W, H      int    // columns and rows, W >= H
	full      uint64 // the board's cells
	lastCol   uint64
	firstCol  uint64
	rowMask   uint64
	spread    [256]uint64 // spread[b]: the bits of b sent to the cells of column 0, rows 0..7
	row       [64]uint8   // row[i]: the row of bit i (a division by W, which costs more)
	colOrder  []uint64    // the columns' cells, middle column first
	rowOrder  []uint64    // the rows' cells, middle row first
	small     *smallCram
	wasTurned bool // the board was given with more rows than columns
}

// NewCram returns Cram on a board of the given rows and columns; boards
// with more than 64 cells are refused.
func NewCram(rows, cols int) (*Cram, error) {
	if rows < 1 || cols < 1 {
		return nil, fmt.Errorf("cram: a board needs at least one row and one column, not %d×%d", rows, cols)
	}
	if rows*cols > 64 {
		return nil, fmt.Errorf("cram: a %d×%d board has %d cells; at most 64 are supported", rows, cols, rows*cols)
	}
	g := &Cram{W: max(rows, cols), H: min(rows, cols), wasTurned: rows > cols}
	n := uint(g.W * g.H)
	g.full = ^uint64(0) >> (64 - n)
	g.rowMask = 1<<uint(g.W) - 1
	for r := 0; r < g.H; r++ {
		g.firstCol |= 1 << uint(r*g.W)
		g.lastCol |= 1 << uint(r*g.W+g.W-1)
	}
	for b := range g.spread {
		for c := 0; c < 8; c++ {
			if b>>c&1 != 0 {
				g.spread[b] |= 1 << uint(c*g.W)
			}
		}
	}
	for i := range g.row {
		g.row[i] = uint8(i / g.W)
	}
	for _, c := range middleOut(g.W) {
		g.colOrder = append(g.colOrder, g.firstCol<<uint(c))
	}
	for _, r := range middleOut(g.H) {
		g.rowOrder = append(g.rowOrder, g.rowMask<<uint(r*g.W))
	}
	g.small = smallCramFor(g.W * g.H)
	return g, nil
}

// middleOut lists 0..n-1 from the middle outwards.
func middleOut(n int) []int {
	var out []int
	for d := 0; len(out) < n; d++ {
		lo, hi := (n-1)/2-d, n/2+d
		if lo >= 0 {
			out = append(out, lo)
		}
		if hi != lo && hi < n {
			out = append(out, hi)
		}
	}
	return out
}

// Start returns the empty board.
func (g *Cram) Start() uint64 { return g.full }

// Proved returns the nimber of the empty board when a symmetry strategy
// decides it, and the values a symmetry strategy rules out otherwise.
//
// On a board with both sides even, the second player answers each
// domino with its image under the half turn about the centre: no domino
// is its own image (its centre would be the board's centre, a corner of
// four cells), and the image is always empty, so the second player
// always has a move and the nimber is 0. With one side even and the
// other odd, the first player covers the two cells astride the centre
// in the middle line and then plays the same strategy: the nimber is
// not 0.
func (g *Cram) Proved() (nimber uint8, decided bool, exclude Set, why string) {
	switch {
	case g.W%2 == 0 && g.H%2 == 0:
		return 0, true, Set{}, "both sides even: the second player copies each move turned half about the centre"
	case g.W%2 != g.H%2:
		return 0, false, Single(0), "one side even, one odd: the first player covers the centre and then copies each move turned half about it"
	}
	return 0, false, Set{}, ""
}

func (g *Cram) east(p uint64) uint64  { return (p &^ g.lastCol) << 1 }
func (g *Cram) west(p uint64) uint64  { return (p &^ g.firstCol) >> 1 }
func (g *Cram) north(p uint64) uint64 { return p >> uint(g.W) }
func (g *Cram) south(p uint64) uint64 { return p << uint(g.W) & g.full }

// Size is the number of empty cells.
func (g *Cram) Size(c uint64) int { return bits.OnesCount64(c) }

// Moves appends the boards left by each domino placed on c: the
// dominoes of the columns first, from the middle column outwards, then
// those of the rows, from the middle row outwards. Moves near the middle
// split the board, and a search that meets them first settles sooner.
func (g *Cram) Moves(c uint64, dst []uint64) []uint64 {
	W := uint(g.W)
	v := c & (c >> W)
	for _, col := range g.colOrder {
		for m := v & col; m != 0; m &= m - 1 {
			i := uint(bits.TrailingZeros64(m))
			dst = append(dst, c&^(1<<i|1<<(i+W)))
		}
	}
	h := c & (c >> 1) &^ g.lastCol
	for _, row := range g.rowOrder {
		for m := h & row; m != 0; m &= m - 1 {
			i := uint(bits.TrailingZeros64(m))
			dst = append(dst, c&^(3<<i))
		}
	}
	return dst
}

// Split appends the canonical components of board p that need a search.
func (g *Cram) Split(p uint64, dst []uint64) ([]uint64, uint8) {
	return g.split(p, dst, len(dst), 0)
}

// split adds the parts of p to dst[first:] and their settled nimbers to
// x. A part cut off by a dropped link may have new tufts or dead cells,
// so it is split again.
func (g *Cram) split(p uint64, dst []uint64, first int, x uint8) ([]uint64, uint8) {
	live := g.reduce(p)
	cut := g.cuts(live)
	goRight, goLeft := ^(g.lastCol | cut), ^(g.firstCol | cut<<1)
	for live != 0 {
		c := live & -live
		for {
			n := c | ((c&goRight)<<1|(c&goLeft)>>1|g.north(c)|g.south(c))&live
			if n == c {
				break
			}
			c = n
		}
		live &^= c
		if cut != 0 && c != p {
			if r := g.reduce(c); r != c {
				dst, x = g.split(r, dst, first, x)
				continue
			}
		}
		dst, x = g.place(c, dst, first, x)
	}
	return dst, x
}

// place adds component c to the parts in dst[first:], or its nimber to x
// when it is small or symmetric; an equal part already there cancels it.
func (g *Cram) place(c uint64, dst []uint64, first int, x uint8) ([]uint64, uint8) {
	if n := bits.OnesCount64(c); n <= 3 {
		return dst, x ^ 1
	}
	W := uint(g.W)
	top := uint(g.row[bits.TrailingZeros64(c)])
	bottom := uint(g.row[63-bits.LeadingZeros64(c)])
	h := int(bottom-top) + 1
	// Fold the rows onto the first (at most 8 of them: H ≤ 8).
	cols := c >> (top * W)
	cols |= cols >> W
	cols |= cols >> (2 * W)
	cols |= cols >> (4 * W)
	cols &= g.rowMask
	left := uint(bits.TrailingZeros64(cols))
	w := bits.Len64(cols) - int(left)
	a := c >> (top*W + left)
	if v, ok := g.small.lookup(g, a, h, w); ok {
		return dst, x ^ v
	}
	if v, ok := g.line(c); ok {
		return dst, x ^ v
	}
	k, zero := g.canonical(a, h, w, true)
	if zero {
		return dst, x
	}
	for i := first; i < len(dst); i++ {
		if dst[i] == k {
			dst[i] = dst[len(dst)-1]
			return dst[:len(dst)-1], x
		}
	}
	return append(dst, k), x
}

// line returns the nimber of a component that is a path or a cycle of
// cells (no cell with three neighbours). Cram depends only on the graph
// of the cells, and on a path of n cells a domino takes two neighbours
// and leaves two paths: Dawson's Kayles, the octal game 0.07. On a cycle
// every domino leaves the path of n-2 cells.
func (g *Cram) line(c uint64) (uint8, bool) {
	l, r, d, u := g.east(c)&c, g.west(c)&c, g.north(c)&c, g.south(c)&c
	if c&(l&r&(d|u)|d&u&(l|r)) != 0 {
		return 0, false
	}
	n := bits.OnesCount64(c)
	ends := c & (l ^ r ^ d ^ u) &^ (l&r | (l|r)&(d|u) | d&u)
	switch bits.OnesCount64(ends) {
	case 2:
		return dawson[n], true
	case 0:
		if dawson[n-2] == 0 {
			return 1, true
		}
		return 0, true
	}
	return 0, false
}

// dawson[n] is the nimber of Dawson's Kayles (0.07) on n tokens, by the
// definition: a move takes two neighbours, leaving a tokens and n-2-a.
var dawson = func() [65]uint8 {
	var t [65]uint8
	for n := 2; n <= 64; n++ {
		var seen uint64
		for a := 0; a <= n-2; a++ {
			seen |= 1 << (t[a] ^ t[n-2-a])
		}
		t[n] = uint8(bits.TrailingZeros64(^seen))
	}
	return t
}()

// canonical returns the least image of component a (h rows and w columns,
// at the top left corner) under the symmetries of the board, and whether
// a symmetry shows the component's nimber to be 0.
//
// A component that one of its symmetries σ maps to itself is a second
// player's win when no domino meets its own image: no cell is fixed by σ
// and none is next to its image. The second player answers each domino
// with its image, which is then always empty.
//
// With dominoes false the mirror strategy is not looked for: the layout
// is then only the board's (node Kayles on a grid uses it).
func (g *Cram) canonical(a uint64, h, w int, dominoes bool) (uint64, bool) {
	v := g.vflip(a, h)
	r := g.rot180(a, h, w)
	hf := g.rot180(v, h, w)
	if dominoes && (v == a && g.mirrorSafe(a, h, w, true)) || (hf == a && g.mirrorSafe(a, h, w, false)) || (r == a && g.halfTurnSafe(a, h, w)) {
		return 0, true
	}
	best := min(a, v, r, hf)
	if w <= g.H {
		t := g.transpose(a, h)
		tv := g.vflip(t, w)
		tr, thf := g.rot180(t, w, h), g.rot180(tv, w, h)
		if dominoes && h == w && (t == a && a&g.diagonal(h) == 0 || tr == a && a&g.antiDiagonal(h) == 0) {
			return 0, true
		}
		best = min(best, t, tv, tr, thf)
	}
	return best, false
}

// mirrorSafe reports whether the reflection of a in its middle row
// (rows) or middle column (!rows) fixes no cell of a and sends none to a
// neighbour.
func (g *Cram) mirrorSafe(a uint64, h, w int, rows bool) bool {
	W := uint(g.W)
	if rows {
		mid := a >> (uint(h/2) * W) & g.rowMask
		if h%2 == 1 {
			return mid == 0
		}
		return mid&(a>>(uint(h/2-1)*W)) == 0
	}
	var col uint64
	for r := 0; r < h; r++ {
		row := a >> (uint(r) * W) & g.rowMask
		if w%2 == 1 {
			col |= row >> uint(w/2) & 1
		} else {
			col |= row >> uint(w/2) & (row >> uint(w/2-1)) & 1
		}
	}
	return col == 0
}

// halfTurnSafe reports whether the half turn of a about its centre fixes
// no cell of a and sends none to a neighbour.
func (g *Cram) halfTurnSafe(a uint64, h, w int) bool {
	cell := func(r, c int) uint64 { return a >> uint(r*g.W+c) & 1 }
	switch {
	case h%2 == 1 && w%2 == 1:
		return cell(h/2, w/2) == 0
	case h%2 == 1:
		return cell(h/2, w/2-1)&cell(h/2, w/2) == 0
	case w%2 == 1:
		return cell(h/2-1, w/2)&cell(h/2, w/2) == 0
	}
	return true
}

// diagonal and antiDiagonal are the cells (i, i) and (i, n-1-i) of an n×n
// square at the top left corner.
func (g *Cram) diagonal(n int) uint64 {
	var d uint64
	for i := 0; i < n; i++ {
		d |= 1 << uint(i*g.W+i)
	}
	return d
}

func (g *Cram) antiDiagonal(n int) uint64 {
	var d uint64
	for i := 0; i < n; i++ {
		d |= 1 << uint(i*g.W+n-1-i)
	}
	return d
}

// cuts returns the left cells of the row neighbours whose link can be
// ignored: the top and bottom links of a 2×2 square of empty cells
// where one corner has no other neighbour and neither has the opposite
// corner.
//
// Call the square's cells a c (top row) and x b (bottom row), with a
// and b having no neighbours outside it. Covering a and c leaves b a
// tuft on x; covering c and b leaves a a tuft on x: the two boards are
// the same graph of cells. So are the boards left by x and b and by a
// and x. The two row moves are thus copies of the column moves, and the
// links they use can be dropped, which may split the component in two.
// A move elsewhere keeps the square as it is, or removes x or c and
// leaves two tufts on the other (worth one, by the rule of tufts), or
// makes one of the copied moves: so the rule holds all game long. The
// same holds for the square mirrored left to right.
func (g *Cram) cuts(p uint64) uint64 {
	l, r, d, u := g.east(p), g.west(p), g.north(p), g.south(p)
	W := uint(g.W)
	a1 := p & r & d &^ u &^ l // a: only right and below
	b1 := p & u & l &^ d &^ r // b: only left and above
	t1 := a1 & (b1 >> (W + 1))
	a2 := p & l & d &^ u &^ r // mirrored: a at the top right
	b2 := p & u & r &^ d &^ l
	t2 := a2 & (b2 >> (W - 1))
	return t1 | t1<<W | t2>>1 | t2<<(W-1)
}

// reduce drops the dead cells of p (those with no empty neighbour), all
// but one of the tufts of each cell (a tuft is a cell with one empty
// neighbour; two tufts on one cell are worth one, since covering either
// with its neighbour leaves the other dead) and the bridges between
// tufted cells. Each rule keeps the nimber, as the comments prove; the
// tests check it against the definition.
func (g *Cram) reduce(p uint64) uint64 {
	l, r, d, u := g.east(p), g.west(p), g.north(p), g.south(p) // a neighbour to the left, right, below, above
	live := p & (l | r | d | u)
	odd := l ^ r ^ d ^ u
	many := l&r | (l|r)&(d|u) | d&u
	tuft := live & odd &^ many
	W := uint(g.W)
	seen := (tuft & d) << W // cells with a tuft above them
	ta := tuft & u          // tufts whose neighbour is above
	drop := (ta >> W & seen) << W
	seen |= ta >> W
	tl := tuft & l
	drop |= (tl >> 1 & seen) << 1
	seen |= tl >> 1
	tr := tuft & r
	drop |= (tr << 1 & seen) >> 1
	seen |= tr << 1
	// A bridge is a cell, not a tuft, all of whose neighbours hold tufts
	// (the cells in seen). It can go: covering it with a neighbour s is
	// answered, in the board without it, by covering s with its tuft,
	// after which the two boards are the same; every other move is
	// answered by itself.
	other := live &^ seen
	bridges := live &^ tuft &^ seen &^ (g.east(other) | g.west(other) | g.north(other) | g.south(other))
	return live &^ drop &^ bridges
}

// rot180 turns a component of h rows and w columns half about its centre.
func (g *Cram) rot180(a uint64, h, w int) uint64 {
	return bits.Reverse64(a) >> uint(64-((h-1)*g.W+w))
}

// vflip reverses the order of the h rows of a.
func (g *Cram) vflip(a uint64, h int) uint64 {
	var out uint64
	W := uint(g.W)
	for r := 0; r < h; r++ {
		out |= (a >> (uint(r) * W) & g.rowMask) << (uint(h-1-r) * W)
	}
	return out
}

// transpose mirrors a in its main diagonal; a has h rows and at most 8
// columns, and the result fits the board (8 ≥ H ≥ w).
func (g *Cram) transpose(a uint64, h int) uint64 {
	var out uint64
	for r := 0; r < h; r++ {
		out |= g.spread[a>>(uint(r)*uint(g.W))&0xff] << uint(r)
	}
	return out
}

// Parse reads a board drawn row by row, '.' for an empty cell and '#'
// (or 'x') for a covered one; rows are separated by newlines or '/' or
// '|'. It must have the game's size, in either orientation.
func (g *Cram) Parse(s string) (uint64, error) {
	rows := strings.FieldsFunc(strings.TrimSpace(s), func(r rune) bool { return r == '\n' || r == '/' || r == '|' })
	for i := range rows {
		rows[i] = strings.TrimSpace(rows[i])
	}
	if len(rows) == 0 {
		return 0, fmt.Errorf("cram: an empty board drawing")
	}
	R, C := len(rows), len(rows[0])
	if !(R == g.H && C == g.W) && !(R == g.W && C == g.H) {
		return 0, fmt.Errorf("cram: the drawing has %d rows of %d cells; the board is %d×%d", R, len(rows[0]), g.H, g.W)
	}
	var p uint64
	turned := R != g.H || C != g.W
	for r, line := range rows {
		if len(line) != C {
			return 0, fmt.Errorf("cram: row %d has %d cells, row 1 has %d", r+1, len(line), C)
		}
		for c, ch := range line {
			switch ch {
			case '.':
				rr, cc := r, c
				if turned {
					rr, cc = c, r
				}
				p |= 1 << uint(rr*g.W+cc)
			case '#', 'x', 'X':
			default:
				return 0, fmt.Errorf("cram: row %d, cell %d: %q is neither '.' (empty) nor '#' (covered)", r+1, c+1, ch)
			}
		}
	}
	return p, nil
}

// Format draws board p as Parse reads it, in the orientation the board
// was given.
func (g *Cram) Format(p uint64, sep string) string {
	var b strings.Builder
	R, C := g.H, g.W
	if g.wasTurned {
		R, C = g.W, g.H
	}
	for r := 0; r < R; r++ {
		if r > 0 {
			b.WriteString(sep)
		}
		for c := 0; c < C; c++ {
			rr, cc := r, c
			if g.wasTurned {
				rr, cc = c, r
			}
			if p>>uint(rr*g.W+cc)&1 != 0 {
				b.WriteByte('.')
			} else {
				b.WriteByte('#')
			}
		}
	}
	return b.String()
}

// smallCram holds the nimber of every set of empty cells of a box of hb
// rows and wb columns (hb ≤ wb), indexed by the cells row by row.
type smallCram struct {
	hb, wb int
	nim    []uint8
	spread [256]uint32 // spread[b]: the bits of b sent to column 0 of the box, rows 0..7
}

var (
	smallMu    sync.Mutex
	smallCache = map[[2]int]*smallCram{}
)

// smallCramFor returns the table of small parts for a board of the given
// cells, built once per process: a box of about a third of the board, so
// that building it costs little beside the search.
func smallCramFor(cells int) *smallCram {
	var hb, wb int
	switch {
	case cells >= smallBig:
		hb, wb = 4, 6
	case cells >= 30:
		hb, wb = 4, 5
	case cells >= 16:
		hb, wb = 3, 4
	default:
		return nil
	}
	smallMu.Lock()
	defer smallMu.Unlock()
	if t, ok := smallCache[[2]int{hb, wb}]; ok {
		return t
	}
	t := buildSmallCram(hb, wb)
	smallCache[[2]int{hb, wb}] = t
	return t
}

// buildSmallCram computes the table by the definition: a set's nimber is
// the mex of the nimbers of the sets one domino smaller, which come
// before it in numeric order.
func buildSmallCram(hb, wb int) *smallCram {
	n := hb * wb
	t := &smallCram{hb: hb, wb: wb, nim: make([]uint8, 1<<uint(n))}
	for b := range t.spread {
		for r := 0; r < 8 && r < hb; r++ {
			if b>>r&1 != 0 {
				t.spread[b] |= 1 << uint(r*wb)
			}
		}
	}
	var last uint32
	for r := 0; r < hb; r++ {
		last |= 1 << uint(r*wb+wb-1)
	}
	for s := uint32(1); s < uint32(len(t.nim)); s++ {
		var seen uint64
		hm := s & (s >> 1) &^ last
		for hm != 0 {
			i := uint(bits.TrailingZeros32(hm))
			hm &= hm - 1
			seen |= 1 << t.nim[s&^(3<<i)]
		}
		vm := s & (s >> uint(wb))
		for vm != 0 {
			i := uint(bits.TrailingZeros32(vm))
			vm &= vm - 1
			seen |= 1 << t.nim[s&^(1<<i|1<<(i+uint(wb)))]
		}
		t.nim[s] = uint8(bits.TrailingZeros64(^seen))
	}
	return t
}

// lookup returns the nimber of component a (h rows, w columns, at the top
// left corner of a board of g.W columns) when it fits the box either way.
func (t *smallCram) lookup(g *Cram, a uint64, h, w int) (uint8, bool) {
	if t == nil {
		return 0, false
	}
	W := uint(g.W)
	var idx uint32
	switch {
	case h <= t.hb && w <= t.wb:
		for r := 0; r < h; r++ {
			idx |= uint32(a>>(uint(r)*W)&g.rowMask) << uint(r*t.wb)
		}
	case w <= t.hb && h <= t.wb:
		for r := 0; r < h; r++ {
			idx |= t.spread[a>>(uint(r)*W)&0xff] << uint(r)
		}
	default:
		return 0, false
	}
	return t.nim[idx], true
}

// Cell returns the row and column of bit i, in the orientation the board
// was given.
func (g *Cram) Cell(i int) (row, col int) {
	r, c := i/g.W, i%g.W
	if g.wasTurned {
		return c, r
	}
	return r, c
}

var smallBig = 48
