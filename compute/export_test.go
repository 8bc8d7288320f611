package compute

import (
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// RingRuleForTest is ringRule, for the tests of package compute_test.
var RingRuleForTest = ringRule

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

// LaskerSG is laskerSG, Lasker's Nim's published formula, for the tests of
// package compute_test.
var LaskerSG = laskerSG
