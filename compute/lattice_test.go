package compute_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

func latticeGame(t *testing.T, yaml string) rules.Game {
	t.Helper()
	g := game(t, yaml)
	if g.Kind() != rules.KindLattice {
		t.Fatalf("%q is not a lattice game", yaml)
	}
	return g
}

const wythoffYAML = `lattice:
  size: [300, 300]
  moves:
    - {step: [-1, 0], repeat: true}
    - {step: [0, -1], repeat: true}
    - {step: [-1, -1], repeat: true}
`

// TestLatticeBruteForce compares the engine with the definition on random
// boards and steps, once and repeating, for several worker counts: SG(x, y)
// is the mex of the values of the points the steps reach.
func TestLatticeBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	for trial := range 200 {
		l := &rules.Lattice{Size: [2]int{1 + rng.IntN(12), 1 + rng.IntN(12)}}
		for range 1 + rng.IntN(4) {
			var s rules.Step
			for s.D == [2]int{} {
				s.D = [2]int{-rng.IntN(4), -rng.IntN(4)}
			}
			s.Repeat = rng.IntN(2) == 0
			l.Steps = append(l.Steps, s)
		}
		W, H := l.Size[0], l.Size[1]
		want := make([]uint32, W*H)
		for y := range H {
			for x := range W {
				seen := map[uint32]bool{}
				for _, s := range l.Steps {
					for k := 1; ; k++ {
						px, py := x+k*s.D[0], y+k*s.D[1]
						if px < 0 || py < 0 || !s.Repeat && k > 1 {
							break
						}
						seen[want[py*W+px]] = true
					}
				}
				for seen[want[y*W+x]] {
					want[y*W+x]++
				}
			}
		}
		g := rules.Game{Name: "random", Lattice: l}
		for _, workers := range []int{1, 2, 3} {
			tab, err := compute.Lattice(t.Context(), g, sg.Options{Workers: workers})
			if err != nil {
				t.Fatal(err)
			}
			for i, w := range want {
				if got := tab.G.At(i); got != w {
					t.Fatalf("trial %d, %s, %d workers: SG(%d, %d) = %d, want %d", trial, l, workers, i%W, i/W, got, w)
				}
			}
		}
	}
}

// TestWythoff checks Wythoff's game: its losing positions are exactly
// (⌊kφ⌋, ⌊kφ²⌋) and (⌊kφ²⌋, ⌊kφ⌋), k ≥ 0 (W. A. Wythoff, 1907; OEIS
// A000201 and A001950), and the first twelve rows of its SG table are
// OEIS A317205 (Winning Ways, p. 76).
func TestWythoff(t *testing.T) {
	tab, err := compute.Lattice(t.Context(), latticeGame(t, wythoffYAML), sg.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// The anti-diagonals shared among workers give the same values.
	for _, workers := range []int{1, 3, 7} {
		other, err := compute.Lattice(t.Context(), latticeGame(t, wythoffYAML), sg.Options{Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		if !other.G.Equal(tab.G) {
			t.Fatalf("%d workers: values differ", workers)
		}
	}
	phi := (1 + math.Sqrt(5)) / 2
	losing := map[[2]int]bool{}
	for k := 0; float64(k)*phi*phi < 300; k++ {
		a, b := int(math.Floor(float64(k)*phi)), int(math.Floor(float64(k)*phi*phi))
		losing[[2]int{a, b}], losing[[2]int{b, a}] = true, true
	}
	for y := range 300 {
		for x := range 300 {
			if zero := tab.At(x, y) == 0; zero != losing[[2]int{x, y}] {
				t.Fatalf("SG(%d, %d) = %d; Wythoff's pairs say losing: %v", x, y, tab.At(x, y), losing[[2]int{x, y}])
			}
		}
	}
	// A317205: row n holds SG(n, m) for m = 0..n.
	a317205 := []uint32{0, 1, 2, 2, 0, 1, 3, 4, 5, 6, 4, 5, 3, 2, 7, 5, 3, 4, 0, 6, 8, 6, 7, 8, 1, 9, 10, 3, 7, 8, 6, 9, 0, 1, 4, 5, 8, 6, 7, 10, 1, 2, 5, 3, 4, 9, 10, 11, 12, 8, 7, 13, 14, 15, 16, 10, 11, 9, 8, 13, 12, 0, 15, 16, 17, 14, 11, 9, 10, 7, 12, 14, 2, 13, 17, 6, 18, 15}
	i := 0
	for n := 0; i < len(a317205); n++ {
		for m := 0; m <= n && i < len(a317205); m++ {
			if got := tab.At(n, m); got != a317205[i] {
				t.Fatalf("SG(%d, %d) = %d, A317205 says %d", n, m, got, a317205[i])
			}
			i++
		}
	}
}

// TestNimHof checks a generalised Wythoff game with a knight-like step:
// from (x, y) to (x − i, y), (x − 3i, y − i) or (x, y − i), against the
// triangle of OEIS A307301 ("NimHof" with rules [1,0], [3,1], [0,1]; row x
// holds SG(x, y) for y = 0..12−x).
func TestNimHof(t *testing.T) {
	tab, err := compute.Lattice(t.Context(), latticeGame(t, `lattice:
  size: [13, 13]
  moves:
    - {step: [-1, 0], repeat: true}
    - {step: [-3, -1], repeat: true}
    - {step: [0, -1], repeat: true}
`), sg.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rows := [][]uint32{
		{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12},
		{1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10},
		{2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8},
		{3, 2, 4, 0, 1, 6, 8, 9, 5, 7},
		{4, 5, 1, 6, 0, 2, 3, 8, 7},
		{5, 4, 6, 7, 2, 0, 1, 3},
		{6, 7, 5, 8, 3, 9, 0},
		{7, 6, 8, 4, 9, 1},
		{8, 9, 7, 5, 10},
		{9, 8, 10, 11},
		{10, 11, 9},
		{11, 10},
		{12},
	}
	for x, row := range rows {
		for y, want := range row {
			if got := tab.At(x, y); got != want {
				t.Fatalf("SG(%d, %d) = %d, A307301 says %d", x, y, got, want)
			}
		}
	}
}
