package heap

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/sgtab/sgtab/compute/misere"
	"github.com/sgtab/sgtab/compute/moves"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/plots"
	"github.com/sgtab/sgtab/positions"
	"github.com/sgtab/sgtab/rules"
)

// QuotientSuffix ends the names of a game's misère quotient files:
// NAME-quotient.parquet, and its heat map NAME-quotient.png.
const QuotientSuffix = "-quotient"

// Quotient computes the misère quotient of the heaps 1..n of g, a heap game
// on a line (splitting or not, whatever its play: a quotient is of misère
// play), calling progress with each heap bound done.
func Quotient(ctx context.Context, g rules.Game, n int, lim misere.QuotientLimits, progress func(heap, order int)) (*misere.Quotient, error) {
	if g.Kind() != rules.KindHeap || g.Start == rules.StartRing {
		return nil, fmt.Errorf("%s: a misère quotient is of heaps on a line; this game is %s", g.Name, notLine(g))
	}
	q, err := misere.QuotientOf(ctx, g.Rule, n, lim, progress)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", g.Name, err)
	}
	return q, nil
}

// ParseQuotientHeaps reads the heap bound N of a quotient of the heaps
// 1..N, as sgtab quotient -heaps and sweep -quotients take it: a whole
// number from 1 to misere.MaxQuotientHeap.
func ParseQuotientHeaps(v string) (int, error) {
	if v == "" {
		return 0, fmt.Errorf("the heap bound N is needed")
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > misere.MaxQuotientHeap {
		return 0, fmt.Errorf("a heap bound from 1 to %d, not %q", misere.MaxQuotientHeap, v)
	}
	return n, nil
}

// notLine says what a game that is no heap game on a line is.
func notLine(g rules.Game) string {
	if g.Kind() == rules.KindHeap {
		return "started on a ring"
	}
	return "a " + string(g.Kind()) + " game"
}

// WriteQuotient writes q, the misère quotient of g, into out.Dir as
// NAME-quotient.parquet (export.WriteQuotient) and draws its
// multiplication table as NAME-quotient.png or .svg (out.Plot; none for
// none), for orders up to plots.MaxQuotientPlot; it returns the files
// written and, for a table too large to draw, a note saying so.
func WriteQuotient(g rules.Game, q *misere.Quotient, out family.Output) (files, notes []string, err error) {
	path := filepath.Join(out.Dir, g.Name+QuotientSuffix+".parquet")
	if err := export.WriteQuotient(path, q, g, out.Options()); err != nil {
		return nil, nil, err
	}
	drawn, notes, err := family.DrawFigures(g.Name, []family.Figure{{
		Suffix: QuotientSuffix, W: 6 * vg.Inch, H: 5 * vg.Inch,
		Draw: func() (*plot.Plot, error) { return plots.Multiplication(q, g.Name) },
	}}, out)
	return append([]string{path}, drawn...), notes, err
}

// QuotientText says what q is, for a reader: order, tameness and where it
// stopped growing, its presentation, P-portion and pretending function.
func QuotientText(w io.Writer, name string, q *misere.Quotient) {
	kind := "wild"
	if q.Tame() {
		kind = "tame"
	}
	stable := fmt.Sprintf("stable from heap %d", q.StableFrom())
	if m := q.StableFrom(); m == q.Heaps && m > 1 {
		stable = fmt.Sprintf("still growing: its order changed at heap %d, the last (%d at heap %d)", m, q.Orders[m-1], m-1)
	} else if q.Stabilised() {
		stable += ", stabilised (no growth while the heap bound doubled)"
	}
	fmt.Fprintf(w, "%s: misère quotient of heaps 1..%d (rule %s): order %d, %s, %s\n", name, q.Heaps, q.Rule, q.Order, kind, stable)
	gens := make([]string, len(q.Gens))
	for i, h := range q.Gens {
		gens[i] = fmt.Sprintf("%s = heap %d", misere.GenName(i), h)
	}
	rels := make([]string, len(q.Relations))
	for i, r := range q.Relations {
		rels[i] = misere.WordText(r.LHS) + " = " + q.Word(r.RHS)
	}
	var ps []string
	for e := range q.Order {
		if q.P[e] {
			ps = append(ps, q.Word(e))
		}
	}
	pretend := make([]string, q.Heaps)
	for h := 1; h <= q.Heaps; h++ {
		pretend[h-1] = fmt.Sprintf("%d: %s", h, q.Word(q.Pretend[h]))
	}
	orders := make([]string, len(q.Orders)-1)
	for i, o := range q.Orders[1:] {
		orders[i] = strconv.Itoa(o)
	}
	fmt.Fprintf(w, "  generators  %s\n", orText(strings.Join(gens, ", ")))
	fmt.Fprintf(w, "  relations   %s\n", orText(strings.Join(rels, ", ")))
	fmt.Fprintf(w, "  P-portion   %s\n", orText(strings.Join(ps, ", ")))
	fmt.Fprintf(w, "  heaps       %s\n", strings.Join(pretend, ", "))
	fmt.Fprintf(w, "  orders      %s (heaps 1..%d)\n", strings.Join(orders, " "), q.Heaps)
}

// orText returns s, or "none" when it is empty.
func orText(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// A QuotientAnswer is the answer to a misère position of heaps, found
// from a misère quotient: each heap's element, their product, who wins,
// and the winning moves — the moves to a position whose element is in the
// P-portion.
type QuotientAnswer struct {
	positions.Head
	Heaps        []int            `json:"heaps"`
	Elements     []string         `json:"elements"`
	Element      string           `json:"element"`
	WinningMoves []positions.Move `json:"moves"`

	game  string
	heaps int
}

// QuotientAnswerer returns the answerer of misère positions of heaps of
// the game named game by its quotient q: the words of a position are its
// heaps, each from 0 to q.Heaps. A position is lost exactly when the
// product of its heaps' elements is in the P-portion; a move on heap i
// to the heaps o leaves the element (product of the other heaps)·Φ(o), so
// the winning moves are found a heap at a time, every option of each.
func QuotientAnswerer(game string, q *misere.Quotient) positions.Answerer {
	return func(words []string, limit int) (positions.Reply, error) {
		a := &QuotientAnswer{Head: positions.NewHead(positions.KindQuotient, words), WinningMoves: []positions.Move{}, game: game, heaps: q.Heaps}
		a.Misere = true
		for i, w := range words {
			h, err := strconv.Atoi(w)
			if err != nil || h < 0 {
				return nil, fmt.Errorf("heap %d: %q is not a heap size", i+1, w)
			}
			if h > q.Heaps {
				return nil, fmt.Errorf("heap %d: %d is past the quotient's heaps 1..%d (compute it to a larger bound: sgtab quotient -heaps N)", i+1, h, q.Heaps)
			}
			a.Heaps = append(a.Heaps, h)
			a.Elements = append(a.Elements, q.Word(q.Pretend[h]))
		}
		e := q.Of(a.Heaps)
		a.Element = q.Word(e)
		a.Decide(!q.P[e])
		if !a.FirstPlayerWins {
			return a, nil
		}
		// The product of the heaps but heap i, for every i, from the
		// products of those before it and of those after it: O(n) for n
		// heaps, where the product of the rest for each was O(n²).
		after := make([]int, len(a.Heaps)+1) // after[i]: heaps i.. (0 is the identity)
		for i := len(a.Heaps) - 1; i >= 0; i-- {
			after[i] = q.Times(q.Pretend[a.Heaps[i]], after[i+1])
		}
		before := 0
		for i, h := range a.Heaps {
			rest := q.Times(before, after[i+1])
			before = q.Times(before, q.Pretend[h])
			for mv := range moves.Of(q.Rule, h, false) {
				if !q.P[q.Times(rest, q.Of(mv.Leave))] {
					continue
				}
				if a.Count++; limit < 0 || len(a.WinningMoves) < limit {
					a.WinningMoves = append(a.WinningMoves, positions.Move{Heap: i + 1, Take: mv.Take,
						Leave: append([]int{}, mv.Leave...), Text: mv.Describe(h, false)})
				}
			}
		}
		return a, nil
	}
}

// Text writes the answer for a reader.
func (a *QuotientAnswer) Text(w io.Writer, countOnly bool) {
	words := make([]string, len(a.Heaps))
	for i, h := range a.Heaps {
		words[i] = strconv.Itoa(h)
	}
	fmt.Fprintf(w, "position %s (%s, misère play, from its quotient of heaps 1..%d)\n", strings.Join(words, " "), a.game, a.heaps)
	for i, h := range a.Heaps {
		fmt.Fprintf(w, "  heap %d: %d, element %s\n", i+1, h, a.Elements[i])
	}
	if !a.FirstPlayerWins {
		fmt.Fprintf(w, "  product %s, in the P-portion: the player to move loses\n", a.Element)
		return
	}
	fmt.Fprintf(w, "  product %s, not in the P-portion: the player to move wins, with %d winning %s", a.Element, a.Count, family.Plural(int(a.Count), "move"))
	if countOnly {
		fmt.Fprintln(w)
		return
	}
	fmt.Fprintln(w, ":")
	for _, m := range a.WinningMoves {
		fmt.Fprintf(w, "    heap %d: %s\n", m.Heap, m.Text)
	}
	if more := a.Count - int64(len(a.WinningMoves)); more > 0 {
		fmt.Fprintf(w, "    … and %d more (-moves N lists more, -moves -1 all)\n", more)
	}
}
