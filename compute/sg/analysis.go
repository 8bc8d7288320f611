package sg

import (
	"fmt"
	"math/bits"
	"strings"
)

// An Analysis is what sgtab reports about a table's values: their period and
// its standing, the rule in closed form, the rare/common split and a
// checksum.
type Analysis struct {
	Status Status
	// Period is meaningful unless Status is None.
	Period Period
	// Proof names the theorem and window when Status is Proved.
	Proof Proof
	// ClosedForm states the rule in one line ("" when Status is None).
	ClosedForm string
	// Computed is the largest heap size computed by the engine; the values
	// above it were filled in from a proved period.
	Computed int
	Rare     Rare
	// Checksum is the Fletcher-style checksum of G (see Checksum).
	Checksum string
	// Ring is the analysis of the ring values, for a game that starts on
	// a ring; nil otherwise.
	Ring *RingAnalysis
}

// Rare describes the split of values into a rare and a common class: the
// value v at heap size n is rare when popcount(v & Mask) is even (0 is
// always rare); with Pos, when popcount(v & Mask) + n is even (Pos = Even)
// or odd (Pos = Odd): the heap's parity counts as one more bit of the value,
// and the smaller of its two classes is the rare one. Common otherwise. Mask
// is 0 when the best split means nothing (see FindRare); the best split is
// then still in Best, so that tables can be compared with published ones.
type Rare struct {
	Split
	Last      int // last rare position, -1 if none
	Positions []int
	// Best is the split that makes the fewest positions rare, reported
	// or not (Mask 0 when the values are all 0 or too wide to search).
	Best Split
}

// A Split is a mask, whether and how the heap's parity counts, and how many
// positions it makes rare.
type Split struct {
	Mask  uint32
	Pos   Parity
	Count int
}

// Parity says whether the heap's parity counts in a split, and which class
// is rare: None, or Even or Odd, the parity of popcount(v & mask) + n at a
// rare position.
type Parity string

// RareAt reports whether the value v at heap size n is rare under the split.
func (s Split) RareAt(n int, v uint32) bool {
	c := bits.OnesCount32(v & s.Mask)
	switch s.Pos {
	case Even:
		c += n & 1
	case Odd:
		c += n&1 + 1
	}
	return c%2 == 0
}

// A split is reported when it makes fewer than rareShare of the positions
// rare, and at least minRare of them besides n = 0: fewer are a handful of
// exceptions (which a closed form lists), not a class of values, and n = 0
// alone is rare under some split of many games (Lasker's Nim: mask 2 with
// the heap's parity makes every n ≥ 1 common).
const (
	rareShare = 1.0 / 16
	minRare   = 4
)

// ClosedForm states the periodic rule of G in one line, e.g.
//
//	for n ≥ 1: SG(n) = 4·⌊(n − 1)/4⌋ + [1, 2, 4, 3][(n − 1) mod 4]; SG(0) = 0
//
// Periods longer than 64 are stated as a recurrence, and preperiods longer
// than 32 values refer to the table.
func ClosedForm[T Value](G []T, p Period) string { return ClosedFormOf(G, p, "SG") }

// ClosedFormOf is ClosedForm with the values named f: SG, SG_ring, ….
func ClosedFormOf[T Value](G []T, p Period, f string) string {
	var b strings.Builder
	n0 := p.Start
	arg := "n"
	if n0 > 0 {
		arg = fmt.Sprintf("n − %d", n0)
	}
	if p.Length > 64 {
		fmt.Fprintf(&b, "%s(n) = %s(n − %d)", f, f, p.Length)
		if p.Saltus > 0 {
			fmt.Fprintf(&b, " + %d", p.Saltus)
		}
		fmt.Fprintf(&b, " for n ≥ %d", n0+p.Length)
		n0 += p.Length // the base values run up to the first recurrence
	} else {
		fmt.Fprintf(&b, "for n ≥ %d: %s(n) = ", n0, f)
		block := G[p.Start : p.Start+p.Length]
		switch {
		case p.Length == 1 && p.Saltus == 0:
			fmt.Fprintf(&b, "%d", block[0])
		case p.Length == 1:
			// SG(n) = s·(n − n0) + b
			if p.Saltus != 1 {
				fmt.Fprintf(&b, "%d·", p.Saltus)
				arg = paren(arg)
			}
			b.WriteString(arg)
			if block[0] != 0 {
				fmt.Fprintf(&b, " + %d", block[0])
			}
		default:
			if p.Saltus > 0 {
				fmt.Fprintf(&b, "%d·⌊%s/%d⌋ + ", p.Saltus, paren(arg), p.Length)
			}
			fmt.Fprintf(&b, "%s[%s mod %d]", list(block), paren(arg), p.Length)
		}
	}
	switch {
	case n0 == 0:
	case n0 == 1:
		fmt.Fprintf(&b, "; %s(0) = %d", f, G[0])
	case n0 <= 32:
		fmt.Fprintf(&b, "; %s(0..%d) = %s", f, n0-1, list(G[:n0]))
	default:
		fmt.Fprintf(&b, "; %s(0..%d) as tabulated", f, n0-1)
	}
	return b.String()
}

// paren puts an expression other than n in parentheses.
func paren(expr string) string {
	if expr == "n" {
		return expr
	}
	return "(" + expr + ")"
}

func list[T Value](vs []T) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = fmt.Sprint(v)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// MaxRareBits bounds the value width for which FindRare looks for a mask.
const MaxRareBits = 20

// FindRare finds the split that makes the rare positions of G fewest: a
// mask over the values' bits, and whether the heap's parity counts as one
// more bit. With h the histogram of the pairs (n mod 2, G(n)), the number
// of positions in the even class of a split m (the parity its top bit) is
//
//	even(m) = (N+1 + H(m)) / 2,   H(m) = Σ h(x)·(−1)^popcount(x & m),
//
// and H is the Walsh–Hadamard transform of h, so one transform scores every
// split at once. Without the parity the even class is the rare one (it
// holds 0, and is closed under XOR); with it, the smaller class. A split
// without the parity wins ties. The best split is reported (Mask ≠ 0) when
// it means something: it leaves fewer than 1/16 of the positions rare, and
// at least 4 rare positions besides n = 0; Analyze reports it for periodic
// values only when every rare position lies before the period starts.
// Values wider than 20 bits are not searched.
func FindRare[T Value](G []T) Rare {
	r := Rare{Last: -1}
	var maxG T
	for _, v := range G {
		maxG = max(maxG, v)
	}
	width := bits.Len32(uint32(maxG))
	if width == 0 || width > MaxRareBits {
		return r
	}
	var h [2][]int64
	h[0], h[1] = make([]int64, 1<<width), make([]int64, 1<<width)
	for n, v := range G {
		h[n&1][v]++
	}
	best := BestSplit(h, true)
	if best.Mask == 0 {
		return r
	}
	r.Best = best
	beyond0 := best.Count // rare positions n ≥ 1
	if best.RareAt(0, uint32(G[0])) {
		beyond0--
	}
	if float64(best.Count) >= rareShare*float64(len(G)) || beyond0 < minRare {
		return r
	}
	r.Split = best
	for n, v := range G {
		if r.RareAt(n, uint32(v)) {
			r.Positions = append(r.Positions, n)
			r.Last = n
		}
	}
	return r
}

// exceptions returns r as Analyze reports it for values periodic from
// start: the split only when every rare position lies before start, so
// that in the long run every value is common (sparse space); otherwise no
// split, with Best kept. Rare values that recur in every period are just
// values that occur less often — 0.165's, one in 75 — and Czajka's table of
// solved octal games (SolvedGames.md in github.com/tczajka/octal-games)
// lists a rare mask for 0.356 (7 rare positions, the last at 43; the
// period starts at 7315) but none for 0.165.
func (r Rare) Exceptions(start int) Rare {
	if r.Mask == 0 || r.Last < start {
		return r
	}
	return Rare{Last: -1, Best: r.Best}
}

// IsRare reports whether v is rare under mask: popcount(v & mask) is even.
func IsRare(v, mask uint32) bool { return bits.OnesCount32(v&mask)%2 == 0 }

// Checksum returns the checksum ogsolve prints, so tables can be compared
// with other tools: over G(0), G(1), … in order, taking each value as a
// 16-bit word,
//
//	a = (a + v) mod 2^16;  b = (b + a) mod 2^16
//
// and the result is b·2^16 + a in upper-case hexadecimal (8 digits).
func Checksum[T Value](G []T) string {
	var a, b uint16
	for _, v := range G {
		a += uint16(v)
		b += a
	}
	return fmt.Sprintf("%04X%04X", b, a)
}

// A RingAnalysis is what sgtab reports about the ring values of a game
// that starts on a ring: SG_ring(n), the value of a ring of n tokens, is a
// sequence of its own, with its own period.
type RingAnalysis struct {
	Status Status
	// Period is meaningful unless Status is None.
	Period Period
	// Proof names the argument and window when Status is Proved.
	Proof Proof
	// ClosedForm states the rule in one line ("" when Status is None).
	ClosedForm string
	// Checksum is the Fletcher-style checksum of the ring values.
	Checksum string
	// MirrorFrom, when positive, is the ring size from which every ring is
	// lost for the player to move (SG_ring = 0), proved by the mirror
	// strategy from the rule alone (RingMirror), whether or not the table
	// reaches it; the table's ring values from it on are all 0. Where the
	// table reaches it and the rows' period proves nothing of the rings,
	// it proves their period 1 (Status Proved, with MirrorTheorem).
	MirrorFrom int
}

const (
	NoParity Parity = ""
	Even     Parity = "even"
	Odd      Parity = "odd"
)

// BestSplit returns the split that makes the fewest positions rare, from
// the value histograms at even and odd n (of equal lengths, a power of
// two), with the heap's parity where pos allows it (see FindRare).
func BestSplit(hist [2][]int64, pos bool) Split {
	values := len(hist[0])
	if values < 2 {
		return Split{}
	}
	H, total := Walsh(append(append([]int64(nil), hist[0]...), hist[1]...))
	best := Split{Count: int(total) + 1}
	top := values
	if pos {
		top = len(H)
	}
	for m := 1; m < top; m++ {
		s := Split{Mask: uint32(m & (values - 1))}
		switch {
		case s.Mask == 0:
			continue // the parity alone: half the positions
		case m < values:
			s.Count = int((total + H[m]) / 2)
		case H[m] <= 0:
			s.Pos, s.Count = Even, int((total+H[m])/2)
		default:
			s.Pos, s.Count = Odd, int((total-H[m])/2)
		}
		if s.Count < best.Count && s.Count > 0 { // a class with no position describes no rare values
			best = s
		}
	}
	if best.Mask == 0 {
		return Split{}
	}
	return best
}

// walsh returns the Walsh–Hadamard transform of h, whose length is a power
// of two: H(m) = Σ_x h(x)·(−1)^popcount(x & m), and Σ h.
func Walsh(h []int64) ([]int64, int64) {
	w := append([]int64(nil), h...)
	var total int64
	for _, c := range h {
		total += c
	}
	for half := 1; half < len(w); half *= 2 {
		for i := 0; i < len(w); i += 2 * half {
			for j := i; j < i+half; j++ {
				x, y := w[j], w[j+half]
				w[j], w[j+half] = x+y, x-y
			}
		}
	}
	return w, total
}

// Words says how the heap's parity counts in a split, as it is written
// after the split's mask: "" without it, else " + the heap's parity (rare
// where popcount(v & mask) + n is even)".
func (p Parity) Words() string {
	if p == NoParity {
		return ""
	}
	return fmt.Sprintf(" + the heap's parity (rare where popcount(v & mask) + n is %s)", p)
}
