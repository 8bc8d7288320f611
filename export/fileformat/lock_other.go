//go:build !unix

package fileformat

import "os"

// LockDir does nothing where advisory file locks are not available: runs
// into one folder at once may then lose each other's summary rows.
func LockDir(dir string) (unlock func(), err error) { return func() {}, nil }

// TryLockDir does nothing where advisory file locks are not available:
// two sweeps into one folder at once are then not told apart.
func TryLockDir(dir string) (unlock func(), err error) { return func() {}, nil }

// renameLocked says that WriteFile closes its temporary file before it
// renames it, as some systems require.
const renameLocked = false

// lockTemp does nothing where advisory file locks are not available.
func lockTemp(f *os.File) (bool, error) { return true, nil }

// removeUnlocked removes nothing where a live writer's file cannot be told
// from a stale one.
func removeUnlocked(path string) (int64, bool, error) { return 0, false, nil }
