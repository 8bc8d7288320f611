package positions

import (
	"fmt"
	"io"
	"strings"

	"github.com/sgtab/sgtab/graph"
)

// A TokensAnswer is the answer to a position of tokens on the nodes of a
// graph: each moved on its own, so the position is the sum of its tokens'
// games.
type TokensAnswer struct {
	Head
	Tokens       []string    `json:"tokens"`
	SG           []uint32    `json:"sg"`
	NimSum       uint32      `json:"-"` // the head's value
	WinningMoves []TokenMove `json:"moves"`

	game string
}

// A TokenMove is a winning (or drawing) move: token Token (1-based) from
// From to To.
type TokenMove struct {
	Token int    `json:"token"`
	From  string `json:"from"`
	To    string `json:"to"`
	Text  string `json:"text"`
}

// tokenMove returns the move of token j (from 0) from the node named from
// to the node named to.
func tokenMove(j int, from, to string) TokenMove {
	return TokenMove{Token: j + 1, From: from, To: to, Text: fmt.Sprintf("token %d: %s → %s", j+1, from, to)}
}

// Tokens returns the answerer of positions of tokens on the nodes of the
// graph g of the game named game, whose nodes have the values sg: the
// words of a position name the nodes its tokens are on. A token on node v
// is a game of value sg[v], so the position is lost exactly when the
// nim-sum of its tokens' values is 0; a winning move takes one token to a
// successor whose value makes the nim-sum 0.
func Tokens(g *graph.Named, sg []uint32, game string) Answerer {
	return func(words []string, limit int) (Reply, error) {
		a := &TokensAnswer{Head: NewHead(KindTokens, words), Tokens: words, WinningMoves: []TokenMove{}, game: game}
		nodes, err := tokenNodes(g, words, game)
		if err != nil {
			return nil, err
		}
		for _, v := range nodes {
			a.SG = append(a.SG, sg[v])
			a.NimSum ^= sg[v]
		}
		a.Decide(a.NimSum != 0)
		a.valued(uint64(a.NimSum))
		if !a.FirstPlayerWins {
			return a, nil
		}
		for j, v := range nodes {
			// Any successor of the value that makes the nim-sum 0
			// wins, below the token's value or above it.
			want := sg[v] ^ a.NimSum
			for _, w := range g.Successors(v) {
				if sg[w] != want {
					continue
				}
				if a.Count++; limit < 0 || len(a.WinningMoves) < limit {
					a.WinningMoves = append(a.WinningMoves, tokenMove(j, words[j], g.Name(int(w))))
				}
			}
		}
		return a, nil
	}
}

// Text writes the answer for a reader.
func (a *TokensAnswer) Text(w io.Writer, countOnly bool) {
	fmt.Fprintf(w, "position %s (tokens on the graph of %s)\n", strings.Join(a.Tokens, " "), a.game)
	for i, t := range a.Tokens {
		fmt.Fprintf(w, "  token %d: %s, SG %d\n", i+1, t, a.SG[i])
	}
	if !writeOutcome(w, fmt.Sprintf("nim-sum %d: the player to move", a.NimSum), secondWins, a.FirstPlayerWins, a.Count, countOnly) {
		return
	}
	for _, m := range a.WinningMoves {
		fmt.Fprintf(w, "    %s\n", m.Text)
	}
	writeMore(w, a.Count, int64(len(a.WinningMoves)))
}

// tokenNodes returns the nodes of g named words, the tokens of a position
// of the game named game.
func tokenNodes(g *graph.Named, words []string, game string) ([]int, error) {
	nodes := make([]int, len(words))
	for j, w := range words {
		v, ok := g.Lookup(w)
		if !ok {
			return nil, fmt.Errorf("token %d: %q is not a node of %s", j+1, w, game)
		}
		nodes[j] = v
	}
	return nodes, nil
}
