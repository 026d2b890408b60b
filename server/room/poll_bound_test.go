package room

import (
	"strconv"
	"testing"

	persist "stepviz/store"
)

// TestNextChoicesBounded: a "next" poll's choices are the engine's first
// open nodes in pop order (sorted by id, the right answer among them), and
// building them costs the same at 300 nodes as at 30,000: it reads the
// head of the open list, never a copy of the search (issue 8; the old
// nextChoices took a full Snapshot on every ask).
func TestNextChoicesBounded(t *testing.T) {
	allocsAt := func(steps int) (allocs float64, nodes int) {
		t.Helper()
		s := newSearch(t, "puzzle 867254301 goal=123456780", "astar h=misplaced tie=high-g")
		s.Run(steps)
		want := s.Snapshot().Open[:pollChoices]
		right := strconv.Itoa(want[0].ID)
		got := nextChoices(s, right)
		if len(got) != pollChoices {
			t.Fatalf("at %d nodes: %d choices, want %d", s.NodeCount(), len(got), pollChoices)
		}
		in := map[string]bool{}
		for i, c := range got {
			in[c.Answer] = true
			if i > 0 {
				a, _ := strconv.Atoi(got[i-1].Answer)
				b, _ := strconv.Atoi(c.Answer)
				if a >= b {
					t.Fatalf("choices not sorted by id: %+v", got)
				}
			}
		}
		for _, w := range want {
			if !in[strconv.Itoa(w.ID)] {
				t.Fatalf("at %d nodes: open node %d (pop order) not among the choices %+v", s.NodeCount(), w.ID, got)
			}
		}
		return testing.AllocsPerRun(5, func() { nextChoices(s, right) }), s.NodeCount()
	}
	small, n1 := allocsAt(100)
	big, n2 := allocsAt(10000)
	if n2 < 50*n1/2 {
		t.Fatalf("searches of %d and %d nodes: the big one is not big", n1, n2)
	}
	// a copy of the search allocates per node; the head of the open list a
	// few times per choice, whatever the size (the priority frontier's
	// head walk varies a little with the heap's shape)
	if big > 2*small || big > float64(n2)/100 {
		t.Errorf("nextChoices allocates %.0f times at %d nodes, %.0f at %d: its work grows with the search", big, n2, small, n1)
	}
}

// TestPollAtBounded: asking "which node is expanded next?" reads the live
// search itself: the right answer is the node the next step expands, the
// search is left at its step, and the work is the same at step 100 as at
// step 10,000 (the old ask built a second search and replayed it to the
// live step, O(steps), on the presenter's request).
func TestPollAtBounded(t *testing.T) {
	askAt := func(steps int) float64 {
		t.Helper()
		s := newSearch(t, "puzzle 867254301 goal=123456780", "astar h=misplaced tie=high-g")
		s.Run(steps)
		var p persist.Poll
		choices, err := pollAt(s, false, persist.Search{Options: "astar h=misplaced"}, Cmd{Kind: PollNext}, &p)
		if err != nil {
			t.Fatal(err)
		}
		if s.StepCount() != steps || p.Step != steps {
			t.Fatalf("after the ask the search is at step %d (poll says %d), want %d", s.StepCount(), p.Step, steps)
		}
		ev, _ := s.Step()
		if p.Answer != strconv.Itoa(ev.Expanded.ID) {
			t.Fatalf("at step %d the poll's answer is %s, the next step expands %d", steps, p.Answer, ev.Expanded.ID)
		}
		s.Seek(steps)
		found := false
		for _, c := range choices {
			found = found || c.Answer == p.Answer
		}
		if !found {
			t.Fatalf("the right answer %s is not among the choices %+v", p.Answer, choices)
		}
		return testing.AllocsPerRun(5, func() {
			if _, err := pollAt(s, false, persist.Search{}, Cmd{Kind: PollNext}, &p); err != nil {
				t.Fatal(err)
			}
		})
	}
	small, big := askAt(100), askAt(10000)
	if big > 2*small+50 {
		t.Errorf("an ask allocates %.0f times at step 10,000 and %.0f at step 100: its work grows with the search", big, small)
	}
}

// BenchmarkAskNext: the work of a "next" poll on an A* at step 20,000, as
// the hub does it now (one step taken and undone) and as ask did before
// (a second search replayed to the live step).
func BenchmarkAskNext(b *testing.B) {
	const steps = 20000
	s := newSearch(b, "puzzle 867254301 goal=123456780", "astar h=misplaced tie=high-g")
	s.Run(steps)
	b.Run("live-step-and-undo", func(b *testing.B) {
		for b.Loop() {
			var p persist.Poll
			if _, err := pollAt(s, false, persist.Search{}, Cmd{Kind: PollNext}, &p); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("replay-to-step", func(b *testing.B) {
		for b.Loop() {
			r := newSearch(b, "puzzle 867254301 goal=123456780", "astar h=misplaced tie=high-g")
			r.Seek(steps)
			r.Step()
			r.Seek(steps)
			nextChoices(r, "0")
		}
	})
}
