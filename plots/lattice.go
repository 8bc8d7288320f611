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

// maxHeatSide bounds the side of the corner of a board that Heatmap draws,
// one crisp cell a point.
const maxHeatSide = 160

// Heatmap returns a picture of SG(x, y) of a lattice game over the corner
// 0 ≤ x, y < 160 of its board (all of it when smaller): one cell a point,
// black where SG is 0 — the losing positions, such as the two rays of
// Wythoff's pairs — and from blue to red as the value grows. A colour bar
// at the right says which colour is which value.
func Heatmap(t *sg.LatticeTable) (*plot.Plot, error) {
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
	p.Add(&heat{t: t, w: w, h: h, top: top}, heatKey{top: top})
	return p, nil
}

// heat draws the cells of a lattice table.
type heat struct {
	t    *sg.LatticeTable
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
			x0, x1 := x(float64(i))-hair, x(float64(i+1))+hair
			y0, y1 := y(float64(j))-hair, y(float64(j+1))+hair
			fillRect(dc, heatColor(hm.t.At(i, j), hm.top), x0, y0, x1, y1)
		}
	}
}

// heatColor returns the colour of the value v on a heat map whose values
// reach top: black for 0, then hues from blue (1) to red (top).
func heatColor(v, top uint32) color.Color {
	if v == 0 {
		return color.Black
	}
	return hsl(0.66*(1-float64(v)/float64(max(top, 1))), 0.8, 0.5)
}

// heatKey is the colour bar of a heat map whose values reach top, drawn to
// the right of the data area in the room its glyph box keeps: "SG" at the
// top, a black block for 0 at the foot, at least a line high however many
// values there are, and above it the values 1 to top, each a band of its
// colour, or, when there are more values than points of height, one band a
// point coloured by the value at its middle. Labels name the 0, the 1, the
// top and round values between, no two closer than a line.
type heatKey struct{ top uint32 }

// The colour bar's parts: the blank left of it, its width, and the blank
// between it and its labels.
const (
	heatKeyGap   vg.Length = 12
	heatKeyWidth vg.Length = 14
	heatKeyPad   vg.Length = 4
)

// GlyphBoxes implements plot.GlyphBoxer.
func (k heatKey) GlyphBoxes(p *plot.Plot) []plot.GlyphBox {
	sty := p.Y.Tick.Label
	labels := max(sty.Width(strconv.FormatUint(uint64(k.top), 10)), sty.Width("SG"))
	w := heatKeyGap + heatKeyWidth + heatKeyPad + labels + edge
	return []plot.GlyphBox{{X: 1, Rectangle: vg.Rectangle{Max: vg.Point{X: w}}}}
}

// Plot implements plot.Plotter. It draws to the right of dc.
func (k heatKey) Plot(dc draw.Canvas, p *plot.Plot) {
	sty := p.Y.Tick.Label
	sty.XAlign, sty.YAlign = draw.XLeft, draw.YCenter
	line := sty.FontExtents().Height
	x0 := dc.Max.X + heatKeyGap
	x1 := x0 + heatKeyWidth
	foot, head := dc.Min.Y, dc.Max.Y-line-heatKeyPad
	dc.FillText(sty, vg.Point{X: x0, Y: head + line/2}, "SG")

	zero := max((head-foot)/vg.Length(k.top+1), line)
	fillRect(dc, color.Black, x0, foot, x1, foot+zero)
	label := func(y vg.Length, v uint32) {
		dc.FillText(sty, vg.Point{X: x1 + heatKeyPad, Y: y}, strconv.FormatUint(uint64(v), 10))
	}
	label(foot+zero/2, 0)
	if k.top == 0 {
		return
	}

	// Value v ≥ 1 fills [at(v), at(v+1)).
	unit := (head - foot - zero) / vg.Length(k.top)
	at := func(v uint32) vg.Length { return foot + zero + vg.Length(v-1)*unit }
	bands := min(int64(k.top), max(1, int64(head-foot-zero)))
	hair := vg.Points(0.3)
	for i := range bands {
		lo := 1 + uint32(i*int64(k.top)/bands)
		hi := uint32((i + 1) * int64(k.top) / bands) // lo..hi, hi included
		top := at(hi + 1)
		if i < bands-1 {
			top += hair // no seam between bands
		}
		fillRect(dc, heatColor(lo+(hi-lo)/2, k.top), x0, at(lo), x1, top)
	}

	mid := func(v uint32) vg.Length { return at(v) + unit/2 }
	last := foot + zero/2 // the last label's height
	step := uint32(tickStep(int(k.top), 12))
	for v := uint32(1); v < k.top; v = (v/step + 1) * step {
		if mid(v)-last >= line && mid(k.top)-mid(v) >= line {
			label(mid(v), v)
			last = mid(v)
		}
	}
	if mid(k.top)-last >= line {
		label(mid(k.top), k.top)
	}
}
