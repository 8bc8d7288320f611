package plots_test

import (
	"image"
	"image/color"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/sgtab/sgtab/compute/classical"
	"github.com/sgtab/sgtab/compute/graphgame"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/plots"
	"github.com/sgtab/sgtab/rules"
)

// The tests here check what a plot says and where it says it: keys, colour
// bars, axis labels, and nothing cut at the image's edge.

// TestRightEdge draws each kind of plot and checks that nothing is cut at
// the image's right edge: its last pixel columns are background, and the
// last column of the data (the last cell or bar) shows at a point inside it.
func TestRightEdge(t *testing.T) {
	kayles := table(t, kaylesYAML, 2000)
	kaylesMisere := table(t, kaylesMisereYAML, 40)
	wythoff := lattice(t, wythoffYAML)
	for _, tc := range []struct {
		name string
		draw func() (*plot.Plot, error)
		x, y float64 // a point inside the last column's data; x < 0: none
	}{
		{"grundy", func() (*plot.Plot, error) { return plots.Grundy(kayles, plots.Options{}) }, -1, 0},
		// Kayles folded by 12: the last row's column 11.
		{"folded", func() (*plot.Plot, error) { return plots.Folded(kayles) }, 11.9, 0.5},
		// The values of Kayles reach 8; the bar of 8 stands from 0.5.
		{"histogram", func() (*plot.Plot, error) { return plots.Histogram(kayles) }, 8.3, 1},
		// The spectrum of Kayles ends at 8 periods of 12, a bar of height 1.
		{"spectrum", func() (*plot.Plot, error) { return plots.Spectrum(kayles) }, 96.3, 0.5},
		{"heatmap", func() (*plot.Plot, error) { return plots.Heatmap(wythoff) }, 39.9, 0.5},
		// The genera of misère Kayles: heap 40's γ2, the lowest row.
		{"genus", func() (*plot.Plot, error) { return plots.Genus(kaylesMisere) }, 40.5, 0.5},
	} {
		p, err := tc.draw()
		if err != nil {
			t.Fatal(err)
		}
		img, cell := render(t, p, 6*vg.Inch, 4*vg.Inch)
		b := img.Bounds()
		for x := b.Max.X - 3; x < b.Max.X; x++ {
			for y := b.Min.Y; y < b.Max.Y; y++ {
				if !white(img.At(x, y)) {
					t.Errorf("%s: pixel (%d, %d) at the right edge is drawn", tc.name, x, y)
					break
				}
			}
		}
		if tc.x < 0 {
			continue
		}
		if pt := cell(tc.x, tc.y); !pt.In(b) || white(img.At(pt.X, pt.Y)) {
			t.Errorf("%s: the last column does not show at (%v, %v), pixel %v", tc.name, tc.x, tc.y, pt)
		}
	}
}

// white reports whether c is the background colour.
func white(c color.Color) bool {
	r, g, b, _ := c.RGBA()
	return r == 0xffff && g == 0xffff && b == 0xffff
}

// TestHistogramKey draws the histograms of Kayles (rare and common values),
// of Lasker's Nim (no split, binned) and of Officers (no split, 200 values
// of very different counts) and checks that the key stands above the bars:
// no text (black) inside the data area, and the key's swatches (the rare
// colour for Kayles) above it.
func TestHistogramKey(t *testing.T) {
	for _, tab := range []*sg.Table{table(t, kaylesYAML, 2000), table(t, laskerYAML, 2000), table(t, "name: officers\ncode: \"0.6\"\n", 20000)} {
		p, err := plots.Histogram(tab)
		if err != nil {
			t.Fatal(err)
		}
		img, cell := render(t, p, 6*vg.Inch, 4*vg.Inch)
		data := dataArea(p, cell)
		for y := data.Min.Y; y < data.Max.Y; y++ {
			for x := data.Min.X; x < data.Max.X; x++ {
				if r, g, b, _ := img.At(x, y).RGBA(); max(r, g, b) < 0x4000 {
					t.Fatalf("%s: text at (%d, %d) inside the data area %v", tab.Game.Name, x, y, data)
				}
			}
		}
		swatch := commonRGB
		if tab.Analysis.Rare.Mask != 0 {
			swatch = rareRGB
		}
		if !anyPixel(img, image.Rect(data.Min.X, 0, data.Max.X, data.Min.Y), swatch) {
			t.Errorf("%s: no swatch of %v above the data area", tab.Game.Name, swatch)
		}
	}
}

// The colours of rare and common values.
var (
	rareRGB   = color.RGBA{R: 255, G: 127, B: 14, A: 255}
	commonRGB = color.RGBA{R: 31, G: 119, B: 180, A: 255}
)

// dataArea returns the pixels of p's data area, drawn by render, less a
// pixel each side for the blending at its border.
func dataArea(p *plot.Plot, cell func(x, y float64) image.Point) image.Rectangle {
	r := image.Rectangle{Min: cell(p.X.Min, p.Y.Max), Max: cell(p.X.Max, p.Y.Min)}.Canon()
	return r.Inset(1)
}

// anyPixel reports whether a pixel of img in r has the colour c.
func anyPixel(img image.Image, r image.Rectangle, c color.Color) bool {
	r = r.Intersect(img.Bounds())
	cr, cg, cb, _ := c.RGBA()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if r, g, b, _ := img.At(x, y).RGBA(); r == cr && g == cg && b == cb {
				return true
			}
		}
	}
	return false
}

// TestHeatmapKey draws Wythoff's game on 40×40 and checks its colour bar,
// right of the board: every colour of the board is in it, black (SG = 0)
// among them, so that each cell's value can be read off the bar.
func TestHeatmapKey(t *testing.T) {
	tab, img, cell := wythoffHeatmap(t)
	right := cell(float64(tab.W), 0).X + 2
	inKey := map[color.Color]bool{}
	for y := range img.Bounds().Dy() {
		for x := right; x < img.Bounds().Dx(); x++ {
			inKey[img.At(x, y)] = true
		}
	}
	for j := range tab.H {
		for i := range tab.W {
			pt := cell(float64(i)+0.5, float64(j)+0.5)
			if c := img.At(pt.X, pt.Y); !inKey[c] {
				t.Fatalf("SG(%d, %d) = %d: its colour %v is not in the colour bar", i, j, tab.At(i, j), c)
			}
		}
	}
}

// TestFoldedRows checks that the folded picture says how many of the rows
// it shows: Kayles to n = 10000 folds into ⌈10001/12⌉ = 834 rows, of
// which 16 are drawn; to n = 180, into 16 rows, all drawn.
func TestFoldedRows(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want string
	}{
		{10000, "n div 12: first 16 of 834 rows"},
		{180, "n div 12"},
	} {
		p, err := plots.Folded(table(t, kaylesYAML, tc.n))
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Y.Label.Text; got != tc.want {
			t.Errorf("n = %d: y axis %q, want %q", tc.n, got, tc.want)
		}
	}
}

// TestFoldedLabels folds Dawson's Kayles by its period 34 (Winning Ways,
// ch. 4) at 6×4 inches, cells about 14 points wide: every value, at most 9,
// fits in its cell and is written there, in white.
func TestFoldedLabels(t *testing.T) {
	p, err := plots.Folded(table(t, "name: dawsons-kayles\ncode: \"0.07\"\n", 2000))
	if err != nil {
		t.Fatal(err)
	}
	img, cell := render(t, p, 6*vg.Inch, 4*vg.Inch)
	if !anyPixel(img, dataArea(p, cell), color.White) {
		t.Error("no value is written in the cells")
	}
}

// TestTickLabels checks the labels of whole-number axes: every multiple of
// one step of 1, 2 or 5 times a power of ten, and at least one label on an
// axis that holds a whole number. The histogram of subtraction {1} (SG(n) =
// n mod 2) has its bars from −0.4 to 1.4; the spectrum of Kayles runs from
// p = 1 to 96; its SG(n) against n from 0 to 2000.
func TestTickLabels(t *testing.T) {
	alternate := table(t, "name: alternate\nmoves:\n  - take: [1]\n", 1000)
	kayles := table(t, kaylesYAML, 2000)
	for _, tc := range []struct {
		name string
		draw func() (*plot.Plot, error)
		want string
	}{
		{"histogram", func() (*plot.Plot, error) { return plots.Histogram(alternate) }, "0 1"},
		{"spectrum", func() (*plot.Plot, error) { return plots.Spectrum(kayles) }, "20 40 60 80"},
		{"grundy", func() (*plot.Plot, error) { return plots.Grundy(kayles, plots.Options{}) }, "0 500 1000 1500 2000"},
	} {
		p, err := tc.draw()
		if err != nil {
			t.Fatal(err)
		}
		render(t, p, 6*vg.Inch, 4*vg.Inch) // fixes the axis' range
		var labels []string
		for _, tick := range p.X.Tick.Marker.Ticks(p.X.Min, p.X.Max) {
			if tick.Label != "" {
				labels = append(labels, tick.Label)
			}
		}
		if got := strings.Join(labels, " "); got != tc.want {
			t.Errorf("%s: x axis labels %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestMisereNames checks that the plots of a misère game, whose table holds
// outcomes and not SG values, say so: Bash (take 1 to 3) in misère play.
func TestMisereNames(t *testing.T) {
	tab := table(t, "name: bash-misere\nmoves:\n  - take: {min: 1, max: 3}\nplay: misere\n", 1000)
	folded, err := plots.Folded(tab)
	if err != nil {
		t.Fatal(err)
	}
	hist, err := plots.Histogram(tab)
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{folded.Title.Text, hist.X.Label.Text} {
		if !strings.Contains(text, "misère outcome") || strings.Contains(text, "SG") {
			t.Errorf("%q does not name the misère outcome", text)
		}
	}
}

// TestHistogramBins checks that a binned histogram says so on its x axis:
// Nim to n = 10000 (SG(n) = n) has 10001 values, in 512 bins at most, so
// bins of ⌈10001/512⌉ = 20; Kayles' values, 0 to 8, are not binned.
func TestHistogramBins(t *testing.T) {
	for _, tc := range []struct {
		tab  *sg.Table
		want string
	}{
		{table(t, nimYAML, 10000), "SG value (bins of 20 values)"},
		{table(t, kaylesYAML, 2000), "SG value"},
	} {
		p, err := plots.Histogram(tc.tab)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.X.Label.Text; got != tc.want {
			t.Errorf("%s: x axis %q, want %q", tc.tab.Game.Name, got, tc.want)
		}
	}
}

// TestSpectrumReach checks that the spectrum stops at half its window, where
// every share still rests on half the values: Grundy's game to n = 1000 has
// no period, and a window of 1001 values, so candidate periods up to 500.
func TestSpectrumReach(t *testing.T) {
	window, maxP, found := plots.SpectrumRange(table(t, "name: grundy\ncode: \"4!.0\"\n", 1000))
	if window != 1001 || maxP != 500 || found != 0 {
		t.Errorf("window %d, candidate periods up to %d, period %d; want 1001, 500, none", window, maxP, found)
	}
}

// TestSpectrumLongPeriod draws the spectrum of 0.165, whose period 1550
// from n = 5181 is proved at n = 13463 (Austin 1976; Czajka's table of
// solved games): the candidate periods reach past 2·1550, the values looked
// at start at the preperiod, so that the share at 1550 is exactly 1, and
// the orange bar of the period stands at full height, drawn over its
// neighbours.
func TestSpectrumLongPeriod(t *testing.T) {
	tab := table(t, "name: g0165\ncode: \"0.165\"\n", 13463)
	if a := tab.Analysis; a.Status != sg.Proved || a.Period.Length != 1550 || a.Period.Start != 5181 {
		t.Fatalf("0.165: %s, period %+v; want proved, 1550 from 5181", a.Status, a.Period)
	}
	window, maxP, found := plots.SpectrumRange(tab)
	if window != 13464-5181 || maxP < 2*1550 || found != 1550 {
		t.Errorf("window %d, candidate periods up to %d, period %d; want %d, at least 3100, 1550", window, maxP, found, 13464-5181)
	}
	// Sampled (2^20 pairs in all), the shares at the period and its
	// multiple are still exactly 1.
	if share := plots.PeriodSpectrumWithin(tab.G, maxP, window, 1<<20); share[1550-1] != 1 || share[3100-1] != 1 {
		t.Errorf("shares at 1550 and 3100: %v and %v, want 1", share[1550-1], share[3100-1])
	}
	p, err := plots.Spectrum(tab)
	if err != nil {
		t.Fatal(err)
	}
	img, cell := render(t, p, 8*vg.Inch, 4*vg.Inch)
	if p.X.Max < 3100 {
		t.Errorf("the x axis ends at %v, before 2·1550", p.X.Max)
	}
	for _, y := range []float64{0.02, 0.5, 0.98} {
		pt := cell(1550, y)
		if r, g, b, _ := img.At(pt.X, pt.Y).RGBA(); !(r>>8 == 255 && g>>8 == 127 && b>>8 == 14) {
			t.Errorf("at p = 1550, share %v: pixel %v is %v, not the orange bar", y, pt, img.At(pt.X, pt.Y))
		}
	}
}

// TestSpectrumSampled checks the bound on the spectrum's work: with a
// budget of 10^4 pairs for 100 candidate periods of 2000 values, each
// share rests on 100 pairs, evenly spaced, and still reaches 1 exactly at
// Kayles' period 12 and its multiples, and nowhere else.
func TestSpectrumSampled(t *testing.T) {
	kayles := table(t, kaylesYAML, 5000)
	share := plots.PeriodSpectrumWithin(kayles.G, 100, 2000, 10000)
	for p := 1; p <= 100; p++ {
		if full := share[p-1] == 1; full != (p%12 == 0) {
			t.Errorf("share at p = %d is %v", p, share[p-1])
		}
	}
}

// TestLabelsInside draws every kind of plot at the size the command line
// saves it (8×4 inches; the folded table 8×6, the heat map 7×7), for
// tables whose axes have the longest labels — outcomes of a misère game and
// of Fibonacci Nim, ring values, a game on a graph — and checks that each
// axis label lies inside the image: the y label, centred on the data area
// and turned upright, no longer than the image is high at its place, the x
// label and the title no wider. A label cut at the image's edge ("isère
// outcome …") fails.
func TestLabelsInside(t *testing.T) {
	misere := table(t, "name: take-p-q-misere\nmoves:\n  - take: {min: 2, max: 4}\nplay: misere\n", 1000)
	games, err := rules.Parse(strings.NewReader("name: fibonacci-nim\nstate: fibonacci-nim\nheaps: 2000\n"), "game.yaml")
	if err != nil {
		t.Fatal(err)
	}
	fib, _, err := classical.Solve(t.Context(), games[0])
	if err != nil {
		t.Fatal(err)
	}
	ring := table(t, "name: coin-ring-2\ncode: \"0.77\"\nstart: ring\n", 1000)
	graph := &graphgame.GraphTable{Game: rules.Game{Name: "g", Graph: &rules.GraphSpec{Text: "edges g.csv"}},
		Strings: []string{"a", "b", "c"}, G: sg.ValuesOf([]uint32{0, 1, 2}), Edges: 3}
	type figure struct {
		name string
		draw func() (*plot.Plot, error)
		w, h vg.Length
	}
	var figures []figure
	for _, tab := range []*sg.Table{misere, fib, ring} {
		figures = append(figures,
			figure{tab.Game.Name, func() (*plot.Plot, error) { return plots.Grundy(tab, plots.Options{}) }, 8 * vg.Inch, 4 * vg.Inch},
			figure{tab.Game.Name + "-spectrum", func() (*plot.Plot, error) { return plots.Spectrum(tab) }, 8 * vg.Inch, 4 * vg.Inch},
			figure{tab.Game.Name + "-histogram", func() (*plot.Plot, error) { return plots.Histogram(tab) }, 8 * vg.Inch, 4 * vg.Inch})
	}
	figures = append(figures,
		figure{"take-p-q-misere-folded", func() (*plot.Plot, error) { return plots.Folded(misere) }, 8 * vg.Inch, 6 * vg.Inch},
		figure{"coin-ring-2-ring", func() (*plot.Plot, error) { return plots.Grundy(ring, plots.Options{Ring: true}) }, 8 * vg.Inch, 4 * vg.Inch},
		figure{"graph-histogram", func() (*plot.Plot, error) { return plots.GraphHistogram(graph) }, 8 * vg.Inch, 4 * vg.Inch},
		figure{"wythoff", func() (*plot.Plot, error) { return plots.Heatmap(lattice(t, wythoffYAML)) }, 7 * vg.Inch, 7 * vg.Inch})
	for _, f := range figures {
		p, err := f.draw()
		if err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		da := p.DataCanvas(draw.New(vgimg.New(f.w, f.h))) // where Draw puts the data, and centres the labels
		if long := p.Y.Label.TextStyle.Width(p.Y.Label.Text); da.Center().Y-long/2 < 0 || da.Center().Y+long/2 > f.h {
			t.Errorf("%s: the y label %q (%.0f points long, centred at %.0f) leaves the image of %.0f points", f.name, p.Y.Label.Text, long.Points(), da.Center().Y.Points(), f.h.Points())
		}
		if wide := p.X.Label.TextStyle.Width(p.X.Label.Text); da.Center().X-wide/2 < 0 || da.Center().X+wide/2 > f.w {
			t.Errorf("%s: the x label %q (%.0f points wide) leaves the image of %.0f points", f.name, p.X.Label.Text, wide.Points(), f.w.Points())
		}
		if wide := p.Title.TextStyle.Width(p.Title.Text); wide > f.w {
			t.Errorf("%s: the title %q (%.0f points wide) is wider than the image, %.0f points", f.name, p.Title.Text, wide.Points(), f.w.Points())
		}
	}
}

// TestBarsClearOfFrame checks that bars keep clear of the data area's
// frame: no bar pixel in the three rows below its top, nor in the three
// columns at its right end (nor, for histograms, at its left end). The
// Calendar game's histogram — three values, two as frequent as each other
// — filled its data area from edge to edge; so did Kayles' spectrum, whose
// bars of height 1 reached the top.
func TestBarsClearOfFrame(t *testing.T) {
	// The Calendar game's 37198 days: 18364 of value 0, 18364 of 1, 470 of 2.
	days := make([]uint32, 37198)
	names := make([]int64, len(days))
	for i := range days {
		days[i], names[i] = uint32(i%2), int64(i)
		if i < 470 {
			days[i] = 2
		}
	}
	calendar := &graphgame.GraphTable{Game: rules.Game{Name: "calendar", Graph: &rules.GraphSpec{Text: "calendar"}},
		Ints: names, G: sg.ValuesOf(days), Edges: 73676}
	kayles := table(t, kaylesYAML, 2000)
	officers := table(t, "name: officers\ncode: \"0.6\"\n", 20000)
	for _, tc := range []struct {
		name string
		draw func() (*plot.Plot, error)
		left bool
	}{
		{"calendar-histogram", func() (*plot.Plot, error) { return plots.GraphHistogram(calendar) }, true},
		{"kayles-histogram", func() (*plot.Plot, error) { return plots.Histogram(kayles) }, true},
		{"officers-histogram", func() (*plot.Plot, error) { return plots.Histogram(officers) }, true},
		{"kayles-spectrum", func() (*plot.Plot, error) { return plots.Spectrum(kayles) }, false},
	} {
		p, err := tc.draw()
		if err != nil {
			t.Fatal(err)
		}
		img, cell := render(t, p, 8*vg.Inch, 4*vg.Inch)
		data := dataArea(p, cell)
		strips := map[string]image.Rectangle{
			"top":   image.Rect(data.Min.X, data.Min.Y, data.Max.X, data.Min.Y+3),
			"right": image.Rect(data.Max.X-3, data.Min.Y, data.Max.X, data.Max.Y),
		}
		if tc.left {
			strips["left"] = image.Rect(data.Min.X, data.Min.Y, data.Min.X+3, data.Max.Y)
		}
		for side, r := range strips {
			for _, c := range []color.Color{commonRGB, rareRGB} {
				if anyPixel(img, r, c) {
					t.Errorf("%s: a bar touches the data area's %s edge", tc.name, side)
				}
			}
		}
	}
}
