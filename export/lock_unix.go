//go:build unix

package export

import (
	"os"
	"syscall"
)

// lockDir takes an exclusive lock on the folder dir itself (flock on the
// open folder: no lock file is left in it), waiting for another holder,
// and returns the function that releases it.
func lockDir(dir string) (unlock func(), err error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close() // the lock failed: nothing more to report
		return nil, err
	}
	return func() {
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN) // closing releases it anyway
		f.Close()                                       // read-only
	}, nil
}
