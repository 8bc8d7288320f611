package solve

import (
	"bufio"
	"fmt"
	"math/bits"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/sgtab/sgtab/compute/script"
	"github.com/sgtab/sgtab/compute/search"
	"github.com/sgtab/sgtab/rules"
)

// prepare turns a request into a board; tables, when not nil, holds the
// tables shared by the boards of a range, by layout.
func prepare(req Request, tables map[int]*search.Table) (*board, error) {
	switch req.Game {
	case "cram":
		return prepareCram(req, tables)
	case "chomp":
		return prepareChomp(req)
	case "node-kayles":
		return prepareNodeKayles(req)
	case "script":
		return prepareScript(req)
	}
	return nil, fmt.Errorf("no game %q; solve knows %s", req.Game, strings.Join(Games, ", "))
}

func prepareCram(req Request, tables map[int]*search.Table) (*board, error) {
	spec := strings.TrimSpace(req.Spec)
	if rows, cols, ok := parseRange(spec); ok {
		g, err := search.NewCram(rows[0], cols[0])
		if err != nil {
			return nil, err
		}
		b := &board{name: fmt.Sprintf("cram %d×%d", rows[0], cols[0]), game: g, start: g.Start()}
		_, decided, ex, why := g.Proved()
		b.exclude, b.proof, b.decided = ex, why, decided
		b.share, b.shareKey = tables, g.W
		b.moves = func() []move { return cramMoves(g, b.start) }
		return b, nil
	}
	lines := strings.FieldsFunc(spec, func(r rune) bool { return r == '\n' || r == '/' || r == '|' })
	if len(lines) == 0 || strings.Trim(spec, ".#xX/|\n ") != "" {
		return nil, fmt.Errorf("cram: %q is neither a size such as 5x8 nor a board drawn row by row ('.' empty, '#' covered, rows split by '/')", spec)
	}
	g, err := search.NewCram(len(lines), len(strings.TrimSpace(lines[0])))
	if err != nil {
		return nil, err
	}
	p, err := g.Parse(spec)
	if err != nil {
		return nil, err
	}
	b := &board{name: "cram " + g.Format(p, "/"), game: g, start: p}
	b.moves = func() []move { return cramMoves(g, p) }
	return b, nil
}

// cramMoves names each domino on p by its two cells.
func cramMoves(g *search.Cram, p uint64) []move {
	var ms []move
	for _, child := range g.Moves(p, nil) {
		d := p &^ child
		i := bits.TrailingZeros64(d)
		j := 63 - bits.LeadingZeros64(d)
		r1, c1 := g.Cell(i)
		r2, c2 := g.Cell(j)
		if r2 < r1 || r2 == r1 && c2 < c1 {
			r1, c1, r2, c2 = r2, c2, r1, c1
		}
		ms = append(ms, move{name: cellName(r1, c1) + "-" + cellName(r2, c2), child: child, key: ((r1*64+c1)*64+r2)*64 + c2})
	}
	// Row by row, as a reader scans the board.
	slices.SortFunc(ms, func(a, b move) int { return a.key - b.key })
	return ms
}

func prepareChomp(req Request) (*board, error) {
	spec := strings.TrimSpace(req.Spec)
	var lens []int
	turned := false
	if rows, cols, ok := parseRange(spec); ok {
		g, err := search.NewChomp(rows[0], cols[0])
		if err != nil {
			return nil, err
		}
		turned = g.Rows != rows[0]
		for i := 0; i < g.Rows; i++ {
			lens = append(lens, g.Cols)
		}
	} else {
		p, err := search.ParseChomp(spec)
		if err != nil {
			return nil, err
		}
		for _, f := range strings.Split(search.FormatChomp(p), ",") {
			n, _ := strconv.Atoi(f)
			lens = append(lens, n)
		}
	}
	g, _ := search.NewChomp(len(lens), lens[0])
	p, _ := search.ParseChomp(joinInts(lens))
	name := "chomp " + spec
	b := &board{name: name, game: g, start: p, method: search.Exact}
	if cookies := g.Size(p); cookies > 1 && isRectangle(lens) {
		b.exclude = search.Single(0)
		b.proof = "a rectangle of more than one cookie (strategy stealing: were it lost, taking the bottom right cookie would leave a win, whose winning answer the first player could have made at once)"
	} else if cookies == 1 {
		b.decided, b.proof = true, "only the poisoned cookie is left"
	}
	b.moves = func() []move { return chompMoves(g, p, turned) }
	return b, nil
}

func isRectangle(lens []int) bool {
	for _, l := range lens {
		if l != lens[0] {
			return false
		}
	}
	return true
}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}

// chompMoves names each cookie of diagram p by its row and column.
func chompMoves(g *search.Chomp, p uint64, turned bool) []move {
	var ms []move
	for _, q := range g.Moves(p, nil) {
		// The cookie taken: the first row cut, at its new length.
		i := uint(0)
		for p>>(4*i)&15 == q>>(4*i)&15 {
			i++
		}
		r, c := int(i), int(q>>(4*i)&15)
		if turned {
			r, c = c, r
		}
		ms = append(ms, move{name: cellName(r, c), child: q, key: r*64 + c})
	}
	// Row by row, as a reader scans the diagram.
	slices.SortFunc(ms, func(a, b move) int { return a.key - b.key })
	return ms
}

func prepareNodeKayles(req Request) (*board, error) {
	var g *search.NodeKayles
	var err error
	name := "node-kayles "
	if req.Edges != "" {
		g, err = readGraph(req.Edges)
		name += req.Edges
	} else if rows, cols, ok := parseRange(req.Spec); ok {
		g, err = search.NewNodeKaylesGrid(rows[0], cols[0])
		name += fmt.Sprintf("%d×%d grid", rows[0], cols[0])
	} else {
		err = fmt.Errorf("node-kayles: %q is not a grid size such as 4x5 (or give -edges FILE)", req.Spec)
	}
	if err != nil {
		return nil, err
	}
	b := &board{name: name, game: g, start: g.Start()}
	b.moves = func() []move {
		var ms []move
		for v := 0; v < g.N; v++ {
			n := fmt.Sprintf("vertex %d", v)
			if grid := g.Grid(); grid != nil {
				n = cellName(grid.Cell(v))
			}
			ms = append(ms, move{name: n, child: b.start &^ g.Closed(v)})
		}
		return ms
	}
	return b, nil
}

// readGraph reads a graph as lines of two vertex numbers, an edge each;
// '#' starts a comment; the vertices are 0 up to the largest named.
func readGraph(path string) (*search.NodeKayles, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var edges [][2]int
	n := 0
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text, _, _ := strings.Cut(sc.Text(), "#")
		fields := strings.Fields(text)
		if len(fields) == 0 {
			continue
		}
		if len(fields) != 2 {
			return nil, fmt.Errorf("%s:%d: an edge is two vertex numbers, not %q", path, line, strings.TrimSpace(text))
		}
		var e [2]int
		for i, s := range fields {
			v, err := strconv.Atoi(s)
			if err != nil || v < 0 || v > 63 {
				return nil, fmt.Errorf("%s:%d: %q is not a vertex number from 0 to 63", path, line, s)
			}
			e[i] = v
			n = max(n, v+1)
		}
		edges = append(edges, e)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, fmt.Errorf("%s: no edges", path)
	}
	return search.NewNodeKayles(n, edges)
}

// prepareScript reads the scripted game of the config req.Config and
// starts it at start(N) or start(N, M), as req.Spec gives N or N,M.
func prepareScript(req Request) (*board, error) {
	games, err := rules.Load(req.Config)
	if err != nil {
		return nil, err
	}
	var g *rules.Game
	for i := range games {
		if games[i].Script != nil {
			if g != nil {
				return nil, fmt.Errorf("%s holds more than one scripted game; solve takes a config of one", req.Config)
			}
			g = &games[i]
		}
	}
	if g == nil {
		return nil, fmt.Errorf("%s holds no scripted game", req.Config)
	}
	w, err := script.NewWalker(*g)
	if err != nil {
		return nil, err
	}
	var n, m int
	ns, ms, two := strings.Cut(req.Spec, ",")
	if n, err = strconv.Atoi(strings.TrimSpace(ns)); err == nil && two {
		m, err = strconv.Atoi(strings.TrimSpace(ms))
	}
	if err != nil || n < 0 || m < 0 || two != (w.Params() == 2) {
		want := "N"
		if w.Params() == 2 {
			want = "N,M"
		}
		return nil, fmt.Errorf("%s: the start of %s takes %s (whole numbers from 0), not %q", req.Config, g.Name, want, req.Spec)
	}
	p, err := w.Start(n, m)
	if err != nil {
		return nil, err
	}
	game := search.Scripted{W: w}
	b := &board{name: fmt.Sprintf("%s %s", g.Name, w.Text(p)), game: game, start: p, err: w.Err}
	b.moves = func() []move {
		var ms []move
		for _, c := range w.Moves(p) {
			ms = append(ms, move{name: "to " + w.Text(c), child: c})
		}
		return ms
	}
	return b, nil
}
