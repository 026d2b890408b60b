package kernel

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"stepviz/stepper"
	"stepviz/stepper/graph"
	"stepviz/stepper/grid"
	"stepviz/stepper/problems"
)

const seedPuzzle = "puzzle 283164705 goal=123804765" // costs 5 (the seeds' example)

// run executes cells that must succeed and returns the last one's outputs.
func run(t *testing.T, s *Session, cells ...string) []Output {
	t.Helper()
	var outs []Output
	for _, c := range cells {
		var err error
		outs, err = s.Run(context.Background(), c)
		if err != nil {
			t.Fatalf("cell %q: %v", c, err)
		}
	}
	return outs
}

// fail executes a cell that must fail on line with a message containing
// want.
func fail(t *testing.T, s *Session, cell string, line int, want string) {
	t.Helper()
	_, err := s.Run(context.Background(), cell)
	checkCellError(t, err, line, want)
}

func TestErrorsKeepState(t *testing.T) {
	s := NewSession(Config{IDPrefix: "t"})
	run(t, s, seedPuzzle, "a = search astar h=manhattan\nstep 2")
	fail(t, s, "a = search astar h=manhatan", 1, "unknown heuristic 'manhatan': did you mean manhattan?")
	fail(t, s, "step a\nshow a opne", 2, "unknown topic 'opne'")
	if got := s.Search("a").StepCount(); got != 2 {
		t.Errorf("a syntax error ran earlier lines: step %d, want 2", got)
	}
	fail(t, s, "step a\nshow a node 999", 2, "node 999 does not exist yet")
	if got := s.Search("a").StepCount(); got != 3 {
		t.Errorf("after a runtime error on line 2, step %d, want 3 (line 1 ran)", got)
	}
	fail(t, s, "puzzle 12345678", 1, "")
	if s.Problem() == nil || s.Problem().Spec() != seedPuzzle {
		t.Errorf("a bad problem line replaced the problem: %v", s.Problem())
	}
	fail(t, s, "step b", 1, "no search named 'b'")
	fail(t, s, "step aa", 1, "no search named 'aa': did you mean a?")
	if got := s.Search("a").Options().Heuristic; got != "manhattan" {
		t.Errorf("search a has h=%s after failed cells, want manhattan", got)
	}
}

func TestNeedsProblemAndSearch(t *testing.T) {
	s := NewSession(Config{})
	fail(t, s, "search astar", 1, "no problem yet")
	fail(t, s, "step", 1, "no search yet")
	fail(t, s, "compare bfs", 1, "no problem to compare on")
	run(t, s, seedPuzzle)
	fail(t, s, "search astar h=octile", 1, "unknown heuristic 'octile'")
}

func TestLiveViewUpdates(t *testing.T) {
	s := NewSession(Config{IDPrefix: "t"})
	outs := run(t, s, seedPuzzle, "a = search astar h=manhattan")
	if len(outs) != 1 || outs[0].DisplayID == "" || outs[0].Update {
		t.Fatalf("search cell outputs %+v, want one new display with an id", outs)
	}
	id := outs[0].DisplayID
	if !strings.Contains(outs[0].HTML, `data-step="0"`) {
		t.Errorf("new view is not at step 0: %s", outs[0].HTML)
	}
	for _, tc := range []struct {
		cell string
		step int
	}{{"step", 1}, {"step 2", 3}, {"back", 2}, {"run to goal", 6}, {"back 10", 0}, {"run 2", 2}, {"reset", 0}} {
		outs := run(t, s, tc.cell)
		var updates []Output
		for _, o := range outs {
			if o.Update {
				updates = append(updates, o)
			}
		}
		if len(updates) == 0 {
			t.Fatalf("%q: no update of the live view in %+v", tc.cell, outs)
		}
		last := updates[len(updates)-1]
		if last.DisplayID != id {
			t.Errorf("%q updates display %q, want %q", tc.cell, last.DisplayID, id)
		}
		if want := fmt.Sprintf(`data-step="%d"`, tc.step); !strings.Contains(last.HTML, want) {
			t.Errorf("%q: view not at step %d", tc.cell, tc.step)
		}
		if got := s.Search("a").StepCount(); got != tc.step {
			t.Errorf("%q: search at step %d, want %d", tc.cell, got, tc.step)
		}
	}
	// A new search gets a display of its own.
	outs = run(t, s, "a = search bfs")
	if outs[0].DisplayID == id {
		t.Errorf("a new search reused display id %q", id)
	}
}

func TestNamedSearchesAreIndependent(t *testing.T) {
	s := NewSession(Config{})
	run(t, s, seedPuzzle, "a = search astar h=misplaced", "b = search bfs", "step a 3\nstep b 2", "step 4")
	if a, b := s.Search("a").StepCount(), s.Search("b").StepCount(); a != 3 || b != 6 {
		t.Errorf("steps a=%d b=%d, want 3 and 6 (step without a name acts on the last search named)", a, b)
	}
	if got := s.SearchNames(); strings.Join(got, ",") != "a,b" {
		t.Errorf("SearchNames = %v", got)
	}
}

func TestRunToGoal(t *testing.T) {
	s := NewSession(Config{})
	outs := run(t, s, seedPuzzle, "search astar h=manhattan", "run to goal\nshow path")
	sr := s.Search("")
	if sr.Status() != stepper.Solved || sr.Cost() != 5 {
		t.Fatalf("status %s cost %v, want solved at cost 5", sr.Status(), sr.Cost())
	}
	text := outs[len(outs)-1].Text
	if !strings.Contains(text, "cost 5 in 5 moves") || !strings.Contains(text, "123804765") {
		t.Errorf("show path:\n%s", text)
	}
	outs = run(t, s, "step")
	if !strings.Contains(outs[0].Text, "nothing to step") {
		t.Errorf("step after the goal says %q", outs[0].Text)
	}
}

func TestShowTopics(t *testing.T) {
	s := NewSession(Config{})
	run(t, s, seedPuzzle, "search astar h=manhattan\nstep 2")
	sr := s.Search("")
	snap := sr.Snapshot()
	for _, tc := range []struct {
		cell string
		want []string
	}{
		{"show open", []string{"open list in pop order", snap.Open[0].State.String(), snap.Open[len(snap.Open)-1].State.String()}},
		{"show closed", []string{"closed list", snap.Closed[0].State.String(), snap.Closed[1].State.String()}},
		{"show tree", []string{"search tree", "#0 ", snap.Tree[len(snap.Tree)-1].State.String()}},
		{"show path", []string{"no path yet"}},
		{"show stats", []string{"expanded", fmt.Sprint(snap.Counters.Generated)}},
		{"show board", []string{"node 1", snap.Tree[1].State.String()}},
		{"show node 2", []string{"node 2", snap.Tree[2].State.String(), "h: tile"}},
	} {
		outs := run(t, s, tc.cell)
		if len(outs) != 1 {
			t.Fatalf("%q: %d outputs", tc.cell, len(outs))
		}
		for _, w := range tc.want {
			if !strings.Contains(outs[0].Text, w) {
				t.Errorf("%q output lacks %q:\n%s", tc.cell, w, outs[0].Text)
			}
		}
		if outs[0].HTML == "" {
			t.Errorf("%q has no HTML", tc.cell)
		}
	}
}

func TestCompare(t *testing.T) {
	s := NewSession(Config{})
	outs := run(t, s, seedPuzzle, "compare bfs, astar h=misplaced, astar h=manhattan")
	text := outs[0].Text
	inst, err := problems.Parse(seedPuzzle, stepper.LocalFiles)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"bfs", "astar h=misplaced", "astar h=manhattan"} {
		o, err := stepper.ParseOptions(line)
		if err != nil {
			t.Fatal(err)
		}
		sr, err := stepper.NewSearch(inst, o)
		if err != nil {
			t.Fatal(err)
		}
		sr.Run(0)
		c := sr.Counters()
		want := strings.Join([]string{line, "solved", "5", "5", fmt.Sprint(c.Expanded), fmt.Sprint(c.Generated), fmt.Sprint(c.MaxOpen)}, " ")
		found := false
		for _, row := range strings.Split(text, "\n") {
			if strings.Join(strings.Fields(row), " ") == want {
				found = true
			}
		}
		if !found {
			t.Errorf("compare table lacks row %q:\n%s", want, text)
		}
	}
	if !strings.Contains(outs[0].HTML, "<table") {
		t.Errorf("compare HTML has no table")
	}
}

func TestGridRows(t *testing.T) {
	s := NewSession(Config{})
	// The classic A* tutorial's grid: a wall between start and goal.
	run(t, s, "grid cost=10-14 moves=8\n.......\n...#...\n.S.#.G.\n...#...\n.......", "search astar h=octile\nrun to goal")
	g, ok := s.Problem().(*grid.Grid)
	if !ok || g.Width() != 7 || g.Height() != 5 || g.CostModel() != "10-14" {
		t.Fatalf("problem %v, want the 7x5 grid with 10-14 costs", s.Problem())
	}
	if st := s.Search("").Status(); st != stepper.Solved {
		t.Errorf("status %s", st)
	}
}

func TestInterrupt(t *testing.T) {
	s := NewSession(Config{})
	run(t, s, "puzzle 867254301 goal=123456780", "search bfs\nstep 3")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := s.Run(ctx, "run to goal")
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want one wrapping context.Canceled", err)
	}
	if got := s.Search("").StepCount(); got < 3 {
		t.Errorf("interrupt lost the search: step %d", got)
	}
	run(t, s, "step") // still usable
}

// fakeClock advances by tick each time it is read.
type fakeClock struct {
	now  time.Time
	tick time.Duration
}

func (c *fakeClock) Now() time.Time { c.now = c.now.Add(c.tick); return c.now }

func TestPlayThrottle(t *testing.T) {
	frames := func(cfg Config) (n, steps int) {
		t.Helper()
		s := NewSession(cfg)
		run(t, s, seedPuzzle, "search bfs")
		outs := run(t, s, "run to goal")
		for _, o := range outs {
			if o.Update {
				n++
			}
		}
		return n, s.Search("").StepCount()
	}
	clock := &fakeClock{tick: 10 * time.Millisecond}
	none, steps := frames(Config{Now: clock.Now})
	if none != 1 {
		t.Errorf("without a frame interval, %d updates, want only the last", none)
	}
	clock = &fakeClock{tick: 10 * time.Millisecond}
	some, _ := frames(Config{Now: clock.Now, FrameInterval: 50 * time.Millisecond})
	// one clock read a step: a frame at most every 5 steps, plus the last
	if max := steps/5 + 1; some < 2 || some > max {
		t.Errorf("%d updates in %d steps at one every 5 steps, want 2..%d", some, steps, max)
	}
	clock = &fakeClock{tick: 10 * time.Millisecond}
	capped, _ := frames(Config{Now: clock.Now, FrameInterval: 50 * time.Millisecond, FrameBytesPerSecond: 1})
	if capped >= some {
		t.Errorf("a 1 byte/s cap sent %d updates, no fewer than the %d uncapped", capped, some)
	}
}

func ExampleSession_Run() {
	s := NewSession(Config{})
	outs, err := s.Run(context.Background(), `
puzzle 283164705 goal=123804765
search astar h=manhatan   # a typo
`)
	fmt.Println(len(outs), err)
	outs, _ = s.Run(context.Background(), "compare bfs, astar h=manhattan")
	fmt.Println(outs[0].Text[:strings.Index(outs[0].Text, "\n")])
	// Output:
	// 1 kernel: line 3: unknown heuristic 'manhatan': did you mean manhattan?
	// compare on puzzle 283164705 goal=123804765
}

func TestExport(t *testing.T) {
	s := NewSession(Config{})
	run(t, s, seedPuzzle, "a = search astar h=manhattan\nstep 3")
	outs := run(t, s, "export jsonl")
	if len(outs) != 1 || !strings.Contains(outs[0].Text, "a-step3.jsonl") || !strings.Contains(outs[0].HTML, `download="a-step3.jsonl"`) {
		t.Fatalf("export jsonl: %+v", outs)
	}
	// three events after the header line
	if n := strings.Count(outs[0].Text, `"step":`); n < 3 {
		t.Errorf("export jsonl shows %d steps, want 3:\n%s", n, outs[0].Text)
	}
	if s.Search("a").StepCount() != 3 {
		t.Errorf("export moved the search")
	}
	fail(t, s, "export jsnl", 1, "unknown export format 'jsnl': did you mean json")
	outs = run(t, s, "export a csv")
	if !strings.Contains(outs[0].Text, "step,node,state") {
		t.Errorf("export a csv:\n%s", outs[0].Text)
	}
	fail(t, s, "export a csv to trace.csv", 1, "this notebook cannot write files")
	written := map[string][]byte{}
	w := NewSession(Config{WriteFile: func(name string, data []byte) error { written[name] = data; return nil }})
	run(t, w, seedPuzzle, "a = search astar h=manhattan\nstep 3", "export a csv to trace.csv")
	if !strings.HasPrefix(string(written["trace.csv"]), "step,node,state") {
		t.Errorf("export to trace.csv wrote %q", written["trace.csv"])
	}
	if meta := string(written["trace.csv-metadata.json"]); !strings.Contains(meta, `"problem": "puzzle`) || !strings.Contains(meta, `"options": "astar h=manhattan`) {
		t.Errorf("export to trace.csv wrote the sidecar %q, want the problem and options", meta)
	}
}

func TestLiveViewDrawings(t *testing.T) {
	s := NewSession(Config{MaxTreeNodes: 50})
	outs := run(t, s, "puzzle 867254301 goal=123456780", "search astar h=manhattan\nstep 2")
	view := outs[len(outs)-1]
	if !view.Update {
		t.Fatalf("last output of a step cell is not the view update: %+v", view)
	}
	nodes := s.Search("").Snapshot().Tree
	if got := strings.Count(view.HTML, `data-testid="tree-node"`); got != len(nodes) {
		t.Errorf("live view draws %d tree nodes, want %d", got, len(nodes))
	}
	if !strings.Contains(view.HTML, "<svg") || strings.Contains(view.HTML, "<?xml") {
		t.Errorf("live view HTML must inline SVG without an XML declaration")
	}
	// past MaxTreeNodes the live view draws a bounded view and says so
	outs = run(t, s, "run 40")
	view = outs[len(outs)-1]
	if n := s.Search("").NodeCount(); n <= 50 {
		t.Fatalf("only %d nodes after run 40", n)
	}
	if got := strings.Count(view.HTML, `data-testid="tree-node"`); got == 0 || got > 50 || !strings.Contains(view.Text, "the live view draws the path to the current node") {
		t.Errorf("a tree past MaxTreeNodes: %d nodes drawn live, text %q; want a bounded view of at most 50", got, view.Text)
	}
	outs = run(t, s, "show tree")
	if got := strings.Count(outs[0].HTML, `data-testid="tree-node"`); got != s.Search("").NodeCount() {
		t.Errorf("show tree draws %d nodes, want %d", got, s.Search("").NodeCount())
	}
}

func TestNodeCap(t *testing.T) {
	s := NewSession(Config{MaxNodes: 1000})
	run(t, s, "puzzle 867254301 goal=123456780", "a = search bfs\nrun", "b = search bfs maxnodes=3000\nrun")
	a, b := s.Search("a"), s.Search("b")
	if a.Status() != stepper.LimitReached || a.NodeCount() > 1000+8 {
		t.Errorf("a: %s with %d nodes, want limit reached near 1000", a.Status(), a.NodeCount())
	}
	if b.Status() != stepper.LimitReached || b.NodeCount() <= 1000+8 {
		t.Errorf("b (maxnodes=3000): %s with %d nodes", b.Status(), b.NodeCount())
	}
	outs := run(t, s, "compare bfs")
	if !strings.Contains(outs[0].Text, "limit reached") {
		t.Errorf("compare ignores the cap:\n%s", outs[0].Text)
	}
}

func TestFiles(t *testing.T) {
	dir := t.TempDir()
	path := dir + "/tiny.map"
	if err := os.WriteFile(path, []byte("type octile\nheight 2\nwidth 3\nmap\n...\n.@.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	closed := NewSession(Config{})
	for _, line := range []string{"grid " + path + " start=0,0 goal=2,1", "graph " + dir + "/roads.txt", "graph /etc/passwd"} {
		fail(t, closed, line, 1, "this notebook cannot read files")
	}
	run(t, closed, "graph romania", "grid S.G", "graph text:nodes,a,b;edge,a,b,1 start=a goal=b")
	open := NewSession(Config{AllowFiles: true})
	run(t, open, "grid "+path+" start=0,0 goal=2,1\nsearch astar\nrun to goal")
	if st := open.Search("").Status(); st != stepper.Solved {
		t.Errorf("map file search: %s", st)
	}
}

func TestNodeView(t *testing.T) {
	s := NewSession(Config{})
	run(t, s, seedPuzzle, "a = search astar h=manhattan\nstep 2", "search bfs")
	out, err := s.NodeView("a", 2)
	if err != nil || !strings.Contains(out.Text, "a at step 2") || !strings.Contains(out.Text, "h: tile") {
		t.Errorf("NodeView(a, 2) = %q, %v", out.Text, err)
	}
	if _, err := s.NodeView("a", 99); err == nil {
		t.Errorf("NodeView of a missing node succeeded")
	}
	if _, err := s.NodeView("zz", 0); err == nil {
		t.Errorf("NodeView of a missing search succeeded")
	}
	if s.Search("").Options().Algorithm != stepper.BFS {
		t.Errorf("NodeView changed the current search")
	}
}

func TestStepNarration(t *testing.T) {
	s := NewSession(Config{})
	run(t, s, seedPuzzle, "search bfs")
	outs := run(t, s, "step 15")
	lines := strings.Split(outs[0].Text, "\n")
	if len(lines) != 2*narrateEnds+1 || !strings.HasPrefix(lines[0], "Step 1:") || lines[narrateEnds] != "... 3 more steps ..." || !strings.HasPrefix(lines[len(lines)-1], "Step 15:") {
		t.Errorf("step 15 narrates:\n%s", outs[0].Text)
	}
	outs = run(t, s, "step 100")
	text := outs[0].Text
	steps := s.Search("").StepCount()
	if !strings.Contains(text, fmt.Sprintf("Step %d:", steps)) || !strings.Contains(text, "nothing to step") || !strings.HasPrefix(text, "Step 16:") {
		t.Errorf("step 100 past the goal (at step %d) narrates:\n%s", steps, text)
	}
}

func TestGraphStatements(t *testing.T) {
	s := NewSession(Config{})
	// docs/graph-format.md's four towns: A* with the h table costs 11
	run(t, s, `graph
node A 0 0
node B 3 4
node C 6 0
node D 7 0
edge A B 5
edge B C 5
arc  A C 12     # one way
edge C D 1
h A 10
h B 6
h C 1
h D 0
start A
goal D`, "search astar h=table\nrun to goal")
	if sr := s.Search(""); sr.Status() != stepper.Solved || sr.Cost() != 11 {
		t.Errorf("four towns: %s, cost %v; want solved at 11", sr.Status(), sr.Cost())
	}
	fail(t, s, "graph\nedge A B 5", 2, "")
	if _, ok := s.Problem().(*graph.Graph); !ok {
		t.Errorf("a bad graph replaced the problem")
	}
}

// TestBeamCells: a notebook's beam search takes width, local and f, its
// steps narrate the prunings, and a beam too narrow says why it found
// nothing.
func TestBeamCells(t *testing.T) {
	s := NewSession(Config{})
	run(t, s, "graph romania", "search beam width=2")
	if got := allText(run(t, s, "step 2")); !strings.Contains(got, "The beam keeps the 2 best open nodes, the rest are pruned: Timisoara (f 447), Oradea (f 671).") {
		t.Errorf("step 2: %s", got)
	}
	run(t, s, "graph romania goal=Neamt", "search beam width=1 f=h local=true")
	if got := allText(run(t, s, "run to goal")); !strings.Contains(got, "no solution within a beam of width 1: 7 nodes were pruned") {
		t.Errorf("run to goal: %s", got)
	}
	fail(t, s, "search astar width=2", 1, "width=2 is an option of beam")
}

// allText joins the text of a cell's outputs.
func allText(outs []Output) string {
	var b strings.Builder
	for _, o := range outs {
		b.WriteString(o.Text + "\n")
	}
	return b.String()
}
