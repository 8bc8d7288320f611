package period_test

import (
	"fmt"

	"github.com/sgtab/sgtab/compute/period"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// ExampleProve proves the arithmetic period of Lasker's Nim (4.(3): take
// any number, or split a heap in two) from its first 17 values, as Winning
// Ways ch. 4 gives them: SG(4k+1) = 4k+1, SG(4k+2) = 4k+2,
// SG(4k+3) = 4k+4, SG(4k+4) = 4k+3. The proof then answers any heap.
func ExampleProve() {
	r, err := rules.ParseCode("4.(3)", 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	G := []uint32{0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12, 11, 13, 14, 16, 15}
	per, proof, ok := period.Prove(r, G)
	if !ok {
		fmt.Println("not proved")
		return
	}
	fmt.Printf("period %d, saltus %d, from n = %d, by the %s\n", per.Length, per.Saltus, per.Start, proof.Theorem)
	v, _ := per.Extend(sg.ValuesOf(G), 1_000_000_003)
	fmt.Println("SG(1000000003) =", v)
	// Output:
	// period 4, saltus 4, from n = 1, by the arithmetic-periodicity lifting theorem
	// SG(1000000003) = 1000000004
}

// ExampleFindPeriod finds the period a sequence shows, with no rule and
// so no proof: the values of the subtraction game S = {1, 3, 4}, whose
// period is 7 from the start (0 1 0 1 2 3 2, repeated).
func ExampleFindPeriod() {
	G := make([]uint8, 40)
	for n := range G {
		seen := map[uint8]bool{}
		for _, s := range []int{1, 3, 4} {
			if n >= s {
				seen[G[n-s]] = true
			}
		}
		for seen[G[n]] {
			G[n]++
		}
	}
	per, ok := period.FindPeriod(G)
	fmt.Printf("period %d from n = %d: %v\n", per.Length, per.Start, ok)
	// Output:
	// period 7 from n = 0: true
}
