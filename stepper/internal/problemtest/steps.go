package problemtest

import (
	"strings"
	"testing"

	"stepviz/stepper"
)

// ExpandedStates lists the state selected at each step, space-separated.
func ExpandedStates(evs []stepper.Event) string {
	var out []string
	for _, ev := range evs {
		out = append(out, ev.Expanded.State.String())
	}
	return strings.Join(out, " ")
}

// ChildFates writes one step's children as "state:fate", space-separated.
func ChildFates(ev stepper.Event) string {
	var out []string
	for _, c := range ev.Children {
		out = append(out, c.State.String()+":"+c.Fate.String())
	}
	return strings.Join(out, " ")
}

// PathStates writes a solved search's path as its states, start first.
func PathStates(s *stepper.Search) []string {
	var out []string
	for _, id := range s.Path() {
		out = append(out, s.Node(id).State.String())
	}
	return out
}

// CheckSolved fails the test unless s is solved at cost with the path of
// states path (space-separated); a search that is not solved ends the test.
func CheckSolved(t testing.TB, s *stepper.Search, cost float64, path string) {
	t.Helper()
	if s.Status() != stepper.Solved {
		t.Fatalf("status %s, want solved", s.Status())
	}
	if s.Cost() != cost {
		t.Errorf("cost %v, want %v", s.Cost(), cost)
	}
	if got := strings.Join(PathStates(s), " "); got != path {
		t.Errorf("path %s, want %s", got, path)
	}
}

// MustSearch starts a search of inst with the options line; a line that
// does not parse or a search that cannot start ends the test.
func MustSearch(t testing.TB, inst stepper.Instance, line string) *stepper.Search {
	t.Helper()
	o, err := stepper.ParseOptions(line)
	if err != nil {
		t.Fatalf("ParseOptions(%q): %v", line, err)
	}
	s, err := stepper.NewSearch(inst, o)
	if err != nil {
		t.Fatalf("NewSearch(%q): %v", line, err)
	}
	return s
}
