package positions

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/graph"
)

// TestOddNodes checks the colouring of the boxes of HDU 3389: the odd
// boxes are those whose number is 0, 2 or 5 mod 6, as published.
func TestOddNodes(t *testing.T) {
	ng, err := graph.Boxes(1000)
	if err != nil {
		t.Fatal(err)
	}
	odd, err := OddNodes(ng)
	if err != nil {
		t.Fatal(err)
	}
	for v, o := range odd {
		if b := ng.Ints[v] % 6; o != (b == 0 || b == 2 || b == 5) {
			t.Fatalf("box %d: odd %v", ng.Ints[v], o)
		}
	}
}

// TestStaircase checks staircase positions on the boxes 1..6 of HDU 3389:
// every position of up to two cards on each box is won or lost as a
// game-tree search from the definition says, with every winning move
// listed.
func TestStaircase(t *testing.T) {
	small, err := graph.Boxes(6)
	if err != nil {
		t.Fatal(err)
	}
	answer, err := Staircase(small, "boxes")
	if err != nil {
		t.Fatal(err)
	}
	// moves returns the counts on boxes 1..6 that the moves from c leave.
	moves := func(c [6]int) [][6]int {
		var out [][6]int
		for v := range 6 {
			for _, to := range small.Successors(v) {
				for k := 1; k <= c[v]; k++ {
					next := c
					next[v] -= k
					next[to] += k
					out = append(out, next)
				}
			}
		}
		return out
	}
	// won reports whether the player to move wins with counts c on boxes 1..6.
	memo := map[[6]int]bool{}
	var won func(c [6]int) bool
	won = func(c [6]int) bool {
		if w, ok := memo[c]; ok {
			return w
		}
		w := false
		for _, next := range moves(c) {
			if !won(next) {
				w = true
			}
		}
		memo[c] = w
		return w
	}
	for code := range 729 { // 3^6: up to two cards a box
		var c [6]int
		words := make([]string, 6)
		for v, x := 0, code; v < 6; v, x = v+1, x/3 {
			c[v] = x % 3
			words[v] = fmt.Sprint(c[v])
		}
		line := strings.Join(words, " ")
		r, err := answer(words, -1)
		if err != nil {
			t.Fatal(err)
		}
		a := r.(*StairAnswer)
		if a.FirstPlayerWins != won(c) {
			t.Fatalf("cards %s: first player wins %v, the search says %v", line, a.FirstPlayerWins, won(c))
		}
		wins := 0
		for _, next := range moves(c) {
			if !won(next) {
				wins++
			}
		}
		if a.Count != int64(wins) {
			t.Fatalf("cards %s: %d winning moves, the search finds %d", line, a.Count, wins)
		}
		for _, m := range a.WinningMoves {
			var from, to int
			fmt.Sscan(m.From, &from)
			fmt.Sscan(m.To, &to)
			next := c
			next[from-1] -= int(m.Cards)
			next[to-1] += int(m.Cards)
			if won(next) {
				t.Fatalf("cards %s: the move %+v does not win", line, m)
			}
		}
	}
}

// TestStaircaseNeedsTwoColours checks that staircase positions on a graph
// whose nodes do not 2-colour are refused, naming the edge.
func TestStaircaseNeedsTwoColours(t *testing.T) {
	// a → b → c and a → c: c is a sink (even), so b is odd and a both.
	edges := filepath.Join(t.TempDir(), "t.csv")
	if err := os.WriteFile(edges, []byte("from,to\na,b\nb,c\na,c\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tri, err := graph.ReadCSV(edges, "")
	if err != nil {
		t.Fatal(err)
	}
	want := "tri: staircase positions need a graph whose nodes 2-colour: the edge a → b joins two nodes of one colour: no 2-colouring with every edge between the colours and every sink even"
	if _, err := Staircase(tri, "tri"); err == nil || err.Error() != want {
		t.Errorf("a graph that does not 2-colour: %v, want %q", err, want)
	}
}

// TestStaircaseOddNodesInOrder checks that an answer lists the odd nodes
// holding cards in node order, the same every time: boxes 2, 5, 6 and 8
// are odd (0, 2 or 5 mod 6) and each holds a card.
func TestStaircaseOddNodesInOrder(t *testing.T) {
	boxes, err := graph.Boxes(9)
	if err != nil {
		t.Fatal(err)
	}
	answer, err := Staircase(boxes, "boxes")
	if err != nil {
		t.Fatal(err)
	}
	for range 20 {
		r, err := answer(strings.Fields("0 1 0 0 1 1 0 1 0"), -1)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(r.(*StairAnswer).OddNodes, " "); got != "2 5 6 8" {
			t.Fatalf("odd nodes with cards %q, want 2 5 6 8", got)
		}
	}
}

// TestStaircaseRefusesEndlessGames checks that cards which can be moved
// for ever are refused, naming the cycle, where they used to be counted
// as on even nodes (a card going round a ⇄ b was "lost for the player to
// move"), and that cards that cannot reach the cycle are answered still.
func TestStaircaseRefusesEndlessGames(t *testing.T) {
	for _, tc := range []struct {
		name, edges string
		words       []string
		want        string // the error, or "" for an answer
		wins        bool
	}{
		{"two-cycle", "a,b\nb,a\n", []string{"a=1"}, "g: the cards on a can be moved for ever, round a → b → a: staircase Nim answers only games that end, where every card reaches a sink", false},
		{"three-cycle", "a,b\nb,c\nc,a\n", []string{"b=2"}, "g: the cards on b can be moved for ever, round b → c → a → b: staircase Nim answers only games that end, where every card reaches a sink", false},
		{"cycle and a sink", "a,b\nb,a\nx,s\n", []string{"a=1", "x=1"}, "g: the cards on a can be moved for ever, round a → b → a: staircase Nim answers only games that end, where every card reaches a sink", false},
		{"reaches a cycle", "a,b\nb,a\nc,a\nc,s\n", []string{"c=3"}, "g: the cards on c can be moved for ever, round a → b → a: staircase Nim answers only games that end, where every card reaches a sink", false},
		{"away from the cycle", "a,b\nb,a\nx,s\n", []string{"x=1"}, "", true},
		{"no cards", "a,b\nb,a\n", []string{"a=0"}, "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "g.csv")
			if err := os.WriteFile(path, []byte("from,to\n"+tc.edges), 0o644); err != nil {
				t.Fatal(err)
			}
			g, err := graph.ReadCSV(path, "")
			if err != nil {
				t.Fatal(err)
			}
			answer, err := Staircase(g, "g")
			if err != nil {
				t.Fatal(err)
			}
			r, err := answer(tc.words, -1)
			if tc.want != "" {
				if err == nil || err.Error() != tc.want {
					t.Fatalf("error %v, want %q", err, tc.want)
				}
				return
			}
			if err != nil || r.(*StairAnswer).FirstPlayerWins != tc.wins {
				t.Fatalf("answer %+v, %v; want the player to move winning %v", r, err, tc.wins)
			}
		})
	}
}
