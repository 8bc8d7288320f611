package plots

import (
	"fmt"
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/sgtab/sgtab/compute"
)

// maxHeatSide bounds the side of the corner of a board that Heatmap draws,
// one crisp cell a point.
const maxHeatSide = 160

// Heatmap returns a picture of SG(x, y) of a lattice game over the corner
// 0 ≤ x, y < 160 of its board (all of it when smaller): one cell a point,
// black where SG is 0 — the losing positions, such as the two rays of
// Wythoff's pairs — and from blue to red as the value grows.
func Heatmap(t *compute.LatticeTable) (*plot.Plot, error) {
	if t.W == 0 || t.H == 0 {
		return nil, fmt.Errorf("plot %s: empty board", t.Game.Name)
	}
	w, h := min(t.W, maxHeatSide), min(t.H, maxHeatSide)
	var top uint32
	for y := range h {
		for x := range w {
			top = max(top, t.At(x, y))
		}
	}
	p := plot.New()
	what := fmt.Sprintf("SG(x, y) on %d×%d", t.W, t.H)
	if w < t.W || h < t.H {
		what += fmt.Sprintf(", the corner %d×%d", w, h)
	}
	rule := ""
	if r := t.Game.RuleText(); r != "" {
		rule = " — " + r
	}
	p.Title.Text = fmt.Sprintf("%s%s\n%s; black: SG = 0, the player to move loses", t.Game.Name, rule, what)
	p.X.Label.Text, p.Y.Label.Text = "x", "y"
	p.X.Tick.Marker, p.Y.Tick.Marker = intTicks{}, intTicks{}
	p.Add(&heat{t: t, w: w, h: h, top: top}, margin{})
	return p, nil
}

// heat draws the cells of a lattice table.
type heat struct {
	t    *compute.LatticeTable
	w, h int
	top  uint32
}

// DataRange implements plot.DataRanger.
func (hm *heat) DataRange() (xmin, xmax, ymin, ymax float64) {
	return 0, float64(hm.w), 0, float64(hm.h)
}

// Plot implements plot.Plotter.
func (hm *heat) Plot(dc draw.Canvas, p *plot.Plot) {
	x, y := p.Transforms(&dc)
	hair := vg.Points(0.3)
	for j := range hm.h {
		for i := range hm.w {
			v := hm.t.At(i, j)
			var c color.Color = color.Black
			if v != 0 {
				c = hsl(0.66*(1-float64(v)/float64(max(hm.top, 1))), 0.8, 0.5)
			}
			x0, x1 := x(float64(i))-hair, x(float64(i+1))+hair
			y0, y1 := y(float64(j))-hair, y(float64(j+1))+hair
			fillRect(dc, c, x0, y0, x1, y1)
		}
	}
}
