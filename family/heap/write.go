package heap

import (
	"fmt"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/sgtab/sgtab/compute/period"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/plots"
)

// Writers are the writers of a heap table (n, sg and sg_ring), by format.
var Writers = family.Writers[*sg.Table]{
	"parquet": export.WriteParquet, "arrow": export.WriteIPC, "csv": export.WriteCSV,
}

// Write writes the table t's files, its rare positions when its values
// split into rare and common ones, and its plots, as out says (but for the
// table files named in kept, which hold t already), and reports it.
func Write(t *sg.Table, out family.Output, kept map[string]bool) (*family.Report, error) {
	files, err := Writers.Write(t.Game.Name, t, out, kept)
	if err != nil {
		return nil, err
	}
	drawn, notes, err := family.DrawFigures(t.Game.Name, Figures(t), out)
	if err != nil {
		return nil, err
	}
	files = append(files, drawn...)
	if t.Analysis.Rare.Mask != 0 {
		path := filepath.Join(out.Dir, t.Game.Name+"-rare.parquet")
		if err := export.WriteRare(path, t, out.Options()); err != nil {
			return nil, err
		}
		files = append(files, path)
	}
	s := NewSummary(t, files)
	s.Notes = notes
	return &family.Report{Summary: s, Row: export.Summarize(t), Text: Text(s)}, nil
}

// Figures returns the plots of t: SG(n) against n (NAME), and for a ring
// start the ring values (NAME-ring); the table folded by its period
// (NAME-folded), when it has one short enough to fold; the period spectrum
// (NAME-spectrum); the value histogram (NAME-histogram); and for a misère
// table the genera of its heaps (NAME-genus).
func Figures(t *sg.Table) []family.Figure {
	wide := func(suffix string, draw func() (*plot.Plot, error)) family.Figure {
		return family.Figure{Suffix: suffix, Draw: draw, W: 8 * vg.Inch, H: 4 * vg.Inch}
	}
	figures := []family.Figure{wide("", func() (*plot.Plot, error) { return plots.Grundy(t, plots.Options{}) })}
	if t.Ring.Len() > 0 {
		figures = append(figures, wide("-ring", func() (*plot.Plot, error) { return plots.Grundy(t, plots.Options{Ring: true}) }))
	}
	if a := t.Analysis; a != nil && a.Status != sg.None && a.Period.Length <= plots.MaxFoldColumns {
		figures = append(figures, family.Figure{Suffix: "-folded", Draw: func() (*plot.Plot, error) { return plots.Folded(t) }, W: 8 * vg.Inch, H: 6 * vg.Inch})
	}
	figures = append(figures,
		wide("-spectrum", func() (*plot.Plot, error) { return plots.Spectrum(t) }),
		wide("-histogram", func() (*plot.Plot, error) { return plots.Histogram(t) }),
	)
	if t.Genus != nil {
		figures = append(figures, wide("-genus", func() (*plot.Plot, error) { return plots.Genus(t) }))
	}
	return figures
}

// NewSummary summarises the table t, written to files.
func NewSummary(t *sg.Table, files []string) *family.Summary {
	g, a := t.Game, t.Analysis
	s := &family.Summary{
		Outcomes: g.HoldsOutcomes(),
		Play:     map[bool]string{false: "normal", true: "misere"}[g.Misere],
		Values:   g.Quantity(),
		Name:     g.Name,
		Rule:     g.RuleText(),
		Start:    g.Start.String(),
		Heaps:    t.N(),
		MaxSG:    t.MaxG(),
		Seconds:  t.Elapsed.Seconds(),
		Files:    files,
		Status:   a.Status,
		Computed: a.Computed,
		RareMask: a.Rare.Mask,
		Checksum: a.Checksum,
	}
	if a.Rare.Mask != 0 {
		s.RarePos, s.RareCount, s.LastRare = a.Rare.Pos, a.Rare.Count, new(a.Rare.Last)
	} else if b := a.Rare.Best; b.Mask != 0 {
		s.RareBest = &family.RareSplit{Mask: b.Mask, Pos: b.Pos, Count: b.Count}
	}
	if a.Status != sg.None {
		p := a.Period
		s.Period, s.Preperiod, s.Saltus = new(p.Length), new(p.Start), new(p.Saltus)
		if p.Start > 0 {
			s.LastException = new(p.LastException())
		}
		s.ClosedForm = a.ClosedForm
	}
	if a.Status == sg.Proved {
		s.Theorem, s.ProofWindow = a.Proof.Theorem, a.Proof.String()
	}
	for _, w := range t.Warnings {
		s.Warnings = append(s.Warnings, w.Error())
	}
	summarizeRings(s, a)
	if c := t.Genus; c != nil {
		s.Genus, s.TameThrough = c.Words(), new(c.TameThrough())
	}
	rows := ""
	if a.Ring != nil {
		rows = " for the rows"
	}
	if a.Status == sg.None {
		s.Warnings = append(s.Warnings, fmt.Sprintf("no period found%s up to n = %d", rows, t.N()))
	}
	if a.Ring != nil && a.Ring.Status == sg.None {
		s.Warnings = append(s.Warnings, fmt.Sprintf("no period found for the rings up to n = %d", t.N()))
	}
	return s
}

// summarizeRings puts the analysis of the ring values, if any, into s.
func summarizeRings(s *family.Summary, a *sg.Analysis) {
	r := a.Ring
	if r == nil {
		return
	}
	s.RingStatus, s.RingChecksum = r.Status, r.Checksum
	if r.Status != sg.None {
		p := r.Period
		s.RingPeriod, s.RingPreperiod, s.RingSaltus = new(p.Length), new(p.Start), new(p.Saltus)
		s.RingClosedForm = r.ClosedForm
	}
	if r.Status == sg.Proved {
		s.RingTheorem, s.RingProofWindow = r.Proof.Theorem, r.Proof.String()
	}
	if r.MirrorFrom > 0 {
		s.RingLostFrom, s.RingLostTheorem = new(r.MirrorFrom), period.MirrorTheorem
	}
}

// Text writes the summary s of a heap table as run prints it for a reader.
func Text(s *family.Summary) string {
	rule := s.Rule
	if s.Start == "ring" {
		rule += " (ring)"
	}
	largest := fmt.Sprintf("max SG %-7d", s.MaxSG)
	if s.Outcomes {
		largest = fmt.Sprintf("%-14s", "outcomes 0/1") // the largest says nothing
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%-20s %-14s heaps 0..%-10d %s %7.2fs  %s\n",
		s.Name, rule, s.Heaps, largest, s.Seconds, family.FilesPattern(s.Files))
	if s.Outcomes {
		fmt.Fprintf(&b, "    the table holds outcomes, not SG values: 1 when the player to move wins, 0 when that player loses\n")
	}
	if s.Genus != "" {
		fmt.Fprintf(&b, "    genus of each heap: %s\n", s.Genus)
	}
	for _, f := range s.Findings {
		fmt.Fprintf(&b, "    %s\n", f)
	}
	rows := ""
	if s.RingStatus != "" {
		rows = "rows: "
	}
	switch s.Status {
	case sg.None:
		fmt.Fprintf(&b, "    %sno period up to n = %d\n", rows, s.Heaps)
	default:
		fmt.Fprintf(&b, "    %s%s", rows, family.PeriodWords(*s.Period, *s.Saltus, *s.Preperiod))
		if s.Status == sg.Proved {
			fmt.Fprintf(&b, ": proved, %s, window %s", s.Theorem, s.ProofWindow)
			if s.Computed < s.Heaps {
				fmt.Fprintf(&b, "; computed to %d, the rest filled from the period", s.Computed)
			}
		} else {
			fmt.Fprintf(&b, ": observed up to n = %d, not proved", s.Heaps)
		}
		fmt.Fprintf(&b, "\n    %s\n", s.ClosedForm)
	}
	ringText(&b, s)
	// A split that means nothing (rare_best in the JSON) is not printed.
	if s.RareMask != 0 {
		fmt.Fprintf(&b, "    rare values: mask %#x%s, %d %s, the last at n = %d\n", s.RareMask, s.RarePos.Words(), s.RareCount, family.Plural(s.RareCount, "position"), *s.LastRare)
	}
	fmt.Fprintf(&b, "    checksum %s\n", s.Checksum)
	return b.String()
}

// ringText writes the line of s about the rings, for a ring start.
func ringText(b *strings.Builder, s *family.Summary) {
	switch s.RingStatus {
	case "":
	case sg.None:
		fmt.Fprintf(b, "    rings: no period up to n = %d\n", s.Heaps)
	default:
		fmt.Fprintf(b, "    rings: %s", family.PeriodWords(*s.RingPeriod, *s.RingSaltus, *s.RingPreperiod))
		if s.RingStatus == sg.Proved {
			fmt.Fprintf(b, ": proved, %s, window %s", s.RingTheorem, s.RingProofWindow)
		} else {
			fmt.Fprintf(b, ": observed up to n = %d, not proved", s.Heaps)
		}
		fmt.Fprintf(b, "\n    %s\n", s.RingClosedForm)
	}
	if s.RingLostFrom != nil && s.RingTheorem != s.RingLostTheorem {
		fmt.Fprintf(b, "    rings from n = %d on: lost for the player to move (SG_ring = 0), proved: %s\n", *s.RingLostFrom, s.RingLostTheorem)
	}
}
