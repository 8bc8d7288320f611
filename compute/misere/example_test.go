package misere_test

import (
	"context"
	"fmt"

	"github.com/sgtab/sgtab/compute/misere"
	"github.com/sgtab/sgtab/compute/moves"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// ExampleQuotientOf computes the misère quotient of Dawson's Kayles
// (0.07) on heaps up to 12 and asks it who wins a sum: the quotient
// answers any sum of those heaps by multiplying their elements, where a
// nim-sum would give the wrong answer in misère play.
func ExampleQuotientOf() {
	r, err := rules.ParseCode("0.07", 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	q, err := misere.QuotientOf(context.Background(), r, 12, misere.QuotientLimits{}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("order", q.Order, "with", len(q.Gens), "generators; tame:", q.Tame())
	fmt.Println("2+2+5 lost for the player to move:", q.Lost([]int{2, 2, 5}))
	// Output:
	// order 12 with 3 generators; tame: false
	// 2+2+5 lost for the player to move: false
}

// ExampleSearch answers a sum of heaps of misère Kayles (0.77) and lists
// its winning moves.
func ExampleSearch() {
	r, err := rules.ParseCode("0.77", 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	s := misere.NewSearch([]rules.Rule{r}, sg.MisereLimits{})
	pos := []misere.Heap{{Game: 0, N: 3}, {Game: 0, N: 4}, {Game: 0, N: 6}}
	lost, err := s.Lost(context.Background(), pos)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("3+4+6 lost:", lost)
	err = s.WinningMoves(context.Background(), pos, func(i int, mv moves.Move) bool {
		fmt.Printf("heap of %d: %s\n", pos[i].N, mv.Describe(pos[i].N, false))
		return true
	})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// 3+4+6 lost: false
	// heap of 3: take 1 from the heap of 3, leaving a heap of 2
	// heap of 4: take 2 from the heap of 4, leaving heaps of 1 and 1
	// heap of 6: take 2 from the heap of 6, leaving heaps of 1 and 3
}
