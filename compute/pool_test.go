package compute

import (
	"slices"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/rules"
)

// TestPoolEqualsSerial shares even short pair scans among workers and checks
// that the values never depend on their number.
func TestPoolEqualsSerial(t *testing.T) {
	saved := parallelPairs
	parallelPairs = 8
	defer func() { parallelPairs = saved }()
	for _, yaml := range []string{
		`code: "0.77"`, `code: "0.007"`, `code: "0.6"`, `code: "4!.0"`, `code: "4.(3)"`,
		`code: "0.(7)"`, "code: \"0.777\"\nstart: ring", `code: "C.(F)"`, `code: "0.F6"`,
	} {
		games, err := rules.Parse(strings.NewReader(yaml), "pool.yaml")
		if err != nil {
			t.Fatal(err)
		}
		var first *Table
		for _, w := range []int{1, 2, 3, 7} {
			for _, plain := range []bool{false, true} {
				tab, err := Sequence(t.Context(), games[0], 600, Options{Workers: w, Plain: plain, Exhaustive: true})
				if err != nil {
					t.Fatal(err)
				}
				if first == nil {
					first = tab
					continue
				}
				if !slices.Equal(tab.G, first.G) || !slices.Equal(tab.Ring, first.Ring) {
					t.Fatalf("%q: %d workers (plain %v) differ from 1 worker", yaml, w, plain)
				}
			}
		}
	}
}
