package script

import (
	"fmt"

	"github.com/sgtab/sgtab/compute"
)

// maxPatternBoard is the largest board whose outcomes are searched for a
// doubly periodic pattern (the search looks at every point for each
// candidate period and preperiod).
const maxPatternBoard = 256

// A parityRule is a rule a person would try first on a board of outcomes:
// the player to move wins exactly when a parity of n and m holds.
type parityRule struct {
	text string
	wins func(n, m int) bool
}

var parityRules = []parityRule{
	{"n·m is even", func(n, m int) bool { return n*m%2 == 0 }},
	{"n·m is odd", func(n, m int) bool { return n*m%2 == 1 }},
	{"n + m is even", func(n, m int) bool { return (n+m)%2 == 0 }},
	{"n + m is odd", func(n, m int) bool { return (n+m)%2 == 1 }},
	{"n is even", func(n, m int) bool { return n%2 == 0 }},
	{"n is odd", func(n, m int) bool { return n%2 == 1 }},
	{"m is even", func(n, m int) bool { return m%2 == 0 }},
	{"m is odd", func(n, m int) bool { return m%2 == 1 }},
}

// boardFindings returns what the outcomes of a two-parameter table t show
// (the point (n, m) is start(n, m); the player to move wins where SG ≠ 0),
// each stated only where it holds on the whole board, and observed: a
// parity rule, else outcomes doubly periodic from a preperiod.
func boardFindings(t *compute.LatticeTable) []string {
	won := func(n, m int) bool { return t.At(n, m) != 0 }
	for _, r := range parityRules {
		if holdsEverywhere(t, func(n, m int) bool { return won(n, m) == r.wins(n, m) }) {
			return []string{fmt.Sprintf("the player to move wins exactly when %s, for 0 ≤ n, m ≤ %d (observed)", r.text, t.W-1)}
		}
	}
	if t.W > maxPatternBoard {
		return []string{fmt.Sprintf("no parity rule holds; a periodic pattern is not looked for on a board over %d×%d", maxPatternBoard, maxPatternBoard)}
	}
	for a := 0; 2*a <= t.W; a++ {
		p := outcomePeriod(t, a, func(n, m, d int) (int, int) { return n + d, m })
		q := outcomePeriod(t, a, func(n, m, d int) (int, int) { return n, m + d })
		if p > 0 && q > 0 {
			return []string{fmt.Sprintf("outcomes doubly periodic from n, m ≥ %d: period %d in n and %d in m, for n, m ≤ %d (observed)", a, p, q, t.W-1)}
		}
	}
	return nil
}

// holdsEverywhere reports whether ok holds at every point of t.
func holdsEverywhere(t *compute.LatticeTable, ok func(n, m int) bool) bool {
	for m := range t.H {
		for n := range t.W {
			if !ok(n, m) {
				return false
			}
		}
	}
	return true
}

// outcomePeriod returns the least period d of the outcomes of t along the
// direction shift gives, at the points with n, m ≥ a, seen at least three
// times over; 0 when none.
func outcomePeriod(t *compute.LatticeTable, a int, shift func(n, m, d int) (int, int)) int {
	won := func(n, m int) bool { return t.At(n, m) != 0 }
	for d := 1; 3*d <= t.W-a; d++ {
		if holdsEverywhere(t, func(n, m int) bool {
			n2, m2 := shift(n, m, d)
			return n < a || m < a || n2 >= t.W || m2 >= t.H || won(n, m) == won(n2, m2)
		}) {
			return d
		}
	}
	return 0
}
