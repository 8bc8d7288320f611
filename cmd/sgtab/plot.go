package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/plots"
)

const plotUsage = "sgtab plot [-format png|svg] [-out DIR] TABLE ..."

const plotExamples = `  sgtab plot sgtab-out/kayles.parquet            # redraw a stored table's plots
  sgtab plot -format svg -out figs t.arrow        # as SVG, into figs/
  sgtab plot sgtab-out/*.parquet                  # every table of a run (other files are skipped)
`

// runPlot draws the plots of stored tables, reading them back (verified)
// instead of computing them again. A file that is not a table (a summary,
// rare positions) is skipped with a note; a file that cannot be read is an
// error, after the others are drawn.
func runPlot(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("plot", plotUsage, plotExamples, stdout, stderr)
	format := fs.String("format", "png", "draw as `FORMAT`: png or svg")
	out := fs.String("out", "", "write the plots into `DIR`; default: beside each table")
	args, err := fs.parse(args)
	if err != nil {
		return err
	}
	if *format != "png" && *format != "svg" {
		return fs.usageError("-format must be png or svg (got %q)", *format)
	}
	if len(args) == 0 {
		return fs.usageError("no table named")
	}
	if *out != "" {
		if err := os.MkdirAll(*out, 0o755); err != nil {
			return fmt.Errorf("create output directory: %w", err)
		}
	}
	var errs []error
	for _, path := range args {
		dir := *out
		if dir == "" {
			dir = filepath.Dir(path)
		}
		files, notes, err := plotFile(ctx, path, dir, *format)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		for _, n := range notes {
			fmt.Fprintf(stderr, "sgtab: note: %s: %s\n", path, n)
		}
		if len(files) > 0 {
			fmt.Fprintf(stdout, "%s: %s\n", path, strings.Join(files, " "))
		}
	}
	return errors.Join(errs...)
}

// plotFile draws the plots of the stored file path into dir, and returns
// their paths and notes on what it did not draw.
func plotFile(ctx context.Context, path, dir, format string) (files, notes []string, err error) {
	f, err := export.ReadContext(ctx, path, export.ReadOptions{})
	if err != nil {
		return nil, nil, err
	}
	switch f.Kind {
	case export.KindLattice:
		file, err := writeHeatmap(f.Lattice, dir, format)
		if err != nil {
			return nil, nil, err
		}
		return []string{file}, nil, nil
	case export.KindTable:
		files, notes, err := writePlots(f.Table, dir, format)
		if f.Foreign {
			notes = append(notes, "unverified: it has no sgtab metadata, so its values are drawn as they are")
		}
		return files, notes, err
	case export.KindGraph:
		file, err := writeGraphHistogram(f.Graph, dir, format)
		if err != nil {
			return nil, nil, err
		}
		return []string{file}, nil, nil
	}
	return nil, []string{kindNote(f) + ": skipped"}, nil
}

// writeGraphHistogram draws the histogram of a game on a graph's values
// into dir as format.
func writeGraphHistogram(t *compute.GraphTable, dir, format string) (string, error) {
	p, err := plots.GraphHistogram(t)
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, t.Game.Name+"-histogram."+format)
	return path, savePlot(p, 8*vg.Inch, 4*vg.Inch, format, path)
}

// writeHeatmap draws the heat map of a lattice table into dir as format.
func writeHeatmap(t *compute.LatticeTable, dir, format string) (string, error) {
	p, err := plots.Heatmap(t)
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, t.Game.Name+"."+format)
	return path, savePlot(p, 7*vg.Inch, 7*vg.Inch, format, path)
}

// savePlot draws p at the given size into the file path as format ("png"
// or "svg"), written whole or not at all (export.WriteFile).
func savePlot(p *plot.Plot, width, height vg.Length, format, path string) error {
	wt, err := p.WriterTo(width, height, format)
	if err != nil {
		return fmt.Errorf("draw %s: %w", path, err)
	}
	if err := export.WriteFile(path, func(w io.Writer) error {
		_, err := wt.WriteTo(w)
		return err
	}); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// writePlots draws the plots of t into dir as format and returns their
// paths: SG(n) against n (NAME), and for a ring start the ring values
// (NAME-ring); the table folded by its period (NAME-folded), when it has
// one short enough to fold; the period spectrum (NAME-spectrum); and the
// value histogram (NAME-histogram). A plot the table is too small (or too
// irregular) to draw is left out, and a note says why.
func writePlots(t *compute.Table, dir, format string) (files, notes []string, err error) {
	type figure struct {
		suffix string
		make   func() (*plot.Plot, error)
		w, h   vg.Length
	}
	figures := []figure{
		{"", func() (*plot.Plot, error) { return plots.Grundy(t, plots.Options{}) }, 8 * vg.Inch, 4 * vg.Inch},
	}
	if t.Ring.Len() > 0 {
		figures = append(figures, figure{"-ring", func() (*plot.Plot, error) { return plots.Grundy(t, plots.Options{Ring: true}) }, 8 * vg.Inch, 4 * vg.Inch})
	}
	if a := t.Analysis; a != nil && a.Status != compute.None && a.Period.Length <= plots.MaxFoldColumns {
		figures = append(figures, figure{"-folded", func() (*plot.Plot, error) { return plots.Folded(t) }, 8 * vg.Inch, 6 * vg.Inch})
	}
	figures = append(figures,
		figure{"-spectrum", func() (*plot.Plot, error) { return plots.Spectrum(t) }, 8 * vg.Inch, 4 * vg.Inch},
		figure{"-histogram", func() (*plot.Plot, error) { return plots.Histogram(t) }, 8 * vg.Inch, 4 * vg.Inch},
	)
	for _, f := range figures {
		path := filepath.Join(dir, t.Game.Name+f.suffix+"."+format)
		p, err := f.make()
		if err != nil {
			// The plots refuse only tables they cannot show (too few
			// values, no period to fold by): not a failure of the run.
			notes = append(notes, fmt.Sprintf("%s not drawn: %v", filepath.Base(path), err))
			continue
		}
		if err := savePlot(p, f.w, f.h, format, path); err != nil {
			return nil, nil, err
		}
		files = append(files, path)
	}
	return files, notes, nil
}
