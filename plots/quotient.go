package plots

import (
	"fmt"

	"github.com/sgtab/sgtab/compute/misere"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// MaxQuotientPlot is the largest order whose multiplication table
// Multiplication draws: one crisp cell a product.
const MaxQuotientPlot = 160

// maxWordTicks is the largest order whose axes name the elements by their
// normal forms rather than their numbers.
const maxWordTicks = 16

// Multiplication returns a heat map of the multiplication table of the
// misère quotient q of the game name: the cell (a, b) holds a·b, black
// where the product is in the P-portion — the positions of it are lost
// for the player to move — and otherwise coloured by the product's number,
// from blue to red. Elements are named by their normal forms on the axes
// up to order 16, by their numbers beyond. It refuses an order past
// MaxQuotientPlot.
func Multiplication(q *misere.Quotient, name string) (*plot.Plot, error) {
	if q.Order > MaxQuotientPlot {
		return nil, fmt.Errorf("plot %s: a quotient of order %d has too many products to draw (at most order %d)", name, q.Order, MaxQuotientPlot)
	}
	p := plot.New()
	kind := "wild"
	if q.Tame() {
		kind = "tame"
	}
	if rule := q.Rule.String(); rule != name {
		name += " — " + rule
	}
	p.Title.Text = fmt.Sprintf("%s, misère quotient of heaps 1..%d: order %d, %s\ncell (a, b): a·b; black: in the P-portion, the player to move loses", name, q.Heaps, q.Order, kind)
	p.X.Label.Text, p.Y.Label.Text = "a", "b"
	var ticks plot.Ticker = intTicks{}
	if q.Order <= maxWordTicks {
		ticks = wordTicks{q}
	}
	p.X.Tick.Marker, p.Y.Tick.Marker = ticks, ticks
	p.Add(&products{q: q})
	return p, nil
}

// products draws the cells of a multiplication table.
type products struct{ q *misere.Quotient }

// DataRange implements plot.DataRanger.
func (pr *products) DataRange() (xmin, xmax, ymin, ymax float64) {
	return 0, float64(pr.q.Order), 0, float64(pr.q.Order)
}

// Plot implements plot.Plotter.
func (pr *products) Plot(dc draw.Canvas, p *plot.Plot) {
	x, y := p.Transforms(&dc)
	hair := vg.Points(0.3)
	q := pr.q
	for b := range q.Order {
		for a := range q.Order {
			v := q.Times(a, b)
			col := heatColor(uint32(v)+1, uint32(q.Order))
			if q.P[v] {
				col = heatColor(0, 0)
			}
			fillRect(dc, col, x(float64(a))-hair, y(float64(b))-hair, x(float64(a+1))+hair, y(float64(b+1))+hair)
		}
	}
}

// wordTicks names each element at the middle of its cell by its normal
// form.
type wordTicks struct{ q *misere.Quotient }

// Ticks implements plot.Ticker.
func (t wordTicks) Ticks(lo, hi float64) []plot.Tick {
	var out []plot.Tick
	for e := range t.q.Order {
		if v := float64(e) + 0.5; v >= lo && v <= hi {
			out = append(out, plot.Tick{Value: v, Label: t.q.Word(e)})
		}
	}
	return out
}
