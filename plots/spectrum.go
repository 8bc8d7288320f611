package plots

import (
	"fmt"

	"gonum.org/v1/plot"

	"github.com/sgtab/sgtab/compute"
)

// The spectrum looks at the last spectrumWindow values of a table, for
// candidate periods up to spectrumMaxP, or up to eight times a period found
// (at least 48).
const (
	spectrumWindow = 1 << 16
	spectrumMaxP   = 1000
)

// PeriodSpectrum returns, for p = 1..maxP (share[p-1]), the share of the
// last window values of g, n from g.Len()−window to g.Len()−1−p, for which
// G(n+p) − G(n) takes its most common value: 1 for a period of the tail
// (pure or arithmetic) and its multiples, less elsewhere. maxP is cut to
// window−1 and window to g.Len().
func PeriodSpectrum(g compute.Values, maxP, window int) []float64 {
	window = min(window, g.Len())
	maxP = min(maxP, window-1)
	if maxP < 1 {
		return nil
	}
	vs := g.AppendTo(nil, g.Len()-window, g.Len())
	var top uint32
	for _, v := range vs {
		top = max(top, v)
	}
	// Differences lie in [−top, top]: count them in a slice when that is
	// small, clearing only the entries used.
	var counts []int
	var byMap map[int64]int
	if top < 1<<20 {
		counts = make([]int, 2*int(top)+1)
	}
	share := make([]float64, maxP)
	touched := make([]int, 0, window)
	for p := 1; p <= maxP; p++ {
		best, n := 0, len(vs)-p
		if counts != nil {
			for i := range n {
				d := int(vs[i+p]) - int(vs[i]) + int(top)
				if counts[d] == 0 {
					touched = append(touched, d)
				}
				counts[d]++
				best = max(best, counts[d])
			}
			for _, d := range touched {
				counts[d] = 0
			}
			touched = touched[:0]
		} else {
			if byMap == nil {
				byMap = make(map[int64]int)
			}
			clear(byMap)
			for i := range n {
				d := int64(vs[i+p]) - int64(vs[i])
				byMap[d]++
				best = max(best, byMap[d])
			}
		}
		share[p-1] = float64(best) / float64(n)
	}
	return share
}

// Spectrum returns the period spectrum of t (see PeriodSpectrum) as bars,
// the period found, if any, in orange: the true period stands out as a bar
// of height 1, repeated at its multiples. The candidate periods run up to
// 1000, or eight times the period found (at least 48), and at most half the
// values looked at.
func Spectrum(t *compute.Table) (*plot.Plot, error) {
	if t.G.Len() < 4 {
		return nil, fmt.Errorf("plot %s: too few values for a spectrum", t.Game.Name)
	}
	window := min(spectrumWindow, t.G.Len())
	maxP := spectrumMaxP
	found := 0
	if a := t.Analysis; a != nil && a.Status != compute.None && 3*a.Period.Length <= window {
		// Show the period and a few multiples, so that it is the first
		// of the bars that reach 1.
		found = a.Period.Length
		maxP = max(48, min(8*found, spectrumMaxP))
	}
	// Each share rests on at least half the window: near p = window the
	// few pairs left agree by chance, and the last one always does.
	maxP = min(maxP, window/2)
	share := PeriodSpectrum(t.G, maxP, window)
	bars := &rects{}
	for i, s := range share {
		c := dataColor
		if i+1 == found {
			c = rareColor
		}
		bars.r = append(bars.r, rect{float64(i+1) - 0.4, 0, float64(i+1) + 0.4, s, c})
	}
	p := newPlot(t, fmt.Sprintf("period spectrum of the last %d values", window))
	p.X.Label.Text = "candidate period p"
	p.Y.Label.Text = "share with G(n+p) − G(n) constant"
	p.Y.Min, p.Y.Max = 0, 1
	p.Y.Tick.Marker = plot.DefaultTicks{}
	p.Add(bars)
	return p, nil
}
