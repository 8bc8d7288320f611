package period

import (
	"fmt"
	"strings"

	"github.com/sgtab/sgtab/compute/sg"
)

// outcomeCode numbers the outcomes for the search of their period.
var outcomeCode = map[sg.Outcome]uint8{sg.P: 0, sg.N: 1, sg.D: 2}

// AnalyzeOutcomes returns the analysis of a table of generalized values
// (t.Loopy): the period of its outcomes (P, N, D) over n, observed as
// FindPeriod observes one, with no saltus (an outcome does not grow), and
// the closed form in letters ("for n ≥ 2: outcome(n) = [D, N, P][(n − 2)
// mod 3]"). No theorem speaks of it, and the rare split means nothing.
func AnalyzeOutcomes(t *sg.Table) *sg.Analysis {
	out := t.Outcomes()
	codes := make([]uint8, len(out))
	for n, o := range out {
		codes[n] = outcomeCode[o]
	}
	a := &sg.Analysis{Status: sg.None, Computed: t.N(), Checksum: t.G.Checksum(), Rare: sg.Rare{Last: -1}}
	per, ok := findPeriod(codes, func(s uint64) bool { return s == 0 }, len(codes)/minRepeats,
		func(p sg.Period) bool { return observable(len(codes), p) })
	if ok {
		a.Status, a.Period = sg.Observed, per
		a.ClosedForm = outcomeForm(out, per)
	}
	return a
}

// outcomeForm states the period per of the outcomes out in one line.
func outcomeForm(out []sg.Outcome, per sg.Period) string {
	letters := make([]string, per.Length)
	for i := range letters {
		letters[i] = string(out[per.Start+i])
	}
	arg := "n"
	if per.Start > 0 {
		arg = fmt.Sprintf("(n − %d)", per.Start)
	}
	if per.Length == 1 {
		return fmt.Sprintf("for n ≥ %d: outcome(n) = %s", per.Start, letters[0])
	}
	if per.Length > 64 {
		return fmt.Sprintf("outcome(n) = outcome(n − %d) for n ≥ %d", per.Length, per.Start+per.Length)
	}
	return fmt.Sprintf("for n ≥ %d: outcome(n) = [%s][%s mod %d]", per.Start, strings.Join(letters, ", "), arg, per.Length)
}
