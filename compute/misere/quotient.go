package misere

import (
	"context"
	"fmt"
	"strings"

	"github.com/sgtab/sgtab/rules"
)

// MaxQuotientOrder bounds the order of a misère quotient: its
// multiplication table, Order² entries of two bytes, takes 32 MiB at this
// order, and the search that finds and verifies it grows with it.
const MaxQuotientOrder = 4096

// MaxQuotientHeap bounds the heap bound n of a misère quotient: the options
// of every heap up to n are held, O(n) of them a heap for a game that splits.
const MaxQuotientHeap = 4096

// positionBytes is the memory a position remembered by the outcome search
// takes, about (measured: Dawson's Kayles at heap 25, peaks of 133, 218,
// 302 and 1,437 MB at 10⁶, 2·10⁶, 4·10⁶ and 1.6·10⁷ positions).
const positionBytes = 90

// Default bounds of the work behind a misère quotient (QuotientLimits).
const (
	DefaultQuotientPositions = 4_000_000
	DefaultQuotientSteps     = 2_000_000_000
)

// The largest bounds a QuotientLimits may raise the defaults to: 10⁹
// positions take about 90 gigabytes, 10¹² steps hours or days.
const (
	MaxQuotientPositions = 1_000_000_000
	MaxQuotientSteps     = 1_000_000_000_000
)

// QuotientLimits bound the computation of a misère quotient, so that a
// quotient that grows too large is refused with a *QuotientBoundError
// instead of filling the memory or running for hours. The zero value
// means the defaults.
type QuotientLimits struct {
	// Order is the largest order allowed: MaxQuotientOrder, and never more.
	Order int
	// Positions is how many positions the outcome search may remember
	// (about 90 bytes each, measured), and bounds the states the
	// verification may hold by the same memory, a state of a quotient of
	// order k counting as 1.5·(16⌈k/64⌉ + 100)/90 positions:
	// DefaultQuotientPositions.
	Positions int
	// Steps is how many options the outcome search and the verification
	// may visit: DefaultQuotientSteps.
	Steps int64
}

// Resolved returns l with the defaults where it leaves a bound unset, and
// its order at most MaxQuotientOrder: the bounds a computation within l
// keeps to.
func (l QuotientLimits) Resolved() QuotientLimits {
	order, positions, steps := l.bounds()
	return QuotientLimits{Order: order, Positions: positions, Steps: steps}
}

// Check reports a bound of l out of its range: a negative one, or
// positions or steps past MaxQuotientPositions or MaxQuotientSteps.
func (l QuotientLimits) Check() error {
	switch {
	case l.Order < 0 || l.Positions < 0 || l.Steps < 0:
		return fmt.Errorf("quotient bounds must not be negative (order %d, positions %d, steps %d)", l.Order, l.Positions, l.Steps)
	case l.Positions > MaxQuotientPositions:
		return fmt.Errorf("a bound of %d positions is past the largest allowed, %d", l.Positions, MaxQuotientPositions)
	case l.Steps > MaxQuotientSteps:
		return fmt.Errorf("a bound of %d steps is past the largest allowed, %d", l.Steps, int64(MaxQuotientSteps))
	}
	return nil
}

// bounds returns the bounds of l, the defaults where unset.
func (l QuotientLimits) bounds() (order, positions int, steps int64) {
	order = MaxQuotientOrder
	if l.Order > 0 && l.Order < order {
		order = l.Order
	}
	positions = DefaultQuotientPositions
	if l.Positions > 0 {
		positions = l.Positions
	}
	steps = DefaultQuotientSteps
	if l.Steps > 0 {
		steps = l.Steps
	}
	return order, positions, steps
}

// A QuotientBoundError reports a misère quotient that outgrew one of its
// bounds (QuotientLimits) while the heaps up to Heap were added: Bound is
// "order", "positions" or "steps", Limit its value, and Order the order of
// the quotient of the heaps below Heap, the last one found.
type QuotientBoundError struct {
	Bound string
	Limit int64
	Heap  int
	Order int
}

func (e *QuotientBoundError) Error() string {
	what := map[string]string{
		"order":     "its bound of %d elements",
		"positions": "its memory bound of %d positions",
		"steps":     "its work bound of %d steps",
	}[e.Bound]
	return fmt.Sprintf("the misère quotient outgrew "+what+" at heap %d (the quotient of the heaps up to %d has order %d)",
		e.Limit, e.Heap, e.Heap-1, e.Order)
}

// A Quotient is the misère quotient of a heap game's heaps 1..Heaps
// (Plambeck and Siegel, "Misère quotients for impartial games", JCTA 2008;
// Siegel, Combinatorial Game Theory, ch. V): the positions of those heaps
// — every finite sum of them, closed under moves — taken modulo
// indistinguishability, G ≡ H when G + X and H + X have the same misère
// outcome for every such X. The classes form a finite commutative monoid
// under the sum of positions; its elements are numbered 0 (the identity,
// the empty position) to Order−1, in the order of their normal forms (see
// Words).
//
// A position's element is the product of its heaps' elements (Pretend, the
// pretending function), and it is lost for the player to move exactly when
// that element is in the P-portion (P). QuotientOf computes it and
// verifies it (VerifyQuotient) before returning it.
type Quotient struct {
	// Rule is the game's move table, and Heaps the heap bound n.
	Rule  rules.Rule
	Heaps int
	// Order is the number of elements.
	Order int
	// Mul is the multiplication table: the product of a and b is
	// Mul[a*Order+b].
	Mul []uint16
	// P marks the P-portion: P[a] when the positions of element a are lost
	// for the player to move.
	P []bool
	// Pretend maps every heap size 0..Heaps to its element (0 for a heap
	// with no move).
	Pretend []int
	// Gens are the heap sizes whose elements generate the monoid, each not
	// a product of the elements of the ones before it (named a, b, c, …).
	Gens []int
	// Words gives each element's normal form: Words[e][i] is the exponent
	// of generator i, the least such word for the order of QuotientOrder.
	Words [][]int
	// Relations present the monoid with Gens: every word reduces to a
	// normal form by them.
	Relations []Relation
	// Orders holds the order of the quotient of the heaps up to m, for
	// m = 0..Heaps (Orders[0] = 1).
	Orders []int
	// Limits are the bounds the quotient was computed within (Resolved:
	// no bound unset). Its proof at the heap bound took no more, so a
	// quotient read back is proved again within them.
	Limits QuotientLimits
}

// A Relation says that the word LHS (exponents of the generators) equals
// the element RHS, whose normal form is the word Words[RHS].
type Relation struct {
	LHS []int
	RHS int
}

// Times returns the product of the elements a and b.
func (q *Quotient) Times(a, b int) int { return int(q.Mul[a*q.Order+b]) }

// Of returns the element of the position of the heaps given, each between
// 0 and q.Heaps (others make Of panic).
func (q *Quotient) Of(heaps []int) int {
	e := 0
	for _, h := range heaps {
		if h < 0 || h > q.Heaps {
			panic(fmt.Sprintf("compute: heap %d outside the quotient's heaps 0..%d", h, q.Heaps))
		}
		e = q.Times(e, q.Pretend[h])
	}
	return e
}

// Lost reports whether the position of the heaps given is lost for the
// player to move in misère play.
func (q *Quotient) Lost(heaps []int) bool { return q.P[q.Of(heaps)] }

// StableFrom returns the least heap bound m from which the quotient no
// longer grows: the quotients of the heaps up to m, m+1, …, Heaps all have
// the same order, and so are isomorphic (the quotient of the heaps up to
// m+1 maps onto that of the heaps up to m).
func (q *Quotient) StableFrom() int {
	m := q.Heaps
	for m > 0 && q.Orders[m-1] == q.Orders[q.Heaps] {
		m--
	}
	return m
}

// Stabilised reports whether the quotient of the heaps up to half the
// bound, ⌈n/2⌉, is already this one: it did not grow while n doubled.
func (q *Quotient) Stabilised() bool {
	return q.Heaps >= 2 && q.StableFrom() <= (q.Heaps+1)/2
}

// GenName returns the name of generator i: a, b, …, z, then g27, g28, ….
func GenName(i int) string {
	if i < 26 {
		return string(rune('a' + i))
	}
	return fmt.Sprintf("g%d", i+1)
}

// WordText writes the word of exponents w as a product of generators:
// "1" for the empty word, "a", "b^2", "a b^2 c".
func WordText(w []int) string {
	var parts []string
	for i, e := range w {
		switch {
		case e == 1:
			parts = append(parts, GenName(i))
		case e > 1:
			parts = append(parts, fmt.Sprintf("%s^%d", GenName(i), e))
		}
	}
	if len(parts) == 0 {
		return "1"
	}
	return strings.Join(parts, " ")
}

// Word returns element e's normal form as text (WordText).
func (q *Quotient) Word(e int) string { return WordText(q.Words[e]) }

// QuotientOf computes the misère quotient of the heaps 1..n of a game
// played on a line with the move table r, splitting moves included, one
// heap bound after another (1, 2, …, n), and verifies it. It stops with a
// *QuotientBoundError when the quotient outgrows lim, and with ctx's error
// when ctx is done. progress, when not nil, is called with each heap bound
// done and the order found there.
//
// Each bound's quotient is first sought among candidates built from the
// quotient of the heaps below (the heap standing for one of its elements,
// then new generators freed for the heaps of each position a candidate
// misjudges: quotient_extend.go), which no outcome search is needed for.
// When those run out, it is learnt from exact misère outcomes of positions
// (a memoized search over sorted multisets of heaps, the quotient of the
// heaps below answering positions of them at once), as the least
// commutative automaton that tells apart the positions found to differ.
// Either way every candidate is proved by the check of VerifyQuotient: one
// that fails yields the least position it misjudges, from which the next
// is built, until one passes. A candidate that passes is the quotient: its
// P-portion gives the outcome of every position of the heaps up to n.
func QuotientOf(ctx context.Context, r rules.Rule, n int, lim QuotientLimits, progress func(heap, order int)) (*Quotient, error) {
	if n < 1 || n > MaxQuotientHeap {
		return nil, fmt.Errorf("a misère quotient takes a heap bound from 1 to %d (got %d)", MaxQuotientHeap, n)
	}
	if err := lim.Check(); err != nil {
		return nil, err
	}
	r, err := rules.EngineRule(r, n)
	if err != nil {
		return nil, err
	}
	q, err := newLearner(ctx, r, n, lim).run(progress)
	if err != nil {
		return nil, err
	}
	q.Limits = lim.Resolved()
	return q, nil
}

// run learns the quotients of the heaps up to 1, 2, …, n in turn, n the
// bound the learner was made for, and returns the last, presented.
func (l *learner) run(progress func(heap, order int)) (*Quotient, error) {
	orders := []int{1}
	var last *Quotient
	for m := 1; m < len(l.opts); m++ {
		q, err := l.stage(m, last)
		if err != nil {
			return nil, err
		}
		orders = append(orders, q.Order)
		q.Orders = orders
		last = q
		if progress != nil {
			progress(m, q.Order)
		}
	}
	present(last)
	renumber(last)
	return last, nil
}
