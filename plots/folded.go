package plots

import (
	"errors"
	"fmt"
	"image/color"
	"strconv"

	"github.com/sgtab/sgtab/compute/sg"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// MaxFoldColumns is the longest period Folded folds; the picture has at
// most maxFoldRows rows.
const (
	MaxFoldColumns = 600
	maxFoldRows    = 120
)

// foldWidth is how many periods of 1 a row of the folded picture holds.
const foldWidth = 10

// Fold returns the first rows rows of the values g folded by the period per:
// row r, column c holds G(r·p + c) − s·r, with p and s the period's length
// and saltus, for every r·p + c < g.Len(). Below the preperiod the columns
// may vary; from it on, each column is constant.
func Fold(g sg.Values, per sg.Period, rows int) [][]int64 {
	p := per.Length
	out := make([][]int64, 0, rows)
	for r := 0; r < rows && r*p < g.Len(); r++ {
		row := make([]int64, 0, p)
		for c := 0; c < p && r*p+c < g.Len(); c++ {
			row = append(row, int64(g.At(r*p+c))-int64(per.Saltus)*int64(r))
		}
		out = append(out, row)
	}
	return out
}

// foldRows returns how many rows the folded picture of a table of size
// values shows: the preperiod and eight more periods, at least 16 rows, at
// most maxFoldRows and the rows the table has.
func foldRows(size int, per sg.Period) int {
	p := per.Length
	want := max((per.Start+p-1)/p+8, 16)
	return min(want, maxFoldRows, (size+p-1)/p)
}

// Folded returns a picture of t folded by its period p: row r, column c is
// the cell of n = r·p + c, coloured by G(n) − s·r (s the saltus), one colour
// per value. From the preperiod on, every column has one colour, so an
// arithmetic-periodic game such as Lasker's Nim shows straight columns, and
// the rows above, where the columns are not yet straight, are its
// exceptions. The picture shows the preperiod and eight periods more (at
// least 16 rows), and its y axis says how many rows of how many it shows.
// A period of 1, such as Nim's, is folded ten periods wide.
// It is an error if t has no period, or one longer than 600.
func Folded(t *sg.Table) (*plot.Plot, error) {
	a := t.Analysis
	if a == nil || a.Status == sg.None {
		return nil, fmt.Errorf("plot %s: no period to fold by", t.Game.Name)
	}
	per := a.Period
	if per.Length > MaxFoldColumns {
		return nil, fmt.Errorf("plot %s: period %d is longer than %d, too long to fold", t.Game.Name, per.Length, MaxFoldColumns)
	}
	what := "folded by the period"
	if per.Length == 1 {
		// Folded by a period of 1, the table is one column of one colour,
		// which says no more than the title. Folded by ten periods, saltus
		// ten times as large, row r holds n = 10r to 10r+9, so that a
		// cell's n reads off as the digits of its row and column, and
		// column c shows SG(n) − 10·s·r: for Nim (s = 1) it is c itself,
		// ten straight columns 0 to 9 that say SG(n) = n at a glance, with
		// any exception of the preperiod standing out in the first rows.
		per.Length, per.Saltus = foldWidth, foldWidth*per.Saltus
		what = fmt.Sprintf("folded by %d periods", foldWidth)
	}
	grid := Fold(t.G, per, foldRows(t.G.Len(), per))
	if len(grid) == 0 {
		return nil, errors.New("plot: empty table")
	}
	cells := &cellGrid{grid: grid}
	if t.Game.HoldsOutcomes() {
		what += ", colour = " + miserePrefix(t) + "outcome (1: won, 0: lost)" // the cells say 0 or 1
	} else {
		what += ", colour = SG(n)"
	}
	if per.Saltus != 0 {
		what += fmt.Sprintf(" − %d·(n div %d)", per.Saltus, per.Length)
	}
	p := newPlot(t, what)
	p.X.Label.Text = fmt.Sprintf("n mod %d", per.Length)
	p.Y.Label.Text = fmt.Sprintf("n div %d", per.Length)
	if all := (t.G.Len() + per.Length - 1) / per.Length; len(grid) < all {
		// The rows below would only repeat the straight columns.
		p.Y.Label.Text += fmt.Sprintf(": first %d of %d rows", len(grid), all)
	}
	p.Y.Tick.Marker = rowTicks{rows: len(grid)}
	p.X.Tick.Marker = cellTicks{}
	p.Add(cells)
	return p, nil
}

// cellGrid draws a folded table, row 0 at the top, one cell a value. Each
// cell overlaps its neighbours by a hair, so that no seam of background
// shows between cells of one colour, and cells wide enough for every value
// show their value.
type cellGrid struct {
	grid [][]int64
}

// DataRange implements plot.DataRanger.
func (g *cellGrid) DataRange() (xmin, xmax, ymin, ymax float64) {
	return 0, float64(len(g.grid[0])), 0, float64(len(g.grid))
}

// Plot implements plot.Plotter.
func (g *cellGrid) Plot(dc draw.Canvas, p *plot.Plot) {
	x, y := p.Transforms(&dc)
	rows := len(g.grid)
	hair := vg.Points(0.4)
	w, h := x(1)-x(0), y(1)-y(0)
	font := p.X.Tick.Label
	// The widest label is that of the largest or the smallest (negative)
	// value; every value is written when it fits, with two points aside.
	lo, hi := g.grid[0][0], g.grid[0][0]
	for _, row := range g.grid {
		for _, v := range row {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	widest := max(font.Width(strconv.FormatInt(lo, 10)), font.Width(strconv.FormatInt(hi, 10)))
	label := w >= widest+vg.Points(4) && h >= vg.Points(10)
	for r, row := range g.grid {
		for c, v := range row {
			x0, y0 := x(float64(c)), y(float64(rows-1-r))
			x1, y1 := x(float64(c+1)), y(float64(rows-r))
			fillRect(dc, valueColor(v), x0-hair, y0-hair, x1+hair, y1+hair)
		}
	}
	if !label {
		return
	}
	for r, row := range g.grid {
		for c, v := range row {
			font.Color = color.White
			font.XAlign, font.YAlign = draw.XCenter, draw.YCenter
			dc.FillText(font, vg.Point{X: x(float64(c) + 0.5), Y: y(float64(rows-r) - 0.5)}, strconv.FormatInt(v, 10))
		}
	}
}

// rowTicks labels the rows of a folded picture, row 0 at the top.
type rowTicks struct{ rows int }

// Ticks implements plot.Ticker.
func (rt rowTicks) Ticks(lo, hi float64) []plot.Tick {
	step := tickStep(rt.rows, 12)
	var ticks []plot.Tick
	for r := 0; r < rt.rows; r++ {
		t := plot.Tick{Value: float64(rt.rows-1-r) + 0.5}
		if r%step == 0 {
			t.Label = strconv.Itoa(r)
		}
		ticks = append(ticks, t)
	}
	return ticks
}

// cellTicks labels the columns of a folded picture at their centres.
type cellTicks struct{}

// Ticks implements plot.Ticker.
func (cellTicks) Ticks(lo, hi float64) []plot.Tick {
	n := int(hi - lo)
	step := tickStep(n, 12)
	var ticks []plot.Tick
	for c := 0; c < n; c++ {
		t := plot.Tick{Value: float64(c) + 0.5}
		if c%step == 0 {
			t.Label = strconv.Itoa(c)
		}
		if c%step == 0 || n <= 60 {
			ticks = append(ticks, t)
		}
	}
	return ticks
}

// tickStep returns a label step of 1, 2 or 5 times a power of ten that
// leaves at most most+1 labels on n cells.
func tickStep(n, most int) int {
	for s := 1; ; s *= 10 {
		for _, m := range []int{1, 2, 5} {
			if n/(s*m) <= most {
				return s * m
			}
		}
	}
}
