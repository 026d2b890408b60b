package export

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestPosthocBidirectionalEnds: a bidirectional search's Posthoc trace ends
// with an "end" event, and following the parents of the events from it (the
// last event of each id wins, as in Posthoc's viewer) walks the whole
// solution path, goal to start, through both halves.
func TestPosthocBidirectionalEnds(t *testing.T) {
	for _, c := range []struct{ problem, opts string }{
		{"graph romania", "biucs"},
		{"graph romania", "biastar"},
		{"graph romania", "bibfs"},
		{"puzzle 283164705 goal=123804765", "bibfs"},
		{"grid S..#./.#..#/...#G/..... moves=8", "biastar"},
	} {
		t.Run(c.opts+" "+strings.Fields(c.problem)[0], func(t *testing.T) {
			s := newSearch(t, c.problem, c.opts)
			var tr struct {
				Events []struct {
					Type  string `json:"type"`
					ID    int    `json:"id"`
					PID   *int   `json:"pId"`
					State string `json:"state"`
				} `json:"events"`
			}
			if err := json.Unmarshal(export(t, s, "posthoc", ToEnd), &tr); err != nil {
				t.Fatal(err)
			}
			last := tr.Events[len(tr.Events)-1]
			if last.Type != "end" {
				t.Fatalf("the trace ends with %q, want end", last.Type)
			}
			parent := map[int]*int{}
			for _, e := range tr.Events {
				if e.Type != "source" && e.Type != "destination" {
					parent[e.ID] = e.PID
				}
			}
			steps, id := 0, last.ID
			for p := parent[id]; p != nil; p = parent[id] {
				id = *p
				if steps++; steps > 1000 {
					t.Fatal("the parents from the end event loop")
				}
			}
			for {
				if _, ok := s.Step(); !ok {
					break
				}
			}
			path := s.Path()
			if steps != len(path)-1 {
				t.Errorf("the parents from the end event make %d moves; the solution has %d", steps, len(path)-1)
			}
		})
	}
}
