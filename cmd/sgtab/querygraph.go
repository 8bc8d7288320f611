package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/graph"
	"github.com/sgtab/sgtab/rules"
	"github.com/sgtab/sgtab/tabulate"
)

// graphGame returns the game of the config at path when it holds one game,
// played on a graph, and the config's problems when it has some; a stored
// table is no config.
func graphGame(path string) (rules.Game, bool, error) {
	if storedTable(path) {
		return rules.Game{}, false, nil
	}
	games, err := tabulate.LoadGames([]string{path})
	if err != nil || len(games) != 1 || games[0].Graph == nil {
		return rules.Game{}, false, err
	}
	return games[0], true, nil
}

// A graphAnswer is what sgtab query says of a position of tokens on the
// nodes of a graph: each moved on its own, so the position is the sum of
// its tokens' games.
type graphAnswer struct {
	Tokens          []string    `json:"tokens"`
	SG              []uint32    `json:"sg"`
	NimSum          uint32      `json:"nim_sum"`
	FirstPlayerWins bool        `json:"first_player_wins"`
	WinningMoves    []tokenMove `json:"winning_moves"`
	Count           int64       `json:"count"`
}

// A tokenMove is a winning move: token Token (1-based) from From to To.
type tokenMove struct {
	Token int    `json:"token"`
	From  string `json:"from"`
	To    string `json:"to"`
}

// queryGraph answers positions of tokens on the graph of g, one a line
// (num gives its line number in a positions file, 0 for the command line),
// listing at most limit winning moves of each.
func queryGraph(ctx context.Context, g rules.Game, lines [][]string, nums []int, where string, limit int, asJSON, countOnly bool, stdout io.Writer) error {
	ng, err := graph.Load(g.Graph)
	if err != nil {
		return err
	}
	sg, err := compute.GraphValues(ctx, ng.Graph)
	var ce *compute.CycleError
	if errors.As(err, &ce) {
		ce.Name = ng.Name
	}
	if err != nil {
		return fmt.Errorf("%s: %w", g.Name, err)
	}
	enc := json.NewEncoder(stdout)
	for i, words := range lines {
		a := graphAnswer{Tokens: words, WinningMoves: []tokenMove{}}
		nodes := make([]int, len(words))
		for j, w := range words {
			v, ok := ng.Lookup(w)
			if !ok {
				if nums[i] > 0 {
					return fmt.Errorf("%s:%d: token %d: %q is not a node of %s", where, nums[i], j+1, w, g.Name)
				}
				return fmt.Errorf("token %d: %q is not a node of %s", j+1, w, g.Name)
			}
			nodes[j] = v
			a.SG = append(a.SG, sg[v])
			a.NimSum ^= sg[v]
		}
		a.FirstPlayerWins = a.NimSum != 0
		if a.FirstPlayerWins {
			for j, v := range nodes {
				// Any successor of the value that makes the nim-sum 0
				// wins, below the token's value or above it.
				want := sg[v] ^ a.NimSum
				for _, w := range ng.Successors(v) {
					if sg[w] != want {
						continue
					}
					if a.Count++; limit < 0 || len(a.WinningMoves) < limit {
						a.WinningMoves = append(a.WinningMoves, tokenMove{Token: j + 1, From: words[j], To: ng.Name(int(w))})
					}
				}
			}
		}
		if err := writeAnswer(stdout, enc, asJSON, i, a, func() { printGraphAnswer(stdout, a, g.Name, countOnly) }); err != nil {
			return err
		}
	}
	return nil
}

func printGraphAnswer(w io.Writer, a graphAnswer, game string, countOnly bool) {
	fmt.Fprintf(w, "position %s (tokens on the graph of %s)\n", strings.Join(a.Tokens, " "), game)
	for i, t := range a.Tokens {
		fmt.Fprintf(w, "  token %d: %s, SG %d\n", i+1, t, a.SG[i])
	}
	if !a.FirstPlayerWins {
		fmt.Fprintf(w, "  nim-sum 0: the player to move loses (the second player wins)\n")
		return
	}
	fmt.Fprintf(w, "  nim-sum %d: the player to move wins, with %s winning %s", a.NimSum, thousands(a.Count), family.Plural(int(min(a.Count, 2)), "move"))
	if countOnly {
		fmt.Fprintln(w)
		return
	}
	fmt.Fprintln(w, ":")
	for _, m := range a.WinningMoves {
		fmt.Fprintf(w, "    token %d: %s → %s\n", m.Token, m.From, m.To)
	}
	printMore(w, a.Count, int64(len(a.WinningMoves)))
}
