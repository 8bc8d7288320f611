package compute

import "os"

// longTests reports whether the long checks run: SGTAB_LONG is set, as CI
// sets it. Without it the exhaustive cross-checks run on a deterministic
// share of their cases, so that the suite stays quick on a developer's
// machine; with it, on all of them.
var longTests = os.Getenv("SGTAB_LONG") != ""

// LongTests is longTests, for the package's external tests.
var LongTests = longTests

// share returns all when the long checks run, else part of it.
func share(all, part int) int {
	if longTests {
		return all
	}
	return part
}

// Share is share, for the package's external tests.
var Share = share
