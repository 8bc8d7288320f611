package plots_test

import (
	"testing"

	"gonum.org/v1/plot/vg"

	"github.com/sgtab/sgtab/plots"
)

// TestBoardsPixels draws a table of Cram boards and reads the pixels
// back: a board of nimber 0 is black, one of nimber 2 coloured, a size
// with no board blank, and a board proved by a symmetry ringed.
func TestBoardsPixels(t *testing.T) {
	boards := []plots.Board{
		{Rows: 4, Cols: 4, Nimber: 0, Proved: true}, {Rows: 4, Cols: 5, Nimber: 2}, {Rows: 4, Cols: 6, Nimber: 0, Proved: true},
		{Rows: 5, Cols: 4, Nimber: 2}, {Rows: 5, Cols: 5, Nimber: 0},
	}
	p, err := plots.Boards("cram", boards)
	if err != nil {
		t.Fatal(err)
	}
	img, cell := render(t, p, 6*vg.Inch, 5*vg.Inch)
	rgb := func(r, c int, dx float64) (uint32, uint32, uint32) {
		pt := cell(float64(c-4)+dx, float64(r-4)+0.5)
		r0, g0, b0, _ := img.At(pt.X, pt.Y).RGBA()
		return r0 >> 8, g0 >> 8, b0 >> 8
	}
	black := func(r, c int, dx float64) bool { x, y, z := rgb(r, c, dx); return x < 40 && y < 40 && z < 40 }
	white := func(r, c int, dx float64) bool { x, y, z := rgb(r, c, dx); return x > 215 && y > 215 && z > 215 }
	for _, b := range boards {
		if got := black(b.Rows, b.Cols, 0.3); got != (b.Nimber == 0) {
			t.Errorf("%d×%d of nimber %d: black %v", b.Rows, b.Cols, b.Nimber, got)
		}
		if white(b.Rows, b.Cols, 0.3) {
			t.Errorf("%d×%d is blank", b.Rows, b.Cols)
		}
	}
	if !white(5, 6, 0.3) {
		t.Error("5×6, which the table lacks, is not blank")
	}
	if !white(4, 4, 0.1) || white(5, 5, 0.1) {
		t.Error("the ring says wrongly which boards a symmetry proved")
	}
	for _, bad := range [][]plots.Board{nil, {{Rows: 0, Cols: 3}}, {{Rows: 2, Cols: 2, Nimber: -1}}, {{Rows: 1, Cols: 1}, {Rows: 1, Cols: 400}}} {
		if _, err := plots.Boards("cram", bad); err == nil {
			t.Errorf("boards %v drawn", bad)
		}
	}
}
