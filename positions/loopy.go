package positions

import (
	"fmt"
	"io"
	"strings"

	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/graph"
)

// A LoopyTokensAnswer is the answer to a position of tokens on the nodes
// of a graph with cycles: each token's generalized SG value, their sum
// (Smith's rule, sg.Generalized.Plus) and its outcome: the player to
// move wins (N), loses (P), or the game is drawn (D). Moves lists the
// winning moves (to a position of outcome P) when the player to move
// wins, and the drawing moves (to a position of outcome D) when the
// position is drawn; Count is how many there are.
type LoopyTokensAnswer struct {
	Head
	Tokens []string    `json:"tokens"`
	Values []string    `json:"values"`
	Sum    string      `json:"sum"`
	Moves  []TokenMove `json:"moves"`

	what string // what the position is, in the first line of Text
}

// LoopyTokens returns the answerer of positions of tokens on the nodes of
// the graph g with cycles, of the game named game, whose nodes have the
// generalized values vals: a position of tokens is the sum of its tokens'
// games, of the sum of their values, which says its outcome.
func LoopyTokens(g *graph.Named, vals []sg.Generalized, game string) Answerer {
	return loopyAnswerer(LoopyGame{
		What:   fmt.Sprintf("tokens on the graph of %s, which has cycles", game),
		Values: vals, Successors: g.Successors, Name: g.Name,
		Nodes: func(words []string) ([]int, error) { return tokenNodes(g, words, game) },
	})
}

// A LoopyGame is a game whose positions may repeat, as an answerer of
// sums of its positions sees it: What it is (in an answer's first line),
// each position's generalized value, its followers and its name, and
// Nodes, which reads the words of a sum as its positions.
type LoopyGame struct {
	What       string
	Values     []sg.Generalized
	Successors func(v int) []int32
	Name       func(v int) string
	Nodes      func(words []string) ([]int, error)
}

// LoopyPositions returns the answerer of sums of positions of the game g,
// as LoopyTokens answers tokens on a graph.
func LoopyPositions(g LoopyGame) Answerer { return loopyAnswerer(g) }

// loopyAnswerer answers a sum of positions of g: each one's value, their
// sum (Smith's rule) and its outcome, and the winning moves (or, when
// drawn, the drawing ones).
func loopyAnswerer(g LoopyGame) Answerer {
	vals := g.Values
	return func(words []string, limit int) (Reply, error) {
		a := &LoopyTokensAnswer{Head: NewHead(KindLoopy, words), Tokens: words, Moves: []TokenMove{}, what: g.What}
		nodes, err := g.Nodes(words)
		if err != nil {
			return nil, err
		}
		for _, v := range nodes {
			a.Values = append(a.Values, vals[v].String())
		}
		sum := sumExcept(vals, nodes, -1)
		a.Sum, a.Outcome = sum.String(), string(sum.Outcome())
		a.FirstPlayerWins = sum.Outcome() == sg.N
		if !sum.Inf {
			a.valued(uint64(sum.Value))
		}
		want := map[sg.Outcome]sg.Outcome{sg.N: sg.P, sg.D: sg.D}[sum.Outcome()]
		if want == 0 {
			return a, nil
		}
		for j, v := range nodes {
			rest := sumExcept(vals, nodes, j)
			for _, w := range g.Successors(v) {
				if rest.Plus(vals[w]).Outcome() != want {
					continue
				}
				if a.Count++; limit < 0 || len(a.Moves) < limit {
					a.Moves = append(a.Moves, tokenMove(j, g.Name(v), g.Name(int(w))))
				}
			}
		}
		return a, nil
	}
}

// sumExcept returns the sum of the values of the tokens on nodes, but for
// the token skip (none when skip < 0).
func sumExcept(vals []sg.Generalized, nodes []int, skip int) sg.Generalized {
	sum := sg.Generalized{}
	for i, v := range nodes {
		if i != skip {
			sum = sum.Plus(vals[v])
		}
	}
	return sum
}

// Text writes the answer for a reader.
func (a *LoopyTokensAnswer) Text(w io.Writer, countOnly bool) {
	fmt.Fprintf(w, "position %s (%s)\n", strings.Join(a.Tokens, " "), a.what)
	for i, t := range a.Tokens {
		fmt.Fprintf(w, "  token %d: %s, value %s\n", i+1, t, a.Values[i])
	}
	play := fmt.Sprintf("value %s: the player to move", a.Sum)
	if a.Outcome == string(sg.D) {
		fmt.Fprintf(w, "  %s draws (neither player can force a win), with %s drawing %s", play, thousands(a.Count), plural(a.Count, "move"))
		if countOnly || a.Count == 0 {
			fmt.Fprintln(w)
			return
		}
		fmt.Fprintln(w, ":")
	} else if !writeOutcome(w, play, secondWins, a.Outcome == string(sg.N), a.Count, countOnly) {
		return
	}
	for _, m := range a.Moves {
		fmt.Fprintf(w, "    %s\n", m.Text)
	}
	writeMore(w, a.Count, int64(len(a.Moves)))
}
