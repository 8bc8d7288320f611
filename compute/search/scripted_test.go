package search

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/script"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// Kayles written as a script that declares its parts (the bundled
// configs/script-kayles.yaml) gets the search's decomposition: its values
// are those of the octal game 0.77 of the heap engine (OEIS A002186).
func TestScriptedParts(t *testing.T) {
	games, err := rules.Load("../../configs/script-kayles.yaml")
	if err != nil {
		t.Fatal(err)
	}
	w, err := script.NewWalker(games[0])
	if err != nil {
		t.Fatal(err)
	}
	kayles, _ := rules.ParseOctal("0.77")
	want, err := compute.Sequence(context.Background(), rules.Game{Rule: kayles}, 90, sg.Options{})
	if err != nil {
		t.Fatal(err)
	}
	table := NewTable(8 << 20) // shared: the heaps' parts are met again and again
	for n := 0; n <= 90; n++ {
		p, err := w.Start(n, 0)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Nimber(context.Background(), Scripted{W: w}, p, Options{Table: table, Workers: 1 + n%2})
		if err != nil {
			t.Fatal(err)
		}
		if int(r.Nimber) != int(want.G.At(n)) {
			t.Errorf("Kayles %d: %d, 0.77 gives %d", n, r.Nimber, want.G.At(n))
		}
	}
	if err := w.Err(); err != nil {
		t.Fatal(err)
	}
}

// A script whose positions repeat is refused, not searched for ever.
func TestScriptedCycleRefused(t *testing.T) {
	games, err := rules.Parse(strings.NewReader(`name: cycle
heaps: 3
script: |
  def start(n):
      return n

  def moves(p):
      return [(p + 1) % 3]
`), "cycle.yaml")
	if err != nil {
		t.Fatal(err)
	}
	w, err := script.NewWalker(games[0])
	if err != nil {
		t.Fatal(err)
	}
	p, _ := w.Start(0, 0)
	_, err = Nimber(context.Background(), Scripted{W: w}, p, Options{})
	if !errors.Is(err, ErrTooDeep) {
		t.Fatalf("a cycle: %v", err)
	}
}
