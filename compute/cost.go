package compute

import (
	"math"
	"time"

	"github.com/sgtab/sgtab/compute/heap"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// Estimate returns about how long the heap engine takes to compute the
// table of the heap game g to n on workers workers: the plain engine's
// time, from Work, PairsPerSecond and TriplesPerSecond. It reads g's Rule
// and Start only: the other kinds of game have their own estimates
// (LatticeEstimate, StateEstimate). A misère game that splits heaps is
// computed by the misère search within TableMisereLimits, whose steps
// bound its time whatever n is (MisereStepsPerSecond).
func Estimate(g rules.Game, n, workers int) time.Duration {
	if g.Misere && g.Rule.MaxParts() > 1 {
		_, steps := sg.TableMisereLimits.Bounds()
		return duration(float64(steps) / MisereStepsPerSecond)
	}
	return heap.Estimate(g, n, workers)
}

// MisereStepsPerSecond is about how many options the misère search visits
// a second, each a position formed, looked up and, the first time,
// searched: measured on a busy 2-core x86-64 machine, 0.4 to 1 million a
// second (go test -bench MisereSearchKayles ./compute/misere: 860,000 steps and
// 170,000 positions remembered, in 1 to 2 s).
const MisereStepsPerSecond = 1e6

// duration converts secs to a Duration, at most 10^9 seconds.
func duration(secs float64) time.Duration {
	return time.Duration(min(secs, 1e9) * float64(time.Second))
}

// About how many points a second the lattice engine settles (their single
// steps and mex), how many lookups of a point's line it makes a second
// (two a point and repeating step: naming the line, and finding its value
// set), and how many words of the lines' value sets it ORs a second.
// Measured on a 2-core x86-64 machine with Wythoff's game, the rook's game
// and a knight-like game on boards of 4000×4000 and 8000×8000: 25 ns a
// point, 85 ns a lookup, and 1.6 ns a word at 4000 but 3.7 ns at 8000,
// where the lines' sets outgrow the caches: the rate is that of the larger
// boards, which long runs have. Two workers sharing the anti-diagonals
// took longer than one there (20 s against 11 s at 4000, on a machine
// shared with other work), so the estimate counts one worker whatever
// their number.
const (
	LatticePointsPerSecond = 4e7
	LatticeLinesPerSecond  = 1.2e7
	LatticeWordsPerSecond  = 2.7e8
)

// LatticeWork returns about how much the lattice engine does to compute the
// board of l: its points; its line lookups, one per point and repeating
// step; and the words of the lines' value sets it ORs. A point ORs the set
// of each repeating step's line behind it, whose values are below the
// number of the point's options at most: a word per 64 options, at least
// one. The options along the step (−a, −b) from (x, y) number
// k = min(x/a, y/b), and over the board they add up to
//
//	Σ_{k=1..K} (W − k·a)(H − k·b),   K the most steps the board allows,
//
// the count of points from which k steps fit, over k.
func LatticeWork(l *rules.Lattice) (points, lines, words float64) {
	W, H := float64(l.Size[0]), float64(l.Size[1])
	points = W * H
	var repeats, options float64
	for _, s := range l.Steps {
		if !s.Repeat {
			options += max(W+float64(s.D[0]), 0) * max(H+float64(s.D[1]), 0) // the points it moves from
			continue
		}
		repeats++
		a, b := float64(-s.D[0]), float64(-s.D[1])
		K := math.Inf(1)
		if a > 0 {
			K = math.Floor((W - 1) / a)
		}
		if b > 0 {
			K = min(K, math.Floor((H-1)/b))
		}
		if math.IsInf(K, 1) {
			continue // no step at all: rules refuses it
		}
		// Σ (W − k·a)(H − k·b) for k = 1..K, in closed form.
		s1, s2 := K*(K+1)/2, K*(K+1)*(2*K+1)/6
		options += K*W*H - (W*b+H*a)*s1 + a*b*s2
	}
	return points, repeats * points, repeats * (points + options/64)
}

// LatticeEstimate returns about how long the lattice engine takes to
// compute the board of l, from LatticeWork and the rates above, on one
// worker or more alike.
func LatticeEstimate(l *rules.Lattice) time.Duration {
	points, lines, words := LatticeWork(l)
	return duration(points/LatticePointsPerSecond + lines/LatticeLinesPerSecond + words/LatticeWordsPerSecond)
}
