// Package searchtest builds searches for the tests of several packages
// from the lines a user writes, so each test package does not keep its
// own copy of the parsing.
package searchtest

import (
	"strings"
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/graph"
	"stepviz/stepper/problems"
)

// New builds a search from a problem line, or "graphtext:" and a graph's
// text for a graph given inline, and a search line; it fails tb on an
// error.
func New(tb testing.TB, problem, options string) *stepper.Search {
	tb.Helper()
	var inst stepper.Instance
	var err error
	if text, ok := strings.CutPrefix(problem, "graphtext:"); ok {
		inst, err = graph.ParseText("test", text, nil)
	} else {
		inst, err = problems.Parse(problem, stepper.LocalFiles)
	}
	if err != nil {
		tb.Fatal(err)
	}
	o, err := stepper.ParseOptions(options)
	if err != nil {
		tb.Fatal(err)
	}
	s, err := stepper.NewSearch(inst, o)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}
