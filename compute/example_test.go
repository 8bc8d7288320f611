package compute_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/sgtab/sgtab/compute"
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
	t, err := compute.Sequence(context.Background(), games[0], 11, compute.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(t.G)
	// Output: [0 1 2 3 1 4 3 2 1 4 2 6]
}
