// Package safefile reads and writes the files a user names (problem files,
// traces, answer sheets, exports) under two rules: only regular files are
// read, with their size checked against a bound before a byte is read; and
// a file is replaced through a temporary file and a rename, never through a
// symlink, FIFO or device, keeping the existing file's permissions.
//
// Opening never blocks: a FIFO is opened non-blocking and refused, so a
// named pipe with no writer cannot hang the caller.
package safefile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// ErrTooLarge is wrapped by the error for a file over its bound.
var ErrTooLarge = errors.New("file too large")

// kind names a non-regular file type in the user's words.
func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "not a regular file"
}

// Open opens path for reading if it is a regular file of at most max bytes.
// The error names the path and says what is wrong ("is a directory, not a
// regular file", "is 70000000 bytes, over the limit of 67108864"). The file
// is checked after it is opened (no window between check and use), and
// opened with O_NONBLOCK so a FIFO is refused instead of waited on.
func Open(path string, max int64) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("%s is %s, not a regular file", path, kind(fi.Mode()))
	}
	if fi.Size() > max {
		f.Close()
		return nil, fmt.Errorf("%s is %d bytes, over the limit of %d: %w", path, fi.Size(), max, ErrTooLarge)
	}
	return f, nil
}

// ReadFile reads a regular file of at most max bytes (see [Open]). A file
// that grows past max while it is read is refused, never cut.
func ReadFile(path string, max int64) ([]byte, error) {
	f, err := Open(path, max)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadAllMax(f, path, max)
}

// ReadAllMax reads r, the file at path, to its end: at most max bytes, a
// longer one refused with [ErrTooLarge], never cut. O(max).
func ReadAllMax(r io.Reader, path string, max int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("%s is over the limit of %d bytes: %w", path, max, ErrTooLarge)
	}
	return data, nil
}

// WriteFile writes data to path atomically: into a temporary file in the
// same directory, then renamed over path. An existing path must be a
// regular file (a symlink, FIFO, device or directory is refused, never
// replaced) and keeps its permission bits; a new file gets perm.
func WriteFile(path string, data []byte, perm fs.FileMode) error {
	return WriteWith(path, perm, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteWith writes to path what write writes, as WriteFile does: through
// a temporary file (buffered), renamed over path only once write has
// returned nil, so an output of any size is streamed to the disk and a
// failed write leaves path as it was and no temporary file behind.
func WriteWith(path string, perm fs.FileMode, write func(io.Writer) error) error {
	if fi, err := os.Lstat(path); err == nil {
		if !fi.Mode().IsRegular() {
			return fmt.Errorf("%s is %s, not a regular file: refusing to replace it; write to another name", path, kind(fi.Mode()))
		}
		perm = fi.Mode().Perm()
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".stepviz-*")
	if err != nil {
		return err
	}
	done := false
	defer func() {
		if !done {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	bw := bufio.NewWriterSize(tmp, 64<<10)
	if err := write(bw); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if err := tmp.Chmod(perm); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	done = true
	return nil
}

// SameFile reports whether a and b name the same file (both may be
// missing: then it compares their cleaned absolute paths).
func SameFile(a, b string) bool {
	fa, errA := os.Stat(a)
	fb, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(fa, fb)
	}
	pa, err1 := filepath.Abs(a)
	pb, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && pa == pb
}
