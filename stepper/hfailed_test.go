package stepper_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"stepviz/script"
	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// failingH is a student's heuristic for Romania that raises on one city
// (Sibiu, a child of the first expansion from Arad) and returns a bad
// value on another (Fagaras, reached later).
const failingH = `def h_mine(s):
    if s == "Sibiu":
        fail("no distance for", s)
    if s == "Fagaras":
        return -1
    return 0
`

// hFailedSearch is algo on Romania from Arad with failingH's heuristic.
func hFailedSearch(t *testing.T, algo string) *stepper.Search {
	t.Helper()
	s, err := hFailedNew(t, algo)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// hFailedNew starts algo on Romania from Arad with failingH's heuristic,
// or says why the search refuses it.
func hFailedNew(t *testing.T, algo string) (*stepper.Search, error) {
	t.Helper()
	inst, err := problems.Parse("graph romania", nil)
	if err != nil {
		t.Fatal(err)
	}
	if inst, err = script.WithHeuristics(inst, stepper.ExtraSource{Where: "mine.star", Text: failingH}); err != nil {
		t.Fatal(err)
	}
	return stepper.NewSearch(inst, stepper.Options{Algorithm: stepper.Algorithm(algo), Heuristic: "mine"})
}

// checkHFailed checks that ev marks exactly one child, of state want, as
// the node whose h failed, that no child follows it, and that the search
// knows that node.
func checkHFailed(t *testing.T, s *stepper.Search, ev stepper.Event, want string) {
	t.Helper()
	var marked []string
	for i, c := range ev.Children {
		if c.HFailed {
			marked = append(marked, c.State.String())
			if i != len(ev.Children)-1 {
				t.Errorf("child %d (%s) follows the node whose h failed: the step should stop there", i+1, ev.Children[i+1].State)
			}
			if got := s.HFailed(); got != c.ID {
				t.Errorf("Search.HFailed = %d, want the marked child %d", got, c.ID)
			}
			if !s.Node(c.ID).HFailed {
				t.Errorf("Node(%d) does not say its h failed", c.ID)
			}
		}
	}
	if len(marked) != 1 || marked[0] != want {
		t.Fatalf("children marked h failed: %q, want exactly [%s]", marked, want)
	}
	if ev.Status != stepper.Failed {
		t.Fatalf("status %q, want failed", ev.Status)
	}
	if err := s.Err(); err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("error %v does not name the state %s", err, want)
	}
}

// TestHFailedMarksTheChild: the step whose estimate fails marks that child
// (and only it) as "h failed", generates no further child, and ends the
// search failed with an error that names the state; stepping back and
// forth over the journal tells the same. The bidirectional searches never
// run a student's heuristic: bibfs and biucs use no h, and biastar refuses
// one written toward the goal only (it needs h toward the start as well),
// so none of them can end failed on an estimate.
func TestHFailedMarksTheChild(t *testing.T) {
	for _, tt := range []struct {
		algo, state string
		refused     string // the words of NewSearch's refusal, if it refuses the heuristic
	}{
		{algo: "astar", state: "Sibiu"},
		{algo: "greedy", state: "Sibiu"},
		{algo: "idastar", state: "Sibiu"},
		{algo: "rbfs", state: "Sibiu"},
		{algo: "ucs"}, // no h: nothing fails
		{algo: "bibfs"},
		{algo: "biucs"},
		{algo: "biastar", refused: "written toward the goal only"},
	} {
		t.Run(tt.algo, func(t *testing.T) {
			if tt.refused != "" {
				if _, err := hFailedNew(t, tt.algo); err == nil || !strings.Contains(err.Error(), tt.refused) {
					t.Fatalf("NewSearch: %v, want a refusal saying %q", err, tt.refused)
				}
				return
			}
			s := hFailedSearch(t, tt.algo)
			var last stepper.Event
			for s.Status() == stepper.Running {
				ev, _ := s.Step()
				last = ev
				if tt.state == "" {
					continue
				}
				for _, c := range ev.Children {
					if c.HFailed && ev.Status != stepper.Failed {
						t.Fatalf("step %d marks %s but the search goes on", ev.Step, c.State)
					}
				}
			}
			if tt.state == "" {
				if s.Status() != stepper.Solved || s.HFailed() != -1 {
					t.Fatalf("status %q, HFailed %d: want solved, -1", s.Status(), s.HFailed())
				}
				return
			}
			checkHFailed(t, s, last, tt.state)
			k := last.Step
			s.Seek(k - 1)
			again, _ := s.Step()
			checkHFailed(t, s, again, tt.state)
		})
	}
}

// TestHFailedBadValue: a heuristic that returns a bad value fails like
// one that raises, on the state it returned it for.
func TestHFailedBadValue(t *testing.T) {
	inst, err := problems.Parse("graph romania", nil)
	if err != nil {
		t.Fatal(err)
	}
	src := strings.Replace(failingH, `fail("no distance for", s)`, `return 0`, 1)
	if inst, err = script.WithHeuristics(inst, stepper.ExtraSource{Where: "mine.star", Text: src}); err != nil {
		t.Fatal(err)
	}
	s, err := stepper.NewSearch(inst, stepper.Options{Algorithm: stepper.AStar, Heuristic: "mine"})
	if err != nil {
		t.Fatal(err)
	}
	var last stepper.Event
	for s.Status() == stepper.Running {
		last, _ = s.Step()
	}
	checkHFailed(t, s, last, "Fagaras")
}

// TestHFailedScriptProblem: a problem script's own h_NAME (the problem
// reports the error, stepper.Failer) that raises on one state marks that
// child, as a heuristic added to a built-in problem does.
func TestHFailedScriptProblem(t *testing.T) {
	src := `start = 0

def is_goal(s):
    return s == 9

def successors(s):
    return [("+1", s + 1), ("+2", s + 2)] if s < 9 else []

def h_left(s):
    if s == 2:
        fail("cannot estimate", s)
    return max(0, 9 - s) // 2
`
	path := filepath.Join(t.TempDir(), "count.star")
	if err := os.WriteFile(path, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	inst, err := problems.Parse("script "+path, stepper.LocalFiles)
	if err != nil {
		t.Fatal(err)
	}
	s, err := stepper.NewSearch(inst, stepper.Options{Algorithm: stepper.AStar, Heuristic: "left"})
	if err != nil {
		t.Fatal(err)
	}
	var last stepper.Event
	for s.Status() == stepper.Running {
		last, _ = s.Step()
	}
	checkHFailed(t, s, last, "2")
}
