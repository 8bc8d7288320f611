package rules_test

import (
	"fmt"
	"strings"

	"github.com/sgtab/sgtab/rules"
)

// ExampleParse reads a file of two games and prints their canonical rules.
func ExampleParse() {
	const config = `games:
  - name: nim-or-not-nim
    moves:
      - take: {min: 1}
      - split: {parts: 2}
  - name: s-1-3-4
    moves:
      - take: [1, 3, 4]
    heaps: 100
`
	games, err := rules.Parse(strings.NewReader(config), "example.yaml")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, g := range games {
		max, bounded := g.Rule.MaxTake()
		fmt.Printf("%s: %s, SG(0..%d), max take %d (bounded %v)\n", g.Name, g.Rule, g.Heaps, max, bounded)
	}
	// Output:
	// nim-or-not-nim: 4.(3), SG(0..1000), max take 0 (bounded false)
	// s-1-3-4: 0.3033, SG(0..100), max take 4 (bounded true)
}

// ExampleParse_error shows how a problem in a config is reported.
func ExampleParse_error() {
	_, err := rules.Parse(strings.NewReader("name: k\ncode: \"0.78\"\nbase: 8\n"), "kayles.yaml")
	fmt.Println(err)
	// Output:
	// kayles.yaml:2:7: code: digit 8 is not octal (got "0.78")
}
