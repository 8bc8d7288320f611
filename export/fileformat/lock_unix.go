//go:build unix

package fileformat

import (
	"errors"
	"os"
	"syscall"
)

// LockDir takes an exclusive lock on the folder dir itself (flock on the
// open folder: no lock file is left in it), waiting for another holder,
// and returns the function that releases it.
func LockDir(dir string) (unlock func(), err error) { return flockDir(dir, syscall.LOCK_EX) }

// TryLockDir takes the lock on the folder dir that LockDir takes (and
// export.MergeSummary holds while it merges), without waiting: ErrLocked when
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

// renameLocked says that WriteFile renames its temporary file before it
// closes it, so that the file is locked until it has its name.
const renameLocked = true

// lockTemp takes an exclusive lock on the temporary file f, just created,
// waiting while a cleaner holds it, and reports whether f is still in its
// folder: a cleaner that took the lock first has removed it. Closing f
// releases the lock.
func lockTemp(f *os.File) (bool, error) {
	fd := int(f.Fd())
	if err := syscall.Flock(fd, syscall.LOCK_EX); err != nil {
		return false, err
	}
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil {
		return false, err
	}
	return st.Nlink > 0, nil
}

// removeUnlocked removes the regular file path when nobody holds a lock on
// it, holding the lock while it does, and returns its size and whether it
// removed it. A file it may not open is left alone.
func removeUnlocked(path string) (int64, bool, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	if err != nil {
		return 0, false, nil // gone, renamed, or another user's: not ours to judge
	}
	defer f.Close() // read-only; closing releases the lock
	fd := int(f.Fd())
	if err := syscall.Flock(fd, syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return 0, false, nil // being written
		}
		return 0, false, err
	}
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return 0, false, err
	}
	// The name must still be the file locked: a writer may have renamed
	// it into place, and another made a new one of the same name.
	if now, err := os.Lstat(path); err != nil || !os.SameFile(now, st) {
		return 0, false, nil
	}
	if err := os.Remove(path); err != nil {
		return 0, false, err
	}
	return st.Size(), true, nil
}
