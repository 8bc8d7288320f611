package main

import (
	"context"
	"fmt"
	"io"

	"github.com/sgtab/sgtab/sweep"
	"github.com/sgtab/sgtab/tabulate"
)

const validateUsage = "sgtab validate [CONFIG|DIR|SWEEP ...]"

const validateExamples = `  sgtab validate                  # the bundled configs
  sgtab validate my-game.yaml     # one file
  sgtab validate configs/         # every .yaml and .yml file of a directory
  sgtab validate configs/sweeps/octal-2.yaml   # a sweep: what it expands to
`

// runValidate parses configs and reports their problems, computing nothing.
func runValidate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("validate", validateUsage, validateExamples, stdout, stderr)
	args, err := fs.parse(args)
	if err != nil {
		return err
	}
	games, sweeps, err := tabulate.LoadConfigs(args, true)
	if err != nil {
		return err
	}
	for _, s := range sweeps {
		text, err := sweep.Describe(s)
		if err != nil {
			return err
		}
		io.WriteString(stdout, text) // a failed write is run's to report
	}
	for _, g := range games {
		fmt.Fprintf(stdout, "%s:%d: %s: %s, %s\n", g.File, g.Line, g.Name, g.Key(), g.TableText())
	}
	return nil
}
