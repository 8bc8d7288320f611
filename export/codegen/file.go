package codegen

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sgtab/sgtab/export"
)

// CheckRequest checks what a caller asks of the code: the language lang
// (one of Languages), the name prefix name and the Go package pkg (""
// for the defaults), each refused with a message that says what is
// allowed.
func CheckRequest(lang, name, pkg string) error {
	switch {
	case lang == "":
		return fmt.Errorf("-lang is required")
	case lang == "csv":
		return fmt.Errorf("-lang csv: export writes code; sgtab run -formats csv writes a table as CSV, with its metadata in a sidecar that reading it back verifies")
	case !slices.Contains(Languages, lang):
		return fmt.Errorf("-lang must be one of %s (got %q)", strings.Join(Languages, ", "), lang)
	}
	if name != "" {
		if err := CheckName(lang, name); err != nil {
			return fmt.Errorf("-name %s: %v", name, err)
		}
	}
	if pkg != "" {
		if lang != "go" {
			return fmt.Errorf("-package is for -lang go only")
		}
		if err := CheckPackage(pkg); err != nil {
			return fmt.Errorf("-package %s: %v", pkg, err)
		}
	}
	return nil
}

// OfFile returns the code in lang of the table f read from path: a heap
// game's (Code), a lattice's (LatticeCode) or a graph's (GraphCode). A
// file of another kind, or a table with no sgtab metadata, is refused.
func OfFile(path string, f *export.File, lang string, opt Options) (string, error) {
	switch f.Kind {
	case export.KindLattice:
		return LatticeCode(f.Lattice, lang, opt)
	case export.KindTable:
		if f.Foreign {
			return "", fmt.Errorf("%s has no sgtab metadata: no game to write code of, and nothing that verified its values", path)
		}
		return Code(f.Table, lang, opt)
	case export.KindGraph:
		return GraphCode(f.Graph, lang, opt)
	}
	return "", fmt.Errorf("%s: %s", path, f.Note())
}
