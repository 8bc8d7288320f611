package plots

import (
	"fmt"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/sgtab/sgtab/compute"
)

// The spectrum looks at the last spectrumWindow values of a table, for
// candidate periods up to spectrumMaxP; a period found is shown with its
// multiples (see spectrumRange). spectrumPairs bounds the pairs compared in
// all, so that a long period costs no more than the default range.
const (
	spectrumWindow = 1 << 16
	spectrumMaxP   = 1000
	spectrumPairs  = spectrumWindow * 1024
)

// PeriodSpectrum returns, for p = 1..maxP (share[p-1]), the share of the
// last window values of g, n from g.Len()−window to g.Len()−1−p, for which
// G(n+p) − G(n) takes its most common value: 1 for a period of the tail
// (pure or arithmetic) and its multiples, less elsewhere. maxP is cut to
// window−1 and window to g.Len(). Each share rests on every pair while
// maxP·window ≤ 2^26, and on as many pairs, evenly spaced, beyond: the
// work stays bounded, and a period's share is still exactly 1.
func PeriodSpectrum(g compute.Values, maxP, window int) []float64 {
	return periodSpectrum(g, maxP, window, spectrumPairs)
}

// periodSpectrum is PeriodSpectrum comparing about pairs pairs in all.
func periodSpectrum(g compute.Values, maxP, window, pairs int) []float64 {
	window = min(window, g.Len())
	maxP = min(maxP, window-1)
	if maxP < 1 {
		return nil
	}
	most := max(1, pairs/maxP) // pairs a share rests on, at most
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
		step := (n + most - 1) / most
		n = (n + step - 1) / step // pairs i·step, i < n
		if counts != nil {
			for i := range n {
				d := int(vs[i*step+p]) - int(vs[i*step]) + int(top)
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
				d := int64(vs[i*step+p]) - int64(vs[i*step])
				byMap[d]++
				best = max(best, byMap[d])
			}
		}
		share[p-1] = float64(best) / float64(n)
	}
	return share
}

// Spectrum returns the period spectrum of t (see PeriodSpectrum) as bars,
// the period found, if any, in orange, drawn over its neighbours: the true
// period stands out as a bar of height 1, repeated at its multiples. The
// candidate periods and the values looked at are those of spectrumRange.
func Spectrum(t *compute.Table) (*plot.Plot, error) {
	if t.G.Len() < 4 {
		return nil, fmt.Errorf("plot %s: too few values for a spectrum", t.Game.Name)
	}
	window, maxP, found := spectrumRange(t)
	share := PeriodSpectrum(t.G, maxP, window)
	bars, top := &rects{}, &rects{least: vg.Points(2)}
	for i, s := range share {
		r := rect{float64(i+1) - 0.4, 0, float64(i+1) + 0.4, s, dataColor}
		if i+1 == found {
			r.c = rareColor
			top.r = append(top.r, r)
			continue
		}
		bars.r = append(bars.r, r)
	}
	what := fmt.Sprintf("period spectrum of the last %d values", window)
	if found > 0 && window == t.G.Len()-t.Analysis.Period.Start && t.Analysis.Period.Start > 0 {
		what += fmt.Sprintf(", n ≥ %d", t.Analysis.Period.Start)
	}
	p := newPlot(t, what)
	p.X.Label.Text = "candidate period p"
	p.Y.Label.Text = "share with G(n+p) − G(n) constant"
	p.Y.Min, p.Y.Max = 0, 1
	p.Y.Tick.Marker = plot.DefaultTicks{}
	p.Add(bars, top)
	padBars(p, false) // p starts at 1: no gap, and no tick at 0, before it
	return p, nil
}

// spectrumRange returns the values the spectrum of t looks at (the last
// window), the candidate periods (1..maxP) and the period found, if it
// shows (0 otherwise). Without a period: the last 2^16 values and periods
// up to 1000. With a period p from n0: only values from n0 on, where
// every share at p is 1, and periods up to eight times p (at least 48), or
// for a long period up to 1000 or, beyond, to 2p and an eighth, so that p
// and its first multiple show. Either way p runs to at most half the
// window, so that every share rests on many pairs.
func spectrumRange(t *compute.Table) (window, maxP, found int) {
	n := t.G.Len()
	window, maxP = min(spectrumWindow, n), spectrumMaxP
	if a := t.Analysis; a != nil && a.Status != compute.None {
		p, periodic := a.Period.Length, n-a.Period.Start
		want := max(48, min(8*p, max(spectrumMaxP, 2*p+p/8)))
		if w := min(periodic, max(spectrumWindow, 2*want)); p <= w/2 {
			window, maxP, found = w, want, p
		}
	}
	return window, min(maxP, window/2), found
}
