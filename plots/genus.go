package plots

import (
	"fmt"
	"image/color"
	"strconv"

	"github.com/sgtab/sgtab/compute/sg"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// MaxGenusColumns is how many heaps the genus picture shows at most: the
// first ones, where the genera of a game differ most, in cells wide enough
// to write a one-digit value in at 8 inches.
const MaxGenusColumns = 80

// Colours of the classes of heaps (sg.Tameness): green for tame,
// yellow and orange for restive and restless, red for wild.
var tamenessColors = []color.Color{
	color.RGBA{R: 44, G: 160, B: 44, A: 255},
	color.RGBA{R: 230, G: 200, B: 40, A: 255},
	color.RGBA{R: 255, G: 127, B: 14, A: 255},
	color.RGBA{R: 214, G: 39, B: 40, A: 255},
}

// Genus returns a picture of the genera of the heaps of t, a misère table
// (sg.GenusColumns): a column for each heap n, the first
// MaxGenusColumns at most, and from the top a row for the heap's class
// (coloured tame, restive, restless or wild), one for g (its normal-play SG
// value) and one for each of γ0, γ1, … (its misère SG value with 0, 1, …
// heaps *2 added: γ0 = 0 where the player to move loses). A cell's colour
// is its value, as in the folded table, and it is written in the cell where
// it fits. A tame heap's γ's follow from its g (0^{120}, 1^{031},
// g^{g,g⊕2}), so the rows run in step with g as long as the heaps are tame,
// and the first heap that is not stands out. It is an error if t holds no
// genera.
func Genus(t *sg.Table) (*plot.Plot, error) {
	c := t.Genus
	if c == nil || c.Len() == 0 {
		return nil, fmt.Errorf("plot %s: no genera: not a misère table", t.Game.Name)
	}
	cols := min(c.Len(), MaxGenusColumns)
	g := &genusGrid{cols: cols, class: make([]int, cols)}
	g.rows = append(g.rows, genusRow{name: "g", values: c.Normal.Uint32s()[:cols]})
	for k, col := range c.Gamma {
		g.rows = append(g.rows, genusRow{name: "γ" + strconv.Itoa(k), values: col.Uint32s()[:cols]})
	}
	for n := range cols {
		g.class[n] = int(c.Class.At(n))
	}
	p := newPlotStanding(t, "genus g^{γ0γ1…} of each heap", c.Words())
	p.X.Label.Text = "n"
	if cols < c.Len() {
		p.X.Label.Text = fmt.Sprintf("n: the first %d heaps of %d", cols, c.Len())
	}
	p.Y.Label.Text = "g; γk: misère value + k heaps *2"
	p.X.Tick.Marker = cellTicks{}
	p.Y.Tick.Marker = g
	p.Add(g)
	var k key
	for i, cl := range sg.Tamenesses {
		k = append(k, keyEntry{cl.String(), tamenessColors[i]})
	}
	p.Add(k)
	return p, nil
}

// A genusGrid draws the genus picture: the class row at the top, then the
// rows of g and the γ's, a column a heap.
type genusGrid struct {
	cols  int
	class []int // by heap
	rows  []genusRow
}

// A genusRow is one row of values of the genus picture.
type genusRow struct {
	name   string
	values []uint32
}

// DataRange implements plot.DataRanger.
func (g *genusGrid) DataRange() (xmin, xmax, ymin, ymax float64) {
	return 0, float64(g.cols), 0, float64(len(g.rows) + 1)
}

// Ticks implements plot.Ticker for the y axis: each row named at its
// centre.
func (g *genusGrid) Ticks(lo, hi float64) []plot.Tick {
	top := len(g.rows) + 1
	ticks := []plot.Tick{{Value: float64(top) - 0.5, Label: "class"}}
	for r, row := range g.rows {
		ticks = append(ticks, plot.Tick{Value: float64(top-2-r) + 0.5, Label: row.name})
	}
	return ticks
}

// Plot implements plot.Plotter.
func (g *genusGrid) Plot(dc draw.Canvas, p *plot.Plot) {
	x, y := p.Transforms(&dc)
	top := len(g.rows) + 1
	hair := vg.Points(0.4)
	cell := func(c, r int, col color.Color) {
		fillRect(dc, col, x(float64(c))-hair, y(float64(r))-hair, x(float64(c+1))+hair, y(float64(r+1))+hair)
	}
	for n, cl := range g.class {
		cell(n, top-1, tamenessColors[cl])
	}
	font := p.X.Tick.Label
	font.Color = color.White
	font.XAlign, font.YAlign = draw.XCenter, draw.YCenter
	w, h := x(1)-x(0), y(1)-y(0)
	for r, row := range g.rows {
		for n, v := range row.values {
			cell(n, top-2-r, valueColor(int64(v)))
			s := strconv.FormatUint(uint64(v), 10)
			if w >= font.Width(s)+vg.Points(2) && h >= vg.Points(10) {
				dc.FillText(font, vg.Point{X: x(float64(n) + 0.5), Y: y(float64(top-2-r) + 0.5)}, s)
			}
		}
	}
}
