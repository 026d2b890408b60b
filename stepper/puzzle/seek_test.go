package puzzle

import (
	"encoding/json"
	"math/rand"
	"testing"

	"stepviz/stepper"
)

// TestPuzzleSeekReplays: on puzzles, going back and forth with Seek gives
// the same snapshot and the same next event as stepping straight there,
// for the frontiers and variants that change nodes after making them
// (decrease-key, reopening, tree search, a depth limit).
func TestPuzzleSeekReplays(t *testing.T) {
	tests := []struct{ problem, search string }{
		{"puzzle 283164705 goal=123804765", "astar h=misplaced"},
		{"puzzle 283164705 goal=123804765", "wastar h=linear-conflict w=3 closed=reopen"},
		{"puzzle 867254301", "greedy h=manhattan closed=reopen"},
		{"puzzle 867254301", "bfs"},
		{"puzzle 867254301", "dfs depth=12"},
		{"puzzle 283164705 goal=123804765", "astar tree=true tie=lifo"},
		{"puzzle 4,5,7,2,9,14,12,13,0,3,6,11,8,1,15,10 goal=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15", "astar h=linear-conflict tie=high-g"},
	}
	r := rand.New(rand.NewSource(3))
	for _, tt := range tests {
		p := mustPuzzle(t, tt.problem)
		straight := mustSearch(t, p, tt.search)
		const steps = 150
		var snaps, events []string
		for k := 0; k <= steps; k++ {
			snaps = append(snaps, puzzleJSON(t, straight.Snapshot()))
			ev, ok := straight.Step()
			if !ok {
				break
			}
			events = append(events, puzzleJSON(t, ev))
		}
		s := mustSearch(t, p, tt.search)
		for range 40 {
			k := r.Intn(len(snaps))
			if got := s.Seek(k); got != k {
				t.Fatalf("%s %s: Seek(%d) = %d", tt.problem, tt.search, k, got)
			}
			if got := puzzleJSON(t, s.Snapshot()); got != snaps[k] {
				t.Fatalf("%s %s: snapshot after Seek(%d) differs from stepping there", tt.problem, tt.search, k)
			}
			if k < len(events) {
				ev, ok := s.Step()
				if !ok || puzzleJSON(t, ev) != events[k] {
					t.Fatalf("%s %s: step %d after Seek differs:\n got %s\nwant %s", tt.problem, tt.search, k+1, puzzleJSON(t, ev), events[k])
				}
			}
		}
	}
}

func puzzleJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestPuzzleLimits: a node cap stops a search with "limit reached", and a
// search can go on to the end after being sought back from it.
func TestPuzzleLimits(t *testing.T) {
	p := mustPuzzle(t, "puzzle 867254301")
	s := mustSearch(t, p, "astar h=misplaced maxnodes=5000")
	if st := s.Run(0); st != stepper.LimitReached {
		t.Fatalf("status %s, want %s", st, stepper.LimitReached)
	}
	if n := s.NodeCount(); n < 5000 || n > 5004 {
		t.Errorf("stopped with %d nodes, want 5000 plus at most one expansion's children", n)
	}
	if s.Path() != nil || s.Cost() != 0 {
		t.Errorf("a stopped search has path %v cost %v", s.Path(), s.Cost())
	}
	// DFS with a depth limit below the solution's depth finds nothing.
	d := mustSearch(t, mustPuzzle(t, "puzzle 283164705 goal=123804765"), "dfs depth=4")
	if st := d.Run(0); st != stepper.Cutoff {
		t.Errorf("dfs depth=4 on a 5-move puzzle: %s, want %s", st, stepper.Cutoff)
	}
	d = mustSearch(t, mustPuzzle(t, "puzzle 283164705 goal=123804765"), "dfs depth=5")
	if st := d.Run(0); st != stepper.Solved || d.Cost() != 5 {
		t.Errorf("dfs depth=5 on a 5-move puzzle: %s at %v, want solved at 5", st, d.Cost())
	}
}

// TestPuzzleSeekBackOverReopen pins down an engine bug the replay test
// above found: greedy search with closed=reopen on 867254301 reopens closed
// nodes (step 62 reopens the node first expanded at step 38) and expands
// them again. Seeking back over both steps must give the node back its
// first expansion step as Order. The journal's mod record did not save
// order, so undoing the re-expansion left it 0.
func TestPuzzleSeekBackOverReopen(t *testing.T) {
	p := mustPuzzle(t, "puzzle 867254301")
	const line, back, ahead = "greedy h=manhattan closed=reopen", 46, 80
	straight := mustSearch(t, p, line)
	straight.Seek(back)
	s := mustSearch(t, p, line)
	reopened := map[int]int{} // node -> step that reopened it
	for k := 1; k <= ahead; k++ {
		ev, ok := s.Step()
		if !ok {
			t.Fatalf("search ended at step %d", k-1)
		}
		for _, c := range ev.Children {
			if c.Fate == stepper.FateReopened && k > back {
				reopened[c.ID] = k
			}
		}
	}
	if len(reopened) == 0 {
		t.Fatalf("no node reopened between steps %d and %d: the test no longer exercises the journal", back, ahead)
	}
	s.Seek(back)
	for id := range straight.NodeCount() {
		want, got := straight.Node(id), s.Node(id)
		if !got.Equal(want) {
			t.Errorf("node #%d after Seek(%d) back from %d (reopened at step %d):\n got %+v\nwant %+v", id, back, ahead, reopened[id], got, want)
		}
	}
}
