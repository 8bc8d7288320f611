package heap_test

import (
	"fmt"
	"slices"
	"strconv"
	"testing"

	"github.com/sgtab/sgtab/compute/misere"
	"github.com/sgtab/sgtab/compute/moves"
	"github.com/sgtab/sgtab/family/heap"
	"github.com/sgtab/sgtab/rules"
)

// TestQuotientAnswersMoves checks the answers found from a misère
// quotient — who wins, and every winning move — against a search of the
// game tree: every position of up to three heaps of 0.75 and of Kayles
// up to 8, each move listed when it leaves a position lost for the player
// to move then, and only then.
func TestQuotientAnswersMoves(t *testing.T) {
	for _, code := range []string{"0.75", "0.77", "0.07"} {
		r, err := rules.ParseCode(code, 0)
		if err != nil {
			t.Fatal(err)
		}
		q, err := misere.QuotientOf(t.Context(), r, 8, misere.QuotientLimits{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		answer := heap.QuotientAnswerer(code, q)
		memo := map[string]bool{}
		var lost func(p []int) bool
		lost = func(p []int) bool {
			p = slices.Sorted(slices.Values(p))
			k := fmt.Sprint(p)
			if v, ok := memo[k]; ok {
				return v
			}
			moved, v := false, true
			for i, h := range p {
				for mv := range moves.Of(r, h, false) {
					moved = true
					if lost(append(slices.Delete(slices.Clone(p), i, i+1), mv.Leave...)) {
						v = false
					}
				}
			}
			memo[k] = moved && v
			return moved && v
		}
		for a := 0; a <= 8; a++ {
			for b := a; b <= 8; b++ {
				for c := b; c <= 8; c++ {
					pos := []int{a, b, c}
					words := []string{strconv.Itoa(a), strconv.Itoa(b), strconv.Itoa(c)}
					reply, err := answer(words, -1)
					if err != nil {
						t.Fatal(err)
					}
					got := reply.(*heap.QuotientAnswer)
					if got.FirstPlayerWins == lost(pos) {
						t.Fatalf("%s %v: first player wins %v", code, pos, got.FirstPlayerWins)
					}
					var want []string
					for i, h := range pos {
						for mv := range moves.Of(r, h, false) {
							if lost(append(slices.Delete(slices.Clone(pos), i, i+1), mv.Leave...)) {
								want = append(want, fmt.Sprint(i+1, mv.Take, mv.Leave))
							}
						}
					}
					var moves []string
					for _, m := range got.WinningMoves {
						moves = append(moves, fmt.Sprint(m.Heap, m.Take, m.Leave))
					}
					if !slices.Equal(moves, want) || got.Count != int64(len(want)) {
						t.Fatalf("%s %v: moves %v (count %d), want %v", code, pos, moves, got.Count, want)
					}
				}
			}
		}
	}
}

// TestParseQuotientHeaps checks the heap bounds a quotient takes: 1 to
// misere.MaxQuotientHeap, and a bound missing or out of range refused
// with the range.
func TestParseQuotientHeaps(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int
		err  string
	}{
		{"1", 1, ""}, {"16", 16, ""}, {strconv.Itoa(misere.MaxQuotientHeap), misere.MaxQuotientHeap, ""},
		{"", 0, "the heap bound N is needed"},
		{"0", 0, fmt.Sprintf("a heap bound from 1 to %d, not \"0\"", misere.MaxQuotientHeap)},
		{strconv.Itoa(misere.MaxQuotientHeap + 1), 0, fmt.Sprintf("a heap bound from 1 to %d, not \"%d\"", misere.MaxQuotientHeap, misere.MaxQuotientHeap+1)},
		{"1e2", 0, fmt.Sprintf("a heap bound from 1 to %d, not \"1e2\"", misere.MaxQuotientHeap)},
	} {
		n, err := heap.ParseQuotientHeaps(tc.in)
		if tc.err == "" && (err != nil || n != tc.want) || tc.err != "" && (err == nil || err.Error() != tc.err) {
			t.Errorf("ParseQuotientHeaps(%q) = %d, %v; want %d, %q", tc.in, n, err, tc.want, tc.err)
		}
	}
}
