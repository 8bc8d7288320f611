package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/rules"
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
		if err := printSweep(stdout, s); err != nil {
			return err
		}
	}
	for _, g := range games {
		fmt.Fprintf(stdout, "%s:%d: %s: %s, %s\n", g.File, g.Line, g.Name, g.Key(), g.TableText())
	}
	return nil
}

// printSweep prints a sweep canonically, with the games it expands to.
func printSweep(w io.Writer, s *rules.Sweep) error {
	p, err := sweep.NewPlan(s, -1, -1, sweep.All)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "%s:%d: sweep of %d %s (%d computed", s.File, s.Line, len(p.Games), family.Plural(len(p.Games), "game"), len(p.Jobs))
	if p.Skipped > 0 {
		fmt.Fprintf(w, "; %d misère %s of games on a ring start left out", p.Skipped, family.Plural(p.Skipped, "variant"))
	}
	fmt.Fprintln(w, ")")
	for line := range strings.Lines(s.String()) {
		fmt.Fprintf(w, "    %s", line)
	}
	return nil
}
