package plots_test

import (
	"bytes"
	"flag"
	"image"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/misere"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/plots"
	"github.com/sgtab/sgtab/rules"
)

func table(t testing.TB, yaml string, n int) *sg.Table {
	t.Helper()
	games, err := rules.Parse(strings.NewReader(yaml), "game.yaml")
	if err != nil {
		t.Fatal(err)
	}
	tab, err := compute.Sequence(t.Context(), games[0], n, sg.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

const (
	laskerYAML = "name: laskers-nim\nmoves:\n  - take: {min: 1}\n  - split: {parts: 2}\n"
	kaylesYAML = "name: kayles\ncode: \"0.77\"\n"
	nimYAML    = "name: nim\nmoves:\n  - take: {min: 1}\n"
	// Kayles in misère play, whose table holds the genera of its heaps.
	kaylesMisereYAML = "name: kayles-misere\ncode: \"0.77\"\nplay: misere\n"
	// Wythoff's game on a board of 40×40: take from one pile or the same
	// from both.
	wythoffYAML = `name: wythoff
lattice:
  size: [40, 40]
  moves:
    - {step: [-1, 0], repeat: true}
    - {step: [0, -1], repeat: true}
    - {step: [-1, -1], repeat: true}
`
)

// lattice computes the lattice game described by yaml.
func lattice(t *testing.T, yaml string) *sg.LatticeTable {
	t.Helper()
	games, err := rules.Parse(strings.NewReader(yaml), "game.yaml")
	if err != nil {
		t.Fatal(err)
	}
	tab, err := compute.Lattice(t.Context(), games[0], sg.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// TestFoldLasker folds Lasker's Nim by its period 4 with saltus 4: from row
// 1 on every column is constant (−1, 1, 2, 4: SG(4k+4) = 4k+3, SG(4k+1) =
// 4k+1, SG(4k+2) = 4k+2, SG(4k+3) = 4k+4), and row 0 differs in column 0
// (SG(0) = 0, the one exception).
func TestFoldLasker(t *testing.T) {
	tab := table(t, laskerYAML, 2000)
	per := tab.Analysis.Period
	if per.Length != 4 || per.Saltus != 4 || per.Start != 1 {
		t.Fatalf("Lasker's Nim: period %+v", per)
	}
	grid := plots.Fold(tab.G, per, 30)
	want := []int64{-1, 1, 2, 4}
	for r, row := range grid[1:] {
		for c, v := range row {
			if v != want[c] {
				t.Fatalf("row %d, column %d: %d, want %d", r+1, c, v, want[c])
			}
		}
	}
	if grid[0][0] != 0 {
		t.Errorf("row 0, column 0: %d, want 0", grid[0][0])
	}
}

// TestFoldedPixels draws the folded picture of Lasker's Nim and reads its
// pixels back: each column has one colour from row 1 down, four columns have
// four different colours, and the cell of n = 0 stands out from its column.
func TestFoldedPixels(t *testing.T) {
	tab := table(t, laskerYAML, 2000)
	p, err := plots.Folded(tab)
	if err != nil {
		t.Fatal(err)
	}
	rows := len(plots.Fold(tab.G, tab.Analysis.Period, 1000))
	rows = min(rows, 16) // the picture's rows: preperiod and eight periods, at least 16
	at := cells(t, p, rows)
	seen := map[[4]uint32]bool{}
	for c := range 4 {
		col := at(1, c)
		seen[col] = true
		for r := 2; r < rows; r++ {
			if at(r, c) != col {
				t.Fatalf("column %d: row %d is %v, row 1 is %v", c, r, at(r, c), col)
			}
		}
	}
	if len(seen) != 4 {
		t.Errorf("the four columns have %d colours, want 4", len(seen))
	}
	if at(0, 0) == at(1, 0) {
		t.Error("the exception SG(0) = 0 has the colour of its column")
	}
	for c := 1; c < 4; c++ {
		if at(0, c) != at(1, c) {
			t.Errorf("column %d: row 0 differs from row 1, but n = %d is no exception", c, c)
		}
	}
}

// cells draws the folded picture p of rows rows and returns the colour of
// the cell at row r, column c.
func cells(t *testing.T, p *plot.Plot, rows int) func(r, c int) [4]uint32 {
	img, cell := render(t, p, 6*vg.Inch, 4*vg.Inch)
	return func(r, c int) [4]uint32 {
		// A quarter into the cell from its top-left corner, away from the
		// value written in its middle.
		pt := cell(float64(c)+0.25, float64(rows-r)-0.25)
		r32, g, b, a := img.At(pt.X, pt.Y).RGBA()
		return [4]uint32{r32, g, b, a}
	}
}

// TestFoldedNim folds Nim, period 1 and saltus 1 (SG(n) = n, Bouton 1901),
// ten periods wide: the picture has ten columns, n mod 10, each of one
// colour over its 16 rows and no two of the same colour, for column c
// shows SG(n) − 10·(n div 10) = c.
func TestFoldedNim(t *testing.T) {
	p, err := plots.Folded(table(t, nimYAML, 2000))
	if err != nil {
		t.Fatal(err)
	}
	if p.X.Label.Text != "n mod 10" {
		t.Errorf("x axis %q, want n mod 10", p.X.Label.Text)
	}
	at := cells(t, p, 16)
	seen := map[[4]uint32]bool{}
	for c := range 10 {
		seen[at(0, c)] = true
		for r := 1; r < 16; r++ {
			if at(r, c) != at(0, c) {
				t.Fatalf("column %d: row %d is %v, row 0 is %v", c, r, at(r, c), at(0, c))
			}
		}
	}
	if len(seen) != 10 {
		t.Errorf("ten columns of %d colours, want 10", len(seen))
	}
}

// render draws p at w×h and returns the image and a function mapping data
// coordinates to its pixels.
func render(t *testing.T, p *plot.Plot, w, h vg.Length) (image.Image, func(x, y float64) image.Point) {
	t.Helper()
	c := vgimg.New(w, h)
	dc := draw.New(c)
	p.Draw(dc)
	da := p.DataCanvas(dc)
	tx, ty := p.Transforms(&da)
	img := c.Image()
	scale := float64(img.Bounds().Dx()) / float64(w.Points())
	return img, func(x, y float64) image.Point {
		return image.Point{
			X: int(float64(tx(x).Points()) * scale),
			Y: img.Bounds().Dy() - int(float64(ty(y).Points())*scale),
		}
	}
}

// pngOf draws p as a PNG of w×h and decodes it.
func pngOf(t *testing.T, p *plot.Plot, w, h vg.Length) image.Image {
	t.Helper()
	wt, err := p.WriterTo(w, h, "png")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := wt.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// TestPeriodSpectrum checks that the spectrum reaches 1 exactly at the
// period and its multiples: Kayles (pure, 12), Lasker's Nim (arithmetic, 4),
// and nowhere for Grundy's game, which has no period.
func TestPeriodSpectrum(t *testing.T) {
	for _, tc := range []struct {
		yaml   string
		period int
	}{
		{kaylesYAML, 12},
		{laskerYAML, 4},
		{"name: grundy\ncode: \"4!.0\"\n", 0},
	} {
		tab := table(t, tc.yaml, 5000)
		share := plots.PeriodSpectrum(tab.G, 100, 2000)
		if len(share) != 100 {
			t.Fatalf("%d shares, want 100", len(share))
		}
		for p := 1; p <= 100; p++ {
			full := share[p-1] == 1
			if want := tc.period > 0 && p%tc.period == 0; full != want {
				t.Errorf("%s: share at p = %d is %v", tab.Game.Name, p, share[p-1])
			}
		}
		if _, err := plots.Spectrum(tab); err != nil {
			t.Error(err)
		}
	}
}

// TestValueBins counts random values of one and two bytes, split by a mask,
// and checks every count against a direct count.
func TestValueBins(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	for _, top := range []int{1, 100, 5000, 70000} {
		vs := make([]uint32, 3000)
		for i := range vs {
			vs[i] = uint32(rng.IntN(top + 1))
		}
		mask := uint32(rng.IntN(64))
		bins := plots.ValueBins(sg.ValuesOf(vs), sg.Split{Mask: mask}, 512)
		if len(bins) > 512 || bins[0].Lo != 0 || bins[len(bins)-1].Hi != slicesMax(vs) {
			t.Fatalf("top %d: %d bins from %d to %d", top, len(bins), bins[0].Lo, bins[len(bins)-1].Hi)
		}
		for _, b := range bins {
			var rare, common int64
			for _, v := range vs {
				if v >= b.Lo && v <= b.Hi {
					if mask != 0 && sg.IsRare(v, mask) {
						rare++
					} else {
						common++
					}
				}
			}
			if b.Rare != rare || b.Common != common {
				t.Fatalf("top %d, bin %d..%d: %d rare and %d common, want %d and %d", top, b.Lo, b.Hi, b.Rare, b.Common, rare, common)
			}
		}
	}
}

func slicesMax(vs []uint32) uint32 {
	var m uint32
	for _, v := range vs {
		m = max(m, v)
	}
	return m
}

// TestPlotErrors checks that a table with no period, or one too long to
// fold, is refused by Folded, and that every plot of a periodic table draws
// as PNG at the asked size with its name, rule and standing in the title.
func TestPlotErrors(t *testing.T) {
	grundy := table(t, "name: grundy\ncode: \"4!.0\"\n", 3000)
	if _, err := plots.Folded(grundy); err == nil {
		t.Error("Folded drew a table with no period")
	}
	long := table(t, "name: long\nmoves:\n  - take: [700]\n", 3000) // period 1400
	if long.Analysis.Period.Length <= plots.MaxFoldColumns {
		t.Fatalf("period %d, want one above %d", long.Analysis.Period.Length, plots.MaxFoldColumns)
	}
	if _, err := plots.Folded(long); err == nil {
		t.Error("Folded drew a period too long to fold")
	}
	kayles := table(t, kaylesYAML, 3000)
	for name, make := range map[string]func() (*plot.Plot, error){
		"grundy":    func() (*plot.Plot, error) { return plots.Grundy(kayles, plots.Options{}) },
		"folded":    func() (*plot.Plot, error) { return plots.Folded(kayles) },
		"spectrum":  func() (*plot.Plot, error) { return plots.Spectrum(kayles) },
		"histogram": func() (*plot.Plot, error) { return plots.Histogram(kayles) },
	} {
		p, err := make()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if title := p.Title.Text; !strings.Contains(title, "kayles — 0.77") || !strings.Contains(title, "period 12 from n = 71, proved") {
			t.Errorf("%s: title %q", name, title)
		}
		if b := pngOf(t, p, 5*vg.Inch, 3*vg.Inch).Bounds(); b.Dx() != 480 || b.Dy() != 288 {
			t.Errorf("%s: image is %v, want 480×288", name, b)
		}
	}
}

// BenchmarkPlots1e8 builds and draws every plot of Kayles to 10^8 (values
// filled from the proved period): each costs O(N) to build at most, and
// O(width) to draw.
func BenchmarkPlots1e8(b *testing.B) {
	tab := table(b, kaylesYAML, 100_000_000)
	for b.Loop() {
		for _, make := range []func() (*plot.Plot, error){
			func() (*plot.Plot, error) { return plots.Grundy(tab, plots.Options{}) },
			func() (*plot.Plot, error) { return plots.Folded(tab) },
			func() (*plot.Plot, error) { return plots.Spectrum(tab) },
			func() (*plot.Plot, error) { return plots.Histogram(tab) },
		} {
			p, err := make()
			if err != nil {
				b.Fatal(err)
			}
			w, err := p.WriterTo(8*vg.Inch, 4*vg.Inch, "png")
			if err != nil {
				b.Fatal(err)
			}
			if _, err := w.WriteTo(&bytes.Buffer{}); err != nil {
				b.Fatal(err)
			}
		}
	}
}

var regen = flag.Bool("regen", false, "rewrite the golden images in testdata")

// TestGoldenImages compares pictures whose every pixel is fixed (gonum/plot
// draws with its own fonts and rasteriser) with testdata/*.png: the folded
// tables of Lasker's Nim and of Nim, the spectrum and the histogram of
// Kayles, the genera of misère Kayles, the heat map of Wythoff's game and
// the multiplication table of 0.75's misère quotient. -regen rewrites them
// after a deliberate
// change; look at them before committing.
func TestGoldenImages(t *testing.T) {
	lasker := table(t, laskerYAML, 2000)
	kayles := table(t, kaylesYAML, 2000)
	wythoff := lattice(t, wythoffYAML)
	nim := table(t, nimYAML, 2000)
	kaylesMisere := table(t, kaylesMisereYAML, 40)
	r075, _ := rules.ParseCode("0.75", 0)
	q075, err := misere.QuotientOf(t.Context(), r075, 10, misere.QuotientLimits{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for name, make := range map[string]func() (*plot.Plot, error){
		"kayles-misere-genus": func() (*plot.Plot, error) { return plots.Genus(kaylesMisere) },
		"q075-quotient":       func() (*plot.Plot, error) { return plots.Multiplication(q075, "0.75") },
		"lasker-folded":       func() (*plot.Plot, error) { return plots.Folded(lasker) },
		"nim-folded":          func() (*plot.Plot, error) { return plots.Folded(nim) },
		"kayles-spectrum":     func() (*plot.Plot, error) { return plots.Spectrum(kayles) },
		"kayles-histogram":    func() (*plot.Plot, error) { return plots.Histogram(kayles) },
		"wythoff-heatmap":     func() (*plot.Plot, error) { return plots.Heatmap(wythoff) },
	} {
		p, err := make()
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("testdata", name+".png")
		if *regen {
			if err := p.Save(6*vg.Inch, 4*vg.Inch, path); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		wantImg, err := png.Decode(bytes.NewReader(want))
		if err != nil {
			t.Fatal(err)
		}
		got := pngOf(t, p, 6*vg.Inch, 4*vg.Inch)
		if !got.Bounds().Eq(wantImg.Bounds()) {
			t.Fatalf("%s: %v, golden image %v", name, got.Bounds(), wantImg.Bounds())
		}
		diff := 0
		for y := got.Bounds().Min.Y; y < got.Bounds().Max.Y; y++ {
			for x := got.Bounds().Min.X; x < got.Bounds().Max.X; x++ {
				r1, g1, b1, _ := got.At(x, y).RGBA()
				r2, g2, b2, _ := wantImg.At(x, y).RGBA()
				if r1 != r2 || g1 != g2 || b1 != b2 {
					diff++
				}
			}
		}
		if diff > 0 {
			t.Errorf("%s: %d pixels differ from %s (rerun with -regen after a deliberate change)", name, diff, path)
		}
	}
}

// wythoffHeatmap draws the heat map of Wythoff's game on 40×40 at 6×6
// inches, as render does.
func wythoffHeatmap(t *testing.T) (*sg.LatticeTable, image.Image, func(x, y float64) image.Point) {
	t.Helper()
	tab := lattice(t, wythoffYAML)
	p, err := plots.Heatmap(tab)
	if err != nil {
		t.Fatal(err)
	}
	img, cell := render(t, p, 6*vg.Inch, 6*vg.Inch)
	return tab, img, cell
}

// TestHeatmapPixels draws Wythoff's game and reads the pixels back: the
// cells of the losing positions (1, 2), (2, 1), (3, 5) are black, and their
// neighbours are not.
func TestHeatmapPixels(t *testing.T) {
	_, img, cell := wythoffHeatmap(t)
	black := func(x, y int) bool {
		pt := cell(float64(x)+0.5, float64(y)+0.5)
		r, g, b, _ := img.At(pt.X, pt.Y).RGBA()
		return r == 0 && g == 0 && b == 0
	}
	for _, pt := range [][2]int{{0, 0}, {1, 2}, {2, 1}, {3, 5}, {5, 3}, {4, 7}} {
		if !black(pt[0], pt[1]) {
			t.Errorf("the losing position %v is not black", pt)
		}
	}
	for _, pt := range [][2]int{{1, 1}, {2, 2}, {3, 4}, {0, 5}, {6, 3}} {
		if black(pt[0], pt[1]) {
			t.Errorf("the winning position %v is black", pt)
		}
	}
}
