package export

import (
	"fmt"
	"io"

	"github.com/sgtab/sgtab/compute/classical"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// Metadata keys of a table whose game a classical theorem solves
// (classical.Of), and of the pattern observed in a lattice table's
// lost points (sg.FindPairs).
const (
	KeyClassical     = "sgtab.classical"      // the theorem with its source, e.g. "Wythoff's theorem (W. A. Wythoff, …, 1907)"
	KeyClassicalRule = "sgtab.classical_rule" // what the theorem says of the game's positions
	KeyPattern       = "sgtab.pattern"        // the pattern observed in a lattice table's lost points
)

// addClassical adds to the metadata m the theorem that solves the game g,
// if one does, and the pattern pairs, if not nil.
func addClassical(m map[string]string, g rules.Game, pairs *sg.Pairs) {
	if c := classical.Of(g); c != nil {
		m[KeyClassical] = c.String()
		m[KeyClassicalRule] = c.Rule
	}
	if pairs != nil {
		m[KeyPattern] = pairs.String()
	}
}

// verifyClassical checks the metadata's claims of a table of the game g
// read back: a theorem claimed must be the one that solves g (told from
// its rule, as when written: classical.Of), and say what it says;
// a game that one solves may lack the claim (a table written before sgtab
// made it), and is then read without one.
func verifyClassical(meta map[string]string, g rules.Game) error {
	claim, ok := meta[KeyClassical]
	if !ok {
		return nil
	}
	c := classical.Of(g)
	switch {
	case c == nil:
		return fmt.Errorf("metadata %s says %s solves the game, but no theorem sgtab knows solves its rule %s", KeyClassical, claim, g.RuleText())
	case claim != c.String() || meta[KeyClassicalRule] != c.Rule:
		return fmt.Errorf("metadata %s and %s say %s: %s, but the theorem that solves its rule is %s: %s",
			KeyClassical, KeyClassicalRule, claim, meta[KeyClassicalRule], c, c.Rule)
	}
	return nil
}

// verifyPattern finds the pattern of the lattice table t's lost points
// again, from its values, into t.Pairs, and checks that the metadata's
// sgtab.pattern, when present, says the same.
func verifyPattern(meta map[string]string, t *sg.LatticeTable) error {
	t.Pairs = sg.FindPairs(t)
	claim, ok := meta[KeyPattern]
	switch {
	case !ok:
		return nil
	case t.Pairs == nil:
		return fmt.Errorf("metadata %s says %q, but the values show no such pattern", KeyPattern, claim)
	case claim != t.Pairs.String():
		return fmt.Errorf("metadata %s says %q, but the values show %q", KeyPattern, claim, t.Pairs)
	}
	return nil
}

// describeClassical writes, for inspect, the theorem that solves a
// table's game and the pattern observed in its lost points, when its
// metadata holds them (verified as it was read).
func describeClassical(w io.Writer, meta map[string]string) {
	if c, ok := meta[KeyClassical]; ok {
		fmt.Fprintf(w, "  theorem %s: %s; proved for every position\n", c, meta[KeyClassicalRule])
	}
	if p, ok := meta[KeyPattern]; ok {
		fmt.Fprintf(w, "  pattern %s\n", p)
	}
}
