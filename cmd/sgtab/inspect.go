package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/family/heap"
)

const inspectUsage = "sgtab inspect [-json] [-verify] FILE ..."

const inspectExamples = `  sgtab inspect sgtab-out/kayles.parquet       # a table, Parquet, Arrow or CSV
  sgtab inspect sgtab-out/summary.parquet      # the summary of a run
  sgtab inspect -json sgtab-out/*.parquet      # every file, one JSON object each
  sgtab inspect -verify table.parquet          # and every value against its options
`

// An inspection is what inspect -json prints of one file.
type inspection struct {
	Path    string            `json:"path"`
	Format  string            `json:"format"`
	Kind    export.Kind       `json:"kind"`
	Rows    int               `json:"rows"`
	Columns []string          `json:"columns"`
	Game    string            `json:"game,omitempty"`
	Rule    string            `json:"rule,omitempty"`
	Min     *uint32           `json:"min,omitempty"`
	Max     *uint32           `json:"max,omitempty"`
	Foreign bool              `json:"foreign,omitempty"`
	Signed  bool              `json:"signed"`             // with the user's key (export.File.Signed)
	Checked string            `json:"verified,omitempty"` // what -verify checked
	Summary []export.Summary  `json:"summary,omitempty"`
	Meta    map[string]string `json:"metadata"`
}

// runInspect prints what stored files hold: their format, kind, columns,
// rows, value range and metadata; for a run's summary, its rows. Every file
// is verified as it is read (export.Read), and with -verify every value
// against its options (verifyFile).
func runInspect(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("inspect", inspectUsage, inspectExamples, stdout, stderr)
	asJSON := fs.Bool("json", false, "print one JSON object per file per line")
	verify := fs.Bool("verify", false, "check every value of a table against its options (as long as computing it), with no bound on the work")
	args, err := fs.parse(args)
	if err != nil {
		return err
	}
	if len(args) == 0 {
		return fs.usageError("no file named")
	}
	enc := json.NewEncoder(stdout)
	key, _ := family.LoadKey(false) // none: no file is signed with it
	opt := export.ReadOptions{}
	if *verify {
		opt.Budget = -1
	}
	for i, path := range args {
		f, err := export.ReadContext(ctx, path, opt)
		if err != nil {
			return err
		}
		in := describeFile(path, f)
		in.Signed = f.Signed(key)
		if *verify {
			if in.Checked, err = verifyFile(ctx, f, 0, stderr); err != nil {
				return fmt.Errorf("%s: %w", path, err)
			}
		}
		if *asJSON {
			if err := enc.Encode(in); err != nil {
				return err
			}
			continue
		}
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		if err := printInspection(stdout, in, f); err != nil {
			return err
		}
	}
	return nil
}

// describeFile returns what inspect says of the file f read from path.
func describeFile(path string, f *export.File) inspection {
	in := inspection{Path: path, Format: f.Format, Kind: f.Kind, Meta: f.Meta, Foreign: f.Foreign,
		Game: f.Meta[export.KeyName], Rule: f.Meta[export.KeyRule]}
	span := func(lo, hi uint32) { in.Min, in.Max = &lo, &hi }
	switch f.Kind {
	case export.KindTable, export.KindCheckpoint:
		t := f.Table
		in.Rows, in.Columns = t.G.Len(), []string{"n", "sg"}
		if t.Ring.Len() > 0 {
			in.Columns = append(in.Columns, "sg_ring")
		}
		span(t.G.MinMax(0, t.G.Len()))
	case export.KindLattice:
		in.Rows, in.Columns = f.Lattice.G.Len(), []string{"x", "y", "sg"}
		span(f.Lattice.G.MinMax(0, f.Lattice.G.Len()))
	case export.KindGraph:
		in.Rows, in.Columns = f.Graph.Nodes(), []string{"node", "sg"}
		span(f.Graph.G.MinMax(0, f.Graph.Nodes()))
	case export.KindRare:
		in.Rows, in.Columns = len(f.Rare.N), []string{"n", "sg"}
		if len(f.Rare.Values) > 0 {
			span(slices.Min(f.Rare.Values), slices.Max(f.Rare.Values))
		}
	case export.KindSummary:
		in.Rows, in.Summary = len(f.Summary), f.Summary
		in.Columns = []string{"name", "rule", "start", "heaps", "status", "period", "preperiod", "saltus",
			"max_sg", "rare_mask", "rare_count", "checksum", "seconds"}
	case export.KindCensus:
		in.Rows = len(f.Census)
		in.Columns = []string{"name", "rule", "family", "start", "play", "status", "period", "preperiod", "saltus",
			"last_exception", "heaps", "max_sg", "max_sg_at", "rare_mask", "rare_count", "last_rare", "checksum",
			"seconds", "first_values", "shift", "class", "class_key", "class_size", "representative", "class_offset",
			"rare_pos", "ring_status", "ring_period", "ring_preperiod", "ring_saltus"}
	}
	return in
}

// printInspection prints in for a reader.
func printInspection(w io.Writer, in inspection, f *export.File) error {
	switch f.Kind {
	case export.KindSummary:
		return inspectSummary(w, in.Path, f.Summary, f.Meta)
	case export.KindCensus:
		return inspectCensus(w, in.Path, f)
	case export.KindLattice:
		lt := f.Lattice
		fmt.Fprintf(w, "%s: %s lattice table, %d %s, columns x, y, sg\n", in.Path, in.Format, in.Rows, family.Plural(in.Rows, "row"))
		fmt.Fprintf(w, "  game    %s, %s, SG(x, y) for 0 ≤ x < %d, 0 ≤ y < %d\n", lt.Game.Name, lt.Game.RuleText(), lt.W, lt.H)
	case export.KindGraph:
		gt := f.Graph
		fmt.Fprintf(w, "%s: %s table of a game on a graph, %d %s, columns node, sg\n", in.Path, in.Format, in.Rows, family.Plural(in.Rows, "row"))
		fmt.Fprintf(w, "  game    %s, %s: %d %s, %d %s, SG of every node\n", gt.Game.Name, in.Rule, gt.Nodes(), family.Plural(gt.Nodes(), "node"), gt.Edges, family.Plural(int(min(gt.Edges, 2)), "edge"))
	case export.KindRare:
		r := f.Rare
		fmt.Fprintf(w, "%s: %s table of rare positions, %d %s, columns n, sg\n", in.Path, in.Format, in.Rows, family.Plural(in.Rows, "row"))
		fmt.Fprintf(w, "  game    %s, rule %s: the positions 0 ≤ n ≤ %d whose value is rare under the mask %#x%s\n", r.Game.Name, in.Rule, r.Heaps, r.Split.Mask, heap.ParityWords(r.Split.Pos))
	default:
		t := f.Table
		what := "table"
		if f.Kind == export.KindCheckpoint {
			what = "checkpoint"
		}
		fmt.Fprintf(w, "%s: %s %s, %d %s, columns %s\n", in.Path, in.Format, what, in.Rows, family.Plural(in.Rows, "row"), strings.Join(in.Columns, ", "))
		if f.Foreign {
			fmt.Fprintf(w, "  game    unknown: no sgtab metadata; the values are read as they are, unverified, SG(0..%d)\n", t.N())
		} else {
			fmt.Fprintf(w, "  game    %s, rule %s, %s start, SG(0..%d)\n", t.Game.Name, t.Game.RuleText(), t.Game.Start, t.N())
		}
		if a := t.Analysis; a != nil {
			fmt.Fprintf(w, "  period  %s\n", periodText(a))
		}
	}
	if in.Min != nil {
		fmt.Fprintf(w, "  values  %d..%d", *in.Min, *in.Max)
		if f.Kind == export.KindTable && f.Table.Ring.Len() > 0 {
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
	case f.Kind == export.KindRare:
		fmt.Fprintf(w, "  verified: the rows' checksum, and each value rare under the mask\n")
	case f.Kind == export.KindTable && !f.Foreign, f.Kind == export.KindLattice, f.Kind == export.KindCheckpoint:
		fmt.Fprintf(w, "  verified: checksums, and the first values against the rule%s\n", signed)
	}
	return printMetadata(w, f.Meta, in.Signed)
}

// printMetadata prints a table's key/value metadata, the config as its
// number of lines and the MAC as whether it is signed (with the user's
// key: signed).
func printMetadata(w io.Writer, meta map[string]string, signed bool) error {
	if len(meta) == 0 {
		return nil
	}
	fmt.Fprintln(w, "  metadata")
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for _, k := range slices.Sorted(maps.Keys(meta)) {
		v := meta[k]
		switch {
		case k == export.KeyConfig || k == export.KeySweep:
			v = fmt.Sprintf("(%d lines of YAML)", strings.Count(strings.TrimSuffix(v, "\n"), "\n")+1)
		case k == export.KeyMAC && signed:
			v = "(HMAC-SHA256) signed with your key"
		case k == export.KeyMAC:
			v = "(HMAC-SHA256) not signed with your key"
		}
		fmt.Fprintf(tw, "    %s\t%s\n", k, v)
	}
	return tw.Flush()
}

// inspectSummary prints the rows of a summary table.
func inspectSummary(w io.Writer, path string, rows []export.Summary, meta map[string]string) error {
	fmt.Fprintf(w, "%s: summary of %d %s, written by sgtab %s\n", path, len(rows), family.Plural(len(rows), "game"), meta[export.KeyVersion])
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
	return tw.Flush()
}

// periodText states a table's period and its standing in a few words.
func periodText(a *compute.Analysis) string {
	if a.Status == compute.None {
		return "none found"
	}
	p := a.Period
	s := fmt.Sprintf("%d from n = %d", p.Length, p.Start)
	if p.Saltus > 0 {
		s += fmt.Sprintf(", saltus %d", p.Saltus)
	}
	if a.Status == compute.Proved {
		return s + fmt.Sprintf(", proved (%s, window %s)", a.Proof.Theorem, a.Proof)
	}
	return s + ", observed, not proved"
}

// inspectCensus prints what a sweep's census holds: its games by status
// and its classes, then the metadata but the sweep config.
func inspectCensus(w io.Writer, path string, f *export.File) error {
	status := map[compute.Status]int{}
	classes := map[string]bool{}
	for _, r := range f.Census {
		status[r.Status]++
		classes[r.Class] = true
	}
	fmt.Fprintf(w, "%s: %s census of a sweep, %d games, shard %s, written by sgtab %s\n", path, f.Format, len(f.Census), f.Meta[export.KeyShard], f.Meta[export.KeyVersion])
	fmt.Fprintf(w, "  games   %d proved, %d observed, %d with no period found up to %s; %d classes\n",
		status[compute.Proved], status[compute.Observed], status[compute.None], f.Meta[export.KeyHeaps], len(classes))
	fmt.Fprintf(w, "  verified: the rows' checksum\n")
	return printMetadata(w, f.Meta, false)
}

// verifyFile checks every value of the stored file f against its game
// (the work of inspect -verify: its family's Verify), on workers workers
// with a progress bar on stderr, and says what it checked; an error names
// the first wrong value, or says why the file cannot be checked. Files
// that are not tables have nothing to check.
func verifyFile(ctx context.Context, f *export.File, workers int, stderr io.Writer) (string, error) {
	g, ok := f.Game()
	if !ok {
		return "", nil
	}
	fam, err := family.For(g)
	if err != nil {
		return "", err
	}
	if f.Table == nil {
		return fam.Verify(ctx, f, workers, family.NoMeter)
	}
	bar := newTask(stderr, int64(f.Table.N()+1), "verifying "+g.Name)
	defer bar.finish()
	return fam.Verify(ctx, f, workers, bar)
}
