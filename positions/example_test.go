package positions_test

import (
	"context"
	"fmt"
	"log"
	"strings"

	"github.com/sgtab/sgtab/family"
	_ "github.com/sgtab/sgtab/family/all" // the families of games, which provide their sources
	"github.com/sgtab/sgtab/positions"
	"github.com/sgtab/sgtab/rules"
)

// Example answers a sum of two heaps of Kayles, one of 10¹²: the game's
// source computes its table until its period is proved, which answers
// every heap.
func Example() {
	games, err := rules.Parse(strings.NewReader("name: kayles\ncode: \"0.77\"\n"), "kayles.yaml")
	if err != nil {
		log.Fatal(err)
	}
	g := games[0]
	src, err := family.MustFor(g).Source(g, nil, "kayles.yaml")
	if err != nil {
		log.Fatal(err)
	}
	if err := src.Prepare(context.Background(), 1e12); err != nil {
		log.Fatal(err)
	}
	kayles := &positions.Ref{Name: "kayles.yaml", Source: src}
	pos := positions.Position{
		{Ref: kayles, Component: positions.Component{N: 1e12}},
		{Ref: kayles, Component: positions.Component{N: 5}},
	}
	if err := positions.Check(pos); err != nil {
		log.Fatal(err)
	}
	a, err := positions.Solve(pos)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("SG %v, nim-sum %d: the player to move wins: %v, with %d moves\n", a.SG, a.NimSum, a.FirstPlayerWins, a.Count)
	for m := range positions.WinningMoves(pos, a) {
		fmt.Printf("heap %d: %s\n", m.Heap, m.Text)
	}
	// Output:
	// SG [1 4], nim-sum 5: the player to move wins: true, with 3 moves
	// heap 1: take 2 from the heap of 1000000000000, leaving heaps of 3 and 999999999995
	// heap 1: take 2 from the heap of 1000000000000, leaving heaps of 39 and 999999999959
	// heap 2: take 1 from the heap of 5, leaving a heap of 4
}
