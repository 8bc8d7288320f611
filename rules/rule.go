package rules

import (
	"fmt"
	"strings"
)

// Leave bits of a Digit: which numbers of non-empty heaps a move may leave.
// They are the bits of a digit in the octal and hexadecimal code notation.
const (
	Leave0 uint8 = 1 << iota // take the whole heap
	Leave1                   // leave one heap
	Leave2                   // leave two heaps
	Leave3                   // leave three heaps
)

// A Digit says what removing k tokens from a heap may leave.
//
// Leave holds the Leave0…Leave3 bits, exactly as digit d_k of a
// take-and-break code does. Distinct holds Leave2 and Leave3 bits too: where
// one is set, the two (or three) heaps left must be pairwise different in size
// (Grundy's game splits a heap into two unequal heaps).
type Digit struct {
	Leave    uint8
	Distinct uint8
}

// IsZero reports whether the digit allows no move.
func (d Digit) IsZero() bool { return d.Leave == 0 }

// union returns the moves allowed by d or e. A split into distinct parts is
// required only when every side that allows the split requires it.
func (d Digit) union(e Digit) Digit {
	leave := d.Leave | e.Leave
	var distinct uint8
	for _, b := range []uint8{Leave2, Leave3} {
		dReq := d.Leave&b == 0 || d.Distinct&b != 0
		eReq := e.Leave&b == 0 || e.Distinct&b != 0
		if leave&b != 0 && dReq && eReq {
			distinct |= b
		}
	}
	return Digit{Leave: leave, Distinct: distinct}
}

// A Rule is the canonical move table of a heap game: every move family of the
// config language (take sets and ranges, leave lists, splits, octal and
// hexadecimal codes) compiles to one Rule, and the engines know only this form.
//
// Digits[k] says what removing k tokens from one heap may leave. When Period
// is positive, the last Period digits repeat for ever:
//
//	d_k = Digits[len(Digits)-Period + (k-len(Digits)) mod Period]   for k ≥ len(Digits)
//
// and otherwise d_k is zero (no move) for k ≥ len(Digits), unless Until
// extends the rule with a run of its last digit:
//
//	d_k = Digits[len(Digits)-1]   for len(Digits) ≤ k ≤ Until   (Until > 0, Period 0)
//
// and zero beyond. A run holds a rule whose removals go up to a huge count
// (take 1 to 10^9 coins, the code "0.7{1000000000}") in a few digits.
//
// A Rule built by this package is normalised: no trailing zero digits, the
// shortest repeating tail, the tail starting as early as possible (but never
// at d_0); a run only when it reaches maxDigits or beyond (a shorter one is
// spelled out digit by digit), starting as early as possible (never at d_0),
// and never with a repeating tail. So two Rules allow the same moves exactly
// when they are equal (see Equal). The engines step through digits: they
// take Within(n) of a rule, which has no run.
type Rule struct {
	Digits []Digit
	Period int
	Until  int
}

// Digit returns d_k, the moves that remove k tokens. k must be ≥ 0.
func (r Rule) Digit(k int) Digit {
	if k < len(r.Digits) {
		return r.Digits[k]
	}
	if r.Until > 0 && k <= r.Until {
		return r.Digits[len(r.Digits)-1]
	}
	if r.Period == 0 {
		return Digit{}
	}
	t := len(r.Digits) - r.Period
	return r.Digits[t+(k-t)%r.Period]
}

// TailStart returns the first k of the repeating tail, or len(Digits) when the
// rule has no repeating tail (a run, if any, starts before it).
func (r Rule) TailStart() int { return len(r.Digits) - r.Period }

// MaxTake returns the largest number of tokens a move may remove, and false
// when removals are unbounded (a repeating tail that allows some move).
func (r Rule) MaxTake() (int, bool) {
	if r.Period > 0 {
		return 0, false
	}
	if r.Until > 0 {
		return r.Until, true
	}
	return len(r.Digits) - 1, true
}

// Within returns a rule with the moves of r on every heap of at most n
// tokens, and no run, for engines that step through the digits: r itself
// when it has no run; when the run reaches n, its digit repeating for ever
// (a tail of period 1), which allows the same moves on such heaps; else the
// run spelled out, Until+1 digits, fewer than n+1 (see RuleMemory). The
// result is not normalised: its code is that of a game with other moves on
// heaps above n, so it names nothing; the rule itself does.
func (r Rule) Within(n int) Rule {
	if r.Until == 0 {
		return r
	}
	if r.Until >= n {
		return Rule{Digits: r.Digits, Period: 1}
	}
	d := make([]Digit, r.Until+1)
	last := r.Digits[copy(d, r.Digits)-1]
	for k := len(r.Digits); k <= r.Until; k++ {
		d[k] = last
	}
	return Rule{Digits: d}
}

// RingOpening returns the digit table of the first move on a ring, read as a
// move on a line whose results are rows: removing k contiguous tokens from a
// ring (or cutting it, k = 0) leaves one row when d_k may leave one or two
// heaps on a line, two rows when d_k may leave three, and nothing when d_k
// may take the whole heap. Its d_0 may thus leave one heap (the ring cut
// open), which no line rule allows. A run of r is a run of the result. Engines
// compute a ring's values as the mex over these results, and the rows'
// table gives each.
func (r Rule) RingOpening() Rule {
	d := make([]Digit, len(r.Digits))
	for k, x := range r.Digits {
		var y Digit
		oneRow := Leave1 | Leave2
		if k == 0 {
			// Cutting a ring: two heaps from a row (one cut) is one row
			// from a ring; three heaps (two cuts) are two rows.
			oneRow = Leave2
		} else {
			y.Leave = x.Leave & Leave0
		}
		if x.Leave&oneRow != 0 {
			y.Leave |= Leave1
		}
		if x.Leave&Leave3 != 0 {
			y.Leave |= Leave2
			if x.Distinct&Leave3 != 0 {
				y.Distinct = Leave2
			}
		}
		d[k] = y
	}
	return Rule{Digits: d, Period: r.Period, Until: r.Until}
}

// Splits reports whether some move leaves two or more heaps, and
// SplitsWithoutRemoval whether d_0 allows it (removing no token).
func (r Rule) Splits() bool {
	for _, d := range r.Digits {
		if d.Leave&(Leave2|Leave3) != 0 {
			return true
		}
	}
	return false
}

// SplitsWithoutRemoval reports whether d_0 allows a split.
func (r Rule) SplitsWithoutRemoval() bool {
	return len(r.Digits) > 0 && r.Digits[0].Leave != 0
}

// MaxParts returns the largest number of heaps one move may leave (0 to 3).
func (r Rule) MaxParts() int {
	var leave uint8
	for _, d := range r.Digits {
		leave |= d.Leave
	}
	switch {
	case leave&Leave3 != 0:
		return 3
	case leave&Leave2 != 0:
		return 2
	case leave&Leave1 != 0:
		return 1
	}
	return 0
}

// Equal reports whether r and s allow the same moves. Both must be normalised.
func (r Rule) Equal(s Rule) bool {
	if r.Period != s.Period || r.Until != s.Until || len(r.Digits) != len(s.Digits) {
		return false
	}
	for i := range r.Digits {
		if r.Digits[i] != s.Digits[i] {
			return false
		}
	}
	return true
}

// String returns the rule in code notation, "d0.d1d2…", with the repeating
// tail in parentheses and a "!" after each digit whose splits need distinct
// parts: Kayles is "0.77", Lasker's Nim "4.(3)", Grundy's game "4!.0".
// Digits above 7 are written in upper-case hexadecimal, and a run as its
// digit with the count of removals it covers in braces: "0.7{1000000000}"
// removes 1 to 10^9 tokens, leaving zero, one or two heaps. ParseCode reads
// the string back to an equal Rule.
func (r Rule) String() string {
	var b strings.Builder
	digit := func(k int) {
		var d Digit
		if k < len(r.Digits) {
			d = r.Digits[k]
		}
		fmt.Fprintf(&b, "%X", d.Leave)
		if d.Distinct != 0 {
			b.WriteByte('!')
		}
	}
	digit(0)
	b.WriteByte('.')
	t := r.TailStart()
	if len(r.Digits) <= 1 {
		b.WriteByte('0')
		return b.String()
	}
	for k := 1; k < len(r.Digits); k++ {
		if r.Period > 0 && k == t {
			b.WriteByte('(')
		}
		digit(k)
	}
	if r.Period > 0 {
		b.WriteByte(')')
	}
	if r.Until > 0 {
		fmt.Fprintf(&b, "{%d}", r.Until-len(r.Digits)+2)
	}
	return b.String()
}

// normalize returns r with trailing zero digits dropped, the tail shortened to
// its smallest period and started as early as possible, never before d_1,
// and a run as normalizeRun leaves it.
func normalize(r Rule) Rule {
	if r.Until > 0 {
		return normalizeRun(r)
	}
	d := r.Digits
	p := r.Period
	if p > 0 {
		t := len(d) - p
		// Smallest period of the tail block, as a cyclic word.
		tail := d[t:]
		for q := 1; q < p; q++ {
			if p%q != 0 {
				continue
			}
			ok := true
			for i := q; i < p; i++ {
				if tail[i] != tail[i-q] {
					ok = false
					break
				}
			}
			if ok {
				p = q
				break
			}
		}
		d = d[:t+p]
		// Pull the tail start back while the digit before it equals the tail's last digit.
		for t > 1 && d[t-1] == d[t+p-1] {
			t--
			d = d[:t+p]
		}
		allZero := true
		for _, x := range d[t:] {
			if !x.IsZero() {
				allZero = false
			}
		}
		if allZero {
			d = d[:t]
			p = 0
		}
	}
	if p == 0 {
		for len(d) > 1 && d[len(d)-1].IsZero() {
			d = d[:len(d)-1]
		}
	}
	if len(d) == 0 {
		d = []Digit{{}}
	}
	return Rule{Digits: append([]Digit(nil), d...), Period: p}
}

// normalizeRun returns r, whose last digit runs on to r.Until (r.Period
// is 0), normalised: without the run when its digit is zero or it ends
// where the digits do, spelled out when it ends below maxDigits, else
// started as early as possible, never at d_0.
func normalizeRun(r Rule) Rule {
	d := r.Digits
	last := d[len(d)-1]
	switch {
	case len(d) < 2 || r.Until <= len(d)-1 || last.IsZero():
		return normalize(Rule{Digits: d})
	case r.Until < maxDigits:
		return normalize(r.Within(r.Until + 1))
	}
	for len(d) > 2 && d[len(d)-2] == last {
		d = d[:len(d)-1]
	}
	return Rule{Digits: append([]Digit(nil), d...), Until: r.Until}
}

// A RunError says why move families with runs (removals up to a count of
// maxDigits or more) cannot be combined into one Rule: with a family that
// removes any number of tokens (a repeating tail), or with a run that ends
// at another count. Rule holds one run, ending at one count.
type RunError struct {
	Until, Other int // the run's end, and the other run's (0: a repeating tail)
}

func (e *RunError) Error() string {
	if e.Other == 0 {
		return fmt.Sprintf("a move family removing up to %d tokens cannot be combined with one removing any number from some count on (a repeating tail): write the tail's counts up to %d as a range too, or drop the range's max", e.Until, e.Until)
	}
	return fmt.Sprintf("move families removing up to %d and up to %d tokens cannot be combined: above %d, only the counts of one move family may run on to a single largest count", min(e.Until, e.Other), max(e.Until, e.Other), maxDigits-1)
}

// unionRules returns the rule allowing the moves of every rule in rs.
// The result's tail starts at the latest tail start and its period is the
// least common multiple of the periods; it is an error (ErrTooLong) when that
// would need more than maxDigits digits. Rules with runs combine with
// finite rules, their runs all ending at one count (else a *RunError).
func unionRules(rs []Rule) (Rule, error) {
	until, err := unionRun(rs)
	if err != nil {
		return Rule{}, err
	}
	if until > 0 {
		return unionWithRun(rs, until), nil
	}
	n, period, err := unionShape(rs)
	if err != nil {
		return Rule{}, err
	}
	d := make([]Digit, n)
	for _, r := range rs {
		if r.Period == 0 {
			// Past its digits, a finite rule allows nothing.
			for k, x := range r.Digits {
				d[k] = d[k].union(x)
			}
			continue
		}
		for k := range n {
			d[k] = d[k].union(r.Digit(k))
		}
	}
	return normalize(Rule{Digits: d, Period: period}), nil
}

// unionRun returns where the runs of rs end, 0 when none has one, or a
// *RunError when they cannot be combined.
func unionRun(rs []Rule) (int, error) {
	until, tail := 0, false
	for _, r := range rs {
		switch {
		case r.Period > 0:
			tail = true
		case r.Until == 0:
		case until == 0:
			until = r.Until
		case until != r.Until:
			return 0, &RunError{Until: until, Other: r.Until}
		}
	}
	if until > 0 && tail {
		return 0, &RunError{Until: until}
	}
	return until, nil
}

// unionWithRun returns the union of rs, whose runs end at until and whose
// other rules are finite: the digits below the longest rule's spelled out,
// then the union of the runs' digits running on to until.
func unionWithRun(rs []Rule, until int) Rule {
	n := 0
	for _, r := range rs {
		n = max(n, len(r.Digits))
	}
	d := make([]Digit, n+1)
	for _, r := range rs {
		for k := range d {
			d[k] = d[k].union(r.Digit(k))
		}
	}
	return normalize(Rule{Digits: d, Until: until})
}

// unionShape returns how many digits unionRules(rs) spells out before it
// normalises them, and the period of its tail; ErrTooLong when they would
// be more than maxDigits.
func unionShape(rs []Rule) (n, period int, err error) {
	start := 1
	for _, r := range rs {
		if r.Period > 0 {
			start = max(start, r.TailStart())
			if period == 0 {
				period = r.Period
			} else {
				period = lcm(period, r.Period)
			}
		} else {
			start = max(start, len(r.Digits))
		}
		if start+period > maxDigits {
			return 0, 0, ErrTooLong
		}
	}
	return start + period, period, nil
}

func lcm(a, b int) int {
	x, y := a, b
	for y != 0 {
		x, y = y, x%y
	}
	return a / x * b
}

// maxDigits bounds the length of a compiled rule: explicit digits plus the
// repeating tail. Take lists and codes longer than this are refused; a
// range or a repeat count that runs further is held as a run (Rule.Until),
// up to MaxRun.
const maxDigits = 1 << 16

// MaxRun is the largest removal count a run may reach: 10^18, below the
// largest heap a query takes (2^63 − 1), with room to add to it.
const MaxRun = 1_000_000_000_000_000_000

// Start says where the first move of a game is made.
type Start int

const (
	// StartLine: every heap is a row of tokens (the usual take-and-break game).
	StartLine Start = iota
	// StartRing: the first move is made on a circle of n tokens; removing
	// k < n contiguous tokens opens it into one row of n−k (allowed when d_k
	// may leave one or two heaps), removing all n needs the Leave0 bit of d_n,
	// a d_k that leaves three heaps leaves two rows, and d_0's two- and
	// three-heap splits cut the circle into one row of n or two rows. After
	// the first move the row game is played.
	StartRing
)

func (s Start) String() string {
	if s == StartRing {
		return "ring"
	}
	return "line"
}
