package compute

import (
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// PlainMisereSearch returns a MisereSearch of rs that uses no genus theory:
// only heaps of 0 and *1 are left out of positions, and a position's
// answer is the search's, never the tame rule's.
func PlainMisereSearch(rs []rules.Rule, lim sg.MisereLimits) *MisereSearch {
	s := NewMisereSearch(rs, lim)
	s.plain = true
	return s
}

// HeapsFormed returns how many heaps the search has made canonical.
func (s *MisereSearch) HeapsFormed() int64 { return s.formed }
