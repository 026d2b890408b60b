package graph

import (
	"strings"
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/internal/problemtest"
)

// The engine's textbook variants on small graphs in the text format, every
// expected value worked out by hand from the graph drawn in the comment.

// runGraph parses a graph text, runs the search line to the end and returns
// the search and all its events.
func runGraph(t *testing.T, text, search string) (*stepper.Search, []stepper.Event) {
	t.Helper()
	g, err := ParseText("", text, nil)
	if err != nil {
		t.Fatalf("ParseText: %v", err)
	}
	o, err := stepper.ParseOptions(search)
	if err != nil {
		t.Fatalf("ParseOptions(%q): %v", search, err)
	}
	s, err := stepper.NewSearch(g, o)
	if err != nil {
		t.Fatalf("NewSearch(%q): %v", search, err)
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

// decreaseKeyGraph:
//
//	S --1-- A
//	|       |
//	5       1
//	|       |
//	B ------+      B --1-- G
//
// UCS reaches B first from S (g 5), then from A (g 2): B is re-parented.
const decreaseKeyGraph = `nodes S A B G
edge S A 1
edge S B 5
edge A B 1
edge B G 1
start S
goal G`

func TestGraphDecreaseKey(t *testing.T) {
	s, evs := runGraph(t, decreaseKeyGraph, "ucs")
	checkSolved(t, s, 3, "S A B G")
	if got := expandedStates(evs); got != "S A B G" {
		t.Errorf("expanded %s, want S A B G", got)
	}
	if got := childFates(evs[1]); got != "S:ignored-closed B:reparented" {
		t.Errorf("step 2 children %s", got)
	}
	b := evs[1].Children[1]
	if b.ID != 2 || b.OldG != 5 || b.G != 2 || b.OldParent != 0 || b.Parent != 1 || b.ExistingID != 2 {
		t.Errorf("re-parented B = %+v; want id 2, g 5 → 2, parent S (0) → A (1)", b)
	}
	if c := s.Counters(); c.Reparented != 1 {
		t.Errorf("reparented counter %d, want 1", c.Reparented)
	}
	// Going back undoes the re-parenting.
	s.Seek(1)
	if n := s.Node(2); n.G != 5 || n.Parent != 0 {
		t.Errorf("after Seek(1), B has g %v parent %d; want 5, 0", n.G, n.Parent)
	}
	s.Seek(2)
	if n := s.Node(2); n.G != 2 || n.Parent != 1 {
		t.Errorf("after Seek(2), B has g %v parent %d; want 2, 1", n.G, n.Parent)
	}

	// open=ignore keeps the first path: B stays at 5 and the path is S B G.
	s, evs = runGraph(t, decreaseKeyGraph, "ucs open=ignore")
	checkSolved(t, s, 6, "S B G")
	if got := childFates(evs[1]); got != "S:ignored-closed B:ignored-open" {
		t.Errorf("open=ignore, step 2 children %s", got)
	}
}

func TestGraphInconsistentHeuristic(t *testing.T) {
	s, evs := runGraph(t, inconsistentGraph, "astar h=table closed=ignore")
	checkSolved(t, s, 8, "S A C G")
	if got := expandedStates(evs); got != "S A C B G" {
		t.Errorf("closed=ignore expanded %s, want S A C B G", got)
	}
	if got := childFates(evs[3]); got != "S:ignored-closed C:ignored-closed" {
		t.Errorf("closed=ignore step 4 children %s", got)
	}
	if w := s.Warnings(); len(w) != 1 || !strings.Contains(w[0], "not consistent") || !strings.Contains(w[0], "h(B) = 5 > c(B, S) + h(S) = 2 + 0") || !strings.Contains(w[0], "closed=reopen") {
		t.Errorf("warnings %q, want one naming the inconsistency", w)
	}

	s, evs = runGraph(t, inconsistentGraph, "astar h=table closed=reopen")
	checkSolved(t, s, 7, "S B C G")
	if got := expandedStates(evs); got != "S A C B C G" {
		t.Errorf("closed=reopen expanded %s, want S A C B C G", got)
	}
	c := evs[3].Children[1]
	if c.Fate != stepper.FateReopened || c.State.String() != "C" || c.OldG != 4 || c.G != 3 || c.OldParent != 1 || c.Parent != 2 {
		t.Errorf("step 4 child %+v; want C reopened, g 4 → 3, parent A (1) → B (2)", c)
	}
	g := evs[4].Children[2]
	if g.Fate != stepper.FateReparented || g.State.String() != "G" || g.OldG != 8 || g.G != 7 {
		t.Errorf("step 5 child %+v; want G re-parented, g 8 → 7", g)
	}
	if len(s.Warnings()) != 0 {
		t.Errorf("closed=reopen warnings %q, want none", s.Warnings())
	}
	// After step 4, C is open again and listed once, with its new key.
	s.Seek(4)
	snap := s.Snapshot()
	var open, closed []string
	for _, o := range snap.Open {
		open = append(open, o.State.String()+"@"+stepper.FormatNumber(o.Key.Priority))
	}
	for _, c := range snap.Closed {
		closed = append(closed, c.State.String())
	}
	if strings.Join(open, " ") != "C@3 G@8" || strings.Join(closed, " ") != "S A B" {
		t.Errorf("after step 4: open %v closed %v; want [C@3 G@8] [S A B]", open, closed)
	}
	// Undo across the reopening and replay give the same trace.
	s.Seek(3)
	if n := s.Node(4); n.Status != stepper.NodeClosed || n.G != 4 {
		t.Errorf("after Seek(3), C is %s with g %v; want closed, 4", n.Status, n.G)
	}
	ev, err := s.EventAt(4)
	if err != nil || childFates(ev) != childFates(evs[3]) {
		t.Errorf("EventAt(4) = %s, %v; want %s", childFates(ev), err, childFates(evs[3]))
	}
}

// goalTestGraph: S --1-- A --1-- G and S --10-- G.
const goalTestGraph = `nodes S A G
edge S A 1
edge S G 10
edge A G 1
start S
goal G`

// goalTestChain: S--A, S--B, A--G, all cost 1.
const goalTestChain = `nodes S A B G
edge S A 1
edge S B 1
edge A G 1
start S
goal G`

func TestGraphGoalTest(t *testing.T) {
	tests := []struct {
		text, search string
		expanded     string
		lastFates    string
		cost         float64
		path         string
	}{
		// UCS testing on expansion lowers G to 2 before selecting it.
		{goalTestGraph, "ucs goaltest=expand", "S A G", "", 2, "S A G"},
		// Testing on generation stops at the first G seen: cost 10.
		{goalTestGraph, "ucs goaltest=generate", "S", "A:added G:goal", 10, "S G"},
		// BFS: the goal is seen while expanding A, or selected two steps later.
		{goalTestChain, "bfs", "S A", "S:ignored-closed G:goal", 2, "S A G"},
		{goalTestChain, "bfs goaltest=expand", "S A B G", "", 2, "S A G"},
	}
	for _, tt := range tests {
		t.Run(tt.search, func(t *testing.T) {
			s, evs := runGraph(t, tt.text, tt.search)
			checkSolved(t, s, tt.cost, tt.path)
			if got := expandedStates(evs); got != tt.expanded {
				t.Errorf("selected %s, want %s", got, tt.expanded)
			}
			if got := childFates(evs[len(evs)-1]); got != tt.lastFates {
				t.Errorf("last step children %q, want %q", got, tt.lastFates)
			}
		})
	}
}

// depthGraph: a long cheap way S-A-B-G (3 roads) and a short dear one S-C-G:
//
//	S --1-- A --1-- B --1-- G
//	 \                     /
//	  1-- C ------5-------+
//
// S lists C before A, so DFS (a stack) selects A first.
const depthGraph = `nodes S A B C G
edge S C 1
edge C G 5
edge S A 1
edge A B 1
edge B G 1
start S
goal G`

func TestGraphDFSDepthLimit(t *testing.T) {
	tests := []struct {
		search   string
		expanded string
		status   stepper.Status
		cost     float64
		path     string
	}{
		{"dfs", "S A B G", stepper.Solved, 3, "S A B G"},
		// Depth 2 leaves B (depth 2) unexpanded, so G below it is never
		// generated, then finds G (depth 2) below C.
		{"dfs depth=2", "S A B C G", stepper.Solved, 6, "S C G"},
		// Depth 1 selects A and C but expands neither: AIMA's cutoff,
		// not "no solution".
		{"dfs depth=1", "S A C", stepper.Cutoff, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.search, func(t *testing.T) {
			s, evs := runGraph(t, depthGraph, tt.search)
			if s.Status() != tt.status {
				t.Fatalf("status %s, want %s", s.Status(), tt.status)
			}
			if got := expandedStates(evs); got != tt.expanded {
				t.Errorf("selected %s, want %s", got, tt.expanded)
			}
			if tt.status == stepper.Solved {
				checkSolved(t, s, tt.cost, tt.path)
			}
		})
	}
	_, evs := runGraph(t, depthGraph, "dfs depth=2")
	if got := childFates(evs[2]); got != "" || evs[2].Expanded.Status != stepper.NodeCutoff || evs[2].Counters.Cutoffs != 1 {
		t.Errorf("depth=2 step 3 (B): children %q, status %s, %d cutoffs; want none, cutoff, 1", got, evs[2].Expanded.Status, evs[2].Counters.Cutoffs)
	}
	if got := childFates(evs[3]); got != "S:ignored-closed G:added" {
		t.Errorf("depth=2 step 4 (C) children %s", got)
	}
}

// squareGraph: S--A, S--B, A--B, B--G, all cost 1.
const squareGraph = `nodes S A B G
edge S A 1
edge S B 1
edge A B 1
edge B G 1
start S
goal G`

// cycleGraph: S--A--G, where A lists G before S, so a stack pops S first.
const cycleGraph = `nodes S A G
edge A G 1
edge S A 1
start S
goal G`

func TestGraphTreeSearch(t *testing.T) {
	tests := []struct {
		search                     string
		generated, duplicates, max int
		nodes                      int
	}{
		// Graph search drops S and B below A and S and A below B.
		{"bfs", 7, 4, 2, 8},
		// Tree search keeps them all: the open list holds S, B, S, A at the end.
		{"bfs tree=true", 7, 0, 4, 8},
	}
	for _, tt := range tests {
		t.Run(tt.search, func(t *testing.T) {
			s, evs := runGraph(t, squareGraph, tt.search)
			checkSolved(t, s, 2, "S B G")
			if got := expandedStates(evs); got != "S A B" {
				t.Errorf("selected %s, want S A B", got)
			}
			c := s.Counters()
			if c.Generated != tt.generated || c.Duplicates != tt.duplicates || c.MaxOpen != tt.max || c.Nodes != tt.nodes {
				t.Errorf("counters %+v; want generated %d, duplicates %d, maxOpen %d, nodes %d", c, tt.generated, tt.duplicates, tt.max, tt.nodes)
			}
		})
	}
	_, evs := runGraph(t, squareGraph, "bfs tree=true")
	if got := childFates(evs[1]); got != "S:added B:added" {
		t.Errorf("tree search step 2 children %s, want both added", got)
	}

	// Graph DFS ignores the way back to S; tree DFS goes S, A, S, A, ... until the node cap.
	s, evs := runGraph(t, cycleGraph, "dfs")
	checkSolved(t, s, 2, "S A G")
	if got := expandedStates(evs); got != "S A G" {
		t.Errorf("graph DFS selected %s, want S A G", got)
	}
	s, evs = runGraph(t, cycleGraph, "dfs tree=true maxnodes=20")
	if s.Status() != stepper.LimitReached {
		t.Fatalf("tree DFS on a cycle: status %s, want limit reached", s.Status())
	}
	if got := expandedStates(evs[:5]); got != "S A S A S" {
		t.Errorf("tree DFS selected %s, want S A S A S", got)
	}
}

// The helpers shared with the other problem packages' tests and stepper's
// external tests, under the names these tests use.
var (
	expandedStates = problemtest.ExpandedStates
	childFates     = problemtest.ChildFates
	checkSolved    = problemtest.CheckSolved
	pathStates     = problemtest.PathStates
)

// inconsistentGraph has an admissible but inconsistent h; see
// problemtest.InconsistentGraph for the graph and what A* does on it.
const inconsistentGraph = problemtest.InconsistentGraph
