package plots

import (
	"cmp"
	"fmt"
	"image/color"
	"math"
	"strconv"

	"github.com/sgtab/sgtab/compute/sg"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Colours of the data: blue for values in general and for common values,
// orange for rare ones.
var (
	dataColor   = color.RGBA{R: 31, G: 119, B: 180, A: 255}
	rareColor   = color.RGBA{R: 255, G: 127, B: 14, A: 255}
	commonColor = dataColor
)

// outcomeLabel names what a table of outcomes (a misère game, Fibonacci
// Nim) holds in place of SG(n).
func outcomeLabel(t *sg.Table) string {
	return miserePrefix(t) + "outcome (1: won, 0: lost, for the player to move)"
}

// outcomeAxis is outcomeLabel short enough for a y axis 4 inches high,
// whose ticks say "1 won" and "0 lost".
func outcomeAxis(t *sg.Table) string {
	return miserePrefix(t) + "outcome for the player to move"
}

// miserePrefix returns "misère " for a misère game's table, "" otherwise.
func miserePrefix(t *sg.Table) string {
	if t.Game.Misere {
		return "misère "
	}
	return ""
}

// newPlot returns a plot titled with t's name and rule, what it shows, and
// a second line stating the period found and its standing.
func newPlot(t *sg.Table, what string) *plot.Plot {
	return newPlotStanding(t, what, standing(t))
}

// newPlotStanding is newPlot with the period's line given.
func newPlotStanding(t *sg.Table, what, period string) *plot.Plot {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s — %s: %s\n%s", t.Game.Name, t.Game.RuleText(), what, period)
	p.X.Tick.Marker, p.Y.Tick.Marker = intTicks{}, intTicks{}
	p.Add(margin{})
	return p
}

// edge is the blank kept between the data and the right edge of the image,
// in points (the unit of vg.Length).
const edge vg.Length = 10

// margin keeps the data and the x axis away from the right edge of the
// image. gonum/plot stretches the data area to the image's edge, where the
// last column, bar or cell would be cut, and a tick label at the axis' end
// would touch it; glyph boxes at the axis' end, as wide as the margin, and
// around each tick label, a few points wider, make it leave room.
type margin struct{}

// Plot implements plot.Plotter; a margin draws nothing.
func (margin) Plot(draw.Canvas, *plot.Plot) {}

// GlyphBoxes implements plot.GlyphBoxer.
func (margin) GlyphBoxes(p *plot.Plot) []plot.GlyphBox {
	boxes := []plot.GlyphBox{{X: 1, Rectangle: vg.Rectangle{Max: vg.Point{X: edge}}}}
	for _, t := range p.X.Tick.Marker.Ticks(p.X.Min, p.X.Max) {
		if t.Label == "" || t.Value < p.X.Min || t.Value > p.X.Max {
			continue
		}
		r := p.X.Tick.Label.Rectangle(t.Label)
		r.Max.X += edge / 2
		r.Min.Y, r.Max.Y = 0, 0 // no height: only the width counts
		boxes = append(boxes, plot.GlyphBox{X: p.X.Norm(t.Value), Rectangle: r})
	}
	return boxes
}

// standing states the period of t and its standing in a line, e.g.
// "period 12 from n = 71, proved (Guy–Smith octal periodicity theorem)".
func standing(t *sg.Table) string {
	a := t.Analysis
	if a == nil {
		return fmt.Sprintf("no period up to n = %d", t.N())
	}
	return standingOf(t, a.Status, a.Period, a.Proof)
}

// ringStanding is standing for the ring values of t.
func ringStanding(t *sg.Table) string {
	if t.Analysis == nil || t.Analysis.Ring == nil {
		return fmt.Sprintf("no period up to n = %d", t.N())
	}
	r := t.Analysis.Ring
	return standingOf(t, r.Status, r.Period, r.Proof)
}

func standingOf(t *sg.Table, st sg.Status, p sg.Period, proof sg.Proof) string {
	if st == sg.None {
		return fmt.Sprintf("no period up to n = %d", t.N())
	}
	s := fmt.Sprintf("period %d from n = %d", p.Length, p.Start)
	if p.Saltus != 0 {
		s += fmt.Sprintf(", saltus %d", p.Saltus)
	}
	if st == sg.Proved {
		return s + ", proved (" + proof.Theorem + ")"
	}
	return s + ", observed to n = " + fmt.Sprint(t.N())
}

// valueColor returns the colour of the value v in the folded plot: hues
// spread by the golden ratio, so that nearby values get far-apart colours
// and any number of values get distinct ones, alternating in brightness.
func valueColor(v int64) color.Color {
	h := math.Mod(float64(v)*0.6180339887498949+0.05, 1)
	if h < 0 {
		h++
	}
	l := 0.55
	if v%2 != 0 {
		l = 0.42
	}
	return hsl(h, 0.7, l)
}

// hsl converts a colour from hue, saturation and lightness, each in [0, 1].
func hsl(h, s, l float64) color.Color {
	c := (1 - math.Abs(2*l-1)) * s
	x := c * (1 - math.Abs(math.Mod(h*6, 2)-1))
	m := l - c/2
	var r, g, b float64
	switch int(h * 6) {
	case 0:
		r, g, b = c, x, 0
	case 1:
		r, g, b = x, c, 0
	case 2:
		r, g, b = 0, c, x
	case 3:
		r, g, b = 0, x, c
	case 4:
		r, g, b = x, 0, c
	default:
		r, g, b = c, 0, x
	}
	u := func(f float64) uint8 { return uint8(math.Round((f + m) * 255)) }
	return color.RGBA{R: u(r), G: u(g), B: u(b), A: 255}
}

// rects draws filled rectangles in data coordinates: the cells of a folded
// table, the bars of a histogram or a spectrum. Each is drawn as a polygon
// with exact edges, so neighbouring cells never blend.
type rects struct {
	r []rect
	// least is the narrowest a rectangle is drawn (default half a point),
	// so that one of many thin bars can stand out.
	least vg.Length
}

type rect struct {
	x0, y0, x1, y1 float64
	c              color.Color
}

// Plot implements plot.Plotter.
func (rs *rects) Plot(dc draw.Canvas, p *plot.Plot) {
	x, y := p.Transforms(&dc)
	for _, r := range rs.r {
		x0, x1, y0, y1 := x(r.x0), x(r.x1), y(r.y0), y(r.y1)
		least := cmp.Or(rs.least, vg.Points(0.5)) // still visible when thinner than a point
		if x1-x0 < least {
			x0, x1 = (x0+x1-least)/2, (x0+x1+least)/2
		}
		fillRect(dc, r.c, x0, y0, x1, y1)
	}
}

// fillRect fills the rectangle with corners (x0, y0) and (x1, y1) with col.
func fillRect(dc draw.Canvas, col color.Color, x0, y0, x1, y1 vg.Length) {
	dc.FillPolygon(col, []vg.Point{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}})
}

// padBars widens the axes of p, a plot of bars, so that no bar touches
// the frame of the data area: the x axis by a gap after the last bar and,
// with both, before the first (at least 0.3 of a bar's step, at least 1.5%
// of the range), the y axis by headroom above the tallest bar (5% of its
// span, in decades on a log scale). Call it after adding the bars, which
// set the range.
func padBars(p *plot.Plot, both bool) {
	pad := max(0.3, 0.015*(p.X.Max-p.X.Min))
	p.X.Max += pad
	if both {
		p.X.Min -= pad
	}
	if _, ok := p.Y.Scale.(plot.LogScale); ok && p.Y.Min > 0 && p.Y.Max > p.Y.Min {
		p.Y.Max *= math.Pow(p.Y.Max/p.Y.Min, 0.05)
		return
	}
	p.Y.Max += 0.05 * (p.Y.Max - p.Y.Min)
}

// DataRange implements plot.DataRanger.
func (rs *rects) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, ymin = math.Inf(1), math.Inf(1)
	xmax, ymax = math.Inf(-1), math.Inf(-1)
	for _, r := range rs.r {
		xmin, xmax = min(xmin, r.x0, r.x1), max(xmax, r.x0, r.x1)
		ymin, ymax = min(ymin, r.y0, r.y1), max(ymax, r.y0, r.y1)
	}
	return xmin, xmax, ymin, ymax
}

// intTicks labels whole numbers only, as heap sizes and SG values are
// whole: the multiples of a step of 1, 2 or 5 times a power of ten that
// leaves at most six labels, with unlabelled ticks between them. An axis
// that holds any whole number has a label, even one from −0.4 to 1.4.
type intTicks struct{}

// Ticks implements plot.Ticker.
func (intTicks) Ticks(lo, hi float64) []plot.Tick {
	first, last := math.Ceil(lo), math.Floor(hi)
	if first > last {
		return nil
	}
	step := tickStep(int(last-first), 5)
	minor := step
	switch {
	case step%5 == 0:
		minor = step / 5
	case step%2 == 0:
		minor = step / 2
	}
	var ticks []plot.Tick
	for v := int64(math.Ceil(lo/float64(minor))) * int64(minor); float64(v) <= hi; v += int64(minor) {
		t := plot.Tick{Value: float64(v)}
		if v%int64(step) == 0 {
			t.Label = strconv.FormatInt(v, 10)
		}
		ticks = append(ticks, t)
	}
	return ticks
}
