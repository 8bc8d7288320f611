package testenv

import (
	"strings"
	"testing"

	"github.com/sgtab/sgtab/rules"
)

// Game parses a one-game YAML config or fails the test.
func Game(t testing.TB, yaml string) rules.Game {
	t.Helper()
	games, err := rules.Parse(strings.NewReader(yaml), "test.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return games[0]
}

// Rule parses a take-and-break code or fails the test.
func Rule(t testing.TB, code string) rules.Rule {
	t.Helper()
	r, err := rules.ParseCode(code, 0)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
