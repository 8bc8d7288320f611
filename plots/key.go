package plots

import (
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// A key names the colours of a plot in one row above its data area, flush
// with the data area's right end: a swatch and its text for each entry. Its
// glyph box makes gonum/plot leave a strip for it between the title and the
// data, so that it never covers a bar, whatever the data.
type key []keyEntry

// A keyEntry is a colour and what it stands for.
type keyEntry struct {
	text string
	c    color.Color
}

// keyGap is the blank between the key and the data area, and between the
// key's entries.
const keyGap vg.Length = 6

// layout returns the width and height of the key drawn in p's legend font.
func (k key) layout(p *plot.Plot) (w, h vg.Length) {
	sty := p.Legend.TextStyle
	h = sty.FontExtents().Height
	for i, e := range k {
		if i > 0 {
			w += 2 * keyGap
		}
		w += h + keyGap/2 + sty.Width(e.text)
	}
	return w, h
}

// GlyphBoxes implements plot.GlyphBoxer.
func (k key) GlyphBoxes(p *plot.Plot) []plot.GlyphBox {
	w, h := k.layout(p)
	return []plot.GlyphBox{{X: 1, Y: 1, Rectangle: vg.Rectangle{
		Min: vg.Point{X: -w},
		Max: vg.Point{Y: h + keyGap},
	}}}
}

// Plot implements plot.Plotter. It draws in the strip above dc, which its
// glyph box keeps free.
func (k key) Plot(dc draw.Canvas, p *plot.Plot) {
	w, h := k.layout(p)
	sty := p.Legend.TextStyle
	sty.XAlign, sty.YAlign = draw.XLeft, draw.YCenter
	x, y := dc.Max.X-w, dc.Max.Y+keyGap
	side := 0.8 * h
	for _, e := range k {
		y0 := y + (h-side)/2
		fillRect(dc, e.c, x, y0, x+side, y0+side)
		x += h + keyGap/2
		dc.FillText(sty, vg.Point{X: x, Y: y + h/2}, e.text)
		x += sty.Width(e.text) + 2*keyGap
	}
}
