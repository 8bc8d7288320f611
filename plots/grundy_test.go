package plots_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"

	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/plots"
)

// TestBuckets cuts random tables into random numbers of columns and checks
// the buckets: they cover every heap size once, in order, all but the last
// of one length, with the smallest and largest value of their run.
func TestBuckets(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for range 200 {
		g := make([]uint32, 1+rng.IntN(500))
		for i := range g {
			g[i] = uint32(rng.IntN(1000)) // one byte or two
		}
		cols := 1 + rng.IntN(600)
		bs := plots.Buckets(sg.ValuesOf(g), cols)
		k := (len(g) + cols - 1) / cols // heap sizes a bucket
		if len(bs) > cols || len(bs) != (len(g)+k-1)/k {
			t.Fatalf("%d buckets for %d values in %d columns", len(bs), len(g), cols)
		}
		next := 0
		for i, b := range bs {
			if b.Lo != next || b.Hi < b.Lo {
				t.Fatalf("bucket %+v does not follow %d", b, next)
			}
			if i < len(bs)-1 && b.Hi-b.Lo+1 != k {
				t.Fatalf("%d values in %d columns: bucket %+v is not %d long", len(g), cols, b, k)
			}
			next = b.Hi + 1
			lo, hi := g[b.Lo], g[b.Lo]
			for n := b.Lo; n <= b.Hi; n++ {
				lo, hi = min(lo, g[n]), max(hi, g[n])
			}
			if b.Min != lo || b.Max != hi {
				t.Fatalf("bucket %+v, want min %d max %d", b, lo, hi)
			}
		}
		if next != len(g) {
			t.Fatalf("buckets end at %d of %d", next, len(g))
		}
	}
}

// TestGrundyPNG draws Kayles and checks the picture: its size, and that the
// data area holds coloured bars.
func TestGrundyPNG(t *testing.T) {
	tab := table(t, "name: kayles\ncode: \"0.77\"\n", 20000)
	p, err := plots.Grundy(tab, plots.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(p.Title.Text, "kayles") || !strings.Contains(p.Title.Text, "0.77") {
		t.Errorf("title %q lacks the name and rule", p.Title.Text)
	}
	img := pngOf(t, p, 6*vg.Inch, 3*vg.Inch)
	if b := img.Bounds(); b.Dx() != 576 || b.Dy() != 288 { // 6×3 inches at 96 dpi
		t.Errorf("image is %v", b)
	}
	blue := 0
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			if b > 0x8000 && r < 0x6000 && g < 0xa000 {
				blue++
			}
		}
	}
	if blue < 1000 {
		t.Errorf("only %d pixels of the data colour", blue)
	}
	if _, err := plots.Grundy(tab, plots.Options{Ring: true}); err == nil {
		t.Error("a ring plot of a row game did not fail")
	}
}

// TestRingTitle checks that a ring plot states the rings' period, not the
// rows': the coin ring 0.77 has rows of period 12 from 71, and rings of
// value 0 from 3 on, proved from the rows' period.
func TestRingTitle(t *testing.T) {
	tab := table(t, "code: \"0.77\"\nstart: ring", 400)
	rows, err := plots.Grundy(tab, plots.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ring, err := plots.Grundy(tab, plots.Options{Ring: true})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rows.Title.Text, "period 12 from n = 71, proved") {
		t.Errorf("rows' title %q", rows.Title.Text)
	}
	if !strings.Contains(ring.Title.Text, "period 1 from n = 3, proved (a ring's options are rows") {
		t.Errorf("ring's title %q", ring.Title.Text)
	}
}
