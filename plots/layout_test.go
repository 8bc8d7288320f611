package plots_test

import (
	"image"
	"image/color"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/plots"
)

// The tests here check what a plot says and where it says it: keys, colour
// bars, axis labels, and nothing cut at the image's edge.

// TestRightEdge draws each kind of plot and checks that nothing is cut at
// the image's right edge: its last pixel columns are background, and the
// last column of the data (the last cell or bar) shows at a point inside it.
func TestRightEdge(t *testing.T) {
	kayles := table(t, kaylesYAML, 2000)
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

// TestHistogramKey draws the histograms of Kayles (rare and common values)
// and of Lasker's Nim (no split, binned) and checks that the key stands
// above the bars: no text (black) inside the data area, and the key's
// swatches (the rare colour for Kayles) above it.
func TestHistogramKey(t *testing.T) {
	for _, tab := range []*compute.Table{table(t, kaylesYAML, 2000), table(t, laskerYAML, 2000)} {
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
		tab  *compute.Table
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
	p, err := plots.Spectrum(table(t, "name: grundy\ncode: \"4!.0\"\n", 1000))
	if err != nil {
		t.Fatal(err)
	}
	if xmax := p.X.Max; xmax > 500.5 {
		t.Errorf("candidate periods up to %v, want 500", xmax)
	}
}
