package room

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"stepviz/server/session"
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
		choices, err := pollAt(s, Cmd{Kind: PollNext}, &p)
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
			if _, err := pollAt(s, Cmd{Kind: PollNext}, &p); err != nil {
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
			if _, err := pollAt(s, Cmd{Kind: PollNext}, &p); err != nil {
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

// TestPollPastTheNodeLimit: past the session's node limit a depth-first
// search holds only its path and pending siblings. A "next" poll's answer
// is still the node the next step expands, and an f poll about a node
// held is answered with its f, while one about a dropped node is refused
// with what to pick instead (its f is not known any more).
func TestPollPastTheNodeLimit(t *testing.T) {
	const limit, at = 300, 2000
	s := session.SeekCapped(newSearch(t, "puzzle 867254301 goal=123456780", "ids"), at, limit)
	held, ok := s.HeldIDs(nil)
	if !ok || s.StepCount() != at {
		t.Fatalf("at step %d (want %d), bounded %v: SeekCapped did not go on in bounded mode", s.StepCount(), at, ok)
	}
	var p persist.Poll
	if _, err := pollAt(s, Cmd{Kind: PollNext}, &p); err != nil {
		t.Fatal(err)
	}
	ev, _ := s.Step()
	if p.Answer != strconv.Itoa(ev.Expanded.ID) {
		t.Fatalf("the poll's answer is %s; the next step expands %d", p.Answer, ev.Expanded.ID)
	}
	s.Seek(at)
	last := held[len(held)-1]
	p = persist.Poll{}
	if _, err := pollAt(s, Cmd{Kind: PollF, Node: last}, &p); err != nil || p.Answer != normalNumber(s.Node(last).F) {
		t.Fatalf("f poll about held node %d: answer %q, error %v; want %s", last, p.Answer, err, normalNumber(s.Node(last).F))
	}
	dropped := -1
	for id := last - 1; id > 0 && dropped < 0; id-- {
		if !slices.Contains(held, id) {
			dropped = id
		}
	}
	if dropped < 0 {
		t.Fatalf("every id up to %d is held at step %d: the test needs a dropped node", last, at)
	}
	_, err := pollAt(s, Cmd{Kind: PollF, Node: dropped}, &p)
	if err == nil || !strings.Contains(err.Error(), "no longer held") {
		t.Fatalf("f poll about dropped node %d: error %v; want one saying it is no longer held", dropped, err)
	}
}
