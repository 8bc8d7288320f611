package compute_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// ExampleSequence computes the first values of Kayles, octal game 0.77.
func ExampleSequence() {
	games, err := rules.Parse(strings.NewReader(`name: kayles
code: "0.77"
`), "kayles.yaml")
	if err != nil {
		fmt.Println(err)
		return
	}
	t, err := compute.Sequence(context.Background(), games[0], 11, sg.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(t.G)
	// Output: [0 1 2 3 1 4 3 2 1 4 2 6]
}

// ExampleSequence_proved computes Kayles until its period is proved by the
// Guy–Smith theorem, then reads the rule off the analysis: the proof fills
// the values past the heaps computed, and answers any heap.
func ExampleSequence_proved() {
	rule, err := rules.ParseCode("0.77", 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	g := rules.Game{Name: "kayles", Rule: rule, Heaps: 1000}
	t, err := compute.Sequence(context.Background(), g, g.Heaps, sg.Options{StopWhenProved: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	a := t.Analysis
	fmt.Printf("%s: period %d from n = %d, proved by the %s, computed to n = %d\n", a.Status, a.Period.Length, a.Period.Start, a.Proof.Theorem, a.Computed)
	fmt.Println(a.ClosedForm)
	// Output:
	// proved: period 12 from n = 71, proved by the Guy–Smith octal periodicity theorem, computed to n = 166
	// for n ≥ 71: SG(n) = [7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2][(n − 71) mod 12]; SG(0..70) as tabulated
}
