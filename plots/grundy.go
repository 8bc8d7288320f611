package plots

import (
	"fmt"
	"image/color"

	"github.com/sgtab/sgtab/compute/sg"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Options tune a plot. The zero value means defaults.
type Options struct {
	// Ring plots the ring column instead of the row values.
	Ring bool
	// Columns is the number of buckets the values are gathered into across
	// the x axis; 0 means one per point (1/72 inch) of the drawing area.
	Columns int
}

// Grundy returns a plot of SG(n) against n for the table t. Every value is
// visible at any N: the heap sizes are cut into columns, and each column is
// drawn as a bar from its smallest to its largest value, so no value is lost
// to overplotting and drawing costs no more than the plot's width.
func Grundy(t *sg.Table, opt Options) (*plot.Plot, error) {
	g, what, period := t.G, "SG(n)", standing(t)
	if opt.Ring {
		if t.Ring.Len() == 0 {
			return nil, fmt.Errorf("plot %s: the game has no ring column", t.Game.Name)
		}
		g, what, period = t.Ring, "SG of a ring of n", ringStanding(t)
	}
	if g.Len() == 0 {
		return nil, fmt.Errorf("plot %s: empty table", t.Game.Name)
	}
	axis := what
	if t.Game.HoldsOutcomes() {
		what, axis = outcomeLabel(t), outcomeAxis(t)
	}
	p := newPlotStanding(t, what+" against n", period)
	p.X.Label.Text = "n"
	p.Y.Label.Text = axis
	if t.Game.HoldsOutcomes() {
		p.Y.Tick.Marker = plot.ConstantTicks([]plot.Tick{{Value: 0, Label: "0 lost"}, {Value: 1, Label: "1 won"}})
	}
	p.Add(&columns{g: g, n: opt.Columns, color: dataColor})
	return p, nil
}

// columns draws a sequence as per-column min–max bars.
type columns struct {
	g     sg.Values
	n     int
	color color.Color
}

// DataRange implements plot.DataRanger.
func (c *columns) DataRange() (xmin, xmax, ymin, ymax float64) {
	lo, hi := c.g.MinMax(0, c.g.Len())
	return 0, float64(c.g.Len() - 1), float64(lo), float64(hi)
}

// Plot implements plot.Plotter.
func (c *columns) Plot(dc draw.Canvas, p *plot.Plot) {
	x, y := p.Transforms(&dc)
	cols := c.n
	if cols <= 0 {
		cols = max(1, int(dc.Max.X-dc.Min.X))
	}
	buckets := Buckets(c.g, cols)
	k := buckets[0].Hi - buckets[0].Lo + 1 // heap sizes a column
	style := draw.LineStyle{Color: c.color, Width: max(x(float64(k))-x(0), vg.Points(0.5))}
	for _, b := range buckets {
		x0 := x(float64(b.Lo+b.Hi) / 2)
		y0, y1 := y(float64(b.Min)), y(float64(b.Max))
		if y1-y0 < style.Width {
			y1 = y0 + style.Width // a single value still shows
		}
		dc.StrokeLine2(style, x0, y0, x0, y1)
	}
}

// A Bucket is the range of values of the heap sizes Lo..Hi.
type Bucket struct {
	Lo, Hi   int
	Min, Max uint32
}

// Buckets cuts g into runs of k = ⌈g.Len()/cols⌉ consecutive heap sizes,
// the last one shorter when k does not divide g.Len(), and returns the
// smallest and largest value of each: at most cols buckets. Runs of one
// length draw a periodic sequence as a periodic picture; runs of 1 and 2
// heap sizes, mixed, would beat against the period in bands that are not in
// the values. cols must be ≥ 1, otherwise Buckets panics.
func Buckets(g sg.Values, cols int) []Bucket {
	if cols < 1 {
		panic("plots: cols < 1")
	}
	if g.Len() == 0 {
		return nil
	}
	k := (g.Len() + cols - 1) / cols
	out := make([]Bucket, 0, (g.Len()+k-1)/k)
	for lo := 0; lo < g.Len(); lo += k {
		hi := min(lo+k, g.Len()) - 1
		b := Bucket{Lo: lo, Hi: hi}
		b.Min, b.Max = g.MinMax(lo, hi+1)
		out = append(out, b)
	}
	return out
}
