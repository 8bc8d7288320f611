package period

import (
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// Analyze returns the analysis of t's row values G. A period found while
// computing (and proved, so that the rest of the table was filled in) is
// kept; otherwise G is searched for a period, proved where a theorem allows.
// The theorems speak of a heap game's rule: a built-in game's values are
// analysed as Observe does.
func Analyze(t *sg.Table) *sg.Analysis {
	return analyzeValues(t, t.Game.Kind() == rules.KindHeap && ProvesOutcomes(t.Game))
}

// Observe returns the analysis of t's values alone: as Analyze, but
// claiming no proof, for values whose rule is not known (a table written by
// another tool) or not trusted to have produced them. A period it reports
// is at most Observed.
func Observe(t *sg.Table) *sg.Analysis { return analyzeValues(t, false) }

func analyzeValues(t *sg.Table, proofs bool) *sg.Analysis {
	if t.Loopy != nil {
		return AnalyzeOutcomes(t)
	}
	switch t.G.Width() {
	case 8:
		return analyze(t, sg.Typed[uint8](t.G), proofs)
	case 16:
		return analyze(t, sg.Typed[uint16](t.G), proofs)
	default:
		return analyze(t, sg.Typed[uint32](t.G), proofs)
	}
}

func analyze[T sg.Value](t *sg.Table, G []T, proofs bool) *sg.Analysis {
	a := &sg.Analysis{Status: sg.None, Computed: t.N(), Checksum: sg.Checksum(G)}
	if !proofs {
		if per, ok := FindPeriod(G); ok {
			a.Status, a.Period = sg.Observed, per
		}
	} else if t.Proved != nil {
		a.Status, a.Period, a.Proof = sg.Proved, t.Proved.Period, t.Proved.Proof
		a.Computed = t.Proved.Computed
	} else if per, proof, ok := proveGame(t.Game, G); ok {
		a.Status, a.Period, a.Proof = sg.Proved, per, proof
	} else if per, ok := FindPeriod(G); ok {
		a.Status, a.Period = sg.Observed, per
	}
	if a.Status != sg.None {
		a.ClosedForm = sg.ClosedFormOf(G, a.Period, t.Game.Quantity())
	}
	a.Rare = sg.FindRare(G)
	if a.Status != sg.None {
		a.Rare = a.Rare.Exceptions(a.Period.Start)
	}
	if t.HasRing() {
		a.Ring = ringAnalysis(t, a, proofs)
	}
	return a
}

// ringAnalysis analyses t's ring values at their own width, which in a
// table read from a file may differ from that of its row values.
func ringAnalysis(t *sg.Table, rows *sg.Analysis, proofs bool) *sg.RingAnalysis {
	switch t.Ring.Width() {
	case 8:
		return analyzeRing(t, sg.Typed[uint8](t.Ring), rows, proofs)
	case 16:
		return analyzeRing(t, sg.Typed[uint16](t.Ring), rows, proofs)
	default:
		return analyzeRing(t, sg.Typed[uint32](t.Ring), rows, proofs)
	}
}

// ProvesOutcomes reports whether a theorem may prove the period of the
// values of g's table: every heap game in normal play, and in misère play
// those whose moves leave at most one heap, whose outcome follows from
// the outcomes of smaller single heaps as a subtraction game's value does
// from smaller values. A misère game that splits heaps has outcomes of
// sums in its options, and its period is only observed.
func ProvesOutcomes(g rules.Game) bool {
	return !g.Misere || g.Rule.MaxParts() <= 1
}
