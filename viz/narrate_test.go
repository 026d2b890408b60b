package viz

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// steps returns the events of a search from step 1 to the end (at most max).
func steps(t *testing.T, problem, options string, max int) ([]stepper.Event, stepper.Options) {
	t.Helper()
	s, o := search(t, problem, options, 0)
	var evs []stepper.Event
	for len(evs) < max {
		ev, ok := s.Step()
		if !ok {
			break
		}
		evs = append(evs, ev)
	}
	return evs, o
}

// TestNarrateRomaniaAStar narrates the A* trace of AIMA figure 3.24, step by
// step, including the cheaper path to Bucharest found through Pitesti.
func TestNarrateRomaniaAStar(t *testing.T) {
	evs, o := steps(t, romania, "astar", 100)
	want := []string{
		"Step 1: expanded Arad (f 366 = g 0 + h 366). Zerind new (f 449); Sibiu new (f 393); Timisoara new (f 447).",
		"Step 2: expanded Sibiu (f 393 = g 140 + h 253). Arad already closed, ignored; Fagaras new (f 415); Oradea new (f 671); Rimnicu_Vilcea new (f 413).",
		"Step 3: expanded Rimnicu_Vilcea (f 413 = g 220 + h 193). Sibiu already closed, ignored; Craiova new (f 526); Pitesti new (f 417).",
		"Step 4: expanded Fagaras (f 415 = g 239 + h 176). Sibiu already closed, ignored; Bucharest new (f 450).",
		"Step 5: expanded Pitesti (f 417 = g 317 + h 100). Rimnicu_Vilcea already closed, ignored; Bucharest cheaper path, g 450 → 418, parent now Pitesti; Craiova already open, new g 455 no better, ignored.",
		"Step 6: selected Bucharest (f 418 = g 418 + h 0): it is the goal. Goal found: path cost 418, 4 moves.",
	}
	if len(evs) != len(want) {
		t.Fatalf("%d steps, want %d", len(evs), len(want))
	}
	for i, ev := range evs {
		if got := Narrate(ev, o); got != want[i] {
			t.Errorf("step %d:\n got %s\nwant %s", i+1, got, want[i])
		}
	}
}

func TestNarrateRealEvents(t *testing.T) {
	tests := []struct {
		problem, options string
		step             int
		want             []string // substrings, in order
	}{
		{romania, "bfs", 6, []string{"Step 6: expanded Fagaras (depth 2, g 239).", "Bucharest is the goal (g 450, tested when generated)", "Goal found: path cost 450, 3 moves."}},
		{romania, "ucs", 1, []string{"Step 1: expanded Arad (g 0).", "Zerind new (g 75)"}},
		{romania, "greedy", 2, []string{"expanded Sibiu (f 253 = h 253; g 140)", "Fagaras new (f 176)"}},
		{romania, "wastar w=1.5", 1, []string{"expanded Arad (f 549 = g 0 + 1.5·h 366)", "Sibiu new (f 519.5)"}},
		{romania, "dfs depth=2", 3, []string{"selected Lugoj (depth 2, g 229): not the goal, and at the depth limit 2: cut off, not expanded."}},
		{romania, "dls depth=1", 4, []string{"at the depth limit 1: cut off", "cutoff (a deeper limit may find a goal)."}},
		{puzzle8, "astar", 1, []string{"Step 1: expanded 283164705 (f 5 = g 0 + h 5). 283104765 new (f 5); 283164075 new (f 7); 283164750 new (f 7)."}},
		{puzzle8, "astar", 6, []string{"selected 123804765 (f 5 = g 5 + h 0): it is the goal.", "Goal found: path cost 5, 5 moves."}},
		{tutorialGrid, "astar", 1, []string{"expanded (1,2) (f 40 = g 0 + h 40).", "(2,2) new (f 40)"}},
		{tutorialGrid, "astar tie=high-g", 3, []string{"won a tie with 1 other: tie rule high-g"}},
		{"grid S#/.#/.G", "bfs", 1, []string{"Step 1: expanded (0,0)", "(0,1) new."}},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%s/%s/%d", tc.problem, tc.options, tc.step), func(t *testing.T) {
			evs, o := steps(t, tc.problem, tc.options, tc.step)
			if len(evs) < tc.step {
				t.Fatalf("search ended at step %d", len(evs))
			}
			got := Narrate(evs[tc.step-1], o)
			rest := got
			for _, w := range tc.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("narration %q lacks %q (in order)", got, w)
				}
				rest = rest[i+len(w):]
			}
			if strings.Contains(got, "\n") {
				t.Errorf("narration spans lines: %q", got)
			}
		})
	}
}

// TestNarrateEveryFate covers the fates and endings the small real searches
// above do not reach.
func TestNarrateEveryFate(t *testing.T) {
	b := stepper.NodeInfo{ID: 1, State: stepper.TextOf("B"), G: 2, H: 3, F: 5, Status: stepper.NodeClosed}
	child := func(state string, fate stepper.Fate, g, oldG float64) stepper.Child {
		return stepper.Child{NodeInfo: stepper.NodeInfo{State: stepper.TextOf(state), G: g, F: g + 1}, Fate: fate, OldG: oldG}
	}
	astar := stepper.Options{Algorithm: stepper.AStar}
	tests := []struct {
		name string
		ev   stepper.Event
		o    stepper.Options
		want string
	}{
		{"issue example", stepper.Event{Step: 3, Expanded: b, Children: []stepper.Child{
			child("C", stepper.FateAdded, 4, 0), child("D", stepper.FateClosed, 5, 0), child("E", stepper.FateReparented, 4, 6),
		}}, astar, "Step 3: expanded B (f 5 = g 2 + h 3). C new (f 5); D already closed, ignored; E cheaper path, g 6 → 4, parent now B."},
		{"reopened", stepper.Event{Step: 4, Expanded: b, Children: []stepper.Child{child("A", stepper.FateReopened, 3, 7)}},
			stepper.Options{Algorithm: stepper.AStar, Closed: stepper.Reopen},
			"Step 4: expanded B (f 5 = g 2 + h 3). A closed but reached cheaper, g 7 → 3, reopened with parent B."},
		{"open ignored by policy", stepper.Event{Step: 2, Expanded: b, Children: []stepper.Child{child("C", stepper.FateOpen, 9, 0)}},
			stepper.Options{Algorithm: stepper.AStar, Open: stepper.IgnoreOpen},
			"Step 2: expanded B (f 5 = g 2 + h 3). C already open, ignored."},
		{"dead end", stepper.Event{Step: 5, Expanded: b}, astar, "Step 5: expanded B (f 5 = g 2 + h 3): no successors."},
		{"h failed", stepper.Event{Step: 2, Expanded: b, Status: stepper.Failed, Children: []stepper.Child{
			child("C", stepper.FateAdded, 4, 0), {NodeInfo: stepper.NodeInfo{State: stepper.TextOf("D"), G: 4, F: 4, HFailed: true}, Fate: stepper.FateAdded},
		}}, astar, "Step 2: expanded B (f 5 = g 2 + h 3). C new (f 5); D: h failed on this state, no further child generated."},
		{"no solution", stepper.Event{Step: 6, Expanded: b, Status: stepper.NoSolution}, astar,
			"Step 6: expanded B (f 5 = g 2 + h 3): no successors. The open list is empty: no solution."},
		{"limit", stepper.Event{Step: 7, Expanded: b, Status: stepper.LimitReached, Children: []stepper.Child{child("C", stepper.FateAdded, 4, 0)}}, astar,
			"Step 7: expanded B (f 5 = g 2 + h 3). C new (f 5). The node limit is reached: the search stops."},
		{"limit full of duplicates", stepper.Event{Step: 7, Expanded: b, Status: stepper.LimitReached, Counters: stepper.Counters{Duplicates: 120}}, astar,
			"Step 7: expanded B (f 5 = g 2 + h 3): no successors. The node limit is reached: the search stops. 120 of its nodes are duplicates of states already reached (duplicates=keep): search with duplicates=drop to store only new states and go further."},
		{"limit, duplicates dropped", stepper.Event{Step: 7, Expanded: b, Status: stepper.LimitReached, Counters: stepper.Counters{Duplicates: 120}}, stepper.Options{Algorithm: stepper.AStar, Duplicates: stepper.DropDuplicates},
			"Step 7: expanded B (f 5 = g 2 + h 3): no successors. The node limit is reached: the search stops."},
		{"ties", stepper.Event{Step: 8, Expanded: b, TieCount: 2, TieReason: stepper.TextOf("priority 5 tied with 2 open nodes; tie rule fifo: inserted first (seq 3)")}, astar,
			"Step 8: expanded B (f 5 = g 2 + h 3), won a tie with 2 others: tie rule fifo: inserted first (seq 3): no successors."},
		{"zero options take defaults", stepper.Event{Step: 1, Expanded: b}, stepper.Options{},
			"Step 1: expanded B (f 5 = g 2 + h 3): no successors."},
		{"weighted default w", stepper.Event{Step: 1, Expanded: b}, stepper.Options{Algorithm: stepper.WAStar},
			"Step 1: expanded B (f 5 = g 2 + 2·h 3): no successors."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Narrate(tc.ev, tc.o); got != tc.want {
				t.Errorf("\n got %s\nwant %s", got, tc.want)
			}
		})
	}
}

func ExampleNarrate() {
	inst, _ := problems.Parse("graph romania", nil)
	o, _ := stepper.ParseOptions("astar")
	s, _ := stepper.NewSearch(inst, o)
	for {
		ev, ok := s.Step()
		if !ok {
			break
		}
		if ev.Step >= 5 {
			fmt.Println(Narrate(ev, o))
		}
	}
	// Output:
	// Step 5: expanded Pitesti (f 417 = g 317 + h 100). Rimnicu_Vilcea already closed, ignored; Bucharest cheaper path, g 450 → 418, parent now Pitesti; Craiova already open, new g 455 no better, ignored.
	// Step 6: selected Bucharest (f 418 = g 418 + h 0): it is the goal. Goal found: path cost 418, 4 moves.
}

// TestNarrateExactSqrt2: on a grid with √2 moves the narration writes g,
// h and f exactly, so the sum shown adds up.
func TestNarrateExactSqrt2(t *testing.T) {
	tests := []struct {
		g, h float64
		want string
	}{
		{math.Sqrt2, 2*math.Sqrt2 + 1, "f 1+3√2 ≈ 5.243 = g √2 + h 1+2√2"},
		{2 + 3*math.Sqrt2, 4, "f 6+3√2 ≈ 10.243 = g 2+3√2 + h 4"},
		{2, 3, "f 5 = g 2 + h 3"},
		{2.5, 3, "f 5.5 = g 2.5 + h 3"},
	}
	for _, tt := range tests {
		n := stepper.NodeInfo{G: tt.g, H: tt.h, F: tt.g + tt.h}
		if got := formula(n, stepper.Options{Algorithm: stepper.AStar}); got != tt.want {
			t.Errorf("formula(g %v, h %v) = %q, want %q", tt.g, tt.h, got, tt.want)
		}
	}
}

// TestNarrateDeepening: the depth-first iterative family in its own words.
func TestNarrateDeepening(t *testing.T) {
	tests := []struct {
		options string
		step    int
		want    []string
	}{
		{"idastar", 2, []string{"Step 2: iteration 2 begins with threshold 393", "expanded Arad", "Timisoara f 447 > threshold 393: cut off", "Next threshold is the least such f so far: 447."}},
		{"ids", 2, []string{"Step 2: iteration 2 begins with depth limit 1; expanded Arad"}},
		{"ids", 3, []string{"selected Zerind", "at the depth limit 1: cut off, not expanded."}},
		// AIMA Fig. 3.27: Rimnicu Vilcea expanded at 413, stores 417; later
		// expanded again at its stored F, which is not g + h
		{"rbfs", 3, []string{"expanded Rimnicu_Vilcea (f 413 = g 220 + h 193)", "Pitesti new (f 417)", "Best f below Rimnicu_Vilcea is 417, over its f-limit 415: its subtree is forgotten, f 417 backed up to it.", "Next: Fagaras with f-limit 417."}},
		{"rbfs", 5, []string{"expanded Rimnicu_Vilcea (stored F 417, backed up; g 220 + h 193 = 413)."}},
		{"rbfs", 4, []string{"expanded Fagaras (f 415 = g 239 + h 176)", "Bucharest new (f 450)", "Best f below Fagaras is 450, over its f-limit 417: its subtree is forgotten, f 450 backed up to it.", "Next: Rimnicu_Vilcea with f-limit 447."}},
	}
	for _, tc := range tests {
		evs, o := steps(t, "graph romania", tc.options, tc.step)
		got := Narrate(evs[tc.step-1], o)
		rest := got
		for _, w := range tc.want {
			i := strings.Index(rest, w)
			if i < 0 {
				t.Errorf("%s step %d: narration %q lacks %q (in order)", tc.options, tc.step, got, w)
				break
			}
			rest = rest[i+len(w):]
		}
	}
}

// TestNarrateBidirectional: the side searched and the stopping rule.
func TestNarrateBidirectional(t *testing.T) {
	evs, o := steps(t, "graph romania", "biucs", 9)
	got := Narrate(evs[1], o)
	if !strings.HasPrefix(got, "Step 2: backward search expanded Bucharest") {
		t.Errorf("step 2: %q", got)
	}
	last := Narrate(evs[len(evs)-1], o)
	if !strings.Contains(last, "Best meeting so far: μ 418") || !strings.Contains(last, "stop.") || !strings.Contains(last, "Goal found: path cost 418") {
		t.Errorf("last step: %q", last)
	}
}

// TestNarrateBeam narrates beam search's prunings on Romania (width 2),
// a local beam's layer, and a beam too narrow to find the goal.
func TestNarrateBeam(t *testing.T) {
	evs, o := steps(t, "graph romania", "beam width=2", 10)
	if got, want := Narrate(evs[1], o), "Step 2: expanded Sibiu (f 393 = g 140 + h 253). Arad already closed, ignored; Fagaras new (f 415); Oradea new (f 671); Rimnicu_Vilcea new (f 413). The beam keeps the 2 best open nodes, the rest are pruned: Timisoara (f 447), Oradea (f 671)."; got != want {
		t.Errorf("step 2:\n got %s\nwant %s", got, want)
	}
	evs, o = steps(t, "graph romania", "beam width=2 local=true f=h", 10)
	if got, want := Narrate(evs[1], o), "Step 2: expanded Sibiu (f 253 = h 253; g 140). Arad already closed, ignored; Fagaras new (f 176); Oradea new (f 380); Rimnicu_Vilcea new (f 193)."; got != want {
		t.Errorf("local step 2:\n got %s\nwant %s", got, want)
	}
	if got, want := Narrate(evs[2], o), "Step 3: expanded Timisoara (f 329 = h 329; g 118). Arad already closed, ignored; Lugoj new (f 244). Layer 1 is expanded: the next layer is the 2 best of its children, the rest are pruned: Lugoj (f 244), Oradea (f 380)."; got != want {
		t.Errorf("local step 3:\n got %s\nwant %s", got, want)
	}
	evs, o = steps(t, "graph romania goal=Neamt", "beam width=1 f=h", 100)
	last := Narrate(evs[len(evs)-1], o)
	if !strings.HasSuffix(last, " The open list is empty: no solution within a beam of width 1: 7 nodes were pruned (a wider beam may find one).") {
		t.Errorf("last step: %q", last)
	}
}

// TestNarrateBiAStar: bidirectional A* narrates f = g + h on each side and
// its stopping rule, μ against the larger least f.
func TestNarrateBiAStar(t *testing.T) {
	evs, o := steps(t, "graph romania", "biastar", 100)
	if got := Narrate(evs[1], o); !strings.HasPrefix(got, "Step 2: backward search expanded Bucharest (f 366 = g 0 + h 366).") {
		t.Errorf("step 2: %q", got)
	}
	last := Narrate(evs[len(evs)-1], o)
	if !strings.Contains(last, "Best meeting so far: μ 418; the larger of the open lists' least f, max(") || !strings.Contains(last, "is no less: stop. Goal found: path cost 418") {
		t.Errorf("last step: %q", last)
	}
}

// TestNarrateNamesNodesByState: a narration names nodes by their state, as
// the tables and the strip do, never by "#id" (the tables' "#" is a row's
// position); "node id" is added only to tell apart two nodes it names in
// the same state.
func TestNarrateNamesNodesByState(t *testing.T) {
	for _, options := range []string{"rbfs", "idastar", "ids", "astar"} {
		evs, o := steps(t, "graph romania", options, 100)
		for _, ev := range evs {
			if got := Narrate(ev, o); strings.Contains(got, "#") {
				t.Errorf("%s step %d: %q writes an id with #", options, ev.Step, got)
			}
		}
	}
	next, nextLimit := 9, stepper.Bound(500)
	ev := stepper.Event{
		Step:     5,
		Expanded: stepper.NodeInfo{ID: 4, State: stepper.TextOf("Sibiu"), G: 140, H: 253, F: 393, Status: stepper.NodeOpen},
		Children: []stepper.Child{{NodeInfo: stepper.NodeInfo{ID: 8, State: stepper.TextOf("Arad"), G: 280, H: 366, F: 646}, Fate: stepper.FateAdded}},
		Status:   stepper.Running,
		Deepening: &stepper.Deepening{Iteration: 1, Current: []int{0, 4},
			Backups:  []stepper.Backup{{Node: 4, State: "Sibiu", F: 646, Limit: 450}},
			NextNode: &next, NextState: "Arad", NextLimit: &nextLimit},
	}
	o, err := stepper.ParseOptions("rbfs")
	if err != nil {
		t.Fatal(err)
	}
	got := Narrate(ev, o)
	for _, w := range []string{"Best f below Sibiu is 646, over its f-limit 450", "Next: Arad (node 9) with f-limit 500."} {
		if !strings.Contains(got, w) {
			t.Errorf("narration %q lacks %q", got, w)
		}
	}
}
