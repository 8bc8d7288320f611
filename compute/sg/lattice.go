package sg

import (
	"fmt"
	"math/big"
	"slices"
	"strings"
	"time"

	"github.com/sgtab/sgtab/rules"
)

// A LatticeTable holds the SG values of a game on a board of points (see
// rules.Lattice): SG(x, y) for 0 ≤ x < W and 0 ≤ y < H.
type LatticeTable struct {
	Game rules.Game
	W, H int
	// G.At(y·W + x) is SG(x, y).
	G Values
	// Elapsed is the time the computation took; Created when it finished.
	Elapsed time.Duration
	Created time.Time
	// Pairs is the pattern observed in its lost points (FindPairs), nil
	// when they show none.
	Pairs *Pairs
}

// At returns SG(x, y).
func (t *LatticeTable) At(x, y int) uint32 { return t.G.At(y*t.W + x) }

// Pairs is the pattern of the lost points (SG = 0) of a lattice table
// whose lost points pair the numbers off, as Wythoff's do: in the square
// of the board's smaller side, the lost points are symmetric, and each row
// below Rows holds exactly one, (n, n) or (n, m) with (m, n) lost too. It
// is observed on the board, never proved: a theorem proves Wythoff's
// (classical.Of), none a variant's.
type Pairs struct {
	// Rows is how many rows, from 0, the board shows whole: each with its
	// one lost point in the square.
	Rows int
	// Diagonal are the n below Rows with (n, n) lost; Pairs the lost
	// (a, b), a < b, a below Rows, by increasing a: pair k (from 1) is
	// Pairs[k−1].
	Diagonal []int
	Pairs    [][2]int
	// Beatty says, when it is not nil, that a_k = ⌊kα⌋ and b_k = ⌊kβ⌋ for
	// every pair k, for every α in Alpha and β in Beta: complementary
	// Beatty sequences, as Wythoff's are (α = φ, β = φ²). Diff is c when
	// b_k − a_k = c·k for every k, else 0.
	Beatty *Beatty
	// Beams are the ratios b/a of the later pairs (a ≥ Rows/4), gathered
	// where they cluster: the lost points lie near one line y = r·x (and
	// its mirror image) for each beam.
	Beams []Beam
}

// A Beatty is the set of α with a_k = ⌊kα⌋ for every k observed, an
// interval [Lo, Hi) of rationals, and the same for β.
type Beatty struct {
	Alpha, Beta [2]*big.Rat
	Diff        int
}

// A Beam is a cluster of the ratios b/a of lost pairs: Count of them,
// from Lo to Hi, their fit Fit = Σb/Σa.
type Beam struct {
	Count       int
	Lo, Hi, Fit *big.Rat
}

// minPairs is the fewest pairs that make a pattern: fewer say nothing.
const minPairs = 4

// FindPairs returns the pattern of the lost points of t when they pair the
// numbers off (see Pairs), or nil when they do not, or show fewer than
// minPairs pairs. O(W·H).
func FindPairs(t *LatticeTable) *Pairs {
	s := min(t.W, t.H)
	partner := make([]int, s) // the x of row y's lost point in the square, −1 for none
	for y := range s {
		partner[y] = -1
		for x := range s {
			if t.At(x, y) != 0 {
				continue
			}
			if partner[y] >= 0 || t.At(y, x) != 0 {
				return nil // two lost points in a row, or not symmetric
			}
			partner[y] = x
		}
	}
	p := &Pairs{}
	for p.Rows < s && partner[p.Rows] >= 0 {
		n, m := p.Rows, partner[p.Rows]
		switch {
		case m == n:
			p.Diagonal = append(p.Diagonal, n)
		case n < m:
			p.Pairs = append(p.Pairs, [2]int{n, m})
		}
		p.Rows++
	}
	if len(p.Pairs) < minPairs {
		return nil
	}
	p.Beatty = fitBeatty(p.Pairs)
	p.Beams = beams(p.Pairs, p.Rows/4)
	return p
}

// fitBeatty returns the α and β with a_k = ⌊kα⌋ and b_k = ⌊kβ⌋ for every
// pair k: a_k ≤ kα < a_k + 1 for each k, so α lies in the intersection of
// the intervals [a_k/k, (a_k+1)/k); nil when either intersection is empty.
func fitBeatty(pairs [][2]int) *Beatty {
	b := &Beatty{Diff: pairs[0][1] - pairs[0][0]}
	for i := range 2 {
		lo, hi := big.NewRat(0, 1), big.NewRat(1<<62, 1)
		for k, pr := range pairs {
			lo = maxRat(lo, big.NewRat(int64(pr[i]), int64(k+1)))
			hi = minRat(hi, big.NewRat(int64(pr[i]+1), int64(k+1)))
		}
		if lo.Cmp(hi) >= 0 {
			return nil
		}
		if i == 0 {
			b.Alpha = [2]*big.Rat{lo, hi}
		} else {
			b.Beta = [2]*big.Rat{lo, hi}
		}
	}
	for k, pr := range pairs {
		if pr[1]-pr[0] != b.Diff*(k+1) {
			b.Diff = 0
		}
	}
	return b
}

func maxRat(a, b *big.Rat) *big.Rat {
	if a.Cmp(b) >= 0 {
		return a
	}
	return b
}

func minRat(a, b *big.Rat) *big.Rat {
	if a.Cmp(b) <= 0 {
		return a
	}
	return b
}

// beamGap is the relative gap between two sorted ratios b/a that starts a
// new beam: 5%.
const beamGap = 20

// beams gathers the ratios b/a of the pairs with a ≥ from into clusters:
// sorted, a gap of more than 1/beamGap of a ratio between two neighbours
// starts a new one.
func beams(pairs [][2]int, from int) []Beam {
	var late [][2]int
	for _, pr := range pairs {
		if pr[0] >= from {
			late = append(late, pr)
		}
	}
	// b1/a1 < b2/a2 ⟺ b1·a2 < b2·a1: whole numbers below 2²⁸, no overflow.
	slices.SortFunc(late, func(p, q [2]int) int { return p[1]*q[0] - q[1]*p[0] })
	var out []Beam
	start := 0
	for i := range late {
		last := i == len(late)-1
		if !last && beamGap*(late[i+1][1]*late[i][0]-late[i][1]*late[i+1][0]) <= late[i][1]*late[i+1][0] {
			continue
		}
		sa, sb := 0, 0
		for _, pr := range late[start : i+1] {
			sa, sb = sa+pr[0], sb+pr[1]
		}
		out = append(out, Beam{Count: i + 1 - start,
			Lo: big.NewRat(int64(late[start][1]), int64(late[start][0])), Hi: big.NewRat(int64(late[i][1]), int64(late[i][0])),
			Fit: big.NewRat(int64(sb), int64(sa))})
		start = i + 1
	}
	return out
}

// shownDiagonal is how many lost points (n, n) String lists.
const shownDiagonal = 4

// String states the pattern in one line, as run prints it and the table's
// metadata (sgtab.pattern) keeps it.
func (p *Pairs) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "lost points observed in pairs: one in each row below %d, ", p.Rows)
	if len(p.Diagonal) > 0 {
		var diag []string
		for _, n := range p.Diagonal[:min(len(p.Diagonal), shownDiagonal)] {
			diag = append(diag, fmt.Sprintf("(%d, %d)", n, n))
		}
		if len(p.Diagonal) > shownDiagonal {
			diag = append(diag, fmt.Sprintf("… (%d points (n, n) in all)", len(p.Diagonal)))
		}
		fmt.Fprintf(&b, "%s and ", strings.Join(diag, ", "))
	}
	fmt.Fprintf(&b, "%d pairs (a_k, b_k), (b_k, a_k)", len(p.Pairs))
	if bt := p.Beatty; bt != nil {
		fmt.Fprintf(&b, "; a_k = ⌊kα⌋, b_k = ⌊kβ⌋ for every k with α in [%s, %s) = %s, β in [%s, %s) = %s",
			bt.Alpha[0].FloatString(6), bt.Alpha[1].FloatString(6), cfText(bt.Alpha),
			bt.Beta[0].FloatString(6), bt.Beta[1].FloatString(6), cfText(bt.Beta))
		if bt.Diff > 0 {
			fmt.Fprintf(&b, ", b_k − a_k = %s", strings.TrimPrefix(fmt.Sprintf("%d·k", bt.Diff), "1·"))
		}
	}
	var bs []string
	for _, bm := range p.Beams {
		bs = append(bs, fmt.Sprintf("b/a ≈ %s = %s (%d pairs, from %s to %s)", bm.Fit.FloatString(4),
			cfText([2]*big.Rat{bm.Lo, bm.Hi}), bm.Count, bm.Lo.FloatString(4), bm.Hi.FloatString(4)))
	}
	if len(bs) > 0 {
		fmt.Fprintf(&b, "; from row %d on, %d %s: %s", p.Rows/4, len(bs), plural(len(bs), "beam"), strings.Join(bs, "; "))
	}
	return b.String()
}

// plural returns word, with an s when n is not 1.
func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// cfText writes the continued fraction that every number of the interval
// r (closed) begins with, "[1; 1, 1, …]": the terms that r[0] and r[1]
// share, and "…" after them when they part. No more than 16 terms.
func cfText(r [2]*big.Rat) string {
	a, b := cf(r[0]), cf(r[1])
	n := 0
	for n < len(a) && n < len(b) && a[n].Cmp(b[n]) == 0 && n < 16 {
		n++
	}
	if n == 0 {
		return "[…]"
	}
	terms := make([]string, n)
	for i, t := range a[:n] {
		terms[i] = t.String()
	}
	s := "[" + terms[0]
	if n > 1 {
		s += "; " + strings.Join(terms[1:], ", ")
	}
	if n < len(a) || n < len(b) {
		if n > 1 {
			s += ","
		} else {
			s += ";"
		}
		s += " …"
	}
	return s + "]"
}

// cf returns the terms of the continued fraction of r ≥ 0.
func cf(r *big.Rat) []*big.Int {
	num, den := new(big.Int).Set(r.Num()), new(big.Int).Set(r.Denom())
	var out []*big.Int
	for den.Sign() != 0 {
		q, m := new(big.Int).QuoRem(num, den, new(big.Int))
		out = append(out, q)
		num, den = den, m
	}
	return out
}
