package graph

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/positions"
	"github.com/sgtab/sgtab/rules"
)

// whole returns the answerer of positions of shape on the graph of g.
func whole(t *testing.T, g rules.Game, shape positions.Shape) (positions.Answerer, error) {
	t.Helper()
	src, err := Family{}.Source(g, nil, g.Name+".yaml")
	if err != nil {
		t.Fatal(err)
	}
	w, ok := src.(positions.Whole)
	if !ok {
		t.Fatalf("the source of a game on a graph answers no whole positions")
	}
	return w.Whole(t.Context(), shape)
}

// TestGraphTokens writes random DAGs as CSV edge lists with string names,
// and checks the answers to positions of one to three tokens against a
// game-tree search from the definition: a position is lost when every
// move (one token along one edge) leads to a won one, and every winning
// move listed leads to a lost one, with the count exact.
func TestGraphTokens(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	checked := 0
	defer func() {
		if checked < 20 {
			t.Errorf("only %d graphs queried", checked)
		}
	}()
	for trial := range 30 {
		n := 3 + rng.IntN(12)
		succ := make([][]int, n)
		var inGraph []int // the nodes with an edge: those the graph has
		var csv strings.Builder
		csv.WriteString("from,to\n")
		for range 1 + rng.IntN(3*n) {
			a, b := rng.IntN(n), rng.IntN(n)
			if a <= b || slices.Contains(succ[a], b) {
				continue
			}
			succ[a] = append(succ[a], b)
			fmt.Fprintf(&csv, "v%d,v%d\n", a, b)
			inGraph = append(inGraph, a, b)
		}
		if strings.Count(csv.String(), "\n") == 1 {
			continue // no edges: no game
		}
		edges := filepath.Join(t.TempDir(), "e.csv")
		if err := os.WriteFile(edges, []byte(csv.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		answer, err := whole(t, rules.Game{Name: "g", Graph: &rules.GraphSpec{Edges: edges}}, positions.AsTokens)
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		checked++
		// won reports whether the player to move wins with tokens on pos.
		memo := map[string]bool{}
		var won func(pos []int) bool
		won = func(pos []int) bool {
			key := fmt.Sprint(pos)
			if w, ok := memo[key]; ok {
				return w
			}
			w := false
			for i, v := range pos {
				for _, to := range succ[v] {
					next := slices.Clone(pos)
					next[i] = to
					if !won(next) {
						w = true
					}
				}
			}
			memo[key] = w
			return w
		}
		for range 10 {
			pos := make([]int, 1+rng.IntN(3))
			var words []string
			for i := range pos {
				pos[i] = inGraph[rng.IntN(len(inGraph))]
				words = append(words, fmt.Sprintf("v%d", pos[i]))
			}
			line := strings.Join(words, " ")
			r, err := answer(words, -1)
			if err != nil {
				t.Fatal(err)
			}
			a := r.(*positions.TokensAnswer)
			if a.FirstPlayerWins != won(pos) {
				t.Fatalf("trial %d, %s: first player wins %v, the search says %v", trial, line, a.FirstPlayerWins, won(pos))
			}
			moves := 0
			for j, v := range pos {
				for _, to := range succ[v] {
					next := slices.Clone(pos)
					next[j] = to
					if !won(next) {
						moves++
					}
				}
			}
			if a.Count != int64(moves) || len(a.WinningMoves) != moves {
				t.Fatalf("trial %d, %s: %d winning moves listed (count %d), the search finds %d", trial, line, len(a.WinningMoves), a.Count, moves)
			}
			for _, m := range a.WinningMoves {
				next := slices.Clone(pos)
				var to int
				fmt.Sscanf(m.To, "v%d", &to)
				next[m.Token-1] = to
				if won(next) || m.From != fmt.Sprintf("v%d", pos[m.Token-1]) {
					t.Fatalf("trial %d, %s: the move %+v does not win", trial, line, m)
				}
			}
		}
	}
}

// TestGraphSourceWhole checks that a game on a graph answers whole
// positions only: a node as a component of a sum is refused, naming the
// config and how to ask, and its stored table answers none; its config
// answers staircases.
func TestGraphSourceWhole(t *testing.T) {
	g := rules.Game{Name: "boxes", Graph: &rules.GraphSpec{Generate: "boxes", Boxes: 6}}
	src, err := Family{}.Source(g, nil, "boxes.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := src.Prepare(t.Context(), 3); err != nil {
		t.Fatal(err)
	}
	want := "boxes.yaml is a game on a graph: query takes the nodes of its tokens after it, in positions of their own (sgtab query boxes.yaml NODE ...)"
	if err := src.Check(positions.Component{N: 3}, false); err == nil || err.Error() != want {
		t.Errorf("a node as a component: %v, want %q", err, want)
	}
	f := &export.File{Kind: export.KindGraph, Meta: map[string]string{export.KeyName: "boxes"}}
	if _, err := (Family{}).Source(g, f, "boxes.parquet"); err == nil || err.Error() != "boxes.parquet holds the values of the nodes of boxes but not its edges, which the winning moves follow, and its graph is not one that sgtab builds (it is read from an edge list): query its config instead" {
		t.Errorf("a stored table: %v", err)
	}
	answer, err := whole(t, g, positions.AsStaircase)
	if err != nil {
		t.Fatal(err)
	}
	r, err := answer([]string{"1=3", "2=4"}, -1)
	if err != nil {
		t.Fatal(err)
	}
	// Box 2 is odd (2 mod 6), box 1 even: 4 cards on an odd box, moved
	// all to box 1.
	if a := r.(*positions.StairAnswer); a.NimSum != 4 || a.Count != 1 || a.WinningMoves[0] != (positions.StairMove{From: "2", To: "1", Cards: 4, Text: "4 cards from 2 to 1"}) {
		t.Errorf("cards 1=3 2=4: %+v", a)
	}
}
