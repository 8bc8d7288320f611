package positions

// A Prover is a Source that answers some components by a theorem or an
// argument of its own rather than from values computed, stored or repeated
// by a proved period (Wythoff's game beyond its board, by Wythoff's
// theorem; a ring past its table that the mirror strategy proves lost, or
// that the player to move takes whole). Proof returns what answers c,
// named with its source ("" when c is answered from values), and whether
// it gives only c's outcome, not its SG value: Value then returns 1 when
// the player to move wins, and Check refuses c in a sum.
type Prover interface {
	Proof(c Component) (theorem string, outcomeOnly bool)
}

// A Proved names a component of a position (Heap, from 1) answered by a
// theorem, and the theorem.
type Proved struct {
	Heap    int    `json:"heap"`
	Theorem string `json:"theorem"`
}

// noteProof records in a that its i-th component (from 0), p, is
// answered by a theorem, when p's source says so (Prover).
func (a *Answer) noteProof(i int, p Part) {
	pr, ok := p.Ref.Source.(Prover)
	if !ok {
		return
	}
	if theorem, outcomeOnly := pr.Proof(p.Component); theorem != "" {
		a.ProvedBy = append(a.ProvedBy, Proved{Heap: i + 1, Theorem: theorem})
		a.Outcomes = a.Outcomes || outcomeOnly
	}
}

// proofOf returns the words an answer adds to its heap-th component
// (from 1) answered by a theorem: ", proved by THEOREM"; "" for one
// answered from values.
func (a Answer) proofOf(heap int) string {
	for _, p := range a.ProvedBy {
		if p.Heap == heap {
			return ", proved by " + p.Theorem
		}
	}
	return ""
}
