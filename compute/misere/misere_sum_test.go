package misere_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sgtab/sgtab/compute/internal/brute"
	"github.com/sgtab/sgtab/compute/internal/testenv"
	"github.com/sgtab/sgtab/compute/misere"
	"github.com/sgtab/sgtab/compute/moves"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// misereCodes are the games whose misère answers are checked against the
// brute force: splitting and not, with and without a repeating tail.
var misereCodes = []string{
	"0.77",   // Kayles
	"0.07",   // Dawson's Kayles
	"0.137",  // Dawson's chess
	"4.(3)",  // Lasker's Nim
	"0.6",    // Officers
	"0.54",   //
	"0.3033", // subtraction {1, 3, 4}
	"0.333",  // Bash's game, take 1 to 3
	"0.(3)",  // Nim
	"0.007",  // Treblecross
	"0.16",   //
	"4!.0",   // Grundy's game
	"0.4",    // take one, splitting the rest in two
	"0.75",   //
	"0.1333", // take 2 to 4, a last token taken alone
	"0.312",  // a wild quaternary game (Plambeck)
	"0.26",   //
	"0.F",    // take one, leaving up to three heaps
	"0.52",   //
	"0.(7)",  // take any number, leaving up to two heaps
}

// searchMoves returns the winning moves the search finds, as
// bruteMisere.winning writes them.
func searchMoves(t *testing.T, s *misere.Search, pos []misere.Heap) []string {
	t.Helper()
	var found []string
	err := s.WinningMoves(t.Context(), pos, func(i int, mv moves.Move) bool {
		if sum := mv.Take + sumOf(mv.Leave); sum != pos[i].N {
			t.Errorf("%v: move %+v of heap %d does not add up", pos, mv, pos[i].N)
		}
		found = append(found, brute.MoveWord(i, mv.Leave))
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(found)
	return found
}

func sumOf(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}

// eachPosition calls fn with every multiset of at most k heaps of sizes
// 0..n, each once, in increasing order.
func eachPosition(k, n int, fn func(heaps []int)) {
	var rec func(heaps []int, lo int)
	rec = func(heaps []int, lo int) {
		fn(heaps)
		if len(heaps) == k {
			return
		}
		for h := lo; h <= n; h++ {
			rec(append(heaps, h), h)
		}
	}
	rec(nil, 0)
}

func positionOf(gi int, heaps []int) []misere.Heap {
	pos := make([]misere.Heap, len(heaps))
	for i, h := range heaps {
		pos[i] = misere.Heap{Game: gi, N: h}
	}
	return pos
}

// TestMisereSearchBruteForce checks every misère answer of the search —
// who wins, and every winning move — against the brute force, on every
// position of up to 4 heaps of up to 12 tokens of each of misereCodes
// (with SGTAB_LONG; a share of them otherwise), in a shuffled order so
// that the search's memory of earlier answers is exercised too.
func TestMisereSearchBruteForce(t *testing.T) {
	heaps, most := testenv.Share(4, 3), testenv.Share(12, 9)
	for _, code := range misereCodes {
		t.Run(code, func(t *testing.T) {
			ref := brute.NewMisere(brute.CodeGame(code))
			s := misere.NewSearch([]rules.Rule{testenv.Rule(t, code)}, sg.MisereLimits{})
			var all [][]int
			eachPosition(heaps, most, func(h []int) { all = append(all, slices.Clone(h)) })
			rng := rand.New(rand.NewPCG(22, uint64(len(code))))
			rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
			for _, h := range all {
				pos := positionOf(0, h)
				lost, err := s.Lost(t.Context(), pos)
				if err != nil {
					t.Fatal(err)
				}
				if want := !ref.Won(ref.Of(0, h, 0)); lost != want {
					t.Fatalf("misère %s, heaps %v: lost %v, want %v", code, h, lost, want)
				}
				if got, want := searchMoves(t, s, pos), ref.Winning(0, h); !slices.Equal(got, want) {
					t.Fatalf("misère %s, heaps %v: winning moves %v, want %v", code, h, got, want)
				}
			}
		})
	}
}

// TestHeapGenusByDefinition checks the genus of every heap up to 20 of
// Kayles (0.77), Dawson's Kayles (0.07) and Dawson's chess (0.137) against
// its definition, by the brute force: g the normal-play value, and γk the
// misère value of the heap plus k heaps *2, for k up to three past the γ's
// the genus writes out.
func TestHeapGenusByDefinition(t *testing.T) {
	for _, code := range []string{"0.77", "0.07", "0.137"} {
		t.Run(code, func(t *testing.T) {
			bg := brute.CodeGame(code)
			G := bg.HeapValues(20)
			ref := brute.NewMisere(bg)
			s := misere.NewSearch([]rules.Rule{testenv.Rule(t, code)}, sg.MisereLimits{})
			for n := range 21 {
				x, _, err := s.HeapGenus(t.Context(), 0, n)
				if err != nil {
					t.Fatal(err)
				}
				if x.G != G[n] {
					t.Errorf("%s heap %d: genus %v, but its SG value is %d", code, n, x, G[n])
				}
				for k := range len(x.Gamma) + 3 {
					if want := ref.Value(ref.Of(0, []int{n}, k)); x.At(k) != want {
						t.Errorf("%s heap %d: genus %v has γ%d = %d, but the misère value with %d heaps *2 is %d", code, n, x, k, x.At(k), k, want)
					}
				}
			}
		})
	}
}

// TestHeapGenusPublished checks genera published for two games. Misère
// Nim (0.(3)): the heap of n is the nim-heap *n, of genus 0^{120},
// 1^{031}, and n^{n,n⊕2} for n ≥ 2, all tame (Winning Ways, ch. 13; On
// Numbers and Games, ch. 12). The quaternary game 0.312: heaps 1 to 6 of
// genera 1^{031}, 2^{20}, 0^{02}, 2^{1420}, 0^{02}, 1^{13}, and two heaps of
// 4 of genus 0^{120} (T. E. Plambeck, "The game .312",
// plambeck.org/oldhtml/mathematics/games/misere/quaternary/0312, which
// writes 1^{03131} and 0^{1202}, the same sequences written further).
func TestHeapGenusPublished(t *testing.T) {
	nim := misere.NewSearch([]rules.Rule{testenv.Rule(t, "0.(3)")}, sg.MisereLimits{})
	for n := range 40 {
		want := fmt.Sprintf("%d^{%d%d}", n, n, n^2)
		switch {
		case n == 0:
			want = "0^{120}"
		case n == 1:
			want = "1^{031}"
		case n >= 8:
			want = fmt.Sprintf("%d^{%d,%d}", n, n, n^2)
		}
		x, class, err := nim.HeapGenus(t.Context(), 0, n)
		if err != nil || x.String() != want || class != sg.Tame {
			t.Errorf("misère Nim, heap %d: genus %v, %v (%v), want %s, tame", n, x, class, err, want)
		}
	}
	s := misere.NewSearch([]rules.Rule{testenv.Rule(t, "0.312")}, sg.MisereLimits{})
	for n, want := range []string{"0^{120}", "1^{031}", "2^{20}", "0^{02}", "2^{1420}", "0^{02}", "1^{13}"} {
		if x, _, err := s.HeapGenus(t.Context(), 0, n); err != nil || x.String() != want {
			t.Errorf("0.312, heap %d: genus %v (%v), want %s", n, x, err, want)
		}
	}
	if x, err := s.Genus(t.Context(), positionOf(0, []int{4, 4})); err != nil || x.String() != "0^{120}" {
		t.Errorf("0.312, heaps 4 4: genus %v (%v), want 0^{120}", x, err)
	}
}

// TestMisereSearchLargerPositions checks the search against the brute force
// on random positions of five to eight heaps, of one game and of several
// games at once.
func TestMisereSearchLargerPositions(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 5))
	mixes := [][]string{{"0.77"}, {"0.07"}, {"4!.0"}, {"0.(7)"}, {"0.77", "0.07", "0.312"}, {"0.137", "4.(3)"}}
	for _, codes := range mixes {
		var games []*brute.Game
		var rs []rules.Rule
		for _, c := range codes {
			games, rs = append(games, brute.CodeGame(c)), append(rs, testenv.Rule(t, c))
		}
		ref := brute.NewMisere(games...)
		s := misere.NewSearch(rs, sg.MisereLimits{})
		most := testenv.Share(30, 22) // tokens in all
		for range testenv.Share(60, 8) {
			var pos []misere.Heap
			p := brute.Position{Rows: make([][]int, len(codes))}
			total := 0
			for range 5 + rng.IntN(4) {
				h := misere.Heap{Game: rng.IntN(len(codes)), N: 1 + rng.IntN(12)}
				if total+h.N > most {
					break
				}
				total += h.N
				pos = append(pos, h)
				p.Rows[h.Game] = append(p.Rows[h.Game], h.N)
			}
			for _, rows := range p.Rows {
				slices.Sort(rows)
			}
			lost, err := s.Lost(t.Context(), pos)
			if err != nil {
				t.Fatal(err)
			}
			if want := !ref.Won(p); lost != want {
				t.Fatalf("misère %v, heaps %v: lost %v, want %v", codes, pos, lost, want)
			}
		}
	}
}

// TestTameRule checks the answers the genera give (the tame rule: misère
// Nim played on the heaps' genera) against a search that uses no genus
// theory, on random sums of tame heaps.
func TestTameRule(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 7))
	for _, code := range []string{"0.333", "0.(3)", "0.3033", "0.77", "0.07"} {
		r := testenv.Rule(t, code)
		s := misere.NewSearch([]rules.Rule{r}, sg.MisereLimits{})
		plain := misere.PlainSearch([]rules.Rule{r}, sg.MisereLimits{})
		var tame []int
		for n := range testenv.Share(30, 16) {
			if c, err := s.Tameness(t.Context(), 0, n); err == nil && c == sg.Tame {
				tame = append(tame, n)
			}
		}
		for range testenv.Share(200, 40) {
			var heaps []int
			for range 1 + rng.IntN(5) {
				heaps = append(heaps, tame[rng.IntN(len(tame))])
			}
			pos := positionOf(0, heaps)
			lost, err := s.Lost(t.Context(), pos)
			if err != nil {
				t.Fatal(err)
			}
			want, err := plain.Lost(t.Context(), pos)
			if err != nil {
				t.Fatal(err)
			}
			if lost != want {
				t.Fatalf("misère %s, tame heaps %v: the tame rule says lost %v, the search %v", code, heaps, lost, want)
			}
			// The winning moves, which the tame rule finds a move at a
			// time from the heaps' sum (no position searched).
			if got, want := searchMoves(t, s, pos), searchMoves(t, plain, pos); !slices.Equal(got, want) {
				t.Fatalf("misère %s, tame heaps %v: the tame rule's winning moves %v, the search's %v", code, heaps, got, want)
			}
		}
	}
}

// TestTameWinningMovesLinear lists the winning moves of a sum of 2,000
// heaps of misère Bash (take 1 to 3, tame): each option is answered from
// the sum, forming no position (the heaps made canonical are those of the
// position itself), where each used to form and search the position it
// leaves, 2,000 heaps sorted a move (16,000 heaps took 88 s).
func TestTameWinningMovesLinear(t *testing.T) {
	r := testenv.Rule(t, "0.333")
	s := misere.NewSearch([]rules.Rule{r}, sg.MisereLimits{})
	heaps := make([]int, 2000)
	for i := range heaps {
		heaps[i] = 5 + i%7
	}
	pos := positionOf(0, heaps)
	if _, err := s.Lost(t.Context(), pos); err != nil {
		t.Fatal(err)
	}
	before := s.HeapsFormed()
	count := 0
	if err := s.WinningMoves(t.Context(), pos, func(int, moves.Move) bool { count++; return true }); err != nil {
		t.Fatal(err)
	}
	if formed := s.HeapsFormed() - before; formed > int64(len(heaps)) || count == 0 {
		t.Errorf("%d winning count, %d heaps formed into positions for them", count, formed)
	}
}

// TestMisereSearchBounds checks that a search past its bounds stops with a
// *MisereBoundError naming the bound, and that the search answers again
// within larger bounds.
func TestMisereSearchBounds(t *testing.T) {
	r := testenv.Rule(t, "0.77")
	pos := positionOf(0, []int{25, 30, 35, 40})
	for _, tc := range []struct {
		lim   sg.MisereLimits
		bound string
	}{
		{sg.MisereLimits{Steps: 10_000}, "steps"},
		{sg.MisereLimits{Positions: 100}, "positions"},
	} {
		s := misere.NewSearch([]rules.Rule{r}, tc.lim)
		_, err := s.Genus(t.Context(), pos)
		b, ok := errors.AsType[*sg.MisereBoundError](err)
		if !ok || b.Bound != tc.bound {
			t.Errorf("limits %+v: error %v, want the %s bound", tc.lim, err, tc.bound)
			continue
		}
		if s.Steps() > tc.lim.Steps+1 && tc.lim.Steps > 0 || tc.lim.Positions > 0 && s.Positions() > tc.lim.Positions {
			t.Errorf("limits %+v: went on to %d steps, %d positions", tc.lim, s.Steps(), s.Positions())
		}
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := misere.NewSearch([]rules.Rule{r}, sg.MisereLimits{}).Genus(ctx, pos); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled search: error %v", err)
	}
}

// BenchmarkMisereSearchKayles solves a wild position of misère Kayles from
// an empty memory: 860,000 steps, 170,000 positions remembered.
func BenchmarkMisereSearchKayles(b *testing.B) {
	r, err := rules.ParseCode("0.77", 0)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		s := misere.NewSearch([]rules.Rule{r}, sg.MisereLimits{})
		if _, err := s.Lost(b.Context(), positionOf(0, []int{10, 20, 25})); err != nil {
			b.Fatal(err)
		}
	}
}
