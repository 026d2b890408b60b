package viz_test

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/problems"
	"stepviz/viz"
)

// eightPuzzle is AIMA's 8-puzzle, five moves from its goal.
const eightPuzzle = "puzzle 283164705 goal=123804765"

// hashID is a node written by id with "#", which the tables use for a
// row's position.
var hashID = regexp.MustCompile(`#\d`)

// TestFamilyLinesNameNodesByState: no line of a depth-first or RBFS search
// (ids, idastar, rbfs, dls over Romania and an 8-puzzle, at every step)
// writes a node "#id", and every node a line names on the current path,
// among the cut-off nodes, as RBFS's next node or backups, is named by its
// state, with "(node N)" exactly when the lines name another node in that
// state.
func TestFamilyLinesNameNodesByState(t *testing.T) {
	for _, tc := range []struct{ problem, algo string }{
		{"graph romania", "ids"},
		{"graph romania", "idastar"},
		{"graph romania", "rbfs"},
		{"graph romania", "dls depth=3"},
		{eightPuzzle, "ids"},
		{eightPuzzle, "idastar"},
		{eightPuzzle, "rbfs"},
		{eightPuzzle, "dls depth=4"},
	} {
		t.Run(tc.problem+"/"+tc.algo, func(t *testing.T) {
			s, err := problems.New(tc.problem, tc.algo)
			if err != nil {
				t.Fatal(err)
			}
			lines := 0
			for step := 0; step <= 60; step++ {
				if s.Seek(step) != step {
					break
				}
				sn := s.Snapshot()
				got := viz.FamilyLines(sn, s.Options(), viz.Iterations(s), nil)
				lines += len(got)
				checkNamedByState(t, step, got, namedNodes(t, s, sn))
			}
			if lines == 0 {
				t.Fatal("no family lines in 60 steps")
			}
		})
	}
}

// namedNodes are the nodes sn's family lines name: the current path, the
// cut-off nodes (the first 8), RBFS's next node and backups.
func namedNodes(t *testing.T, s *stepper.Search, sn stepper.Snapshot) map[int]string {
	t.Helper()
	ids := map[int]string{}
	state := func(id int) string { st, _ := s.StateOf(id); return st }
	if d := sn.Deepening; d != nil {
		for _, id := range d.Current {
			ids[id] = state(id)
		}
		if d.NextNode != nil {
			ids[*d.NextNode] = d.NextState
		}
		for _, b := range d.Backups {
			ids[b.Node] = b.State
		}
	} else if last := lastExpandedID(sn); last >= 0 {
		for _, id := range viz.PathTo(sn.Tree, last) {
			ids[id] = state(id)
		}
	}
	cut := 0
	for _, x := range sn.Tree {
		if x.Status == stepper.NodeCutoff && cut < 8 {
			ids[x.ID] = x.State.String()
			cut++
		}
	}
	return ids
}

// checkNamedByState checks that lines write no "#id" and name each node of
// named by its state: "state (node N)" when named holds another node in
// the same state, else the state alone, never followed by "(node N)".
func checkNamedByState(t *testing.T, step int, lines []string, named map[int]string) {
	t.Helper()
	text := strings.Join(lines, "\n")
	if hashID.MatchString(text) {
		t.Errorf("step %d: a family line writes a node as #id, the tables' row position:\n%s", step, text)
	}
	inState := map[string]int{}
	for _, st := range named {
		inState[st]++
	}
	for id, st := range named {
		word := st
		if a, b, ok := strings.Cut(st, ","); ok && isDigits(a) && isDigits(b) {
			word = "(" + st + ")"
		}
		withID := word + " (node " + strconv.Itoa(id) + ")"
		if inState[st] > 1 {
			if !strings.Contains(text, withID) {
				t.Errorf("step %d: node %d shares state %s with another named node: want %q in\n%s", step, id, st, withID, text)
			}
		} else if !strings.Contains(text, word) || strings.Contains(text, word+" (node ") {
			t.Errorf("step %d: node %d is the only named node in state %s: want it named %q alone in\n%s", step, id, st, word, text)
		}
	}
}

// lastExpandedID is the node expanded last, -1 before the first.
func lastExpandedID(sn stepper.Snapshot) int {
	id, order := -1, 0
	for _, n := range sn.Closed {
		if n.Order > order {
			id, order = n.ID, n.Order
		}
	}
	return id
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// TestMeetingNamedByState: a bidirectional search's μ line names the
// meeting state once and tells its two nodes apart by id, never "#id".
func TestMeetingNamedByState(t *testing.T) {
	for _, tc := range []struct {
		problem, algo string
		steps         int
		want          string
	}{
		{"graph romania", "bibfs", 4, "μ 3 (path cost 450) · meeting at Fagaras (node 12 forward, node 5 backward)"},
		{"graph romania", "biastar", 60, "meeting at Sibiu (node 3 forward, node 17 backward)"},
		{eightPuzzle, "bibfs", 60, "meeting at 023184765 (node 30 forward, node 23 backward)"},
	} {
		t.Run(tc.problem+"/"+tc.algo, func(t *testing.T) {
			s, err := problems.New(tc.problem, tc.algo)
			if err != nil {
				t.Fatal(err)
			}
			s.Seek(tc.steps)
			text := strings.Join(viz.FamilyLines(s.Snapshot(), s.Options(), nil, nil), "\n")
			if !strings.Contains(text, tc.want) || hashID.MatchString(text) {
				t.Errorf("want %q and no #id in\n%s", tc.want, text)
			}
		})
	}
}
