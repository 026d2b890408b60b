package room

import (
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// newSearch builds a search from a problem line and a search line.
func newSearch(t testing.TB, problem, options string) *stepper.Search {
	t.Helper()
	inst, err := problems.Parse(problem, nil)
	if err != nil {
		t.Fatal(err)
	}
	o, err := stepper.ParseOptions(options)
	if err != nil {
		t.Fatal(err)
	}
	s, err := stepper.NewSearch(inst, o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
