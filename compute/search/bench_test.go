package search

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkCram times the search of empty Cram boards; compare with
// Beling's igsolve (cram ROWS COLS) on the same machine, the figures in
// docs/speed.md.
//
//	go test ./compute/search -run - -bench Cram -benchtime 3x
func BenchmarkCram(b *testing.B) {
	for _, size := range [][2]int{{4, 7}, {4, 9}, {5, 7}, {5, 8}} {
		for _, workers := range []int{1, 2} {
			b.Run(fmt.Sprintf("%dx%d/workers=%d", size[0], size[1], workers), func(b *testing.B) {
				g, err := NewCram(size[0], size[1])
				if err != nil {
					b.Fatal(err)
				}
				_, _, ex, _ := g.Proved()
				var nodes int64
				for b.Loop() {
					r, err := Nimber(context.Background(), g, g.Start(), Options{Workers: workers, Exclude: ex})
					if err != nil {
						b.Fatal(err)
					}
					nodes = r.Stats.Nodes
				}
				b.ReportMetric(float64(nodes), "positions")
			})
		}
	}
}

// BenchmarkChomp times Chomp's rectangles by the definition (igsolve:
// chomp -r ROWS -c COLS).
func BenchmarkChomp(b *testing.B) {
	for _, size := range [][2]int{{7, 8}, {8, 10}} {
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			for b.Loop() {
				g, _ := NewChomp(size[0], size[1]) // its table of diagrams made again
				if _, err := Nimber(context.Background(), g, g.Start(), Options{Method: Exact}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
