package stepper_test

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// aimaCounts are aima-python's InstrumentedProblem counters: succs (calls
// of actions: expansions), goal_tests and states (results: nodes
// generated).
type aimaCounts struct{ succs, goalTests, states int }

// checkAIMACounts compares a finished search's counters with aima-python's:
// every selected node is goal-tested (the goal test on expansion), so
// goal_tests is Steps.
func checkAIMACounts(t *testing.T, c stepper.Counters, want aimaCounts) {
	t.Helper()
	got := aimaCounts{c.Expanded, c.Steps, c.Generated}
	if got != want {
		t.Errorf("succs/goal_tests/states %d/%d/%d, want aima-python's %d/%d/%d", got.succs, got.goalTests, got.states, want.succs, want.goalTests, want.states)
	}
}

// TestDLSRomaniaAIMA: AIMA Figure 3.17's depth-limited search on Romania,
// against aima-python's depth_limited_search(problem, limit) with an
// InstrumentedProblem (aimacode/aima-python aima/search.py, run on
// GraphProblem('Arad', 'Bucharest', romania_map)): cutoff up to limit 2,
// the 450 km path through Fagaras from limit 3, and the same counts. The
// status of a search stopped by the limit is cutoff, not no solution.
func TestDLSRomaniaAIMA(t *testing.T) {
	tests := []struct {
		search string
		status stepper.Status
		path   string
		want   aimaCounts
	}{
		// limit 0: Arad is goal-tested, not expanded: cutoff
		{"dls depth=0", stepper.Cutoff, "", aimaCounts{0, 1, 0}},
		{"dls limit=0", stepper.Cutoff, "", aimaCounts{0, 1, 0}},
		{"dls depth=1", stepper.Cutoff, "", aimaCounts{1, 4, 3}},
		{"dls depth=2", stepper.Cutoff, "", aimaCounts{4, 12, 11}},
		{"dls depth=3", stepper.Solved, "Arad Sibiu Fagaras Bucharest", aimaCounts{7, 17, 19}},
		{"dls depth=4", stepper.Solved, "Arad Sibiu Fagaras Bucharest", aimaCounts{16, 43, 45}},
		// dfs with a depth limit is the same search: the same limit
		// semantics, and with tree=true order=reverse the same pop order
		// (a stack pops the last child pushed first).
		{"dfs tree=true order=reverse depth=0", stepper.Cutoff, "", aimaCounts{0, 1, 0}},
		{"dfs tree=true order=reverse depth=2", stepper.Cutoff, "", aimaCounts{4, 12, 11}},
		{"dfs tree=true order=reverse depth=3", stepper.Solved, "Arad Sibiu Fagaras Bucharest", aimaCounts{7, 17, 19}},
	}
	for _, tt := range tests {
		t.Run(tt.search, func(t *testing.T) {
			s := solveLine(t, "graph romania", tt.search)
			if s.Status() != tt.status {
				t.Fatalf("status %s, want %s", s.Status(), tt.status)
			}
			if tt.status == stepper.Solved {
				checkSolved(t, s, 450, tt.path)
			}
			checkAIMACounts(t, s.Counters(), tt.want)
			if tt.status == stepper.Cutoff && s.Counters().Cutoffs == 0 {
				t.Errorf("status cutoff with no node counted as cut off")
			}
		})
	}
}

// TestDLSSameAsDFSDepth: dls depth=L and dfs tree=true order=reverse
// depth=L select the same states step for step, and the cut-off nodes are
// exactly those at depth L.
func TestDLSSameAsDFSDepth(t *testing.T) {
	for _, limit := range []string{"1", "2", "3", "5"} {
		a, ea := runToEnd(t, "graph romania", "dls depth="+limit)
		b, eb := runToEnd(t, "graph romania", "dfs tree=true order=reverse depth="+limit)
		if expandedStates(ea) != expandedStates(eb) || a.Status() != b.Status() {
			t.Errorf("limit %s: dls %s (%s), dfs %s (%s)", limit, expandedStates(ea), a.Status(), expandedStates(eb), b.Status())
		}
		for _, ev := range ea {
			atLimit := ev.Expanded.Depth == int(limit[0]-'0')
			if (ev.Expanded.Status == stepper.NodeCutoff) != (atLimit && ev.Expanded.Status != stepper.NodeGoal) {
				t.Errorf("limit %s step %d: %s at depth %d is %s", limit, ev.Step, ev.Expanded.State, ev.Expanded.Depth, ev.Expanded.Status)
			}
		}
	}
}

// TestDLSGoalOnGenerateNeverPastLimit: with the goal tested on generation,
// nothing deeper than the limit is generated, so no goal is thrown away.
func TestDLSGoalOnGenerateNeverPastLimit(t *testing.T) {
	_, evs := runToEnd(t, "graph romania", "dls depth=2 goaltest=generate")
	for _, ev := range evs {
		for _, c := range ev.Children {
			if c.Depth > 2 {
				t.Fatalf("step %d generated %s at depth %d past limit 2", ev.Step, c.State, c.Depth)
			}
		}
	}
}

// runToEnd steps a search on a problem line to its end.
func runToEnd(t *testing.T, problem, search string) (*stepper.Search, []stepper.Event) {
	t.Helper()
	s, err := problems.New(problem, search)
	if err != nil {
		t.Fatalf("New(%q, %q): %v", problem, search, err)
	}
	var evs []stepper.Event
	for {
		ev, ok := s.Step()
		if !ok {
			return s, evs
		}
		evs = append(evs, ev)
	}
}

// TestJSONIDsAlwaysWritten: existing and oldParent are written even when
// they are 0 (the root) or -1 (none).
func TestJSONIDsAlwaysWritten(t *testing.T) {
	_, evs := runToEnd(t, "graph romania", "ucs")
	b := strings.Builder{}
	for _, ev := range evs[:2] {
		js, err := json.Marshal(ev)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(js)
	}
	// Step 2 expands Zerind: its child Arad is the closed root (existing 0).
	s := b.String()
	for _, want := range []string{`"existing":0`, `"existing":-1`, `"oldParent":-1`} {
		if !strings.Contains(s, want) {
			t.Errorf("events lack %s: %s", want, s)
		}
	}
}

// TestReparentNew: open=reparent-new gives a re-parented node a new
// insertion number, as aima-python's del frontier[child];
// frontier.append(child) does, so it loses a FIFO tie it won with
// open=reparent. S adds X (g 5), A, Y (g 4); A lowers X to g 4, tying Y.
func TestReparentNew(t *testing.T) {
	g := "S-X:5 S-A:1 S-Y:4 A-X:3 X-G:10 Y-G:10"
	for _, tt := range []struct{ search, order string }{
		{"ucs", "S A X Y G"},
		{"ucs open=reparent-new", "S A Y X G"},
	} {
		s := mustSearch(t, stepper.ParseTiny(t, g, "", "G"), tt.search)
		var evs []stepper.Event
		for {
			ev, ok := s.Step()
			if !ok {
				break
			}
			evs = append(evs, ev)
		}
		if got := expandedStates(evs); got != tt.order {
			t.Errorf("%s: expanded %s, want %s", tt.search, got, tt.order)
		}
		if !strings.Contains(s.Options().String(), "open="+string(s.Options().Open)) {
			t.Errorf("%s: options %q do not record open=", tt.search, s.Options())
		}
		// Seek back and forth replays the new insertion number.
		s.Seek(2)
		ev, _ := s.Step()
		if ev.Expanded.State.String() != strings.Fields(tt.order)[2] {
			t.Errorf("%s: replayed step 3 expanded %s", tt.search, ev.Expanded.State)
		}
	}
}

// TestLessCostTolerance: a path cheaper only by rounding error is not
// cheaper.
func TestLessCostTolerance(t *testing.T) {
	r2 := math.Sqrt2
	if stepper.LessCost(r2+r2+r2, 3*r2) || stepper.LessCost(3*r2, r2+r2+r2) {
		t.Errorf("√2+√2+√2 and 3√2 compare as different costs")
	}
	if !stepper.LessCost(4.2, 4.25) || stepper.LessCost(4.25, 4.2) {
		t.Errorf("4.2 < 4.25 not seen")
	}
}

// TestLazyDFSRomania: aima-java's GraphSearch keeps duplicates on the
// frontier and drops them when popped; its DFS on Romania returns the
// 575 km path through Oradea. With the successor order alphabetical
// (Sibiu, Timisoara, Zerind out of Arad), lazy=true gives that path; the
// eager frontier, with the same order, does not.
func TestLazyDFSRomania(t *testing.T) {
	s, evs := runToEnd(t, "graph romania", "dfs lazy=true order=alpha")
	checkSolved(t, s, 575, "Arad Zerind Oradea Sibiu Rimnicu_Vilcea Pitesti Bucharest")
	stale := 0
	for _, ev := range evs {
		if ev.Expanded.Status == stepper.NodeDiscarded {
			stale++
			if len(ev.Children) != 0 {
				t.Errorf("step %d discarded %s but generated children", ev.Step, ev.Expanded.State)
			}
		}
	}
	eager := solveLine(t, "graph romania", "dfs order=alpha")
	if eager.Cost() == 575 {
		t.Errorf("the eager frontier also gives 575: the test shows nothing")
	}
	if !strings.Contains(s.Options().String(), "lazy=true") {
		t.Errorf("options %q do not record lazy=true", s.Options())
	}
	// seek back and forth replays the discarded pops
	for _, k := range []int{len(evs), 2, len(evs) - 1} {
		ev, err := s.EventAt(k)
		if err != nil || ev.Expanded.ID != evs[k-1].Expanded.ID || ev.Expanded.Status != evs[k-1].Expanded.Status {
			t.Errorf("replayed step %d: %+v %v", k, ev.Expanded, err)
		}
	}
	_ = stale
	// lazy UCS (Dijkstra with lazy deletion) is still optimal
	u := solveLine(t, "graph romania", "ucs lazy=true")
	checkSolved(t, u, 418, "Arad Sibiu Rimnicu_Vilcea Pitesti Bucharest")
}

// TestDepthZeroIsALimit: depth=0 (or limit=0) is a limit of 0 for every
// algorithm that takes one: the start is goal-tested, nothing is expanded,
// and the search ends in cutoff; depth=none is no limit.
func TestDepthZeroIsALimit(t *testing.T) {
	for _, c := range []struct {
		line   string
		status stepper.Status
		steps  int
	}{
		{"dls depth=0", stepper.Cutoff, 1},
		{"dfs depth=0", stepper.Cutoff, 1},
		{"bfs depth=0", stepper.Cutoff, 1},
		{"astar limit=0", stepper.Cutoff, 1},
		{"ids depth=0", stepper.Cutoff, 1},
		{"ids depth=2 parent=keep", stepper.Cutoff, 1 + 4 + 12}, // aima-python's: DLS 0, 1, 2
		{"ids depth=2", stepper.Cutoff, 1 + 4 + 9},              // IS-CYCLE: Sibiu, Timisoara, Zerind do not generate Arad again
		{"ids depth=none", stepper.Solved, 0},
		{"dfs depth=none", stepper.Solved, 0},
	} {
		t.Run(c.line, func(t *testing.T) {
			s := solveLine(t, "graph romania", c.line)
			if s.Status() != c.status {
				t.Fatalf("status %s, want %s", s.Status(), c.status)
			}
			if c.steps > 0 && s.Counters().Steps != c.steps {
				t.Errorf("%d steps, want %d", s.Counters().Steps, c.steps)
			}
			if c.status == stepper.Cutoff && s.Counters().Cutoffs == 0 {
				t.Errorf("cutoff with no node cut off")
			}
		})
	}
}
