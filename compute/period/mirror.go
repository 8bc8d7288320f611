package period

import (
	"fmt"
	"iter"
	"slices"

	"github.com/sgtab/sgtab/compute/moves"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// MirrorTheorem names the argument of RingMirror.
const MirrorTheorem = "Tweedledum–Tweedledee mirror strategy (Winning Ways): every first move leaves a row that the opponent takes whole or splits into two equal rows"

// A Mirror is what the mirror strategy proves of the rings of a game, from
// its rule alone (see RingMirror).
//
// A sum X + X of two equal games is lost for the player to move, whatever
// X is: the opponent answers each move in one X by the same move in the
// other (Tweedledum and Tweedledee, in Berlekamp, Conway and Guy's Winning
// Ways; G ⊕ G = 0 in Sprague–Grundy terms). The rows of a heap game are
// such games, each played on its own under the same rule. So a row of m
// tokens is won for the player to move when some move removes j tokens
// with j ≡ m (mod 2), j ≤ m − 2, and may leave two heaps not required to
// differ in size — it leaves two rows of (m − j)/2, a lost position —
// and when taking the whole row (m tokens) is a move. A ring of n tokens
// is then lost for the player to move when it cannot be taken whole, no
// first move leaves two rows, and every first move leaves one row that is
// won for the opponent in one of those two ways: every option of the ring
// is a won position, so the ring is lost, its SG value is 0.
//
// With e and o the least even and odd removals of such a split (d_0's
// split, removing nothing, is an even one), every row of m ≥ max(e, o) + 2
// has one; below that, the rows that have neither it nor a whole take are
// the mirror's exceptions. A ring of n is proved lost when n cannot be
// taken whole and no first move leaves an exception. From is the first n
// from which that holds for every ring: past the last ring taken whole,
// and past the largest exception plus the largest removal that leaves a
// row, if there are exceptions at all.
type Mirror struct {
	ring  rules.Rule // the ring's first moves (rules.Rule.RingOpening)
	bad   []int      // the exceptions, in increasing order
	split [2]int     // e and o
	// From is the first ring size from which every ring is lost; 0 when
	// the argument proves no such bound (rings taken whole, or leaving an
	// exception, for ever).
	From int
}

// RingMirror returns what the mirror strategy proves of the rings of the
// game with rule r (see Mirror), or false when it proves nothing for every
// large ring: when a first move may leave two rows (a digit that leaves
// three heaps from a row, or d_0's split into three), whose sum may be
// lost, or when rows of some parity never split into two equal rows. It
// costs O(len(r.Digits)) steps and memory, whatever the removals a run
// reaches.
func RingMirror(r rules.Rule) (*Mirror, bool) {
	for _, d := range r.Digits {
		if d.Leave&rules.Leave3 != 0 {
			return nil, false
		}
	}
	m := &Mirror{ring: r.RingOpening(), split: [2]int{-1, -1}}
	// Both parities of a split appear within one period past the tail's
	// start, or two removals into a run.
	last := len(r.Digits) + max(r.Period, 1)
	if k, ok := r.MaxTake(); ok {
		last = min(last, k)
	}
	for k := 0; k <= last; k++ {
		d := r.Digit(k)
		if d.Leave&rules.Leave2 != 0 && d.Distinct&rules.Leave2 == 0 && m.split[k%2] < 0 {
			m.split[k%2] = k
		}
	}
	if m.split[0] < 0 || m.split[1] < 0 {
		return nil, false
	}
	for row := 1; row < max(m.split[0], m.split[1])+2; row++ {
		if !m.mirrored(row) && r.Digit(row).Leave&rules.Leave0 == 0 {
			m.bad = append(m.bad, row)
		}
	}
	m.From = m.from()
	return m, true
}

// mirrored reports whether a row of m tokens splits into two equal rows.
func (m *Mirror) mirrored(row int) bool {
	j := m.split[row%2]
	return row >= j+2
}

// from returns the first ring size from which every ring is lost, or 0
// when there is none (see Mirror).
func (m *Mirror) from() int {
	whole, wholeBounded := lastRemoval(m.ring, rules.Leave0)
	if !wholeBounded {
		return 0
	}
	from := max(1, whole+1)
	if len(m.bad) > 0 {
		row, rowBounded := lastRemoval(m.ring, rules.Leave1)
		if !rowBounded {
			return 0
		}
		from = max(from, m.bad[len(m.bad)-1]+row+1)
	}
	return from
}

// lastRemoval returns the largest removal of r whose digit has the bit
// leave (-1 for none), and false when there is no largest: the bit
// recurs in r's repeating tail.
func lastRemoval(r rules.Rule, leave uint8) (int, bool) {
	for _, d := range r.Digits[r.TailStart():] {
		if d.Leave&leave != 0 {
			return 0, false
		}
	}
	if n := len(r.Digits); r.Until > 0 && r.Digits[n-1].Leave&leave != 0 {
		return r.Until, true
	}
	for k := len(r.Digits) - 1; k >= 0; k-- {
		if r.Digits[k].Leave&leave != 0 {
			return k, true
		}
	}
	return -1, true
}

// Whole reports whether the player to move may take a ring of n ≥ 1
// tokens whole, and so wins it.
func (m *Mirror) Whole(n int) bool { return n >= 1 && m.ring.Digit(n).Leave&rules.Leave0 != 0 }

// Lost reports whether the argument proves the ring of n tokens lost for
// the player to move: it cannot be taken whole, and no first move leaves a
// row among the exceptions. It costs a step an exception.
func (m *Mirror) Lost(n int) bool {
	if n < 1 || m.Whole(n) {
		return false
	}
	if m.From > 0 && n >= m.From {
		return true
	}
	for _, row := range m.bad {
		if row > n {
			break
		}
		if m.ring.Digit(n-row).Leave&rules.Leave1 != 0 {
			return false
		}
	}
	return true
}

// Exceptions returns the rows the mirror's argument leaves unknown: those
// of fewer tokens than the largest split's removal plus 2 that have no
// symmetric split and cannot be taken whole. Every other row of one token
// or more is won for the player to move.
func (m *Mirror) Exceptions() []int { return slices.Clone(m.bad) }

// Known returns the least row size from which every row is won for the
// player to move (a symmetric split): rows of that size or more are never
// exceptions.
func (m *Mirror) Known() int { return max(m.split[0], m.split[1]) + 2 }

// maxDecided bounds the rings Decided checks one by one.
const maxDecided = 1 << 16

// Decided reports whether the argument answers every ring of lo < n ≤ hi:
// each is proved lost (Lost) or taken whole (Whole). It checks the rings
// one at a time, but skips a run's rings taken whole and the rings past
// From at once, and gives up (false) after maxDecided rings more than the
// rule spells out.
func (m *Mirror) Decided(lo, hi int) bool {
	if m.From > 0 {
		hi = min(hi, m.From-1)
	}
	steps := 0
	for n := max(lo+1, 1); n <= hi; n++ {
		if end := m.wholeRun(n); end > n {
			n = end
			continue
		}
		if steps++; steps > len(m.ring.Digits)+maxDecided || !m.Whole(n) && !m.Lost(n) {
			return false
		}
	}
	return true
}

// wholeRun returns the last ring size of the ring rule's run that takes
// the ring of n whole, when n is in that run, else n.
func (m *Mirror) wholeRun(n int) int {
	r := m.ring
	if r.Until > 0 && n >= len(r.Digits)-1 && n <= r.Until && r.Digit(n).Leave&rules.Leave0 != 0 {
		return r.Until
	}
	return n
}

// MovesToLost returns the moves of a ring of n tokens that leave a
// position lost for the player to move (of value 0), in the order of
// Moves, from the row values G: a row of G's whose value is 0, and the
// whole take. A row past G is never one: it errs unless every row past G
// is won by the argument (G reaches Known() − 1), and it takes one step a
// row of G, whatever n.
func (m *Mirror) MovesToLost(n int, G sg.Values) (iter.Seq[moves.Move], error) {
	if G.Len() < m.Known() {
		return nil, fmt.Errorf("the winning moves of a ring of %d need the rows' values up to %d, and the table ends at %d", n, m.Known()-1, G.Len()-1)
	}
	return func(yield func(moves.Move) bool) {
		// By increasing removal k: the rows left, n − k, decreasing.
		for row := min(n, G.Len()-1); row >= 1; row-- {
			if m.ring.Digit(n-row).Leave&rules.Leave1 != 0 && G.At(row) == 0 && !yield(moves.Move{Take: n - row, Leave: []int{row}}) {
				return
			}
		}
		if m.Whole(n) {
			yield(moves.Move{Take: n})
		}
	}, nil
}
