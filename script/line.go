package script

import (
	"errors"
	"fmt"
	"strings"

	"stepviz/internal/safefile"
	"stepviz/stepper"
)

// MaxSource bounds a script's size, read from a file or given as text.
const MaxSource = 1 << 20

func init() { stepper.RegisterKind("script", parseLine) }

// parseLine parses "script FILE.star [name=value ...]" (the words after
// "script"), reading FILE.star.
func parseLine(args []string) (stepper.Instance, error) {
	if len(args) == 0 {
		return nil, fmt.Errorf("script: name the script: script FILE.star [name=value ...]")
	}
	// loadLine reuses the load of a front end that first asked
	// game.IsKind or local.IsKind about the line (family.go)
	sc, err := loadLine("script " + strings.Join(args, " "))
	if err != nil {
		return nil, err
	}
	return NewProblem(sc)
}

// ReadFile reads a script: a regular file of at most MaxSource bytes,
// through internal/safefile, so a FIFO, device or directory is refused at
// once instead of blocking the reader.
func ReadFile(path string) (string, error) {
	b, err := safefile.ReadFile(path, MaxSource)
	if errors.Is(err, safefile.ErrTooLarge) {
		return "", fmt.Errorf("script: %s is over the %d bytes a script may have", path, MaxSource)
	}
	if err != nil {
		return "", fmt.Errorf("script: %w: name a .star file", err)
	}
	return string(b), nil
}
