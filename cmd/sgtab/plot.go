package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/sgtab/sgtab/family"
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
		files, notes, err := family.PlotFile(ctx, path, family.Output{Dir: dir, Plot: *format})
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
