package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/export"
)

const exportUsage = "sgtab export -lang c|cpp|go|python [-name PREFIX] [-package NAME] [-o FILE] TABLE"

const exportExamples = `  sgtab export -lang c -o kayles.h sgtab-out/kayles.parquet   # kayles_sg(n) in C, for every n
  sgtab export -lang python -o grundy.py sgtab-out/grundy.arrow  # grundy_sg(n) for n <= N
  sgtab export -lang go -package main -name kayles sgtab-out/kayles.parquet  # kaylesSG(n)
`

// runExport writes a stored table as code to paste into a program: the
// values before the period, one period and the saltus when the table has a
// period, the whole table otherwise, and the function P_sg(n); for a lattice
// table (or a two-dimensional built-in game), the board and P_sg(x, y). The
// prefix P is -name, or made from the game's name (see export.Code).
func runExport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("export", exportUsage, exportExamples, stderr)
	lang := fs.String("lang", "", "write `LANG`: "+strings.Join(export.Languages, ", "))
	name := fs.String("name", "", "begin every name in the code with `PREFIX` (default: made from the game's name)")
	pkg := fs.String("package", "", "name the Go file's package `NAME` (default "+export.DefaultPackage+")")
	out := fs.String("o", "", "write to `FILE` instead of standard output")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *lang == "" {
		return usageError(fs, "-lang is required")
	}
	if !slices.Contains(export.Languages, *lang) {
		return usageError(fs, "-lang must be one of %s (got %q)", strings.Join(export.Languages, ", "), *lang)
	}
	if *name != "" {
		if err := export.CheckName(*lang, *name); err != nil {
			return usageError(fs, "-name %s: %v", *name, err)
		}
	}
	if *pkg != "" {
		if *lang != "go" {
			return usageError(fs, "-package is for -lang go only")
		}
		if err := export.CheckPackage(*pkg); err != nil {
			return usageError(fs, "-package %s: %v", *pkg, err)
		}
	}
	opt := export.CodeOptions{Name: *name, Package: *pkg}
	if fs.NArg() != 1 {
		return usageError(fs, "want one table, got %d", fs.NArg())
	}
	var code string
	if lt, _, err := export.ReadLatticeParquet(fs.Arg(0)); err == nil {
		if code, err = export.LatticeCode(lt, *lang, opt); err != nil {
			return err
		}
	} else {
		t, _, _, err := export.ReadTable(fs.Arg(0))
		if err != nil {
			return err
		}
		t.Analysis = compute.Analyze(t)
		if code, err = export.Code(t, *lang, opt); err != nil {
			return err
		}
	}
	if *out == "" {
		_, err := io.WriteString(stdout, code)
		return err
	}
	tmp := *out + ".tmp"
	if err := os.WriteFile(tmp, []byte(code), 0o644); err != nil {
		return err
	}
	if err := os.Rename(tmp, *out); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", *out, err)
	}
	return nil
}
