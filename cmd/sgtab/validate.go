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
	fs := newFlagSet("validate", validateUsage, validateExamples, stdout, stderr)
	args, err := fs.parse(args)
	if err != nil {
		return err
	}
	games, err := loadGames(args)
	if err != nil {
		return err
	}
	for _, g := range games {
		size := fmt.Sprintf("SG(0..%d)", g.Heaps)
		switch {
		case g.Lattice != nil:
			size = fmt.Sprintf("SG(x, y) for %d×%d points", g.Lattice.Size[0], g.Lattice.Size[1])
		case g.State == "euclid":
			size = fmt.Sprintf("SG(x, y) for 0 ≤ x, y ≤ %d", g.Heaps)
		case g.Misere || g.State == "fibonacci-nim":
			size = fmt.Sprintf("outcomes of 0..%d", g.Heaps)
		}
		fmt.Fprintf(stdout, "%s:%d: %s: %s, %s\n", g.File, g.Line, g.Name, g.Key(), size)
	}
	return nil
}
