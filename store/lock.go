package store

import (
	"errors"
	"os"
	"syscall"

	"stepviz/internal/usererr"
)

// lockFile takes the one-server lock on the database file: an exclusive,
// non-blocking flock(2) on its own descriptor, held until the returned
// file is closed (after the database is). flock locks are apart from the
// POSIX record locks SQLite takes, so the two never release each other;
// the lock goes with the process, even on kill -9. A second `stepviz serve`
// on the same file, in this process or another, is refused at Open.
func lockFile(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, usererr.Errorf("store", "the database %s cannot be written (%v): make it and its directory writable or pass -db with a writable path", path, unwrapPath(err))
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, usererr.Errorf("store", "the database %s is already in use by another stepviz serve: stop that one first, or give this one its own file with -db (a second server on one database would fail its saves with \"database is locked\")", path)
		}
		return nil, usererr.Errorf("store", "locking the database %s: %v", path, err)
	}
	return f, nil
}
