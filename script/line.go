package script

import (
	"errors"
	"strings"

	"stepviz/internal/safefile"
	"stepviz/internal/usererr"
	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// MaxSource bounds a script's size, read from a file or given as text.
const MaxSource = 1 << 20

func init() { problems.RegisterKind("script", parseLine) }

// parseLine parses "script FILE.star [name=value ...]" (the words after
// "script"), reading FILE.star through files.
func parseLine(args []string, files stepper.Files) (stepper.Instance, error) {
	if len(args) == 0 {
		return nil, usererr.Errorf("script", "name the script: script FILE.star [name=value ...]")
	}
	// loadLine reuses the load of a front end that first asked
	// game.IsKind or local.IsKind about the line (family.go)
	sc, err := loadLine("script "+strings.Join(args, " "), files)
	if err != nil {
		return nil, err
	}
	return NewProblem(sc)
}

// ReadFile reads a script: a regular file of at most MaxSource bytes,
// through internal/safefile, so a FIFO, device or directory is refused at
// once instead of blocking the reader.
func ReadFile(path string) (string, error) { return readSource(stepper.LocalFiles, path) }

// readSource is ReadFile through files; nil files reads none.
func readSource(files stepper.Files, path string) (string, error) {
	b, err := stepper.ReadFile(files, path, MaxSource, "paste the script itself")
	if errors.Is(err, safefile.ErrTooLarge) {
		return "", usererr.Errorf("script", "%s is over the %d bytes a script may have", path, MaxSource)
	}
	if err != nil && files != nil {
		return "", usererr.Errorf("script", "%w: name a .star file", err)
	}
	return string(b), err
}
