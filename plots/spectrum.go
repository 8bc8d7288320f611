package plots

import (
	"fmt"
	"slices"

	"github.com/sgtab/sgtab/compute/sg"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
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
func PeriodSpectrum(g sg.Values, maxP, window int) []float64 {
	return periodSpectrum(g, maxP, window, spectrumPairs)
}

// periodSpectrum is PeriodSpectrum comparing about pairs pairs in all.
func periodSpectrum(g sg.Values, maxP, window, pairs int) []float64 {
	window = min(window, g.Len())
	maxP = min(maxP, window-1)
	if maxP < 1 {
		return nil
	}
	ps := make([]int, maxP)
	for i := range ps {
		ps[i] = i + 1
	}
	return spectrumAt(g, ps, window, pairs)
}

// maxCopied is the largest window whose values the spectrum copies out of
// a table to compare them; a longer one is read in place.
const maxCopied = 1 << 22

// spectrumAt returns the shares of PeriodSpectrum at the candidate
// periods ps (each at least 1 and below window ≤ g.Len()), comparing about
// pairs pairs in all.
func spectrumAt(g sg.Values, ps []int, window, pairs int) []float64 {
	lo := g.Len() - window
	var vs []uint32
	if window <= maxCopied {
		vs = g.AppendTo(nil, lo, g.Len())
	}
	at := func(i int) int {
		if vs != nil {
			return int(vs[i])
		}
		return int(g.At(lo + i))
	}
	var top int
	for i := range window {
		top = max(top, at(i))
	}
	// Differences lie in [−top, top]: count them in a slice when that is
	// small, clearing only the entries used.
	var counts []int
	var byMap map[int]int
	if top < 1<<20 {
		counts = make([]int, 2*top+1)
	} else {
		byMap = make(map[int]int)
	}
	most := max(1, pairs/len(ps)) // pairs a share rests on, at most
	share := make([]float64, len(ps))
	var touched []int
	for k, p := range ps {
		best, n := 0, window-p
		step := (n + most - 1) / most
		n = (n + step - 1) / step // pairs i·step, i < n
		for i := range n {
			d := at(i*step+p) - at(i*step)
			if counts == nil {
				byMap[d]++
				best = max(best, byMap[d])
				continue
			}
			d += top
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
		clear(byMap)
		share[k] = float64(best) / float64(n)
	}
	return share
}

// maxSpectrumBars is the most candidate periods a spectrum draws: beyond,
// it draws that many evenly spaced ones and the period found with its
// multiples.
const maxSpectrumBars = 2000

// spectrumCandidates returns the candidate periods the spectrum draws:
// 1..maxP, or when they are more than maxSpectrumBars, that many evenly
// spaced and the period found with its multiples up to maxP.
func spectrumCandidates(maxP, found int) []int {
	step := max(1, (maxP+maxSpectrumBars-1)/maxSpectrumBars)
	var ps []int
	for p := step; p <= maxP; p += step {
		ps = append(ps, p)
	}
	if step > 1 {
		ps = append([]int{1}, ps...)
		for m := found; found > 0 && m <= maxP; m += found {
			ps = append(ps, m)
		}
		slices.Sort(ps)
		ps = slices.Compact(ps)
	}
	return ps
}

// Spectrum returns the period spectrum of t (see PeriodSpectrum) as bars,
// the period found, if any, in orange, drawn over its neighbours: the true
// period stands out as a bar of height 1, repeated at its multiples. The
// candidate periods and the values looked at are those of spectrumRange.
func Spectrum(t *sg.Table) (*plot.Plot, error) {
	if t.G.Len() < 4 {
		return nil, fmt.Errorf("plot %s: too few values for a spectrum", t.Game.Name)
	}
	window, maxP, found := spectrumRange(t)
	ps := spectrumCandidates(maxP, found)
	share := spectrumAt(t.G, ps, window, spectrumPairs)
	bars, top := &rects{}, &rects{least: vg.Points(2)}
	half := 0.4 * float64(max(1, (maxP+maxSpectrumBars-1)/maxSpectrumBars))
	for i, s := range share {
		p := float64(ps[i])
		r := rect{p - half, 0, p + half, s, dataColor}
		if ps[i] == found {
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
func spectrumRange(t *sg.Table) (window, maxP, found int) {
	n := t.G.Len()
	window, maxP = min(spectrumWindow, n), spectrumMaxP
	if a := t.Analysis; a != nil && a.Status != sg.None {
		p, periodic := a.Period.Length, n-a.Period.Start
		want := max(48, min(8*p, max(spectrumMaxP, 2*p+p/8)))
		if w := min(periodic, max(spectrumWindow, 2*want)); p <= w/2 {
			window, maxP, found = w, want, p
		}
	}
	return window, min(maxP, window/2), found
}
