package stepper_test

import (
	"encoding/json"
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/internal/problemtest"
	"stepviz/stepper/problems"
	"stepviz/stepper/puzzle"
)

// The helpers of the tests that run the engines on puzzles, grids and
// graphs from outside the package (package stepper_test), which they parse
// through package stepper/problems.

// hardEight is one of the two boards 31 moves from 123456780.
const hardEight = "puzzle 867254301"

// solveLine parses a problem line and search line and runs the search to
// its end.
func solveLine(t *testing.T, problem, search string) *stepper.Search {
	t.Helper()
	inst, err := problems.Parse(problem, stepper.LocalFiles)
	if err != nil {
		t.Fatalf("ParseProblem(%q, LocalFiles): %v", problem, err)
	}
	o, err := stepper.ParseOptions(search)
	if err != nil {
		t.Fatalf("ParseOptions(%q): %v", search, err)
	}
	s, err := stepper.NewSearch(inst, o)
	if err != nil {
		t.Fatalf("NewSearch(%q, %q): %v", problem, search, err)
	}
	s.Run(0)
	return s
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func mustPuzzle(t testing.TB, line string) *puzzle.Puzzle {
	t.Helper()
	inst, err := problems.Parse(line, stepper.LocalFiles)
	if err != nil {
		t.Fatalf("ParseProblem(%q, LocalFiles): %v", line, err)
	}
	p, ok := inst.(*puzzle.Puzzle)
	if !ok {
		t.Fatalf("ParseProblem(%q, LocalFiles) is a %T, want *puzzle.Puzzle", line, inst)
	}
	return p
}

func asJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// problemOf is the problem a search of inst with the options line runs on,
// and the heuristic a best-first one uses (nil for none or another engine).
func problemOf[S comparable](t testing.TB, inst stepper.Instance, line string) (stepper.Problem[S], *stepper.Heuristic[S]) {
	t.Helper()
	o, err := stepper.ParseOptions(line)
	if err != nil {
		t.Fatalf("ParseOptions(%q): %v", line, err)
	}
	e, err := inst.Engine(o)
	if err != nil {
		t.Fatalf("%s / %s: %v", inst.Spec(), line, err)
	}
	var h *stepper.Heuristic[S]
	if o.Algorithm.UsesHeuristic() && !o.RunsDepthFirst() && !o.Algorithm.Bidirectional() {
		h = stepper.HeuristicOf[S](e)
	}
	return stepper.ProblemOf[S](e), h
}

// solvable reports whether a 3×3 board reaches the default goal.
func solvable(tiles []int) bool {
	_, err := puzzle.Parse([]string{puzzle.FormatTiles(tiles)})
	return err == nil
}

// The helpers shared with the problem packages' tests, under the names
// these tests use.
var (
	expandedStates = problemtest.ExpandedStates
	childFates     = problemtest.ChildFates
	checkSolved    = problemtest.CheckSolved
	pathStates     = problemtest.PathStates
	mustSearch     = problemtest.MustSearch
	readDepthTable = problemtest.ReadDepthTable
)

// inconsistentGraph has an admissible but inconsistent h; see
// problemtest.InconsistentGraph for the graph and what A* does on it.
const inconsistentGraph = problemtest.InconsistentGraph

// neverGoal hides the goal from a search so that it runs until the state
// space is exhausted.
type neverGoal[S comparable] = problemtest.NeverGoal[S]
