package stepper_test

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// The depth-first iterative family against aima-python (aimacode/aima-python
// aima/search.py, run with an InstrumentedProblem: succs, goal_tests,
// states) and AIMA's figures.

func TestIDSRomaniaAIMA(t *testing.T) {
	// iterative_deepening_search(GraphProblem('Arad', 'Bucharest',
	// romania_map)): limits 0..3, the 450 path, 12/34/33. aima-python
	// tests no cycle: parent=keep.
	s, evs := runToEnd(t, "graph romania", "ids parent=keep")
	checkSolved(t, s, 450, "Arad Sibiu Fagaras Bucharest")
	checkAIMACounts(t, s.Counters(), aimaCounts{12, 34, 33})
	last := evs[len(evs)-1].Deepening
	if last == nil || last.Iteration != 4 || last.Limit == nil || *last.Limit != 3 {
		t.Errorf("last step's deepening %+v, want iteration 4, limit 3", last)
	}
	began := 0
	for _, ev := range evs {
		if ev.Deepening.Began {
			began++
			// a new root, a new node: ids are stable across iterations
			if ev.Expanded.Parent != -1 || ev.Expanded.State.String() != "Arad" || s.IterStart(ev.Step) != ev.Expanded.ID {
				t.Errorf("step %d began an iteration at %s (#%d, parent %d), want a new root, the first id of the iteration %d", ev.Step, ev.Expanded.State, ev.Expanded.ID, ev.Expanded.Parent, s.IterStart(ev.Step))
			}
		}
	}
	if began != 3 {
		t.Errorf("%d steps began an iteration, want 3 (limits 1, 2, 3)", began)
	}
}

func TestIDSAndRBFSEightPuzzleAIMA(t *testing.T) {
	// aima-python's EightPuzzle (goal 123456780, blank moves UP DOWN LEFT
	// RIGHT) from its tests; RBFS with Manhattan distance passed as h.
	tests := []struct {
		start, search string
		cost          float64
		want          aimaCounts
	}{
		{"123456078", "ids parent=keep", 2, aimaCounts{4, 13, 10}},
		{"123456078", "rbfs h=manhattan", 2, aimaCounts{2, 3, 5}},
		{"123457860", "rbfs h=manhattan", 12, aimaCounts{496, 497, 1310}},
		{"123457860", "ids parent=keep", 12, aimaCounts{140717, 402546, 402540}},
	}
	for _, tt := range tests {
		t.Run(tt.start+" "+tt.search, func(t *testing.T) {
			s, err := problems.New("puzzle "+tt.start, tt.search)
			if err != nil {
				t.Fatal(err)
			}
			if st := s.Run(0); st != stepper.Solved || s.Cost() != tt.cost {
				t.Fatalf("%s cost %v, want solved at %v", st, s.Cost(), tt.cost)
			}
			checkAIMACounts(t, s.Counters(), tt.want)
		})
	}
}

// TestRBFSFigure327: AIMA 3rd edition Figure 3.27 on Romania with the
// straight-line distances, step for step: (a) after Arad, Sibiu and Rimnicu
// Vilcea, Pitesti's 417 exceeds Rimnicu's f-limit 415 (Fagaras): Rimnicu's
// subtree is forgotten with 417 backed up; (b) Fagaras is expanded with
// f-limit 417, Bucharest's 450 exceeds it, 450 is backed up to Fagaras; (c)
// Rimnicu is expanded again with f-limit min(447, 450) = 447 and Pitesti
// leads to Bucharest at 418.
func TestRBFSFigure327(t *testing.T) {
	s, evs := runToEnd(t, "graph romania", "rbfs h=sld")
	checkSolved(t, s, 418, "Arad Sibiu Rimnicu_Vilcea Pitesti Bucharest")
	want := []struct {
		expanded  string
		f         float64
		backups   string
		next      string
		nextLimit string
	}{
		{"Arad", 366, "", "Sibiu", "447"}, // min(∞, Timisoara's 447)
		{"Sibiu", 393, "", "Rimnicu_Vilcea", "415"},
		// the event shows a node after the step: f backed up
		{"Rimnicu_Vilcea", 417, "Rimnicu_Vilcea:417", "Fagaras", "417"},
		{"Fagaras", 450, "Fagaras:450", "Rimnicu_Vilcea", "447"},
		{"Rimnicu_Vilcea", 417, "", "Pitesti", "447"},
		{"Pitesti", 417, "", "Bucharest", "447"},
		{"Bucharest", 418, "", "", ""},
	}
	if len(evs) != len(want) {
		t.Fatalf("%d steps (%s), want %d", len(evs), expandedStates(evs), len(want))
	}
	for i, w := range want {
		ev := evs[i]
		d := ev.Deepening
		var backs []string
		for _, b := range d.Backups {
			backs = append(backs, s.Node(b.Node).State.String()+":"+b.F.String())
		}
		next, nextLimit := "", ""
		if d.NextNode != nil {
			next, nextLimit = s.Node(*d.NextNode).State.String(), d.NextLimit.String()
		}
		got := []string{ev.Expanded.State.String(), stepper.FormatNumber(ev.Expanded.F), strings.Join(backs, " "), next, nextLimit}
		exp := []string{w.expanded, stepper.FormatNumber(w.f), w.backups, w.next, w.nextLimit}
		if strings.Join(got, "|") != strings.Join(exp, "|") {
			t.Errorf("step %d: %v, want %v", i+1, got, exp)
		}
	}
	// Snapshot (c): the path Arad, Sibiu, Rimnicu, Pitesti with f-limits
	// ∞, 447, 447 (Rimnicu's own), and the forgotten first visit of
	// Rimnicu's children still in the tree.
	s.Seek(6)
	sn := s.Snapshot()
	var lim []string
	for _, b := range sn.Deepening.FLimits {
		lim = append(lim, b.String())
	}
	if got := strings.Join(lim, " "); got != "∞ 447 447 447" {
		t.Errorf("after step 6 f-limits %s, want ∞ 447 447 447", got)
	}
	forgotten := 0
	for _, n := range sn.Tree {
		if n.Status == stepper.NodeForgotten {
			forgotten++
		}
	}
	if forgotten != 5 {
		t.Errorf("%d forgotten nodes after step 6, want 5 (Rimnicu's 3 children, Fagaras' 2)", forgotten)
	}
	// 6 expansions (Rimnicu twice), 7 goal tests, 3+4+3+2+3+3 children
	checkAIMACounts(t, evs[6].Counters, aimaCounts{6, 7, 18})
}

func TestRBFSRomaniaAIMA(t *testing.T) {
	// recursive_best_first_search(romania_problem): aima-python's h is the
	// straight-line distance from its coordinates (euclidean here).
	s, _ := runToEnd(t, "graph romania", "rbfs h=euclidean")
	checkSolved(t, s, 418, "Arad Sibiu Rimnicu_Vilcea Pitesti Bucharest")
	checkAIMACounts(t, s.Counters(), aimaCounts{5, 6, 15})
}

// TestIDAStarThresholds: IDA* on Romania: thresholds 366, 393, 413, 415,
// 417, 418 (each the least f over the last), the optimal 418 path.
func TestIDAStarThresholds(t *testing.T) {
	s, evs := runToEnd(t, "graph romania", "idastar")
	checkSolved(t, s, 418, "Arad Sibiu Rimnicu_Vilcea Pitesti Bucharest")
	var th []string
	for _, ev := range evs {
		if ev.Step == 1 || ev.Deepening.Began {
			th = append(th, ev.Deepening.Threshold.String())
		}
		for _, c := range ev.Children {
			if c.Fate == stepper.FateCutoff && c.F <= float64(*ev.Deepening.Threshold) {
				t.Errorf("step %d cut off %s at f %v <= threshold %v", ev.Step, c.State, c.F, *ev.Deepening.Threshold)
			}
		}
	}
	if got := strings.Join(th, " "); got != "366 393 413 415 417 418" {
		t.Errorf("thresholds %s", got)
	}
}

// TestDFSeekAndJSON: seeking back and forth gives the same events, and the
// deepening fields survive JSON (∞ as null).
func TestDFSeekAndJSON(t *testing.T) {
	for _, line := range []string{"ids", "idastar", "rbfs"} {
		s, evs := runToEnd(t, "graph romania", line)
		for _, k := range []int{3, 1, len(evs)} {
			ev, err := s.EventAt(k)
			if err != nil {
				t.Fatal(err)
			}
			a, _ := json.Marshal(ev)
			b, _ := json.Marshal(evs[k-1])
			if string(a) != string(b) {
				t.Errorf("%s step %d replayed differently:\n%s\n%s", line, k, a, b)
			}
			var back stepper.Event
			if err := json.Unmarshal(a, &back); err != nil {
				t.Fatalf("%s: %v", line, err)
			}
			c, _ := json.Marshal(back)
			if string(c) != string(a) {
				t.Errorf("%s step %d: JSON round trip differs", line, k)
			}
		}
	}
	var b stepper.Bound
	if err := json.Unmarshal([]byte("null"), &b); err != nil || !math.IsInf(float64(b), 1) {
		t.Errorf("null read as %v, %v", b, err)
	}
}
