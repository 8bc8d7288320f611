package compute_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/internal/testenv"
	"github.com/sgtab/sgtab/compute/period"
	"github.com/sgtab/sgtab/compute/sg"
)

// knownPeriods are published periods of octal games. OEIS entries with
// offset 1 count heaps from 1, as sgtab does; "last exception" is the last n
// with G(n) ≠ G(n+p).
var knownPeriods = []struct {
	name, yaml    string
	n             int
	status        sg.Status
	period        int
	saltus        uint32
	lastException int  // -1: periodic from 0
	long          bool // takes seconds: skipped with -short
}{
	// Kayles: period 12, last exception 70 (OEIS A002186; Winning Ways ch. 4).
	{"kayles", `code: "0.77"`, 2000, sg.Proved, 12, 0, 70, false},
	// Dawson's chess: period 34, exceptions 0, 14, 16, 17, 31, 34, 51 (OEIS A002187).
	{"dawsons-chess", `code: "0.137"`, 2000, sg.Proved, 34, 0, 51, false},
	// Dawson's Kayles: the values of 0.137 shifted by one (OEIS A002187, comments).
	{"dawsons-kayles", `code: "0.07"`, 2000, sg.Proved, 34, 0, 52, false},
	// Double Kayles: period 24, last exception 141 (OEIS A071074).
	{"double-kayles", `code: "0.7777"`, 2000, sg.Proved, 24, 0, 141, false},
	// 0.177: period 20, last exception 496 (OEIS A071435; Winning Ways ch. 4).
	{"0.177", `code: "0.177"`, 4000, sg.Proved, 20, 0, 496, false},
	// 0.1377: period 24, last exception 140 (OEIS A071434).
	{"0.1377", `code: "0.1377"`, 2000, sg.Proved, 24, 0, 140, false},
	// 0.11377: period 32, last exception 186 (OEIS A071452).
	{"0.11377", `code: "0.11377"`, 2000, sg.Proved, 32, 0, 186, false},
	// 0.117: period 48, the last exception at 46 (OEIS A071453).
	{"0.117", `code: "0.117"`, 2000, sg.Proved, 48, 0, 46, false},
	// 0.127: period 4, last exception 46577 (OEIS A071464; A. Gangolli and
	// T. Plambeck, Int. J. Game Theory 18 (1989) 311–320).
	{"0.127", `code: "0.127"`, 100000, sg.Proved, 4, 0, 46577, true},
	// 0.16: period 149459, preperiod 105351 (A. Flammenkamp's octal game
	// tables); the proof needs the table to 509621, which sparse space
	// computes in about a second.
	{"0.16", `code: "0.16"`, 510000, sg.Proved, 149459, 0, 105350, true},
	// Subtraction games (Winning Ways ch. 4): S(1,2,3) is n mod 4;
	// S(1,3,4) has period 7 (0 1 0 1 2 3 2); S(2,5) period 7 (0 0 1 1 0 2 1).
	{"s-1-2-3", "moves:\n  - take: [1, 2, 3]", 100, sg.Proved, 4, 0, -1, false},
	{"s-1-3-4", "moves:\n  - take: [1, 3, 4]", 100, sg.Proved, 7, 0, -1, false},
	{"s-2-5", "moves:\n  - take: [2, 5]", 100, sg.Proved, 7, 0, -1, false},
	// Lasker's Nim: SG(4k+1) = 4k+1, SG(4k+2) = 4k+2, SG(4k+3) = 4k+4,
	// SG(4k+4) = 4k+3: period 4, saltus 4, the only exception at 0 (Winning
	// Ways ch. 4), proved by the lifting theorem.
	{"lasker", "moves:\n  - take: {min: 1}\n  - split: {parts: 2}", 3000, sg.Proved, 4, 4, 0, false},
	// Nim: SG(n) = n, period 1 and saltus 1 (Bouton 1901), proved so too.
	{"nim", "moves:\n  - take: {min: 1}", 3000, sg.Proved, 1, 1, -1, false},
	// 0.6(21): period 6, saltus 3 from n = 1 (sgtab's census of codes
	// d0.d1(d2d3)): a saltus that is no power of two, observed.
	{"0.6(21)", `code: "0.6(21)"`, 3000, sg.Observed, 6, 3, 0, false},
}

func TestKnownPeriods(t *testing.T) {
	for _, k := range knownPeriods {
		t.Run(k.name, func(t *testing.T) {
			if k.long && os.Getenv("SGTAB_LONG") == "" {
				t.Skip("long: set SGTAB_LONG=1 to run it")
			}
			a := sequence(t, k.yaml, k.n).Analysis
			p := a.Period
			if a.Status != k.status || p.Length != k.period || p.Saltus != k.saltus || p.LastException() != k.lastException {
				t.Errorf("%s: %s period %d saltus %d last exception %d; want %s %d %d %d",
					k.name, a.Status, p.Length, p.Saltus, p.LastException(), k.status, k.period, k.saltus, k.lastException)
			}
			if a.Status == sg.Proved && (a.Proof.Theorem == "" || a.Proof.WindowStart != p.Start) {
				t.Errorf("%s: proof %+v", k.name, a.Proof)
			}
		})
	}
}

// TestFilledEqualsComputed checks that values filled in from a proved period
// equal the values computed one by one.
func TestFilledEqualsComputed(t *testing.T) {
	for _, k := range knownPeriods {
		if k.status != sg.Proved || k.long {
			continue
		}
		g := game(t, k.yaml)
		filled, err := compute.Sequence(t.Context(), g, 5000, sg.Options{})
		if err != nil {
			t.Fatal(err)
		}
		full, err := compute.Sequence(t.Context(), g, 5000, sg.Options{Exhaustive: true})
		if err != nil {
			t.Fatal(err)
		}
		if filled.Analysis.Computed >= 5000 || full.Analysis.Computed != 5000 {
			t.Errorf("%s: computed %d (filled) and %d (exhaustive)", k.name, filled.Analysis.Computed, full.Analysis.Computed)
		}
		if !filled.G.Equal(full.G) {
			t.Errorf("%s: filled values differ from computed ones", k.name)
		}
		if filled.Analysis.Period != full.Analysis.Period || full.Analysis.Status != sg.Proved {
			t.Errorf("%s: %+v vs %+v", k.name, filled.Analysis, full.Analysis)
		}
	}
	// A ring column is computed to the end from the filled row values.
	g := game(t, "code: \"0.77\"\nstart: ring")
	filled, _ := compute.Sequence(t.Context(), g, 3000, sg.Options{})
	full, _ := compute.Sequence(t.Context(), g, 3000, sg.Options{Exhaustive: true})
	if !filled.Ring.Equal(full.Ring) || !filled.G.Equal(full.G) {
		t.Error("ring: filled table differs from the computed one")
	}
}

// TestProofBoundary checks the Guy–Smith window exactly: Kayles (k = 2,
// n0 = 71, p = 12) needs G(n+12) = G(n) for 71 ≤ n ≤ 2·71 + 2·12 + 2 − 2 − 12,
// so a table to 2·71 + 2·12 + 2 − 2 = 166 proves the period and one to 165
// does not. 4.344, whose d0 splits a heap without removing a token (k = 3,
// n0 = 998, p = 51), needs the table to 2·998 + 2·51 + 3 − 2 = 2099.
func TestProofBoundary(t *testing.T) {
	check := func(yaml string, n int, want sg.Status) {
		t.Helper()
		a := sequence(t, yaml, n).Analysis
		if a.Status != want {
			t.Errorf("%q to %d: %s (%+v), want %s", yaml, n, a.Status, a.Period, want)
		}
	}
	check(`code: "0.77"`, 166, sg.Proved)
	check(`code: "0.77"`, 165, sg.Observed)
	check(`code: "4.344"`, 2099, sg.Proved)
	check(`code: "4.344"`, 2098, sg.Observed)
	// Subtraction S(1,3,4): k = 4, n0 = 0, p = 7: a table to
	// max(n0, 1) + p + k − 1 = 11 proves it.
	check("moves:\n  - take: [1, 3, 4]", 11, sg.Proved)
	check("moves:\n  - take: [1, 3, 4]", 10, sg.None) // too short to observe, too

	// StopWhenProved ends the table exactly at the boundary.
	for yaml, want := range map[string]int{`code: "0.77"`: 166, `code: "4.344"`: 2099} {
		tab, err := compute.Sequence(t.Context(), game(t, yaml), 100000, sg.Options{StopWhenProved: true})
		if err != nil {
			t.Fatal(err)
		}
		if tab.N() != want || tab.Analysis.Status != sg.Proved {
			t.Errorf("%s, StopWhenProved: table to %d, %s; want %d, proved", yaml, tab.N(), tab.Analysis.Status, want)
		}
	}
}

// TestNotProvable checks that no theorem is claimed where none applies:
// distinct splits, a repeating tail outside the lifting theorem (three-heap
// splits, distinct parts, a saltus that is no power of two, or values
// whose liftable moves miss one below F(n) in the window: 4.33(40), period
// 82 and saltus 64 from n = 177, and every multiple of it up to 3000).
func TestNotProvable(t *testing.T) {
	for _, c := range []struct {
		yaml string
		n    int
	}{
		{`code: "0.04!"`, 3000},   // distinct parts
		{`code: "8.(3)"`, 300},    // a tail, with splits into three heaps
		{`code: "4!.(3)"`, 3000},  // a tail, with splits into distinct parts
		{`code: "0.6(21)"`, 3000}, // saltus 3
		{`code: "4.33(40)"`, 3000},
	} {
		yaml := c.yaml
		if a := sequence(t, yaml, c.n).Analysis; a.Status == sg.Proved {
			t.Errorf("%q: proved by %s", yaml, a.Proof.Theorem)
		}
	}
}

// TestSplitWithoutRemovalProved proves the periods of games whose d0 splits
// a heap without removing a token: the 14 such trivial games of T. Czajka's
// tables (TrivialGames.md in github.com/tczajka/octal-games: their periods
// show in the first 1000 values; "4" is written 4.0), and 4.344 and 4.364,
// which need more.
func TestSplitWithoutRemovalProved(t *testing.T) {
	for _, c := range []struct {
		code              string
		preperiod, period int
	}{
		{"4.0", 1, 2}, {"4.3", 2, 2}, {"4.12", 6, 7}, {"4.72", 1, 3}, {"4.005", 31, 79},
		{"4.024", 2, 60}, {"4.102", 8, 10}, {"4.122", 6, 7}, {"4.304", 25, 21},
		{"4.323", 4, 4}, {"4.444", 143, 24}, {"4.722", 4, 4}, {"4.726", 5, 16},
		{"4.766", 19, 20},
		{"4.344", 998, 51}, {"4.364", 11687, 62},
	} {
		tab, err := compute.Sequence(t.Context(), game(t, fmt.Sprintf("code: %q", c.code)), 40000, sg.Options{StopWhenProved: true})
		if err != nil {
			t.Fatal(err)
		}
		a := tab.Analysis
		if a.Status != sg.Proved || a.Period.Start != c.preperiod || a.Period.Length != c.period {
			t.Errorf("%s: %s, period %d from %d; want proved, period %d from %d",
				c.code, a.Status, a.Period.Length, a.Period.Start, c.period, c.preperiod)
		}
	}
}

// TestFindPeriodMargin checks that a short run is not reported as a period.
func TestFindPeriodMargin(t *testing.T) {
	// Irregular values then a run of equal values at the end.
	G := []uint32{0, 5, 1, 7, 2, 9, 3, 8, 4, 6, 3, 3, 3}
	if p, ok := period.FindPeriod(G); ok {
		t.Errorf("FindPeriod found %+v in a short final run", p)
	}
	// Nor is a table too short to tell.
	if p, ok := period.FindPeriod([]uint32{0, 0, 0, 0, 0, 0}); ok {
		t.Errorf("FindPeriod found %+v in six zeros", p)
	}
	// Grundy's game shows no period up to 10^4.
	if p, ok := period.FindPeriod(sequence(t, "code: \"4!.0\"", 10000).G.Uint32s()); ok {
		t.Errorf("Grundy's game: period %+v", p)
	}
}

func TestChecksum(t *testing.T) {
	for _, tc := range []struct {
		G    []uint32
		want string
	}{
		{nil, "00000000"},
		{[]uint32{1, 2, 3}, "000A0006"},   // a: 1, 3, 6; b: 1, 4, 10
		{[]uint32{0xFFFF, 2}, "00000001"}, // a: FFFF, 1; b: FFFF, FFFF+1 = 0
		{[]uint32{0x10005}, "00050005"},   // values are taken as 16-bit words
	} {
		if got := sg.Checksum(tc.G); got != tc.want {
			t.Errorf("Checksum(%v) = %s, want %s", tc.G, got, tc.want)
		}
	}
}

// TestFindRare checks the Walsh–Hadamard choice of mask against counting
// every mask directly, and Grundy's game against its published rare values.
func TestFindRare(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for trial := range testenv.Share(300, 100) {
		G := make([]uint32, 1+rng.IntN(2000))
		planted := sg.Split{Mask: uint32(1 + rng.IntN(63)), Pos: []sg.Parity{sg.NoParity, sg.Even, sg.Odd}[trial%3]}
		for i := range G {
			// Mostly common values under the planted split, a few rare ones.
			for {
				G[i] = uint32(rng.IntN(64))
				if !planted.RareAt(i, G[i]) || rng.IntN(40) == 0 {
					break
				}
			}
		}
		r := sg.FindRare(G)
		// Every split, from the definition: masks alone (whose even class
		// is rare), then masks with the heap's parity (the smaller class,
		// the even one on a tie, and never an empty one).
		best := sg.Split{Count: len(G) + 1}
		count := func(s sg.Split) int {
			c := 0
			for n, v := range G {
				if s.RareAt(n, v) {
					c++
				}
			}
			return c
		}
		for _, pos := range []sg.Parity{sg.NoParity, sg.Even} {
			for m := uint32(1); m < 64; m++ {
				s := sg.Split{Mask: m, Pos: pos}
				s.Count = count(s)
				if pos != sg.NoParity {
					if odd := (sg.Split{Mask: m, Pos: sg.Odd}); count(odd) < s.Count {
						s = odd
						s.Count = count(odd)
					}
				}
				if s.Count < best.Count && s.Count > 0 {
					best = s
				}
			}
		}
		if r.Best != best {
			t.Fatalf("trial %d: FindRare's best split %+v; want %+v", trial, r.Best, best)
		}
		beyond0 := best.Count
		if best.RareAt(0, G[0]) {
			beyond0--
		}
		if float64(best.Count) >= float64(len(G))/16 || beyond0 < 4 {
			if r.Mask != 0 {
				t.Fatalf("FindRare reported mask %#x with %d of %d rare, %d besides n = 0", r.Mask, r.Count, len(G), beyond0)
			}
			continue
		}
		if r.Split != best || len(r.Positions) != best.Count {
			t.Fatalf("trial %d: FindRare = %+v; want %+v", trial, r.Split, best)
		}
	}

	// Splits that mean nothing are not reported, but kept as the best:
	// Lasker's Nim has SG(4k+1) = 4k+1, SG(4k+2) = 4k+2, SG(4k+3) = 4k+4,
	// SG(4k+4) = 4k+3 (Winning Ways, ch. 4), so bit 1 of SG(n) differs from
	// n's parity for every n ≥ 1: mask 2 with the parity leaves n = 0 alone
	// rare. Kayles' ten rare positions to n = 70 (mask 0xf) are reported.
	lasker := sequence(t, "moves:\n  - take: {min: 1}\n  - split: {parts: 2}", 10000).Analysis.Rare
	if lasker.Mask != 0 || lasker.Best != (sg.Split{Mask: 2, Pos: sg.Even, Count: 1}) || lasker.Positions != nil {
		t.Errorf("Lasker's Nim to 10^4: split %+v, best %+v; want none, the best mask 2 with even parity, 1 position", lasker.Split, lasker.Best)
	}
	kayles := sequence(t, `code: "0.77"`, 10000).Analysis.Rare
	if kayles.Split != (sg.Split{Mask: 0xf, Count: 10}) || kayles.Last != 70 {
		t.Errorf("Kayles to 10^4: split %+v, the last at %d; want mask 0xf, 10 positions, the last at 70", kayles.Split, kayles.Last)
	}
	// At the bound: values 1 everywhere but at 0 and k more heaps, whose
	// value is 0 (rare under mask 1, with 0 at n = 0): k = 4 is reported,
	// k = 3 is not.
	for k, want := range map[int]uint32{3: 0, 4: 1} {
		G := make([]uint32, 1000)
		for i := range G {
			G[i] = 1
		}
		G[0] = 0
		for i := 1; i <= k; i++ {
			G[i*97] = 0
		}
		if r := sg.FindRare(G); r.Mask != want || r.Best.Count != k+1 {
			t.Errorf("%d rare positions besides n = 0: mask %#x, best %+v; want mask %#x", k, r.Mask, r.Best, want)
		}
	}

	// Periodic values report a split only when its rare positions end
	// before the period starts, as Czajka's table of solved games does:
	// 0.165, period 1550 from 5181, has none although
	// mask 0x1b leaves 1.3% of its positions rare, up to the end; 0.356's
	// 7, the last at 43, before its period from 7315, are reported.
	for _, c := range []struct {
		code  string
		n     int
		split sg.Split
	}{
		{"0.165", 13463, sg.Split{}},
		{"0.356", 15000, sg.Split{Mask: 0x1b, Count: 7}},
	} {
		tab := sequence(t, fmt.Sprintf("code: %q", c.code), c.n)
		r := tab.Analysis.Rare
		if tab.Analysis.Status != sg.Proved || r.Split != c.split || (r.Mask == 0) != (r.Last < 0) {
			t.Errorf("%s to %d: %s, split %+v, the last at %d; want proved, %+v", c.code, c.n, tab.Analysis.Status, r.Split, r.Last, c.split)
		}
		if r.Best.Mask == 0 {
			t.Errorf("%s: no best split kept", c.code)
		}
	}

	// 0.127: "mask 1 + position parity, 693 rare positions, the last at
	// 27106" (T. Czajka, SolvedGames.md in github.com/tczajka/octal-games;
	// first solved by Gangolli and Plambeck): rare where the value's parity
	// and the heap's differ, to 2^17.
	g := sequence(t, `code: "0.127"`, 1<<17).Analysis.Rare
	if g.Mask != 1 || g.Pos != sg.Odd || g.Count != 693 || g.Last != 27106 {
		t.Errorf("0.127 to 2^17: rare split %+v, last %d; want mask 1, odd parity, 693, the last at 27106", g.Split, g.Last)
	}

	// Grundy's game has no period up to 10^5 (A. Flammenkamp computed far
	// beyond without finding one). Its rare (sparse) values are those with an even number
	// of ones outside the lowest bit; the first ones are at these n
	// (A. Flammenkamp, "Sprague-Grundy values of Grundy's game", the list of
	// known sparse values).
	tab := sequence(t, "moves:\n  - split: {parts: 2, distinct: true}", grundyN())
	if tab.Analysis.Status != sg.None {
		t.Errorf("Grundy's game to %d: %s period %+v, want none", tab.N(), tab.Analysis.Status, tab.Analysis.Period)
	}
	r := sg.FindRare(tab.G.Uint32s())
	if r.Mask&^1 != bitsBelow(r.Mask)&^1 || r.Mask&1 != 0 {
		t.Errorf("Grundy's game: mask %#b, want every bit but the lowest", r.Mask)
	}
	first := []int{0, 1, 2, 3, 4, 6, 7, 9, 10, 12, 15, 20, 23, 26, 28, 31, 34, 37, 40, 43, 46, 49, 50, 52, 53,
		55, 58, 61, 87, 90, 93, 146, 149, 152, 158, 161, 164, 167, 176, 179, 181, 182, 185, 188, 190, 193, 196, 231}
	if len(r.Positions) < len(first) || !slices.Equal(r.Positions[:len(first)], first) {
		t.Errorf("Grundy's game: rare positions start %v, want %v", r.Positions[:min(len(r.Positions), len(first))], first)
	}
}

// grundyN is how far the tests compute Grundy's game: 10^5, or 2·10^4 under
// the race detector (enough for the mask and the first rare values).
func grundyN() int {
	if testenv.Race {
		return 20000
	}
	return 100000
}

// bitsBelow returns all the bits up to the highest bit of m.
func bitsBelow(m uint32) uint32 {
	x := m
	for s := 1; s < 32; s *= 2 {
		x |= x >> s
	}
	return x
}

func TestClosedForm(t *testing.T) {
	for _, tc := range []struct {
		yaml string
		n    int
		want string
	}{
		{"moves:\n  - take: {min: 1}\n  - split: {parts: 2}", 500,
			"for n ≥ 1: SG(n) = 4·⌊(n − 1)/4⌋ + [1, 2, 4, 3][(n − 1) mod 4]; SG(0) = 0"},
		{"moves:\n  - take: [1, 3, 4]", 100, "for n ≥ 0: SG(n) = [0, 1, 0, 1, 2, 3, 2][n mod 7]"},
		{"moves:\n  - take: {min: 1}", 100, "for n ≥ 0: SG(n) = n"},
		{`code: "0.77"`, 500, "for n ≥ 71: SG(n) = [7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2][(n − 71) mod 12]; SG(0..70) as tabulated"},
		{`code: "0.07"`, 500, "for n ≥ 53: SG(n) = [3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9][(n − 53) mod 34]; SG(0..52) as tabulated"},
	} {
		if got := sequence(t, tc.yaml, tc.n).Analysis.ClosedForm; got != tc.want {
			t.Errorf("%q:\n got %s\nwant %s", tc.yaml, got, tc.want)
		}
	}
	// A long period is stated as a recurrence, with short base values listed.
	G := make([]uint32, 1000)
	for n := range G {
		G[n] = uint32(n%100) + 1
	}
	G[0] = 7
	got := sg.ClosedForm(G, sg.Period{Start: 1, Length: 100})
	if want := "SG(n) = SG(n − 100) for n ≥ 101; SG(0..100) as tabulated"; got != want {
		t.Errorf("long period: %s, want %s", got, want)
	}
}
