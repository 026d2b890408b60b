package session

import (
	"testing"

	"stepviz/stepper"
)

// TestStepFrameIsEncode: the frame a live step sends (encodeStep) is the
// bytes encoding/json writes for the same message (Encode), at every step
// of searches of each family, through the switch to bounded mode (held
// records and its narration) and while playing, the head keys a client
// lacks included.
func TestStepFrameIsEncode(t *testing.T) {
	const puzzle = "puzzle 867254301 goal=123456780"
	cases := []struct {
		problem, options string
		maxNodes         int
	}{
		{puzzle, "astar h=manhattan", 100_000},
		{puzzle, "astar h=manhattan tie=lifo", 100_000},
		{puzzle, "greedy h=manhattan tie=low-h", 100_000},
		{"graph romania", "ucs", 100_000},
		{"graph romania", "ids", 100_000},
		{"puzzle 283164705 goal=123804765", "idastar h=manhattan", 100_000},
		{"graph romania", "rbfs", 100_000},
		{"puzzle 283164705 goal=123804765", "ids", 40},
		{puzzle, "rbfs h=manhattan", 60},
		{"graph romania", "bibfs", 100_000},
		{"puzzle 283164705 goal=123804765", "biastar h=manhattan", 100_000},
		{puzzle, "beam h=manhattan width=4", 100_000},
		{"graphtext:" + inconsistentGraph, "astar h=table closed=reopen", 100_000},
	}
	for _, c := range cases {
		t.Run(c.options, func(t *testing.T) {
			s := newSearch(t, c.problem, c.options)
			h := newHub(&Session{maxNodes: c.maxNodes}, s, describe(s))
			defer close(h.quit)
			held := false
			for k := 1; k <= 300; k++ {
				var ev stepper.Event
				if !h.advance(func(s *stepper.Search) (ok bool) { ev, ok = s.Step(); return ok }) {
					break
				}
				h.playing = k%3 == 0
				m := h.stepMessage(ev)
				held = held || m.Held
				if got, want := h.encodeStep(&m), Encode(m); string(got) != string(want) {
					t.Fatalf("step %d: the live frame\n %q\nencoding/json's\n %q", k, got, want)
				}
			}
			if c.maxNodes < 100 && !held {
				t.Errorf("no step was sent held: the node limit %d was never reached", c.maxNodes)
			}
		})
	}
}
