package fileformat

import "errors"

// ErrLocked is TryLockDir's error when another holds the folder's lock.
var ErrLocked = errors.New("locked by another sgtab process")
