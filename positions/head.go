package positions

import "github.com/sgtab/sgtab/compute/sg"

// A Head holds what every answer says first, whatever answered it, under
// the same names in every answer's JSON (docs/query-answer.schema.json
// describes them):
//
//	kind               what answered: sum (heaps, points or states of
//	                   tables), tokens, loopy (tokens or positions that
//	                   may repeat), geography, staircase, quotient
//	position           the position's words, as given
//	outcome            N: the player to move wins; P: the player to move
//	                   loses; D: neither player can force a win (a draw)
//	first_player_wins  whether outcome is N
//	misere             whether the position is played misère
//	value              the position's value where it has one (the nim-sum
//	                   of its parts' SG values); null where it has none
//	                   (outcomes only, a draw, a quotient's element)
//	count              how many moves the answer's moves stand for: the
//	                   winning moves when the outcome is N, the drawing
//	                   moves when it is D, none when it is P
//
// Each answer lists its first moves (query -moves says how many) under
// moves, each with its text, and adds fields of its own kind.
type Head struct {
	Kind            string   `json:"kind"`
	Position        []string `json:"position"`
	Outcome         string   `json:"outcome"`
	FirstPlayerWins bool     `json:"first_player_wins"`
	Misere          bool     `json:"misere"`
	Value           *uint64  `json:"value"`
	Count           int64    `json:"count"`
}

// The kinds of answers (Head.Kind).
const (
	KindSum       = "sum"
	KindTokens    = "tokens"
	KindLoopy     = "loopy"
	KindGeography = "geography"
	KindStaircase = "staircase"
	KindQuotient  = "quotient"
)

// NewHead returns the head of an answer of kind to the position words.
func NewHead(kind string, words []string) Head {
	return Head{Kind: kind, Position: append([]string{}, words...)}
}

// Decide sets the outcome: N when the player to move wins, P otherwise.
func (h *Head) Decide(wins bool) {
	h.FirstPlayerWins = wins
	h.Outcome = string(sg.P)
	if wins {
		h.Outcome = string(sg.N)
	}
}

// valued sets the position's value.
func (h *Head) valued(v uint64) { h.Value = &v }
