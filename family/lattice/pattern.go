package lattice

import (
	"fmt"
	"strings"

	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// patternCorner is the side of the corner of a board in which a doubly
// periodic pattern is looked for; one found there is then checked on the
// whole board. The search looks at every point of the corner for each
// preperiod and period it tries.
const patternCorner = 256

// mostClasses is the most residue classes a doubly periodic pattern's lost
// points are listed by; a pattern with more is stated by its periods.
const mostClasses = 6

// A parityRule is a rule a person would try first on a board of outcomes:
// the player to move wins exactly when a parity of the two coordinates
// holds.
type parityRule struct {
	text string // with %[1]s and %[2]s for the coordinates' names
	wins func(x, y int) bool
}

var parityRules = []parityRule{
	{"%[1]s·%[2]s is even", func(x, y int) bool { return x*y%2 == 0 }},
	{"%[1]s·%[2]s is odd", func(x, y int) bool { return x*y%2 == 1 }},
	{"%[1]s + %[2]s is even", func(x, y int) bool { return (x+y)%2 == 0 }},
	{"%[1]s + %[2]s is odd", func(x, y int) bool { return (x+y)%2 == 1 }},
	{"%[1]s is even", func(x, y int) bool { return x%2 == 0 }},
	{"%[1]s is odd", func(x, y int) bool { return x%2 == 1 }},
	{"%[2]s is even", func(x, y int) bool { return y%2 == 0 }},
	{"%[2]s is odd", func(x, y int) bool { return y%2 == 1 }},
}

// Patterns returns what the outcomes of the board t show (the player to
// move wins where SG ≠ 0), each stated only where it holds on the whole
// board, and observed: a parity rule, else outcomes doubly periodic from a
// preperiod, with the residue classes of the lost points when they are
// few. The coordinates are named x and y, or n and m on the board of a
// scripted game (start(n, m)).
func Patterns(t *sg.LatticeTable) []string {
	x, y := "x", "y"
	if t.Game.Kind() == rules.KindScript {
		x, y = "n", "m"
	}
	won := func(i, j int) bool { return t.At(i, j) != 0 }
	whole := fmt.Sprintf("for 0 ≤ %s < %d, 0 ≤ %s < %d (observed)", x, t.W, y, t.H)
	for _, r := range parityRules {
		if holds(t, t.W, t.H, func(i, j int) bool { return won(i, j) == r.wins(i, j) }) {
			return []string{fmt.Sprintf("the player to move wins exactly when "+r.text+", %s", x, y, whole)}
		}
	}
	a, p, q := doublePeriod(t)
	if p == 0 {
		return nil
	}
	out := fmt.Sprintf("outcomes doubly periodic from %s, %s ≥ %d: period %d in %s and %d in %s", x, y, a, p, x, q, y)
	if lost := lostClasses(t, a, p, q); lost != "" {
		out += "; " + fmt.Sprintf(lost, x, y)
	}
	return []string{out + ", " + whole}
}

// doublePeriod returns the least preperiod a and, for it, the least
// periods p in x and q in y of the outcomes of t, each seen at least three
// times over, found in t's corner and holding on the whole board; p = 0
// when there is none.
func doublePeriod(t *sg.LatticeTable) (a, p, q int) {
	w, h := min(t.W, patternCorner), min(t.H, patternCorner)
	for a := 0; 2*a <= min(w, h); a++ {
		p := outcomePeriod(t, w, h, a, 1, 0)
		if p == 0 {
			continue
		}
		q := outcomePeriod(t, w, h, a, 0, 1)
		if q == 0 {
			continue
		}
		if w < t.W || h < t.H {
			if !periodic(t, t.W, t.H, a, p, 1, 0) || !periodic(t, t.W, t.H, a, q, 0, 1) {
				return 0, 0, 0 // the corner's pattern breaks further out
			}
		}
		return a, p, q
	}
	return 0, 0, 0
}

// outcomePeriod returns the least period d of the outcomes of t's w×h
// corner along the direction (dx, dy), at the points with both coordinates
// at least a, seen at least three times over; 0 when none.
func outcomePeriod(t *sg.LatticeTable, w, h, a, dx, dy int) int {
	span := max(dx*(w-a), dy*(h-a))
	for d := 1; 3*d <= span; d++ {
		if periodic(t, w, h, a, d, dx, dy) {
			return d
		}
	}
	return 0
}

// periodic reports whether the outcomes of t's w×h corner repeat with
// period d along (dx, dy) at the points with both coordinates at least a.
func periodic(t *sg.LatticeTable, w, h, a, d, dx, dy int) bool {
	return holds(t, w, h, func(i, j int) bool {
		i2, j2 := i+d*dx, j+d*dy
		return i < a || j < a || i2 >= w || j2 >= h || (t.At(i, j) != 0) == (t.At(i2, j2) != 0)
	})
}

// holds reports whether ok holds at every point of t's w×h corner.
func holds(t *sg.LatticeTable, w, h int, ok func(i, j int) bool) bool {
	for j := range h {
		for i := range w {
			if !ok(i, j) {
				return false
			}
		}
	}
	return true
}

// lostClasses states the lost points of a pattern periodic from a with
// periods p and q by their residue classes ("the player to move loses
// exactly when %[1]s ≡ 0 (mod 2) and %[2]s ≡ 0 (mod 2)", the names filled
// in by the caller) when at most mostClasses classes are lost; "" when
// more are, or none.
func lostClasses(t *sg.LatticeTable, a, p, q int) string {
	var cls [][2]int
	for j := a; j < a+q && j < t.H; j++ {
		for i := a; i < a+p && i < t.W; i++ {
			if t.At(i, j) == 0 {
				cls = append(cls, [2]int{i % p, j % q})
			}
		}
	}
	if len(cls) == 0 || len(cls) > mostClasses {
		return ""
	}
	there := "the player to move loses exactly when "
	if a > 0 {
		there = "there " + there
	}
	if len(cls) == 1 {
		return there + fmt.Sprintf("%%[1]s ≡ %d (mod %d) and %%[2]s ≡ %d (mod %d)", cls[0][0], p, cls[0][1], q)
	}
	texts := make([]string, len(cls))
	for k, c := range cls {
		texts[k] = fmt.Sprintf("(%d, %d)", c[0], c[1])
	}
	return there + fmt.Sprintf("(%%[1]s mod %d, %%[2]s mod %d) is one of %s", p, q, strings.Join(texts, ", "))
}
