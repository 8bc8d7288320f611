package sg

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// A Genus is Conway's genus of an impartial game X (J. H. Conway, On
// Numbers and Games, ch. 12; Winning Ways, ch. 13, "Survival in the Lost
// World"), written
//
//	g^{γ0 γ1 γ2 …}
//
// g is the normal-play SG value of X, and γk the misère SG value of X plus
// k nim-heaps of size 2 (*2). The misère SG value G⁻ is 1 for a game with
// no move and otherwise the mex of its options' G⁻: the player to move
// wins X in misère play exactly when G⁻(X) = γ0 ≠ 0.
//
// The γ's become periodic with period 2 (γk = γ(k−2) from some k on), so
// a genus is finite: Gamma holds γ0, γ1, … as far as they do not yet
// repeat, at least two of them, and γk = γ(k−2) for every k ≥ len(Gamma);
// At reads any γk. Winning Ways writes it so too: the last two figures
// repeat (0^{120} is 0^{1202020…}).
//
// The genus of X follows from the genera of its options X′ (GenusOf):
//
//	g  = mex{ g(X′) }
//	γ0 = mex{ γ0(X′) }                          (1 when X has no option)
//	γk = mex{ γk(X′) } ∪ { γ(k−1), γ(k−1) ⊕ 1 }  (k ≥ 1)
//
// because the options of X + k·*2 are X′ + k·*2 and the two moves on a
// *2, to X + (k−1)·*2 + *1 and to X + (k−1)·*2, and adding *1 to any game
// flips the last bit of its misère SG value (see StarOne). So the genus
// of a heap follows from the genera of the positions its moves leave: sums
// of heaps, whose genera the misère search finds (misere.Search.Genus).
type Genus struct {
	G     uint32
	Gamma []uint32
}

// EmptyGenus is the genus of the game with no move, 0^{120}: G⁻ = 1,
// then *2 alone is 2, *2 + *2 is 0, and so on.
var EmptyGenus = Genus{G: 0, Gamma: []uint32{1, 2, 0}}

// At returns γk for any k ≥ 0.
func (x Genus) At(k int) uint32 {
	n := len(x.Gamma)
	if k < n {
		return x.Gamma[k]
	}
	return x.Gamma[n-2+(k-n)%2]
}

// Misere returns γ0, the misère SG value: 0 exactly when the player to
// move loses.
func (x Genus) Misere() uint32 { return x.Gamma[0] }

// Equal reports whether x and y are the same genus.
func (x Genus) Equal(y Genus) bool { return x.G == y.G && slices.Equal(x.Gamma, y.Gamma) }

// String writes the genus as Winning Ways does, g^{γ0γ1…}, the last two
// γ's repeating: 0^{120}, 2^{1420}; with commas between the γ's when one of
// them has two digits: 12^{12,14}.
func (x Genus) String() string {
	var b strings.Builder
	b.WriteString(strconv.FormatUint(uint64(x.G), 10))
	b.WriteString("^{")
	sep := ""
	if slices.Max(x.Gamma) >= 10 {
		sep = ","
	}
	for i, v := range x.Gamma {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(strconv.FormatUint(uint64(v), 10))
	}
	b.WriteString("}")
	return b.String()
}

// ParseGenus reads a genus as String writes it.
func ParseGenus(s string) (Genus, error) {
	g, sup, ok := strings.Cut(s, "^{")
	if !ok || !strings.HasSuffix(sup, "}") {
		return Genus{}, fmt.Errorf("genus %q: want g^{γ0γ1…}", s)
	}
	var x Genus
	v, err := strconv.ParseUint(g, 10, 32)
	if err != nil {
		return Genus{}, fmt.Errorf("genus %q: %w", s, err)
	}
	x.G = uint32(v)
	sup = strings.TrimSuffix(sup, "}")
	parts := strings.Split(sup, ",")
	if len(parts) == 1 {
		parts = strings.Split(sup, "")
	}
	for _, p := range parts {
		v, err := strconv.ParseUint(p, 10, 32)
		if err != nil {
			return Genus{}, fmt.Errorf("genus %q: %w", s, err)
		}
		x.Gamma = append(x.Gamma, uint32(v))
	}
	if len(x.Gamma) < 2 {
		return Genus{}, fmt.Errorf("genus %q: want at least two γ's", s)
	}
	return x, nil
}

// GenusOf returns the genus of a game whose options have the genera opts
// (see Genus).
func GenusOf(opts []Genus, seen *Bitset) Genus {
	if len(opts) == 0 {
		return EmptyGenus
	}
	longest := 2
	for _, o := range opts {
		longest = max(longest, len(o.Gamma))
	}
	return GenusFrom(longest, seen, func(i int, x *Bitset) uint32 {
		for _, o := range opts {
			x.Set(o.Value(i))
		}
		return Mex(*x)
	})
}

// GenusFrom returns the genus of a game that has an option, from its
// options' values: mex(i, x) is the mex of the options' values at i (−1:
// their g; k ≥ 0: their γk) and of those already in x. longest is at least
// the longest Gamma of an option, and at least 2.
//
// Within a few steps of the point where every option's γ's have become
// periodic, the game's γ's repeat too: once γt = γ(t−2) at some t ≥
// longest − 1, the options' γ's at t+1 and t−1 are the same sets, and so
// γ(t+1) = γ(t−1), and so on. A few steps suffice (with the options' sets
// fixed by parity, each γ is one of two values for its parity), so failing
// to repeat within 16 of longest is a bug.
func GenusFrom(longest int, seen *Bitset, mex func(i int, x *Bitset) uint32) Genus {
	seen.Reset()
	x := Genus{G: mex(-1, seen)}
	seen.Reset()
	gamma := []uint32{mex(0, seen)}
	for k := 1; ; k++ {
		seen.Reset()
		seen.Set(gamma[k-1])
		seen.Set(gamma[k-1] ^ 1)
		gamma = append(gamma, mex(k, seen))
		if k >= max(2, longest-1) && gamma[k] == gamma[k-2] {
			x.Gamma = trimGamma(gamma[:k])
			return x
		}
		if k > longest+16 {
			panic("compute: a genus did not become periodic")
		}
	}
}

// value returns g for i = −1, γi for i ≥ 0.
func (x Genus) Value(i int) uint32 {
	if i < 0 {
		return x.G
	}
	return x.At(i)
}

// trimGamma returns the shortest prefix of gamma that says the same: while
// its last γ repeats the one two before, it is implied.
func trimGamma(gamma []uint32) []uint32 {
	n := len(gamma)
	for n > 2 && gamma[n-1] == gamma[n-3] {
		n--
	}
	return slices.Clip(gamma[:n])
}

// StarOne returns the genus of X + *1 from the genus x of X: adding *1
// flips the last bit of the normal value and of every misère value. For
// the misère values this is the lemma G⁻(X + *1) = G⁻(X) ⊕ 1, for every
// game X, by induction on X: with a = G⁻(X) = mex S, S the misère values
// of X's options, the options of X + *1 have the values S ⊕ 1 (their own
// + *1, by induction) and a (the move on *1). For even a, S ⊕ 1 holds
// 0..a−1 and not a+1 (as a ∉ S), and a is added: the mex is a+1. For odd a,
// S ⊕ 1 lacks a−1 (as a ∉ S) and holds the values below it: the mex is
// a−1. For X with no move, X + *1 = *1 has the one option 0 of value 1, and
// mex{1} = 0 = 1 ⊕ 1. Applied to X + k·*2 it gives every γk.
func (x Genus) StarOne() Genus {
	y := Genus{G: x.G ^ 1, Gamma: make([]uint32, len(x.Gamma))}
	for i, v := range x.Gamma {
		y.Gamma[i] = v ^ 1
	}
	return y
}

// Tame genera (On Numbers and Games, ch. 12; Winning Ways, ch. 13): those
// of the sums of nim-heaps. A tame genus is fickle, 0^{120} or 1^{031}
// (γ0 = g ⊕ 1: like *0 or *1), or firm, g^{g,g⊕2} (γ0 = g, like a sum
// with a heap of 2 or more): from γ1 on, γk = g ⊕ 2 for odd k, g for even.
// fickle requires g ≤ 1. The genera of g below 256 are made once and
// shared: no genus is ever changed once made.
func TameGenus(g uint32, fickle bool) Genus {
	if g < uint32(len(firmGenera)) {
		if fickle {
			return fickleGenera[g]
		}
		return firmGenera[g]
	}
	return makeTameGenus(g, fickle)
}

func makeTameGenus(g uint32, fickle bool) Genus {
	if fickle {
		return Genus{G: g, Gamma: []uint32{g ^ 1, g ^ 2, g}}
	}
	return Genus{G: g, Gamma: []uint32{g, g ^ 2}}
}

var (
	fickleGenera = [2]Genus{makeTameGenus(0, true), makeTameGenus(1, true)}
	firmGenera   = func() (gs [256]Genus) {
		for g := range gs {
			gs[g] = makeTameGenus(uint32(g), false)
		}
		return gs
	}()
)

// Tame reports whether x is a tame genus (see tameGenus).
func (x Genus) Tame() bool {
	return x.Equal(TameGenus(x.G, false)) || x.G <= 1 && x.Equal(TameGenus(x.G, true))
}

// fickle reports whether the tame genus x is fickle: γ0 = g ⊕ 1.
func (x Genus) Fickle() bool { return x.Gamma[0] == x.G^1 && x.G <= 1 }

// tameSum returns the genus of a sum of tame games of genera xs (every
// position of each tame too): by Conway's theorem (On Numbers and Games,
// ch. 12; Winning Ways, ch. 13, "Tame games") such a sum is tame, its g the
// nim-sum of theirs, and it is fickle exactly when each part is, as in
// misère Nim, where a position of heaps of 0 and 1 alone is fickle.
func tameSum(xs ...Genus) Genus {
	var g uint32
	fickle := true
	for _, x := range xs {
		g ^= x.G
		fickle = fickle && x.Fickle()
	}
	return TameGenus(g, fickle)
}

// A Tameness classifies a heap by its genus and its followers' (On Numbers
// and Games, ch. 12): tame when its genus and every position it can reach
// have tame genera, so that it plays in sums with tame games as a nim-heap
// does; restive when it is not tame, every option is tame, and g ≤ 1;
// restless when it is not tame nor restive, every option is tame, and
// γ0 ≤ 1; wild otherwise.
type Tameness uint8

const (
	Tame Tameness = iota
	Restive
	Restless
	Wild
)

// Tamenesses lists the classes in the order of their codes, as tables
// store them.
var Tamenesses = []Tameness{Tame, Restive, Restless, Wild}

func (t Tameness) String() string {
	switch t {
	case Tame:
		return "tame"
	case Restive:
		return "restive"
	case Restless:
		return "restless"
	}
	return "wild"
}

// classify returns the class of a game of genus x whose options are all
// tame (optionsTame) or not.
func Classify(x Genus, optionsTame bool) Tameness {
	switch {
	case optionsTame && x.Tame():
		return Tame
	case optionsTame && x.G <= 1:
		return Restive
	case optionsTame && x.Gamma[0] <= 1:
		return Restless
	}
	return Wild
}

// GenusColumns hold the genus of every heap of a misère game's table (see
// Genus), as columns of numbers: Normal.At(n) is g, the normal-play SG value
// of heap n; Gamma[k].At(n) is γk, its misère SG value plus k heaps *2, for
// k < len(Gamma), and γk = γ(k−2) for every k ≥ len(Gamma) — len(Gamma) is
// the longest Gamma of a heap of the table, at least 2, so the columns hold
// each genus whole; Class.At(n) is the heap's Tameness.
type GenusColumns struct {
	Normal Values
	Gamma  []Values
	Class  Values
}

// Len returns the number of heaps the columns describe.
func (c *GenusColumns) Len() int { return c.Normal.Len() }

// At returns the genus of heap n.
func (c *GenusColumns) At(n int) Genus {
	gamma := make([]uint32, len(c.Gamma))
	for k, col := range c.Gamma {
		gamma[k] = col.At(n)
	}
	return Genus{G: c.Normal.At(n), Gamma: trimGamma(gamma)}
}

// Tameness returns the class of heap n.
func (c *GenusColumns) Tameness(n int) Tameness { return Tameness(c.Class.At(n)) }

// TameThrough returns the largest n such that every heap 0..n is tame, -1
// when heap 0 is not (it always is), and the table's last heap when all are.
func (c *GenusColumns) TameThrough() int {
	for n := range c.Len() {
		if c.Tameness(n) != Tame {
			return n - 1
		}
	}
	return c.Len() - 1
}

// Words says in a line what the genera show of the game up to the last
// heap: "every heap is tame up to n = 1000", or how far they are and which
// heap is the first that is not: "tame up to n = 4; heap 5 is restless, of
// genus 4^{146}".
func (c *GenusColumns) Words() string {
	last, through := c.Len()-1, c.TameThrough()
	if through == last {
		return fmt.Sprintf("every heap is tame up to n = %d", last)
	}
	n := through + 1
	return fmt.Sprintf("tame up to n = %d; heap %d is %v, of genus %v", through, n, c.Tameness(n), c.At(n))
}

// Slice returns the columns of heaps lo..hi−1.
func (c *GenusColumns) Slice(lo, hi int) *GenusColumns {
	s := &GenusColumns{Normal: c.Normal.Slice(lo, hi), Class: c.Class.Slice(lo, hi)}
	for _, col := range c.Gamma {
		s.Gamma = append(s.Gamma, col.Slice(lo, hi))
	}
	return s
}

// Equal reports whether c and d hold the same genera and classes, and if
// not the first heap where they differ.
func (c *GenusColumns) Equal(d *GenusColumns) (n int, equal bool) {
	for n := range min(c.Len(), d.Len()) {
		if !c.At(n).Equal(d.At(n)) || c.Class.At(n) != d.Class.At(n) {
			return n, false
		}
	}
	return min(c.Len(), d.Len()), c.Len() == d.Len()
}

// A GenusBuilder collects the genera of heaps 0, 1, … into columns.
type GenusBuilder struct {
	normal, class []uint32
	gamma         [][]uint32 // by heap
	width         int
}

func (b *GenusBuilder) Add(x Genus, class Tameness) {
	b.normal = append(b.normal, x.G)
	b.class = append(b.class, uint32(class))
	b.gamma = append(b.gamma, x.Gamma)
	b.width = max(b.width, len(x.Gamma))
}

// columns returns the columns of the genera added.
func (b *GenusBuilder) Columns() *GenusColumns {
	c := &GenusColumns{Normal: ValuesOf(b.normal), Class: ValuesOf(b.class)}
	col := make([]uint32, len(b.gamma))
	for k := range b.width {
		for n, gamma := range b.gamma {
			col[n] = Genus{Gamma: gamma}.At(k)
		}
		c.Gamma = append(c.Gamma, ValuesOf(col))
	}
	return c
}
