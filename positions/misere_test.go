package positions_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/family"
	_ "github.com/sgtab/sgtab/family/all"
	"github.com/sgtab/sgtab/positions"
	"github.com/sgtab/sgtab/rules"
)

// ref returns a source of the game of yaml, prepared for heaps up to need.
func ref(t *testing.T, yaml string, need int) *positions.Ref {
	t.Helper()
	games, err := rules.Parse(strings.NewReader(yaml), "g.yaml")
	if err != nil {
		t.Fatal(err)
	}
	src, err := family.MustFor(games[0]).Source(games[0], nil, games[0].Name)
	if err != nil {
		t.Fatal(err)
	}
	if err := src.Prepare(context.Background(), need); err != nil {
		t.Fatal(err)
	}
	return &positions.Ref{Name: games[0].Name, Source: src}
}

func position(r *positions.Ref, heaps ...int) positions.Position {
	var pos positions.Position
	for _, n := range heaps {
		pos = append(pos, positions.Part{Ref: r, Component: positions.Component{N: n}})
	}
	return pos
}

// misereNimLost is the rule of misère Nim (Bouton; Winning Ways, ch. 13):
// the player to move loses when every heap is at most 1 and their number
// is odd, or some heap is larger and the nim-sum is 0.
func misereNimLost(heaps []int) bool {
	x, big, ones := 0, false, 0
	for _, h := range heaps {
		x ^= h
		big = big || h > 1
		if h == 1 {
			ones++
		}
	}
	if !big {
		return ones%2 == 1
	}
	return x == 0
}

// TestMisereNimSums answers random sums of misère Nim and checks them,
// and every winning move, against Bouton's rule.
func TestMisereNimSums(t *testing.T) {
	nim := ref(t, "name: nim-misere\nmoves:\n  - take: {min: 1}\nplay: misere\n", 40)
	rng := rand.New(rand.NewPCG(22, 1))
	for range 200 {
		heaps := make([]int, 2+rng.IntN(4))
		for i := range heaps {
			heaps[i] = rng.IntN(4) + rng.IntN(2)*rng.IntN(30)
		}
		pos := position(nim, heaps...)
		if err := positions.Check(pos); err != nil {
			t.Fatal(err)
		}
		a, err := positions.Solve(pos)
		if err != nil {
			t.Fatal(err)
		}
		if a.FirstPlayerWins == misereNimLost(heaps) || !a.Misere {
			t.Fatalf("misère Nim %v: the player to move wins %v, misère %v", heaps, a.FirstPlayerWins, a.Misere)
		}
		want := int64(0)
		for i, h := range heaps {
			for m := range h {
				left := append([]int{}, heaps...)
				left[i] = m
				if misereNimLost(left) {
					want++
				}
			}
		}
		var got int64
		for m := range positions.WinningMoves(pos, a) {
			left := append([]int{}, heaps...)
			left[m.Heap-1] -= m.Take
			if !misereNimLost(left) {
				t.Fatalf("misère Nim %v: the winning move %q leaves %v, not lost", heaps, m.Text, left)
			}
			got++
		}
		if got != want || a.Count != want {
			t.Fatalf("misère Nim %v: %d winning moves listed, %d counted, want %d", heaps, got, a.Count, want)
		}
	}
}

// TestMisereSumOfGames answers a sum of heaps of misère Kayles and misère
// Dawson's Kayles, and refuses a sum of misère Kayles and Nim.
func TestMisereSumOfGames(t *testing.T) {
	kayles := ref(t, "name: kayles-misere\ncode: \"0.77\"\nplay: misere\n", 10)
	dawson := ref(t, "name: dawson-misere\ncode: \"0.07\"\nplay: misere\n", 10)
	nim := ref(t, "name: nim\nmoves:\n  - take: {min: 1}\n", 10)
	// Kayles 1 and Dawson's Kayles 2 are each *1 (one move, to no heap):
	// two of them are lost for the player to move in misère play only
	// when their number is odd, so won here, by one move on either.
	pos := append(position(kayles, 1), position(dawson, 2)...)
	a, err := positions.Solve(pos)
	if err != nil || !a.FirstPlayerWins || a.Count != 2 || a.Games[1] != "dawson-misere" {
		t.Errorf("misère Kayles 1 + Dawson's Kayles 2: %+v, %v", a, err)
	}
	mixed := append(position(kayles, 3), position(nim, 3)...)
	if err := positions.Check(mixed); err == nil || !strings.Contains(err.Error(), "played misère") {
		t.Errorf("a sum of misère Kayles and Nim: %v", err)
	}
}

// TestMisereMovesCutShort stops the list of winning moves of misère sums
// after each length from 0 to all of them, on heaps whose moves are spread
// over several heaps: the list stops where asked, with the moves of the
// full list in order, and the iteration never goes on past a stop.
func TestMisereMovesCutShort(t *testing.T) {
	bash := ref(t, "name: bash-misere\nmoves:\n  - take: {min: 1, max: 3}\nplay: misere\n", 20)
	for _, heaps := range [][]int{{1, 1, 1, 1}, {5, 6}, {5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5}} {
		pos := position(bash, heaps...)
		a, err := positions.Solve(pos)
		if err != nil || !a.FirstPlayerWins {
			t.Fatalf("misère Bash %v: %+v, %v", heaps, a, err)
		}
		var all []positions.Move
		for m := range positions.WinningMoves(pos, a) {
			all = append(all, m)
		}
		if int64(len(all)) != a.Count || len(all) < 2 || all[0].Heap == all[len(all)-1].Heap {
			t.Fatalf("misère Bash %v: %d moves listed on heaps %d..%d, %d counted", heaps, len(all), all[0].Heap, all[len(all)-1].Heap, a.Count)
		}
		for k := range len(all) {
			var got []positions.Move
			for m := range positions.WinningMoves(pos, a) {
				if len(got) == k {
					break
				}
				got = append(got, m)
			}
			for i := range got {
				if got[i].Heap != all[i].Heap || got[i].Text != all[i].Text {
					t.Fatalf("misère Bash %v cut at %d: move %d is %+v, want %+v", heaps, k, i, got[i], all[i])
				}
			}
		}
	}
}
