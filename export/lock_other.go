//go:build !unix

package export

// lockDir does nothing where advisory file locks are not available: runs
// into one folder at once may then lose each other's summary rows.
func lockDir(dir string) (unlock func(), err error) { return func() {}, nil }

// TryLockDir does nothing where advisory file locks are not available:
// two sweeps into one folder at once are then not told apart.
func TryLockDir(dir string) (unlock func(), err error) { return func() {}, nil }
