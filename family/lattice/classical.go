package lattice

import (
	"fmt"

	"github.com/sgtab/sgtab/compute/classical"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/family"
)

// addFindings adds to the summary s of the lattice table t what it shows
// of its game's rule: the pattern observed in its lost points, and the
// classical theorem that solves the game, checked at every point of the
// board — or that no theorem proves the pattern.
func addFindings(s *family.Summary, t *sg.LatticeTable) {
	c := classical.Of(t.Game)
	if t.Pairs != nil {
		s.Pattern = t.Pairs.String()
		unproved := ""
		if c == nil {
			unproved = "; not proved: no theorem sgtab knows solves this rule"
		}
		s.Findings = append(s.Findings, s.Pattern+unproved)
	}
	if c != nil {
		family.AddClassical(s, c, "", disagreement(t, c))
	}
}

// disagreement returns where the board t disagrees with the theorem c
// ("at (x, y)", the first point whose outcome differs), "" when nowhere.
func disagreement(t *sg.LatticeTable, c *classical.Theorem) string {
	for y := range t.H {
		for x := range t.W {
			if (t.At(x, y) == 0) != c.Lost(x, y) {
				return fmt.Sprintf("at (%d, %d)", x, y)
			}
		}
	}
	return ""
}
