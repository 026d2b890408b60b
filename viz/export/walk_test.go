package export

import (
	"bytes"
	"testing"
)

// TestStreamedJSONEqualsWholeTrace: the json export, which writes each
// step's event into the one the walk reuses (stepper.Search.StepInto),
// writes the same bytes as the trace held whole, whose events are each
// their own (stepper.Search.Step), for every engine: best-first with ties,
// re-parentings and duplicates, beam, the depth-first family and the
// bidirectional searches.
func TestStreamedJSONEqualsWholeTrace(t *testing.T) {
	for _, c := range []struct{ problem, opts string }{
		{"puzzle 806547231 goal=123456780", "astar h=manhattan"},
		{"graph romania", "ucs"},
		{"puzzle 806547231 goal=123456780", "beam width=3 h=misplaced duplicates=drop"},
		{"graph romania", "rbfs"},
		{"puzzle 283164705 goal=123804765", "ids"},
		{"graph romania", "biastar"},
		{"puzzle 283164705 goal=123804765", "bibfs"},
	} {
		t.Run(c.problem+"/"+c.opts, func(t *testing.T) {
			s := newSearch(t, c.problem, c.opts)
			streamed := export(t, s, "json", ToEnd)
			tr, err := NewTrace(s, ToEnd)
			if err != nil {
				t.Fatal(err)
			}
			var whole bytes.Buffer
			if err := tr.WriteJSON(&whole); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(streamed, whole.Bytes()) {
				t.Errorf("the streamed json (%d bytes) differs from the trace written whole (%d bytes)", len(streamed), whole.Len())
			}
			if len(tr.Events) < 3 {
				t.Fatalf("only %d steps: too few to reuse an event", len(tr.Events))
			}
		})
	}
}
