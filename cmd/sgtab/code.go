package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/sgtab/sgtab/export"
)

const exportUsage = "sgtab export -lang c|cpp|go|python [-o FILE] TABLE"

const exportExamples = `  sgtab export -lang c sgtab-out/kayles.parquet        # sg(n) in C, for every n
  sgtab export -lang python -o sg.py sgtab-out/grundy.arrow
`

// runExport writes a stored table as code to paste into a program: the
// values before the period, one period and the saltus when the table has a
// period, the whole table otherwise, and the function sg(n); for a lattice
// table (or a two-dimensional built-in game), the board and sg(x, y).
func runExport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("export", exportUsage, exportExamples, stdout, stderr)
	lang := fs.String("lang", "", "write `LANG`: "+strings.Join(export.Languages, ", "))
	out := fs.String("o", "", "write to `FILE` instead of standard output")
	args, err := fs.parse(args)
	if err != nil {
		return err
	}
	if *lang == "" {
		return fs.usageError("-lang is required")
	}
	if len(args) != 1 {
		return fs.usageError("want one table, got %d", len(args))
	}
	f, err := export.Read(args[0])
	if err != nil {
		return err
	}
	var code string
	switch f.Kind {
	case export.KindLattice:
		code, err = export.LatticeCode(f.Lattice, *lang)
	case export.KindTable:
		code, err = export.Code(f.Table, *lang)
	default:
		return fmt.Errorf("%s: %s", args[0], kindNote(f))
	}
	if err != nil {
		return fs.usageError("%v", err)
	}
	if *out == "" {
		_, err := io.WriteString(stdout, code)
		return err
	}
	if err := export.WriteFile(*out, func(w io.Writer) error {
		_, err := io.WriteString(w, code)
		return err
	}); err != nil {
		return fmt.Errorf("write %s: %w", *out, err)
	}
	return nil
}
