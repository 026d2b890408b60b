package script

import (
	"fmt"
	"io"
	"os"

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
	params, err := ParseParams(args[1:])
	if err != nil {
		return nil, err
	}
	src, err := ReadFile(args[0])
	if err != nil {
		return nil, err
	}
	return New(args[0], src, params)
}

// ReadFile reads a script: a regular file of at most MaxSource bytes.
func ReadFile(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", fmt.Errorf("script: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return "", fmt.Errorf("script: %w", err)
	}
	if !fi.Mode().IsRegular() {
		return "", fmt.Errorf("script: %s is not a regular file: name a .star file", path)
	}
	if fi.Size() > MaxSource {
		return "", fmt.Errorf("script: %s is %d bytes; a script may have at most %d", path, fi.Size(), MaxSource)
	}
	b, err := io.ReadAll(io.LimitReader(f, MaxSource+1))
	if err != nil {
		return "", fmt.Errorf("script: reading %s: %w", path, err)
	}
	if len(b) > MaxSource {
		return "", fmt.Errorf("script: %s has more than %d bytes", path, MaxSource)
	}
	return string(b), nil
}
