package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/export/codegen"
	"github.com/sgtab/sgtab/export/fileformat"
	"github.com/sgtab/sgtab/family"
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
// prefix P is -name, or made from the game's name (see codegen.Code).
func runExport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("export", exportUsage, exportExamples, stdout, stderr)
	lang := fs.String("lang", "", "write `LANG`: "+strings.Join(codegen.Languages, ", "))
	name := fs.String("name", "", "begin every name in the code with `PREFIX` (default: made from the game's name)")
	pkg := fs.String("package", "", "name the Go file's package `NAME` (default "+codegen.DefaultPackage+")")
	out := fs.String("o", "", "write to `FILE` instead of standard output")
	args, err := fs.parse(args)
	if err != nil {
		return err
	}
	if err := codegen.CheckRequest(*lang, *name, *pkg); err != nil {
		return fs.usageError("%v", err)
	}
	opt := codegen.Options{Name: *name, Package: *pkg}
	if len(args) != 1 {
		return fs.usageError("want one table, got %d", len(args))
	}
	f, err := export.ReadContext(ctx, args[0], family.ReadOptions())
	if err != nil {
		return err
	}
	code, err := codegen.OfFile(args[0], f, *lang, opt)
	if err != nil {
		return err
	}
	if *out == "" {
		_, err := io.WriteString(stdout, code)
		return err
	}
	if err := fileformat.WriteOut(*out, func(w io.Writer) error { _, err := io.WriteString(w, code); return err }); err != nil {
		return fmt.Errorf("write %s: %w", *out, err)
	}
	return nil
}
