package search

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
)

// bruteChomp is Chomp by the definition, on row lengths, no transpose.
func bruteChomp(lens []int, memo map[string]int) int {
	key := fmt.Sprint(lens)
	if v, ok := memo[key]; ok {
		return v
	}
	seen := map[int]bool{}
	for i := range lens {
		for j := 0; j < lens[i]; j++ {
			if i == 0 && j == 0 {
				continue
			}
			next := append([]int(nil), lens...)
			for k := i; k < len(next); k++ {
				next[k] = min(next[k], j)
			}
			for len(next) > 0 && next[len(next)-1] == 0 {
				next = next[:len(next)-1]
			}
			seen[bruteChomp(next, memo)] = true
		}
	}
	v := 0
	for seen[v] {
		v++
	}
	memo[key] = v
	return v
}

func TestChompAgainstDefinition(t *testing.T) {
	memo := map[string]int{}
	rng := rand.New(rand.NewPCG(7, 8))
	for rows := 1; rows <= 5; rows++ {
		for cols := 1; rows*cols <= 20 && cols <= 15; cols++ {
			g, err := NewChomp(rows, cols)
			if err != nil {
				t.Fatal(err)
			}
			full := make([]int, rows)
			for i := range full {
				full[i] = cols
			}
			if got, want := solve(t, g, g.Start(), 1), bruteChomp(full, memo); int(got) != want {
				t.Errorf("%d×%d: nimber %d, the definition gives %d", rows, cols, got, want)
			}
			for i := 0; i < 10; i++ {
				lens := []int{1 + rng.IntN(cols)}
				for len(lens) < rows {
					lens = append(lens, rng.IntN(lens[len(lens)-1]+1))
				}
				p := encodeDiagram(lens)
				if got, want := solve(t, g, p, 1+i%2), bruteChomp(trim(lens), memo); int(got) != want {
					t.Errorf("diagram %s: nimber %d, the definition gives %d", FormatChomp(p), got, want)
				}
			}
		}
	}
}

func trim(lens []int) []int {
	for len(lens) > 0 && lens[len(lens)-1] == 0 {
		lens = lens[:len(lens)-1]
	}
	return lens
}

// Two-row Chomp: the losing positions are the rows a and a-1 (Gale,
// "A curious nim-type game", Amer. Math. Monthly 81 (1974)).
func TestChompTwoRows(t *testing.T) {
	g, _ := NewChomp(2, 12)
	for a := 1; a <= 12; a++ {
		for b := 0; b <= a; b++ {
			p := encodeDiagram(trim([]int{a, b}))
			if got := solve(t, g, p, 1); (got == 0) != (b == a-1) {
				t.Errorf("rows %d and %d: nimber %d", a, b, got)
			}
		}
	}
}

func TestChompParse(t *testing.T) {
	p, err := ParseChomp("5, 5,3,1")
	if err != nil || FormatChomp(p) != "5,5,3,1" {
		t.Fatalf("%v %q", err, FormatChomp(p))
	}
	for _, bad := range []string{"3,4", "", "0", "16", "a"} {
		if _, err := ParseChomp(bad); err == nil {
			t.Errorf("%q was accepted", bad)
		}
	}
}

// TestChompBoxRanks numbers every diagram of several boxes: the ranks are
// 0 .. C(r+c, r) − 1, each once.
func TestChompBoxRanks(t *testing.T) {
	for _, box := range [][2]int{{1, 1}, {1, 7}, {3, 4}, {4, 4}, {5, 9}, {6, 6}} {
		g, _ := NewChomp(box[0], box[1])
		b := newChompBox(g.Rows, g.Cols)
		seen := make([]bool, len(b.nim))
		count := 0
		var each func(lens []int)
		each = func(lens []int) {
			if len(lens) == g.Rows {
				r := b.rank(encodeDiagram(lens))
				if int(r) >= len(seen) || seen[r] {
					t.Fatalf("%d×%d: diagram %v has rank %d, out of range or taken", g.Rows, g.Cols, lens, r)
				}
				seen[r] = true
				count++
				return
			}
			most := g.Cols
			if len(lens) > 0 {
				most = lens[len(lens)-1]
			}
			for l := 0; l <= most; l++ {
				each(append(lens, l))
			}
		}
		each(nil)
		if count != len(seen) {
			t.Errorf("%d×%d: %d diagrams, %d ranks", g.Rows, g.Cols, count, len(seen))
		}
	}
}

// A box too large to number is searched instead, and a tabulation stops
// when its context is done.
func TestChompBoxLimits(t *testing.T) {
	g, _ := NewChomp(15, 16)
	if _, _, ok, _ := g.tabulate(context.Background(), g.Start()); ok {
		t.Error("15×16 (C(31,15) diagrams) was tabulated")
	}
	g, _ = NewChomp(11, 12)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Nimber(ctx, g, g.Start(), Options{}); err == nil {
		t.Error("a cancelled tabulation gave a nimber")
	}
	for _, lens := range [][]int{{3, 2}, {9, 7, 7, 2}} {
		want := bruteChomp(lens, map[string]int{})
		if r, err := Nimber(context.Background(), g, encodeDiagram(lens), Options{}); err != nil || int(r.Nimber) != want {
			t.Errorf("after the cancelled one, diagram %v: %+v, %v; want %d", lens, r, err, want)
		}
	}
}
