package puzzle

import (
	"fmt"
	"strings"
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/internal/problemtest"
)

// parseProblem parses a puzzle problem line as problems.Parse does (a test
// inside package puzzle cannot import package problems, which imports it).
func parseProblem(line string, files stepper.Files) (stepper.Instance, error) {
	f := strings.Fields(line)
	if len(f) == 0 || !strings.EqualFold(f[0], "puzzle") {
		return nil, fmt.Errorf("this test helper parses puzzle lines only, not %q", line)
	}
	p, err := Parse(f[1:])
	if err != nil {
		return nil, err
	}
	return p, nil
}

// newSearch parses a puzzle problem line and a search line and starts the
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

// mustSearch starts a search of inst with the options line.
var mustSearch = problemtest.MustSearch

// newLinear is a search on the line with Options.Linear.
func newLinear(t *testing.T, problem, options string) *stepper.Search {
	t.Helper()
	inst, err := parseProblem(problem, stepper.LocalFiles)
	if err != nil {
		t.Fatal(err)
	}
	o, err := stepper.ParseOptions(options)
	if err != nil {
		t.Fatal(err)
	}
	o.Linear = true
	s, err := stepper.NewSearch(inst, o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// pathStates writes a solved search's path as its states.
var pathStates = problemtest.PathStates
