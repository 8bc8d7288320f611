package positions

import (
	"fmt"
	"io"
	"strings"

	"github.com/sgtab/sgtab/rules"
)

// A GeographyAnswer is the answer to a start of undirected geography,
// vertex or edge: who wins with the token on Start, and the winning moves,
// the nodes to move it to.
type GeographyAnswer struct {
	Start           string   `json:"start"`
	FirstPlayerWins bool     `json:"first_player_wins"`
	WinningMoves    []string `json:"winning_moves"`
	Count           int64    `json:"count"`

	game, play string
}

// Geography returns the answerer of starts of geography on the graph of
// the game named game, played as play says (rules.PlayVertexGeography or
// rules.PlayEdgeGeography): decide reports who wins from the node named by
// a position's one word, and the winning moves, or an error when the word
// names no node.
func Geography(game, play string, decide func(start string) (bool, []string, error)) Answerer {
	return func(words []string, limit int) (Reply, error) {
		if len(words) != 1 {
			return nil, fmt.Errorf("%s is a game of %s: a position is one start node, not %d", game, playName(play), len(words))
		}
		win, moves, err := decide(words[0])
		if err != nil {
			return nil, err
		}
		a := &GeographyAnswer{Start: words[0], FirstPlayerWins: win, WinningMoves: []string{}, Count: int64(len(moves)), game: game, play: play}
		if limit < 0 || limit > len(moves) {
			limit = len(moves)
		}
		a.WinningMoves = append(a.WinningMoves, moves[:limit]...)
		return a, nil
	}
}

// Text writes the answer for a reader.
func (a *GeographyAnswer) Text(w io.Writer, countOnly bool) {
	fmt.Fprintf(w, "start %s (%s on the graph of %s)\n", a.Start, playName(a.play), a.game)
	lost := ""
	if a.play == rules.PlayVertexGeography {
		lost = " (some maximum matching leaves the start uncovered)"
	}
	if !writeOutcome(w, "the player to move", lost, a.FirstPlayerWins, a.Count, countOnly) {
		return
	}
	for _, m := range a.WinningMoves {
		fmt.Fprintf(w, "    → %s\n", m)
	}
	writeMore(w, a.Count, int64(len(a.WinningMoves)))
}

// playName names a way of playing geography in words: "vertex geography".
func playName(play string) string { return strings.ReplaceAll(play, "-", " ") }
