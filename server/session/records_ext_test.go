package session

import (
	"testing"

	"stepviz/stepper"
)

// TestExtRecordsOnlyWhereNeeded checks which searches' hello asks for the
// ext byte and names the frontier's family.
func TestExtRecordsOnlyWhereNeeded(t *testing.T) {
	for _, tc := range []struct {
		options  string
		ext      bool
		frontier string
	}{
		{"astar", false, "priority"},
		{"bfs", false, "fifo"},
		{"dls depth=3", false, "lifo"},
		{"ucs lazy=true", true, "priority"},
	} {
		info := describe(newSearch(t, "graph romania", tc.options))
		if info.Ext != tc.ext || info.Frontier != tc.frontier {
			t.Errorf("%s: ext %v frontier %q, want %v %q", tc.options, info.Ext, info.Frontier, tc.ext, tc.frontier)
		}
	}
	for a, want := range map[stepper.Algorithm]string{stepper.IDS: "stack", stepper.IDAStar: "stack", stepper.RBFS: "rbfs", stepper.BiBFS: "bidirectional", stepper.BiUCS: "bidirectional", stepper.AStar: ""} {
		if got := family(a); got != want {
			t.Errorf("family(%s) = %q, want %q", a, got, want)
		}
		if got := extRecords(stepper.Options{Algorithm: a}); got != (want != "") {
			t.Errorf("extRecords(%s) = %v", a, got)
		}
	}
}
