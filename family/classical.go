package family

import (
	"fmt"
	"github.com/sgtab/sgtab/compute/classical"
	"slices"
	"strings"
)

// AddClassical adds to the summary s the classical theorem c that solves
// its game (nil: none) as a finding, after what the table shows (shown,
// may be ""), with what checking the table against it found, check: ""
// when the table agrees at every position, else where it does not (a
// fault of the engine, warned of too).
func AddClassical(s *Summary, c *classical.Theorem, shown, check string) {
	if c == nil {
		return
	}
	s.Classical = c
	agrees := "the table agrees at every position"
	if check != "" {
		agrees = "but the table fails it " + check
		s.Warnings = append(s.Warnings, fmt.Sprintf("the table fails %s %s", c.Theorem, check))
	} else {
		// Solved by the theorem: that its values have no period is no
		// cause for a warning (Fibonacci Nim's losing heaps are the
		// Fibonacci numbers).
		s.Warnings = slices.DeleteFunc(s.Warnings, func(w string) bool { return strings.HasPrefix(w, "no period found") })
	}
	if shown != "" {
		shown += ": "
	}
	s.Findings = append(s.Findings, fmt.Sprintf("%sproved by %s: %s; %s; sgtab query answers any position below 2⁶³", shown, c, c.Rule, agrees))
}
