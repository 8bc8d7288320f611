package export

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/sgtab/sgtab/compute/period"
	"github.com/sgtab/sgtab/compute/sg"
)

// A Description is what a stored file holds, as sgtab inspect prints it
// (one JSON object per file with -json): its format, kind, columns, rows,
// value range, metadata, and for a summary its rows.
type Description struct {
	Path    string            `json:"path"`
	Format  string            `json:"format"`
	Kind    Kind              `json:"kind"`
	Rows    int               `json:"rows"`
	Columns []string          `json:"columns"`
	Game    string            `json:"game,omitempty"`
	Rule    string            `json:"rule,omitempty"`
	Min     *uint32           `json:"min,omitempty"`
	Max     *uint32           `json:"max,omitempty"`
	Foreign bool              `json:"foreign,omitempty"`
	Signed  bool              `json:"signed"`             // with the user's key (File.Signed): set by the caller
	Checked string            `json:"verified,omitempty"` // what a check of every value checked: set by the caller
	Summary []Summary         `json:"summary,omitempty"`
	Meta    map[string]string `json:"metadata"`
}

// Describe returns the description of the file f read from path.
func Describe(path string, f *File) Description {
	in := Description{Path: path, Format: f.Format, Kind: f.Kind, Meta: f.Meta, Foreign: f.Foreign,
		Game: f.Meta[KeyName], Rule: f.Meta[KeyRule]}
	span := func(lo, hi uint32) { in.Min, in.Max = &lo, &hi }
	switch f.Kind {
	case KindTable, KindCheckpoint:
		t := f.Table
		names, _ := valueColumns(t)
		in.Rows, in.Columns = t.G.Len(), append([]string{colN}, names...)
		if t.Loopy != nil {
			in.Columns = append(in.Columns, colFiniteFollowers)
		}
		span(t.G.MinMax(0, t.G.Len()))
	case KindLattice:
		in.Rows, in.Columns = f.Lattice.G.Len(), []string{"x", "y", "sg"}
		span(f.Lattice.G.MinMax(0, f.Lattice.G.Len()))
	case KindGraph:
		in.Rows, in.Columns = f.Graph.Nodes(), []string{"node", "sg"}
		if f.Graph.Loopy != nil {
			in.Columns = append(in.Columns, colFiniteFollowers)
		}
		if f.Graph.Moves != nil {
			in.Columns = append(in.Columns, colMove)
		}
		span(f.Graph.G.MinMax(0, f.Graph.Nodes()))
	case KindRare:
		in.Rows, in.Columns = len(f.Rare.N), []string{"n", "sg"}
		if len(f.Rare.Values) > 0 {
			span(slices.Min(f.Rare.Values), slices.Max(f.Rare.Values))
		}
	case KindSummary:
		in.Rows, in.Summary = len(f.Summary), f.Summary
		in.Columns = []string{"name", "rule", "start", "heaps", "status", "period", "preperiod", "saltus",
			"max_sg", "rare_mask", "rare_count", "checksum", "seconds"}
	case KindCensus:
		in.Rows = len(f.Census)
		in.Columns = []string{"name", "rule", "family", "start", "play", "status", "period", "preperiod", "saltus",
			"last_exception", "heaps", "max_sg", "max_sg_at", "rare_mask", "rare_count", "last_rare", "checksum",
			"seconds", "first_values", "shift", "class", "class_key", "class_size", "representative", "class_offset",
			"rare_pos", "ring_status", "ring_period", "ring_preperiod", "ring_saltus"}
	case KindBoards:
		in.Rows = len(f.Boards)
		for _, c := range boardColumns {
			in.Columns = append(in.Columns, c.Name)
		}
	case KindSearchCheckpoint:
		in.Rows = len(f.Search)
		for _, c := range searchColumns {
			in.Columns = append(in.Columns, c.Name)
		}
	case KindQuotient:
		in.Rows = f.Quotient.Order
		in.Columns = []string{"element", "word", "is_p", "heaps", "times"}
	case KindQuotientCensus:
		in.Rows = len(f.Quotients)
		for _, c := range quotientCensusColumns {
			in.Columns = append(in.Columns, c.Name)
		}
	}
	return in
}

// Text returns the description in of the file f for a reader.
func (in Description) Text(f *File) string {
	var b strings.Builder
	in.write(&b, f)
	return b.String()
}

// write writes the description in of the file f for a reader to w.
func (in Description) write(w *strings.Builder, f *File) {
	switch f.Kind {
	case KindSummary:
		describeSummary(w, in.Path, f.Summary, f.Meta)
		return
	case KindCensus:
		describeCensus(w, in.Path, f)
		return
	case KindQuotient:
		describeQuotient(w, in.Path, f)
		return
	case KindQuotientCensus:
		describeQuotientCensus(w, in.Path, f)
		return
	case KindBoards:
		describeBoards(w, in.Path, f)
		return
	case KindSearchCheckpoint:
		describeSearch(w, in.Path, f)
		return
	case KindLattice:
		lt := f.Lattice
		fmt.Fprintf(w, "%s: %s lattice table, %d %s, columns x, y, sg\n", in.Path, in.Format, in.Rows, plural(in.Rows, "row"))
		fmt.Fprintf(w, "  game    %s, %s, SG(x, y) for 0 ≤ x < %d, 0 ≤ y < %d\n", lt.Game.Name, lt.Game.RuleText(), lt.W, lt.H)
	case KindGraph:
		gt := f.Graph
		what := "SG of every node"
		if gt.Game.Graph.Play != "" {
			what = "outcome from every start node (1: the player to move wins)"
		}
		if gt.Loopy != nil {
			what = "generalized SG of every node (sg null at ∞(K), K in finite_followers)"
		}
		fmt.Fprintf(w, "%s: %s table of a game on a graph, %d %s, columns %s\n", in.Path, in.Format, in.Rows, plural(in.Rows, "row"), strings.Join(in.Columns, ", "))
		fmt.Fprintf(w, "  game    %s, %s: %d %s, %d %s, %s\n", gt.Game.Name, in.Rule, gt.Nodes(), plural(gt.Nodes(), "node"), gt.Edges, plural(int(min(gt.Edges, 2)), "edge"), what)
	case KindRare:
		r := f.Rare
		fmt.Fprintf(w, "%s: %s table of rare positions, %d %s, columns n, sg\n", in.Path, in.Format, in.Rows, plural(in.Rows, "row"))
		fmt.Fprintf(w, "  game    %s, rule %s: the positions 0 ≤ n ≤ %d whose value is rare under the mask %#x%s\n", r.Game.Name, in.Rule, r.Heaps, r.Split.Mask, r.Split.Pos.Words())
	default:
		t := f.Table
		what := "table"
		if f.Kind == KindCheckpoint {
			what = "checkpoint"
		}
		fmt.Fprintf(w, "%s: %s %s, %d %s, columns %s\n", in.Path, in.Format, what, in.Rows, plural(in.Rows, "row"), strings.Join(in.Columns, ", "))
		if f.Foreign {
			fmt.Fprintf(w, "  game    unknown: no sgtab metadata; the values are read as they are, unverified, SG(0..%d)\n", t.N())
		} else {
			fmt.Fprintf(w, "  game    %s, rule %s, %s start, SG(0..%d)\n", t.Game.Name, t.Game.RuleText(), t.Game.Start, t.N())
		}
		if a := t.Analysis; a != nil {
			fmt.Fprintf(w, "  period  %s\n", periodText(a))
			if r := a.Ring; r != nil {
				fmt.Fprintf(w, "  rings   %s\n", ringText(r))
			}
		}
		if t.Genus != nil {
			fmt.Fprintf(w, "  genus   %s\n", t.Genus.Words())
		}
	}
	describeClassical(w, f.Meta)
	if in.Min != nil {
		fmt.Fprintf(w, "  values  %d..%d", *in.Min, *in.Max)
		if f.Kind == KindTable && f.Table.Ring.Len() > 0 {
			rlo, rhi := f.Table.Ring.MinMax(0, f.Table.Ring.Len())
			fmt.Fprintf(w, "; ring %d..%d", rlo, rhi)
		}
		fmt.Fprintln(w)
	}
	signed := ""
	if in.Signed {
		signed = "; signed with your key"
	}
	switch {
	case in.Checked != "":
		fmt.Fprintf(w, "  verified: checksums, and %s%s\n", in.Checked, signed)
	case f.Kind == KindRare:
		fmt.Fprintf(w, "  verified: the rows' checksum, and each value rare under the mask\n")
	case f.Kind == KindTable && !f.Foreign, f.Kind == KindLattice, f.Kind == KindCheckpoint:
		fmt.Fprintf(w, "  verified: checksums, and the first values against the rule%s\n", signed)
	}
	describeMetadata(w, f.Meta, in.Signed)
}

// describeMetadata writes a table's key/value metadata, the config as its
// number of lines and the MAC as whether it is signed (with the user's
// key: signed).
func describeMetadata(w io.Writer, meta map[string]string, signed bool) {
	if len(meta) == 0 {
		return
	}
	fmt.Fprintln(w, "  metadata")
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for _, k := range slices.Sorted(maps.Keys(meta)) {
		v := meta[k]
		switch {
		case k == KeyConfig || k == KeySweep:
			v = fmt.Sprintf("(%d lines of YAML)", strings.Count(strings.TrimSuffix(v, "\n"), "\n")+1)
		case k == KeyMAC && signed:
			v = "(HMAC-SHA256) signed with your key"
		case k == KeyMAC:
			v = "(HMAC-SHA256) not signed with your key"
		}
		fmt.Fprintf(tw, "    %s\t%s\n", k, v)
	}
	tw.Flush() // into a strings.Builder: no error
}

// describeSummary writes the rows of a summary table.
func describeSummary(w io.Writer, path string, rows []Summary, meta map[string]string) {
	fmt.Fprintf(w, "%s: summary of %d %s, written by sgtab %s\n", path, len(rows), plural(len(rows), "game"), meta[KeyVersion])
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "  name\trule\tstart\theaps\tstatus\tperiod\tpreperiod\tsaltus\tmax SG\trare\tchecksum\ttime")
	for _, r := range rows {
		period, pre, saltus := "-", "-", "-"
		if r.Status != "none" {
			period, pre, saltus = fmt.Sprint(r.Period), fmt.Sprint(r.Preperiod), fmt.Sprint(r.Saltus)
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%d\t%s\t%s\t%s\t%s\t%d\t%d\t%s\t%.2fs\n", r.Name, r.Rule, r.Start, r.Heaps,
			r.Status, period, pre, saltus, r.MaxSG, r.RareCount, r.Checksum, r.Seconds)
	}
	tw.Flush() // into a strings.Builder: no error
}

// periodText states a table's period and its standing in a few words.
func periodText(a *sg.Analysis) string {
	if a.Status == sg.None {
		return "none found"
	}
	p := a.Period
	s := fmt.Sprintf("%d from n = %d", p.Length, p.Start)
	if p.Saltus > 0 {
		s += fmt.Sprintf(", saltus %d", p.Saltus)
	}
	if a.Status == sg.Proved {
		return s + fmt.Sprintf(", proved (%s, window %s)", a.Proof.Theorem, a.Proof)
	}
	return s + ", observed, not proved"
}

// ringText says what the analysis r of a table's ring values found: their
// period as periodText says it, and the mirror strategy's bound.
func ringText(r *sg.RingAnalysis) string {
	s := periodText(&sg.Analysis{Status: r.Status, Period: r.Period, Proof: r.Proof})
	if r.MirrorFrom > 0 && r.Proof.Theorem != period.MirrorTheorem {
		s += fmt.Sprintf("; every ring from n = %d on lost, proved (%s)", r.MirrorFrom, period.MirrorTheorem)
	}
	return s
}

// describeCensus writes what a sweep's census holds: its games by status
// and its classes, then the metadata but the sweep config.
func describeCensus(w io.Writer, path string, f *File) {
	status := map[sg.Status]int{}
	classes := map[string]bool{}
	for _, r := range f.Census {
		status[r.Status]++
		classes[r.Class] = true
	}
	fmt.Fprintf(w, "%s: %s census of a sweep, %d games, shard %s, written by sgtab %s\n", path, f.Format, len(f.Census), f.Meta[KeyShard], f.Meta[KeyVersion])
	fmt.Fprintf(w, "  games   %d proved, %d observed, %d with no period found up to %s; %d classes\n",
		status[sg.Proved], status[sg.Observed], status[sg.None], f.Meta[KeyHeaps], len(classes))
	fmt.Fprintf(w, "  verified: the rows' checksum\n")
	describeMetadata(w, f.Meta, false)
}

// plural returns word, with an s when n is not 1.
func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
