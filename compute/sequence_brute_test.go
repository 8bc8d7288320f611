package compute_test

// This file checks compute.Sequence against the brute force of
// brute_test.go, on random games from a fixed seed and on hand-picked games
// whose values grow with n.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/internal/brute"
	"github.com/sgtab/sgtab/compute/internal/testenv"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// The engine agrees with the heap-level brute force on every random game, for
// G(0..40) and, on ring games, the ring column; and its result does not
// depend on the number of workers, at n = 40 and, for a few games without
// three-heap moves, at n = 150 (compared with the brute force too) and n = 1000 (where a parallel path is more likely to run;
// the brute force is too slow to follow there).
func TestBruteForce(t *testing.T) {
	const (
		n       = 40
		bigN    = 1000
		bigGame = 12 // how many games also run at bigN
		midN    = 150
		midGame = 24 // how many games are also compared with the brute force at midN
	)
	big, mid := 0, 0
	for i, rg := range bruteRandomGames(bruteNumGames) {
		file := fmt.Sprintf("random-%03d.yaml", i)
		games, err := rules.Parse(strings.NewReader(rg.yaml), file)
		if err != nil {
			t.Errorf("%s: parse: %v\n%s", file, err, rg.yaml)
			continue
		}
		if len(games) != 1 {
			t.Errorf("%s: parse: %d games, want 1\n%s", file, len(games), rg.yaml)
			continue
		}
		if ring := games[0].Start == rules.StartRing; ring != rg.game.Ring {
			t.Errorf("%s: parsed ring start %v, want %v\n%s", file, ring, rg.game.Ring, rg.yaml)
			continue
		}
		bruteCheck(t, file, &rg.game, games[0], n, rg.yaml)
		if big < bigGame && !rg.game.LeavesThree() {
			big++
			bruteSequences(t, file, games[0], bigN, rg.yaml)
		}
		if mid < midGame && !rg.game.LeavesThree() {
			// Larger values exercise the engine's wider option sets.
			mid++
			bruteCheck(t, file, &rg.game, games[0], midN, rg.yaml)
		}
	}
}

// bruteCheck compares the engine's G(0..n), and Ring(0..n) on ring starts,
// for the parsed game g with the heap-level brute force for bg.
func bruteCheck(t *testing.T, file string, bg *brute.Game, g rules.Game, n int, yaml string) {
	t.Helper()
	wantG := bg.HeapValues(n)
	var wantRing []uint32
	if bg.Ring {
		wantRing = bg.RingValues(wantG)
	}
	if tab := bruteSequences(t, file, g, n, yaml); tab != nil {
		bruteCompare(t, file, "G", tab.G.Uint32s(), wantG, yaml)
		var gotRing []uint32 // nil for a line game
		if tab.Ring.Len() > 0 {
			gotRing = tab.Ring.Uint32s()
		}
		bruteCompare(t, file, "Ring", gotRing, wantRing, yaml)
	}
}

// bruteSequences computes SG(0..n) of g with the default options and with
// 1, 2 and 3 workers, reports any difference between them, and returns the
// default result (nil on an error).
func bruteSequences(t *testing.T, file string, g rules.Game, n int, yaml string) *sg.Table {
	t.Helper()
	var first *sg.Table
	for _, workers := range []int{0, 1, 2, 3} {
		tab, err := compute.Sequence(t.Context(), g, n, sg.Options{Workers: workers})
		if err != nil {
			t.Errorf("%s: Sequence(n=%d, workers=%d): %v\n%s", file, n, workers, err, yaml)
			return nil
		}
		if first == nil {
			first = tab
			continue
		}
		if !tab.G.Equal(first.G) || !tab.Ring.Equal(first.Ring) {
			t.Errorf("%s: n=%d: workers=%d gives\n G %v\n Ring %v\nworkers=0 gives\n G %v\n Ring %v\n%s",
				file, n, workers, tab.G, tab.Ring, first.G, first.Ring, yaml)
		}
	}
	return first
}

// bruteCompare reports the first difference between a column the engine
// computed and the brute force's, with the game's YAML.
func bruteCompare(t *testing.T, file, column string, got, want []uint32, yaml string) {
	t.Helper()
	if (got == nil) != (want == nil) || len(got) != len(want) {
		t.Errorf("%s: %s has %d values (nil: %v), want %d (nil: %v)\n%s",
			file, column, len(got), got == nil, len(want), want == nil, yaml)
		return
	}
	for n := range want {
		if got[n] != want[n] {
			t.Errorf("%s: %s[%d] = %d, brute force %d\n got %v\nwant %v\n%s",
				file, column, n, got[n], want[n], got, want, yaml)
			return
		}
	}
}

// A bruteRandomGame is a game as YAML text and as the families it was made from.
type bruteRandomGame struct {
	yaml string
	game brute.Game
}

// bruteNumGames is how many random games the tests compare.
const bruteNumGames = 300

// bruteRandomGames returns count random games from a fixed seed.
func bruteRandomGames(count int) []bruteRandomGame {
	r := rand.New(rand.NewPCG(1, 1))
	games := make([]bruteRandomGame, count)
	for i := range games {
		games[i] = bruteRandomGameOf(r, fmt.Sprintf("random-%03d", i))
	}
	return games
}

// bruteRandomGameOf makes one random game: a code, a list of moves, or both, on a
// row or (about a third of the time) on a ring.
func bruteRandomGameOf(r *rand.Rand, name string) bruteRandomGame {
	var (
		g    brute.Game
		code *brute.Family
		b    strings.Builder
	)
	nMoves := 0
	switch r.IntN(10) {
	case 0, 1, 2: // code only
		code = bruteRandomCode(r)
	case 3, 4, 5: // moves only
		nMoves = 1 + r.IntN(3)
	default: // both
		code = bruteRandomCode(r)
		nMoves = 1 + r.IntN(2)
	}
	g.Ring = r.IntN(3) == 0

	fmt.Fprintf(&b, "name: %s\nheaps: 40\n", name)
	if g.Ring {
		b.WriteString("start: ring\n")
	}
	if code != nil {
		g.Families = append(g.Families, *code)
		fmt.Fprintf(&b, "code: %q\n", code.Text)
	}
	if nMoves > 0 {
		b.WriteString("moves:\n")
	}
	for range nMoves {
		f := bruteRandomMove(r)
		g.Families = append(g.Families, f)
		b.WriteString(bruteMoveYAML(&f))
	}
	return bruteRandomGame{yaml: b.String(), game: g}
}

// bruteRandomCode returns an octal or hexadecimal code family: d0, 0–4 written
// digits after the point, an optional repeating group of 1–3 digits, and "!"
// after some digits that split. At least one digit is non-zero.
func bruteRandomCode(r *rand.Rand) *brute.Family {
	hex := r.IntN(5) < 2
	f := &brute.Family{Kind: brute.Code}
	d0 := []uint8{0, 4}
	if hex {
		d0 = []uint8{0, 4, 8, 0xC}
	}
	f.Digits = append(f.Digits, d0[r.IntN(len(d0))])
	fixed := r.IntN(5)
	group := 0
	if r.IntN(2) == 0 || fixed == 0 {
		group = 1 + r.IntN(3)
	}
	for range fixed + group {
		var d uint8
		switch {
		case r.IntN(5) == 0:
			d = 0
		case hex:
			d = uint8(1 + r.IntN(15))
		default:
			d = uint8(1 + r.IntN(7))
		}
		f.Digits = append(f.Digits, d)
	}
	f.Period = group
	if !slices.ContainsFunc(f.Digits, func(d uint8) bool { return d != 0 }) {
		f.Digits[len(f.Digits)-1] = 2 // no all-zero codes: a game needs a move
	}
	f.Bang = make([]bool, len(f.Digits))
	var b strings.Builder
	for k, d := range f.Digits {
		if k == len(f.Digits)-group && group > 0 {
			b.WriteByte('(')
		}
		fmt.Fprintf(&b, "%X", d)
		if d&0xC != 0 && r.IntN(4) == 0 { // "!" only after a digit that splits
			f.Bang[k] = true
			b.WriteByte('!')
		}
		if k == 0 {
			b.WriteByte('.')
		}
	}
	if group > 0 {
		b.WriteByte(')')
	}
	f.Text = b.String()
	return f
}

// bruteRandomMove returns a take family (a list, a range or an open range, with
// or without leave and distinct) or a split family.
func bruteRandomMove(r *rand.Rand) brute.Family {
	if r.IntN(4) == 0 {
		return brute.Family{Kind: brute.Split, Parts: 2 + r.IntN(2), Distinct: r.IntN(2) == 0}
	}
	f := brute.Family{Kind: brute.Take, TakeMax: -1}
	switch r.IntN(3) {
	case 0:
		for k := 1; k <= 9; k++ {
			if r.IntN(3) == 0 {
				f.TakeList = append(f.TakeList, k)
			}
		}
		if len(f.TakeList) == 0 {
			f.TakeList = []int{1 + r.IntN(5)}
		}
	case 1:
		f.TakeMin = 1 + r.IntN(4)
		f.TakeMax = f.TakeMin + r.IntN(6)
	default:
		f.TakeMin = 1 + r.IntN(5)
	}
	if r.IntN(3) > 0 {
		for h := range 4 {
			if r.IntN(2) == 0 {
				f.Leave = append(f.Leave, h)
			}
		}
		if len(f.Leave) == 0 {
			f.Leave = []int{1 + r.IntN(3)}
		}
		if (slices.Contains(f.Leave, 2) || slices.Contains(f.Leave, 3)) && r.IntN(3) == 0 {
			f.Distinct = true
		}
	}
	return f
}

// bruteMoveYAML returns a family as an item of a YAML moves list.
func bruteMoveYAML(f *brute.Family) string {
	list := func(xs []int) string {
		s := make([]string, len(xs))
		for i, x := range xs {
			s[i] = fmt.Sprint(x)
		}
		return "[" + strings.Join(s, ", ") + "]"
	}
	var b strings.Builder
	if f.Kind == brute.Split {
		fmt.Fprintf(&b, "  - split: {parts: %d", f.Parts)
		if f.Distinct {
			b.WriteString(", distinct: true")
		}
		b.WriteString("}\n")
		return b.String()
	}
	switch {
	case f.TakeList != nil:
		fmt.Fprintf(&b, "  - take: %s\n", list(f.TakeList))
	case f.TakeMax >= 0:
		fmt.Fprintf(&b, "  - take: {min: %d, max: %d}\n", f.TakeMin, f.TakeMax)
	default:
		fmt.Fprintf(&b, "  - take: {min: %d}\n", f.TakeMin)
	}
	if f.Leave != nil {
		fmt.Fprintf(&b, "    leave: %s\n", list(f.Leave))
	}
	if f.Distinct {
		b.WriteString("    distinct: true\n")
	}
	return b.String()
}

// TestBruteForceWide compares the engine with the heap-level brute force on
// hand-picked games whose values grow with n, so that option sets span many
// words, on both row and ring starts: ring moves of these codes mix a large
// value (the ring cut open, k = 0) with two-row splits (bit 8).
func TestBruteForceWide(t *testing.T) {
	n := testenv.Share(200, 120)
	for _, code := range []string{"C.(F)", "C!.(F)", "8.(7)", "4.(3)", "0.(F)", "4.(B)", "C.(37)"} {
		for _, start := range []string{"line", "ring"} {
			yaml := fmt.Sprintf("code: %q\nstart: %s\n", code, start)
			games, err := rules.Parse(strings.NewReader(yaml), "wide.yaml")
			if err != nil {
				t.Fatal(err)
			}
			g := brute.CodeGame(code)
			g.Ring = start == "ring"
			bruteCheck(t, "wide.yaml", g, games[0], n, yaml)
		}
	}
}
