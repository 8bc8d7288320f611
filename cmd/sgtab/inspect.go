package main

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/sgtab/sgtab/export"
)

const inspectUsage = "sgtab inspect FILE ..."

const inspectExamples = `  sgtab inspect sgtab-out/kayles.parquet     # a table, Parquet or Arrow
  sgtab inspect sgtab-out/summary.parquet    # the summary of a run
`

// runInspect prints what stored tables hold: their format, columns, rows,
// value range and metadata; or, for a run's summary table, its rows.
func runInspect(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("inspect", inspectUsage, inspectExamples, stderr)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return usageError(fs, "no file named")
	}
	for i, path := range fs.Args() {
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		if err := inspect(stdout, path); err != nil {
			return err
		}
	}
	return nil
}

// inspect prints the table or summary table at path.
func inspect(w io.Writer, path string) error {
	if rows, meta, err := export.ReadSummary(path); err == nil {
		return inspectSummary(w, path, rows, meta)
	}
	if lt, meta, err := export.ReadLatticeParquet(path); err == nil {
		lo, hi := lt.G.MinMax(0, lt.G.Len())
		fmt.Fprintf(w, "%s: parquet lattice table, %d rows, columns x (uint32), y (uint32), sg (uint32)\n", path, lt.G.Len())
		fmt.Fprintf(w, "  game    %s, %s, SG(x, y) for 0 ≤ x < %d, 0 ≤ y < %d\n", lt.Game.Name, lt.Game.RuleText(), lt.W, lt.H)
		fmt.Fprintf(w, "  values  %d..%d\n", lo, hi)
		return printMetadata(w, meta)
	}
	t, meta, format, err := export.ReadTable(path)
	if err != nil {
		return err
	}
	cols := "n (uint64), sg (uint32)"
	if t.Ring.Len() > 0 {
		cols += ", sg_ring (uint32)"
	}
	lo, hi := t.G.MinMax(0, t.G.Len())
	fmt.Fprintf(w, "%s: %s table, %d rows, columns %s\n", path, format, t.G.Len(), cols)
	fmt.Fprintf(w, "  game    %s, rule %s, %s start, SG(0..%d)\n", t.Game.Name, t.Game.RuleText(), t.Game.Start, t.N())
	fmt.Fprintf(w, "  values  %d..%d", lo, hi)
	if t.Ring.Len() > 0 {
		rlo, rhi := t.Ring.MinMax(0, t.Ring.Len())
		fmt.Fprintf(w, "; ring %d..%d", rlo, rhi)
	}
	fmt.Fprintln(w)
	return printMetadata(w, meta)
}

// printMetadata prints a table's key/value metadata, the config as its
// number of lines.
func printMetadata(w io.Writer, meta map[string]string) error {
	fmt.Fprintln(w, "  metadata")
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for _, k := range slices.Sorted(maps.Keys(meta)) {
		v := meta[k]
		if k == export.KeyConfig {
			v = fmt.Sprintf("(%d lines of YAML)", strings.Count(strings.TrimSuffix(v, "\n"), "\n")+1)
		}
		fmt.Fprintf(tw, "    %s\t%s\n", k, v)
	}
	return tw.Flush()
}

// inspectSummary prints the rows of a summary table.
func inspectSummary(w io.Writer, path string, rows []export.Summary, meta map[string]string) error {
	fmt.Fprintf(w, "%s: summary of %d %s, written by sgtab %s\n", path, len(rows), plural(len(rows), "game"), meta[export.KeyVersion])
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
