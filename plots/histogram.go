package plots

import (
	"fmt"

	"gonum.org/v1/plot"

	"github.com/sgtab/sgtab/compute/graphgame"
	"github.com/sgtab/sgtab/compute/sg"
)

// maxBins bounds the bars of a histogram: wider value ranges are binned.
const maxBins = 512

// A Bin counts the positions whose value lies in Lo..Hi, split by class.
type Bin struct {
	Lo, Hi       uint32
	Rare, Common int64
}

// ValueBins counts the values of g in at most bins bins of equal width,
// splitting each count into rare and common positions under split (all
// common when its mask is 0).
func ValueBins(g sg.Values, split sg.Split, bins int) []Bin {
	top := g.Max()
	width := (int64(top) + int64(bins)) / int64(bins) // ⌈(top+1)/bins⌉
	out := make([]Bin, (int64(top)+width)/width)
	for i := range out {
		out[i].Lo = uint32(int64(i) * width)
		out[i].Hi = uint32(min(int64(i+1)*width-1, int64(top)))
	}
	const chunk = 1 << 16
	buf := make([]uint32, 0, chunk)
	for lo := 0; lo < g.Len(); lo += chunk {
		buf = g.AppendTo(buf[:0], lo, min(lo+chunk, g.Len()))
		for i, v := range buf {
			b := &out[int64(v)/width]
			if split.Mask != 0 && split.RareAt(lo+i, v) {
				b.Rare++
			} else {
				b.Common++
			}
		}
	}
	return out
}

// Histogram returns how often each value occurs in t, on a logarithmic
// scale so that rare values show beside common ones, coloured by class when
// the values split into rare and common (Analysis.Rare): rare in orange,
// common in blue. Wide value ranges are binned, each bin then drawing its
// rare and common counts side by side.
func Histogram(t *sg.Table) (*plot.Plot, error) {
	if t.G.Len() == 0 {
		return nil, fmt.Errorf("plot %s: empty table", t.Game.Name)
	}
	var split sg.Split
	if t.Analysis != nil {
		split = t.Analysis.Rare.Split
	}
	return histogram(t, split, standing(t), "positions")
}

// GraphHistogram returns how often each value occurs among the nodes of
// the game on a graph t, as Histogram does for a heap game. On a graph
// with cycles it draws the finite values, and its title counts the nodes
// of value ∞ and the drawn ones.
func GraphHistogram(t *graphgame.GraphTable) (*plot.Plot, error) {
	if t.Nodes() == 0 {
		return nil, fmt.Errorf("plot %s: empty table", t.Game.Name)
	}
	line := fmt.Sprintf("%d nodes, %d edges", t.Nodes(), t.Edges)
	if t.Loopy == nil {
		return histogram(&sg.Table{Game: t.Game, G: t.G}, sg.Split{}, line, "nodes")
	}
	var finite []uint32
	inf, draws := 0, 0
	for _, x := range t.Loopy {
		switch {
		case !x.Inf:
			finite = append(finite, x.Value)
		case x.Outcome() == sg.D:
			draws++
			fallthrough
		default:
			inf++
		}
	}
	line += fmt.Sprintf("; %d of value ∞ (%d drawn), not drawn", inf, draws)
	if len(finite) == 0 {
		return nil, fmt.Errorf("plot %s: every node has the value ∞, no finite value to draw", t.Game.Name)
	}
	return histogram(&sg.Table{Game: t.Game, G: sg.ValuesOf(finite)}, sg.Split{}, line, "nodes")
}

// histogram draws the histogram of t's values, split into rare and common
// under split, titled with line, counting what.
func histogram(t *sg.Table, split sg.Split, line, what string) (*plot.Plot, error) {
	bins := ValueBins(t.G, split, maxBins)
	bars := &rects{}
	const floor = 0.5 // the bars' foot on the log scale, below a count of 1
	for _, b := range bins {
		x0, x1 := float64(b.Lo)-0.4, float64(b.Hi)+0.4
		mid := (x0 + x1) / 2
		switch {
		case b.Rare > 0 && b.Common > 0:
			bars.r = append(bars.r, rect{x0, floor, mid, float64(b.Rare), rareColor},
				rect{mid, floor, x1, float64(b.Common), commonColor})
		case b.Rare > 0:
			bars.r = append(bars.r, rect{x0, floor, x1, float64(b.Rare), rareColor})
		case b.Common > 0:
			bars.r = append(bars.r, rect{x0, floor, x1, float64(b.Common), commonColor})
		}
	}
	p := newPlotStanding(t, "how often each value occurs", line)
	p.X.Label.Text = "SG value"
	if t.Game.HoldsOutcomes() {
		p.X.Label.Text = outcomeLabel(t)
	}
	if w := bins[0].Hi - bins[0].Lo + 1; w > 1 {
		p.X.Label.Text += fmt.Sprintf(" (bins of %d values)", w)
	}
	p.Y.Label.Text = what
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
	p.Y.Min = floor
	k := key{{"no rare/common split", commonColor}}
	switch {
	case split.Mask != 0 && split.Pos != sg.NoParity:
		k = key{{fmt.Sprintf("rare (%s popcount of v & %#x, plus n)", split.Pos, split.Mask), rareColor}, {"common", commonColor}}
	case split.Mask != 0:
		k = key{{fmt.Sprintf("rare (even popcount of v & %#x)", split.Mask), rareColor}, {"common", commonColor}}
	}
	if what == "nodes" { // a graph's values have no rare/common split
		p.Add(bars)
	} else {
		p.Add(bars, k)
	}
	padBars(p, true)
	return p, nil
}
