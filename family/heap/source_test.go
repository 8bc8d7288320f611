package heap

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/moves"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/positions"
	"github.com/sgtab/sgtab/rules"
)

// TestSolveBruteForce checks the answers to random positions of several
// games against a direct search of the game tree of the whole position
// (the sum of its heaps), which uses neither SG values nor the nim-sum:
// who wins, and that the winning moves listed are exactly the moves to a
// position the player to move then loses.
func TestSolveBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for _, code := range []string{"0.77", "0.07", "4!.0", "0.03003", "0.6", "4.(3)", "0.F6"} {
		r, err := rules.ParseCode(code, 0)
		if err != nil {
			t.Fatal(err)
		}
		g := rules.Game{Name: code, Rule: r}
		tab, err := compute.Sequence(t.Context(), g, 12, sg.Options{})
		if err != nil {
			t.Fatal(err)
		}
		ref := &positions.Ref{Name: code, Source: &source{name: code, game: g, table: tab}}
		search := newTreeSearch(r)
		for range 40 {
			heaps := make([]int, 1+rng.IntN(3))
			var pos positions.Position
			for i := range heaps {
				heaps[i] = rng.IntN(9)
				pos = append(pos, positions.Part{Ref: ref, Component: positions.Component{N: heaps[i]}})
			}
			a, err := solveListing(pos)
			if err != nil {
				t.Fatal(err)
			}
			if wins := search.wins(heaps); a.FirstPlayerWins != wins {
				t.Fatalf("%s %v: Solve says first player wins %v, the tree says %v", code, heaps, a.FirstPlayerWins, wins)
			}
			// Every move of the position, by the tree: winning exactly
			// when it leaves a lost position.
			var want []string
			for i, n := range heaps {
				for mv := range moves.Of(r, n, false) {
					next := slices.Concat(heaps[:i], heaps[i+1:], mv.Leave)
					if !search.wins(next) {
						want = append(want, fmt.Sprintf("%d:%d:%v", i+1, mv.Take, mv.Leave))
					}
				}
			}
			var got []string
			for _, m := range a.WinningMoves {
				got = append(got, fmt.Sprintf("%d:%d:%v", m.Heap, m.Take, m.Leave))
			}
			if !slices.Equal(got, want) || a.Count != int64(len(want)) {
				t.Fatalf("%s %v: winning moves %v (count %d), the tree finds %v", code, heaps, got, a.Count, want)
			}
		}
	}
}

// solveListing answers the position pos with every winning move listed.
func solveListing(pos positions.Position) (positions.Answer, error) {
	a, err := positions.Solve(pos)
	if err == nil {
		a.WinningMoves = slices.Collect(positions.WinningMoves(pos, a))
	}
	return a, err
}

// A treeSearch decides sums of heaps by searching their game tree, with a
// memo keyed by the sorted heap sizes.
type treeSearch struct {
	rule rules.Rule
	memo map[string]bool
}

func newTreeSearch(r rules.Rule) *treeSearch { return &treeSearch{rule: r, memo: map[string]bool{}} }

// wins reports whether the player to move wins the sum of heaps.
func (s *treeSearch) wins(heaps []int) bool {
	h := slices.Clone(heaps)
	slices.Sort(h)
	key := fmt.Sprint(h)
	if w, ok := s.memo[key]; ok {
		return w
	}
	w := false
	for i, n := range h {
		for mv := range moves.Of(s.rule, n, false) {
			if !s.wins(slices.Concat(h[:i], h[i+1:], mv.Leave)) {
				w = true
				break
			}
		}
		if w {
			break
		}
	}
	s.memo[key] = w
	return w
}

// TestValuesPast64Bits checks that a heap whose value a proved arithmetic
// period takes past 2^64 − 1 is refused, not wrapped: with F(n) = 4n − 3
// from n = 1, heap 2^62 has 2^64 − 3 and heap 2^62 + 1 would have 2^64 + 1.
func TestValuesPast64Bits(t *testing.T) {
	s := &source{name: "steep", table: &sg.Table{G: sg.ValuesOf([]uint32{0, 1, 5, 9})},
		period: &sg.Period{Start: 1, Length: 1, Saltus: 4}}
	if err := s.fits(1 << 62); err != nil {
		t.Errorf("heap 2^62: %v", err)
	}
	if v := s.sg(1 << 62); v != 1<<64-3 {
		t.Errorf("SG(2^62) = %d, want 2^64 − 3", v)
	}
	want := "steep: heap 4611686018427387905: its SG value, by the proved period 1 with saltus 4, is more than 2^64 − 1"
	if err := s.fits(1<<62 + 1); err == nil || err.Error() != want {
		t.Errorf("heap 2^62 + 1: %v, want %q", err, want)
	}
}

// heapCount counts the heaps a preparation computes.
type heapCount struct{ n int64 }

func (c *heapCount) Add(n int64)   { c.n += n }
func (c *heapCount) Inherit(int64) {}

// TestPrepareWithinRefusesHopeless asks for heaps whose tables would take
// far longer than allowed: Officers (0.6, whose period is not known) at
// 2^31 and 0.7{10^18} (its removals too large for a proof below 2^40) at
// 10^18, each allowed a millisecond. Each is refused after its first stage
// of firstQuerySize heaps (the work is counted, not timed), saying how long
// it would take at that pace and which heaps can be answered; Kayles at
// 10^9 is answered from its period, proved within the first stage
// (Winning Ways, ch. 4: period 12 from heap 71).
func TestPrepareWithinRefusesHopeless(t *testing.T) {
	for _, tc := range []struct {
		code string
		need int
	}{{"0.6", 1<<31 - 1}, {"0.7{1000000000000000000}", 1e18}} {
		r, err := rules.ParseCode(tc.code, 0)
		if err != nil {
			t.Fatal(err)
		}
		s := &source{name: tc.code, game: rules.Game{Name: tc.code, Rule: r}}
		var c heapCount
		err = s.PrepareWithin(t.Context(), tc.need, 1, &c, time.Millisecond)
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("computing SG(0..%d) to answer heap %d would take about", tc.need, tc.need)) ||
			!strings.Contains(err.Error(), "its period is not proved up to heap 4096") || !strings.Contains(err.Error(), "ask for heaps up to") {
			t.Errorf("%s at %d: %v", tc.code, tc.need, err)
		}
		if c.n > firstQuerySize+1 {
			t.Errorf("%s at %d: %d heaps computed before the refusal, want at most %d", tc.code, tc.need, c.n, firstQuerySize+1)
		}
	}
	r, _ := rules.ParseCode("0.77", 0)
	s := &source{name: "kayles", game: rules.Game{Name: "kayles", Rule: r}}
	if err := s.PrepareWithin(t.Context(), 1e9, 1, &heapCount{}, time.Millisecond); err != nil || !s.answers(1e9) {
		t.Errorf("Kayles at 10^9: %v", err)
	}
}
