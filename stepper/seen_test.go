package stepper_test

import (
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// TestQuickDuplicatesMatchEvents checks the seen set's expanded bits: a
// search run without events, which tells a duplicate's fate from those
// bits, must leave the same tree (every node's status, parent, g), the
// same counters and the same path as the same search stepped with events,
// which reads each existing node; both forward only and journaled, whose
// replayed events report each child's fate from the stored tree.
func TestQuickDuplicatesMatchEvents(t *testing.T) {
	cases := []struct{ problem, search string }{
		{"puzzle 283164705 goal=123804765", "bfs"},
		{"puzzle 806547231 goal=123456780", "bfs depth=13"},
		{"puzzle 806547231 goal=123456780", "bfs depth=11 duplicates=drop"},
		{"puzzle 806547231 goal=123456780", "dfs depth=9"},
		{"puzzle 806547231 goal=123456780", "astar h=manhattan open=ignore"},
		{"puzzle 806547231 goal=123456780", "astar h=manhattan"},
		{"puzzle 283164705 goal=123804765", "ucs lazy=true"},
		{"graph romania", "ucs open=ignore"},
		{"grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "bfs"},
		{"grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "astar h=octile open=ignore"},
		// re-parenting: a duplicate of an expanded state is told by its bit,
		// one of an open state by its node
		{"grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "astar h=octile"},
		{"grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "astar h=octile duplicates=drop"},
		{"grid S...#.../.##.#.#./....#.#./.#....#G moves=8 cost=10-14", "ucs open=reparent-new"},
		{"graph romania", "ucs"},
		{"graph romania", "astar closed=reopen"},
	}
	for _, tc := range cases {
		t.Run(tc.problem+"/"+tc.search, func(t *testing.T) {
			inst, err := problems.Parse(tc.problem, stepper.LocalFiles)
			if err != nil {
				t.Fatal(err)
			}
			o, err := stepper.ParseOptions(tc.search)
			if err != nil {
				t.Fatal(err)
			}
			want, err := stepper.NewSearch(inst, o)
			if err != nil {
				t.Fatal(err)
			}
			var events []stepper.Event
			for {
				ev, ok := want.Step()
				if !ok {
					break
				}
				events = append(events, ev)
			}
			for _, forget := range []bool{true, false} {
				o.Forget = forget
				got, err := stepper.NewSearch(inst, o)
				if err != nil {
					t.Fatal(err)
				}
				got.Run(0)
				sameTree(t, want, got)
				if forget {
					continue
				}
				// a journaled search replays a step's children's
				// fates from their stored statuses
				for k := len(events); k >= 1; k-- {
					ev, err := got.EventAt(k)
					if err != nil {
						t.Fatal(err)
					}
					sameJSON(t, "replayed event", k, events[k-1], ev)
				}
			}
		})
	}
}

// sameTree fails unless a and b stand at the same step with the same
// status, counters, path and nodes.
func sameTree(t *testing.T, a, b *stepper.Search) {
	t.Helper()
	if a.Status() != b.Status() || a.StepCount() != b.StepCount() || a.NodeCount() != b.NodeCount() {
		t.Fatalf("stepped with events: %v after %d steps, %d nodes; run: %v after %d steps, %d nodes",
			a.Status(), a.StepCount(), a.NodeCount(), b.Status(), b.StepCount(), b.NodeCount())
	}
	sameJSON(t, "counters", a.StepCount(), a.Counters(), b.Counters())
	sameJSON(t, "path", a.StepCount(), a.Path(), b.Path())
	for id := range a.NodeCount() {
		sameJSON(t, "node", a.StepCount(), a.Node(id), b.Node(id))
	}
}
