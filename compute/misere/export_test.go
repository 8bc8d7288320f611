package misere

import (
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// PlainSearch returns a Search of rs that uses no genus theory:
// only heaps of 0 and *1 are left out of positions, and a position's
// answer is the search's, never the tame rule's.
func PlainSearch(rs []rules.Rule, lim sg.MisereLimits) *Search {
	s := NewSearch(rs, lim)
	s.plain = true
	return s
}

// HeapsFormed returns how many heaps the search has made canonical.
func (s *Search) HeapsFormed() int64 { return s.formed }
