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
	Head
	Start        string          `json:"start"`
	WinningMoves []GeographyMove `json:"moves"`

	game, play string
}

// A GeographyMove is a winning move of geography: the token to the node
// To.
type GeographyMove struct {
	To   string `json:"to"`
	Text string `json:"text"`
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
		a := &GeographyAnswer{Head: NewHead(KindGeography, words), Start: words[0], WinningMoves: []GeographyMove{}, game: game, play: play}
		a.Decide(win)
		a.Count = int64(len(moves))
		if limit < 0 || limit > len(moves) {
			limit = len(moves)
		}
		for _, to := range moves[:limit] {
			a.WinningMoves = append(a.WinningMoves, GeographyMove{To: to, Text: "→ " + to})
		}
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
		fmt.Fprintf(w, "    %s\n", m.Text)
	}
	writeMore(w, a.Count, int64(len(a.WinningMoves)))
}

// playName names a way of playing geography in words: "vertex geography".
func playName(play string) string { return strings.ReplaceAll(play, "-", " ") }
