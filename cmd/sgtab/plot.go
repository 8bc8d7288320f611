package main

import (
	"context"
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
`

// runPlot draws the plots of stored tables, reading them back instead of
// computing them again.
func runPlot(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("plot", plotUsage, plotExamples, stderr)
	format := fs.String("format", "png", "draw as `FORMAT`: png or svg")
	out := fs.String("out", "", "write the plots into `DIR`; default: beside each table")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *format != "png" && *format != "svg" {
		return usageError(fs, "-format must be png or svg (got %q)", *format)
	}
	if fs.NArg() == 0 {
		return usageError(fs, "no table named")
	}
	if *out != "" {
		if err := os.MkdirAll(*out, 0o755); err != nil {
			return fmt.Errorf("create output directory: %w", err)
		}
	}
	for _, path := range fs.Args() {
		dir := *out
		if dir == "" {
			dir = filepath.Dir(path)
		}
		var files []string
		if lt, _, err := export.ReadLatticeParquet(path); err == nil {
			p, err := plots.Heatmap(lt)
			if err != nil {
				return err
			}
			file := filepath.Join(dir, lt.Game.Name+"."+*format)
			if err := plots.Save(p, 7*vg.Inch, 7*vg.Inch, *format, file); err != nil {
				return err
			}
			fmt.Fprintf(stdout, "%s: %s\n", path, file)
			continue
		}
		t, _, _, err := export.ReadTable(path)
		if err != nil {
			return err
		}
		t.Analysis = compute.Analyze(t)
		files, err = writePlots(t, dir, *format)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s: %s\n", path, strings.Join(files, " "))
	}
	return nil
}

// writePlots draws the plots of t into dir as format and returns their
// paths: SG(n) against n (NAME), and for a ring start the ring values
// (NAME-ring); the table folded by its period (NAME-folded), when it has
// one short enough to fold; the period spectrum (NAME-spectrum); and the
// value histogram (NAME-histogram).
func writePlots(t *compute.Table, dir, format string) ([]string, error) {
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
	var files []string
	for _, f := range figures {
		p, err := f.make()
		if err != nil {
			return nil, err
		}
		path := filepath.Join(dir, t.Game.Name+f.suffix+"."+format)
		if err := plots.Save(p, f.w, f.h, format, path); err != nil {
			return nil, err
		}
		files = append(files, path)
	}
	return files, nil
}
