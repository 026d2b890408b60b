package grid

import (
	"strings"

	"stepviz/stepper"
)

// parseProblem parses a grid problem line as problems.Parse does (a test
// inside package grid cannot import package problems, which imports it).
func parseProblem(line string, files stepper.Files) (stepper.Instance, error) {
	f := strings.Fields(line)
	if len(f) == 0 || !strings.EqualFold(f[0], "grid") {
		return nil, stepper.NoFiles(line, "test: not a grid line")
	}
	p, err := Parse(f[1:], files)
	if err != nil {
		return nil, err
	}
	return p, nil
}

// newSearch parses a grid problem line and a search line and starts the
// search, as problems.New does.
func newSearch(problem, search string) (*stepper.Search, error) {
	inst, err := parseProblem(problem, stepper.LocalFiles)
	if err != nil {
		return nil, err
	}
	o, err := stepper.ParseOptions(search)
	if err != nil {
		return nil, err
	}
	return stepper.NewSearch(inst, o)
}
