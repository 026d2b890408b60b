package stepper

import (
	"io"

	"stepviz/internal/safefile"
	"stepviz/internal/usererr"
)

// Files opens the files a problem line names: a grid's .map file, a graph
// file, a script. Package stepper/problems reads a file only through it; a nil Files
// reads none, and a line that names a file is refused, saying so, without
// a look at the file system (so the answer tells nothing of which files
// exist).
type Files interface {
	// Open opens path for reading if it is a regular file of at most
	// max bytes; the error says what is wrong (safefile.ErrTooLarge
	// wrapped for a file over max).
	Open(path string, max int64) (io.ReadCloser, error)
}

// LocalFiles is the local file system under internal/safefile's rules:
// only regular files, their size checked before a byte is read, a FIFO
// refused without blocking.
var LocalFiles Files = localFiles{}

type localFiles struct{}

func (localFiles) Open(path string, max int64) (io.ReadCloser, error) {
	return safefile.Open(path, max)
}

// ReadFile reads path through files: at most max bytes, a file that grows
// past max while it is read refused, never cut. With nil files it refuses
// at once; instead says what to give in the file's place.
func ReadFile(files Files, path string, max int64, instead string) ([]byte, error) {
	if files == nil {
		return nil, noFiles(path, instead)
	}
	f, err := files.Open(path, max)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return safefile.ReadAllMax(f, path, max)
}

// noFiles is the error for a file named where no files are read.
func noFiles(path, instead string) error {
	return usererr.Errorf("stepper", "%s names a file, and stepviz reads no files here: %s", path, instead).For("problem")
}
