//go:build unix

package export

import (
	"errors"
	"os"
	"syscall"
)

// lockDir takes an exclusive lock on the folder dir itself (flock on the
// open folder: no lock file is left in it), waiting for another holder,
// and returns the function that releases it.
func lockDir(dir string) (unlock func(), err error) { return flockDir(dir, syscall.LOCK_EX) }

// TryLockDir takes the lock on the folder dir that lockDir takes (and
// MergeSummary holds while it merges), without waiting: ErrLocked when
// another process, or another holder in this one, has it. It returns the
// function that releases it.
func TryLockDir(dir string) (unlock func(), err error) {
	unlock, err = flockDir(dir, syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return nil, ErrLocked
	}
	return unlock, err
}

// flockDir opens dir and flocks it with how.
func flockDir(dir string, how int) (unlock func(), err error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), how); err != nil {
		f.Close() // the lock failed: nothing more to report
		return nil, err
	}
	return func() {
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN) // closing releases it anyway
		f.Close()                                       // read-only
	}, nil
}
