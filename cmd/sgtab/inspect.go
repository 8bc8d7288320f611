package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/sgtab/sgtab/compute/misere"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/progress"
)

const inspectUsage = "sgtab inspect [-json] [-verify] FILE ..."

const inspectExamples = `  sgtab inspect sgtab-out/kayles.parquet       # a table, Parquet, Arrow or CSV
  sgtab inspect sgtab-out/summary.parquet      # the summary of a run
  sgtab inspect -json sgtab-out/*.parquet      # every file, one JSON object each
  sgtab inspect -verify table.parquet          # and every value against its options
`

// runInspect prints what stored files hold: their format, kind, columns,
// rows, value range and metadata; for a run's summary, its rows. Every file
// is verified as it is read (export.Read), and with -verify every value
// against its options (family.VerifyFile).
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
	opt := export.ReadOptions{Key: key}
	if *verify { // no bound but the file's own, for a quotient's proof too
		opt.Budget = -1
		opt.Quotient = misere.QuotientLimits{Positions: misere.MaxQuotientPositions, Steps: misere.MaxQuotientSteps}
	}
	for i, path := range args {
		f, err := export.ReadContext(ctx, path, opt)
		if err != nil {
			return err
		}
		in := export.Describe(path, f)
		in.Signed = f.Signed(key)
		if *verify {
			if in.Checked, err = family.VerifyFile(ctx, f, 0, progress.NewDisplay(stderr, progress.Options{}).Task); err != nil {
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
		if _, err := io.WriteString(stdout, in.Text(f)); err != nil {
			return err
		}
	}
	return nil
}
