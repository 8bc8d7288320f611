package sweep

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/rules"
)

// Describe says what the sweep s is, as sgtab validate prints it: where
// it is, how many games it expands to and how many of them are computed
// (the plan of its whole sweep, NewPlan), then the sweep written
// canonically, indented.
func Describe(s *rules.Sweep) (string, error) {
	p, err := NewPlan(s, -1, -1, All)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s:%d: sweep of %d %s (%d computed", s.File, s.Line, len(p.Games), plural(len(p.Games), "game"), len(p.Jobs))
	if p.Skipped > 0 {
		fmt.Fprintf(&b, "; %d misère %s of games on a ring start left out", p.Skipped, plural(p.Skipped, "variant"))
	}
	fmt.Fprintln(&b, ")")
	for line := range strings.Lines(s.String()) {
		fmt.Fprintf(&b, "    %s", line)
	}
	return b.String(), nil
}

// Report says what a sweep of the plan p found, its census rows, written
// to path in the time took, under the title what, as sgtab sweep and merge
// print it: counts by status, the classes, the longest preperiods and
// periods, and the games still open (these three by one game of each
// class, its representative).
func Report(what string, rows []export.CensusRow, p *Plan, path string, took time.Duration) string {
	var b strings.Builder
	status := map[sg.Status]int{}
	for _, r := range rows {
		status[r.Status]++
	}
	mode := fmt.Sprintf("to %d", p.N)
	if p.Auto {
		mode = fmt.Sprintf("until proved, or to %d", p.N)
	}
	fmt.Fprintf(&b, "%s of %d %s (%d computed, %s) in %.2fs: %s\n", what, len(rows), plural(len(rows), "game"), len(p.Jobs), mode, took.Seconds(), path)
	if p.Skipped > 0 {
		fmt.Fprintf(&b, "  %d misère %s left out: they start on a ring, and misère play is computed from a line only\n", p.Skipped, plural(p.Skipped, "variant"))
	}
	fmt.Fprintf(&b, "  %d proved, %d observed, %d with no period found\n", status[sg.Proved], status[sg.Observed], status[sg.None])
	reportClasses(&b, rows)
	top := func(what string, key func(export.CensusRow) int) {
		var periodic []export.CensusRow
		for _, r := range rows {
			if r.Status != sg.None && r.Name == r.Representative {
				periodic = append(periodic, r)
			}
		}
		slices.SortFunc(periodic, func(a, b export.CensusRow) int {
			return cmp.Or(cmp.Compare(key(b), key(a)), cmp.Compare(a.Name, b.Name))
		})
		var items []string
		for _, r := range periodic[:min(len(periodic), 5)] {
			items = append(items, fmt.Sprintf("%s %d (%s)", r.Name, key(r), r.Status))
		}
		if len(items) > 0 {
			fmt.Fprintf(&b, "  longest %s, a game of each class: %s\n", what, strings.Join(items, ", "))
		}
	}
	top("preperiods", func(r export.CensusRow) int { return r.Preperiod })
	top("periods", func(r export.CensusRow) int { return r.Period })
	var open []string
	for _, r := range rows {
		if r.Status == sg.None && r.Name == r.Representative {
			open = append(open, r.Name)
		}
	}
	if len(open) > 0 {
		classes := map[bool]string{false: "classes", true: "class"}[len(open) == 1]
		fmt.Fprintf(&b, "  open at n = %d (no period found): %d %s in %d %s, whose representatives are %s\n",
			p.N, status[sg.None], plural(status[sg.None], "game"), len(open), classes, listShort(open, 20))
	}
	return b.String()
}

// reportClasses says how many classes the rows fall into, and names the
// ten largest of more than one game with their games.
func reportClasses(b *strings.Builder, rows []export.CensusRow) {
	classes := map[string][]export.CensusRow{}
	for _, r := range rows {
		classes[r.Class] = append(classes[r.Class], r)
	}
	var big [][]export.CensusRow
	for _, c := range classes {
		if len(c) > 1 {
			big = append(big, c)
		}
	}
	slices.SortFunc(big, func(a, b []export.CensusRow) int {
		return cmp.Or(cmp.Compare(len(b), len(a)), cmp.Compare(a[0].Representative, b[0].Representative))
	})
	fmt.Fprintf(b, "  %d classes of equal values; %d with more than one game\n", len(classes), len(big))
	for _, c := range big[:min(len(big), 10)] {
		var names []string
		for _, r := range c {
			n := r.Name
			if r.ClassOffset > 0 {
				n += fmt.Sprintf(" (+%d)", r.ClassOffset)
			}
			names = append(names, n)
		}
		fmt.Fprintf(b, "    %s: %s\n", c[0].Class, listShort(names, 8))
	}
}

// listShort joins up to most items, and says how many more there are.
func listShort(items []string, most int) string {
	if len(items) <= most {
		return strings.Join(items, ", ")
	}
	return strings.Join(items[:most], ", ") + fmt.Sprintf(", … and %d more", len(items)-most)
}

// plural returns word, with an s when n is not 1.
func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
