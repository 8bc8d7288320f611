// Package brute holds the references the engines' tests check them
// against, written from the definitions alone, with none of the engines'
// ideas: slow, and plainly right.
package brute

import "github.com/sgtab/sgtab/compute/sg"

// Outcomes returns the outcome of every position of a game graph whose
// position s moves to the positions next[s], by retrograde analysis: a
// position with no move is lost; one with a move to a lost position is
// won; one whose every move goes to a won position is lost; what is left
// is a draw.
func Outcomes(next [][]int) []sg.Outcome {
	out := make([]sg.Outcome, len(next))
	for changed := true; changed; {
		changed = false
		for s := range next {
			if out[s] != 0 {
				continue
			}
			lost, won := true, false
			for _, t := range next[s] {
				won = won || out[t] == sg.P
				lost = lost && out[t] == sg.N
			}
			switch {
			case won:
				out[s], changed = sg.N, true
			case lost:
				out[s], changed = sg.P, true
			}
		}
	}
	for s := range out {
		if out[s] == 0 {
			out[s] = sg.D
		}
	}
	return out
}
