package sg

import (
	"fmt"
	"slices"
)

// A Generalized value is a node's value under the generalized
// Sprague-Grundy function γ of a game on a graph that may have cycles
// (C. A. B. Smith, "Graphs and composite games", J. Combin. Theory 1
// (1966); A. S. Fraenkel and Y. Yesha, "The generalized Sprague-Grundy
// function and its invariance under certain mappings", J. Combin. Theory
// A 43 (1986)): a finite value Value, or, when Inf, the value ∞(K) with K
// the finite values of the node's followers, sorted, each once.
type Generalized struct {
	Value uint32
	Inf   bool
	K     []uint32
}

// An Outcome is who wins a position with the player to move: P (the
// player to move loses), N (the player to move wins) or D (neither: with
// best play the game never ends).
type Outcome byte

// Outcome returns the outcome of a position of value x: P for 0, N for
// any other finite value and for ∞(K) with 0 in K (moving to a follower
// of value 0 wins), D for ∞(K) without 0 in K.
func (x Generalized) Outcome() Outcome {
	switch {
	case !x.Inf && x.Value == 0:
		return P
	case !x.Inf || slices.Contains(x.K, 0):
		return N
	}
	return D
}

// String writes x as a number, or as ∞(k1,k2,…).
func (x Generalized) String() string {
	if !x.Inf {
		return fmt.Sprint(x.Value)
	}
	s := "∞("
	for i, k := range x.K {
		if i > 0 {
			s += ","
		}
		s += fmt.Sprint(k)
	}
	return s + ")"
}

// Plus returns the value of the sum of games of values x and y (Smith's
// theorem, as stated in Fraenkel and Yesha): a ⊕ b for finite a and b;
// ∞(K ⊕ a) for a finite a and ∞(K), K ⊕ a being {k ⊕ a : k ∈ K}; ∞(∅), a
// draw, for two infinite values.
func (x Generalized) Plus(y Generalized) Generalized {
	switch {
	case !x.Inf && !y.Inf:
		return Generalized{Value: x.Value ^ y.Value}
	case x.Inf && y.Inf:
		return Generalized{Inf: true, K: []uint32{}}
	case !x.Inf:
		x, y = y, x
	}
	k := make([]uint32, len(x.K))
	for i, v := range x.K {
		k[i] = v ^ y.Value
	}
	slices.Sort(k)
	return Generalized{Inf: true, K: k}
}

// The outcomes.
const (
	P Outcome = 'P'
	N Outcome = 'N'
	D Outcome = 'D'
)

// reaches reports whether a node of value x has a follower of value m:
// m below a finite x, or m in the K of ∞(K).
func (x Generalized) Reaches(m int64) bool {
	if x.Inf {
		return slices.Contains(x.K, uint32(m))
	}
	return m < int64(x.Value)
}
