package plots

import (
	"fmt"
	"image/color"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// A Board is one cell of a table of boards (sgtab solve -out): the nimber
// of the start of a game on a board of Rows×Cols, and whether a symmetry
// proved it rather than a search.
type Board struct {
	Rows, Cols, Nimber int
	Proved             bool
}

// Boards returns a picture of the nimbers of a game's boards by size: a
// square a board, columns across and rows up, coloured as a heat map
// (black for 0, the boards the player to move loses; from blue to red as
// the nimber grows), its nimber written in it, and a ring round the
// boards a symmetry proved. Sizes of the range with no board are left
// blank, as in a table still being filled.
func Boards(game string, boards []Board) (*plot.Plot, error) {
	if len(boards) == 0 {
		return nil, fmt.Errorf("plot the boards of %s: none", game)
	}
	bm := &boardMap{at: map[[2]int]Board{}}
	bm.r0, bm.c0 = boards[0].Rows, boards[0].Cols
	bm.r1, bm.c1 = bm.r0, bm.c0
	var top uint32
	for _, b := range boards {
		if b.Rows < 1 || b.Cols < 1 || b.Nimber < 0 {
			return nil, fmt.Errorf("plot the boards of %s: a board of %d×%d with nimber %d", game, b.Rows, b.Cols, b.Nimber)
		}
		bm.at[[2]int{b.Rows, b.Cols}] = b
		bm.r0, bm.r1 = min(bm.r0, b.Rows), max(bm.r1, b.Rows)
		bm.c0, bm.c1 = min(bm.c0, b.Cols), max(bm.c1, b.Cols)
		top = max(top, uint32(b.Nimber))
	}
	if bm.r1-bm.r0 >= maxHeatSide || bm.c1-bm.c0 >= maxHeatSide {
		return nil, fmt.Errorf("plot the boards of %s: sizes over %d a side", game, maxHeatSide)
	}
	bm.top = top
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: the nimber of the empty board by size\nblack: 0, the player to move loses; ringed: proved by a symmetry", game)
	p.X.Label.Text, p.Y.Label.Text = "columns", "rows"
	p.X.Tick.Marker = offsetTicks{from: bm.c0, n: bm.c1 - bm.c0 + 1}
	p.Y.Tick.Marker = offsetTicks{from: bm.r0, n: bm.r1 - bm.r0 + 1}
	p.Add(bm, heatKey{top: top})
	return p, nil
}

// boardMap draws the boards of the sizes r0..r1 × c0..c1, the cell of
// size (r, c) spanning [c−c0, c−c0+1) × [r−r0, r−r0+1).
type boardMap struct {
	at             map[[2]int]Board
	r0, r1, c0, c1 int
	top            uint32
}

// DataRange implements plot.DataRanger.
func (bm *boardMap) DataRange() (xmin, xmax, ymin, ymax float64) {
	return 0, float64(bm.c1 - bm.c0 + 1), 0, float64(bm.r1 - bm.r0 + 1)
}

// Plot implements plot.Plotter.
func (bm *boardMap) Plot(dc draw.Canvas, p *plot.Plot) {
	x, y := p.Transforms(&dc)
	sty := p.Y.Tick.Label
	sty.XAlign, sty.YAlign = draw.XCenter, draw.YCenter
	ring := draw.LineStyle{Color: color.White, Width: vg.Points(1.5)}
	for r := bm.r0; r <= bm.r1; r++ {
		for c := bm.c0; c <= bm.c1; c++ {
			b, ok := bm.at[[2]int{r, c}]
			if !ok {
				continue
			}
			x0, x1 := x(float64(c-bm.c0)), x(float64(c-bm.c0+1))
			y0, y1 := y(float64(r-bm.r0)), y(float64(r-bm.r0+1))
			fillRect(dc, heatColor(uint32(b.Nimber), bm.top), x0, y0, x1, y1)
			if b.Proved {
				in := (x1 - x0) / 10
				dc.StrokeLines(ring, []vg.Point{{X: x0 + in, Y: y0 + in}, {X: x1 - in, Y: y0 + in}, {X: x1 - in, Y: y1 - in}, {X: x0 + in, Y: y1 - in}, {X: x0 + in, Y: y0 + in}})
			}
			sty.Color = color.White
			dc.FillText(sty, vg.Point{X: (x0 + x1) / 2, Y: (y0 + y1) / 2}, strconv.Itoa(b.Nimber))
		}
	}
}

// offsetTicks labels the n unit cells of an axis with the sizes from, from+1, … at their middles.
type offsetTicks struct{ from, n int }

// Ticks implements plot.Ticker.
func (t offsetTicks) Ticks(min, max float64) []plot.Tick {
	var ticks []plot.Tick
	for i := range t.n {
		ticks = append(ticks, plot.Tick{Value: float64(i) + 0.5, Label: strconv.Itoa(t.from + i)})
	}
	return ticks
}
