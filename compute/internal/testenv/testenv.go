// Package testenv says how much the tests of the engines check: all of
// their cases when the long checks run (SGTAB_LONG is set, as CI sets it),
// else a deterministic share of them, so that the suite stays quick on a
// developer's machine; and whether the race detector, which slows the
// engines about thirtyfold, is on.
package testenv

import "os"

// Long reports whether the long checks run.
var Long = os.Getenv("SGTAB_LONG") != ""

// Share returns all when the long checks run, else part of it.
func Share(all, part int) int {
	if Long {
		return all
	}
	return part
}
