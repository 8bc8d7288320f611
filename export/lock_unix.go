//go:build unix

package export

import (
	"os"
	"path/filepath"
	"syscall"
)

// lockDir takes an exclusive lock on the folder dir (on the file
// dir/.sgtab.lock, created if need be), waiting for another holder, and
// returns the function that releases it. A link planted there is not
// followed.
func lockDir(dir string) (unlock func(), err error) {
	f, err := os.OpenFile(filepath.Join(dir, ".sgtab.lock"), os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close() // the lock failed: nothing more to report
		return nil, err
	}
	return func() {
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN) // closing releases it anyway
		f.Close()                                       // nothing was written
	}, nil
}
