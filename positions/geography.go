package positions

import (
	"fmt"
	"io"
)

// A GeographyAnswer is the answer to a start of vertex geography: who wins
// with the token on Start (visited), and the winning moves, the nodes to
// move it to.
type GeographyAnswer struct {
	Start           string   `json:"start"`
	FirstPlayerWins bool     `json:"first_player_wins"`
	WinningMoves    []string `json:"winning_moves"`
	Count           int64    `json:"count"`

	game string
}

// Geography returns the answerer of starts of vertex geography on the
// graph of the game named game: decide reports who wins from the node
// named by a position's one word, and the winning moves, or an error when
// the word names no node.
func Geography(game string, decide func(start string) (bool, []string, error)) Answerer {
	return func(words []string, limit int) (Reply, error) {
		if len(words) != 1 {
			return nil, fmt.Errorf("%s is a game of vertex geography: a position is one start node, not %d", game, len(words))
		}
		win, moves, err := decide(words[0])
		if err != nil {
			return nil, err
		}
		a := &GeographyAnswer{Start: words[0], FirstPlayerWins: win, WinningMoves: []string{}, Count: int64(len(moves)), game: game}
		if limit < 0 || limit > len(moves) {
			limit = len(moves)
		}
		a.WinningMoves = append(a.WinningMoves, moves[:limit]...)
		return a, nil
	}
}

// Text writes the answer for a reader.
func (a *GeographyAnswer) Text(w io.Writer, countOnly bool) {
	fmt.Fprintf(w, "start %s (vertex geography on the graph of %s)\n", a.Start, a.game)
	if !writeOutcome(w, "the player to move", " (some maximum matching leaves the start uncovered)", a.FirstPlayerWins, a.Count, countOnly) {
		return
	}
	for _, m := range a.WinningMoves {
		fmt.Fprintf(w, "    → %s\n", m)
	}
	writeMore(w, a.Count, int64(len(a.WinningMoves)))
}
