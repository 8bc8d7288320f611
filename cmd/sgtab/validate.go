package main

import (
	"context"
	"fmt"
	"io"
)

const validateUsage = "sgtab validate [CONFIG|DIR ...]"

const validateExamples = `  sgtab validate                  # the bundled configs
  sgtab validate my-game.yaml     # one file
  sgtab validate configs/         # every .yaml and .yml file of a directory
`

// runValidate parses configs and reports their problems, computing nothing.
func runValidate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("validate", validateUsage, validateExamples, stderr)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	games, err := loadGames(fs.Args())
	if err != nil {
		return err
	}
	for _, g := range games {
		fmt.Fprintf(stdout, "%s:%d: %s: %s, SG(0..%d)\n", g.File, g.Line, g.Name, g.Key(), g.Heaps)
	}
	return nil
}
