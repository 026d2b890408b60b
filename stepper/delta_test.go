package stepper_test

import (
	"slices"
	"strings"
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/graph"
	"stepviz/stepper/problems"
)

// deltaCases cover every frontier, tie rule, a grid that re-parents, a
// graph search that reopens closed nodes and a depth-limited DFS.
var deltaCases = []struct{ problem, options string }{
	{"puzzle 283164705 goal=123804765", "astar h=manhattan"},
	{"puzzle 867254301 goal=123456780", "astar h=misplaced tie=low-h"},
	{"puzzle 867254301 goal=123456780", "astar tie=lifo"},
	{"puzzle 283164705 goal=123804765", "bfs"},
	{"puzzle 283164705 goal=123804765", "dfs depth=6"},
	{"grid ......./...#.../.S.#.G./...#.../....... moves=8 cost=10-14 corners=no", "astar h=manhattan"},
	{"grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "wastar w=3 h=euclidean closed=reopen"},
	{"graph romania", "ucs tree=true"},
	{"graph romania", "beam width=2"},
	{"puzzle 867254301 goal=123456780", "beam width=4 h=misplaced"},
	{"puzzle 867254301 goal=123456780", "beam width=3 local=true"},
	{"grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "beam width=3 h=euclidean closed=reopen"},
}

func newDeltaSearch(t *testing.T, problem, options string) *stepper.Search {
	t.Helper()
	if text, ok := strings.CutPrefix(problem, "graphtext:"); ok {
		g, err := graph.ParseText("", text, nil)
		if err != nil {
			t.Fatal(err)
		}
		o, _ := stepper.ParseOptions(options)
		s, err := stepper.NewSearch(g, o)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	s, err := problems.New(problem, options)
	if err != nil {
		t.Fatalf("%s / %s: %v", problem, options, err)
	}
	return s
}

// statusAt derives a node's status at step k from its record, as a
// client does.
func statusAt(r stepper.NodeRecord, k int) stepper.NodeStatus {
	if r.Order > 0 && r.Order <= k {
		if r.GoalPop {
			return stepper.NodeGoal
		}
		if r.CutoffPop {
			return stepper.NodeCutoff
		}
		if r.StalePop {
			return stepper.NodeDiscarded
		}
		return stepper.NodeClosed
	}
	return r.Fate.Status()
}

// TestRecordsDeriveEveryStep: a client that holds the records of step k
// and is told only the nodes re-parented or reopened between k and j (and
// the nodes made after k) knows every node's status, g, parent, depth and
// seq at j, for every pair of steps k, j up to the horizon. That is the
// invariant protocol v2's moves rely on.
func TestRecordsDeriveEveryStep(t *testing.T) {
	inconsistent := struct{ problem, options string }{"graphtext:" + inconsistentGraph, "astar h=table closed=reopen"}
	// biastar's records (bidi_journal.go) too; its snapshot lists each
	// side's open list apart, so it is not in deltaCases' OpenOrder check
	biastar := []struct{ problem, options string }{{"graph romania", "biastar"}, {"puzzle 867254301 goal=123456780", "biastar h=misplaced"}}
	for _, tc := range append(append(deltaCases, inconsistent), biastar...) {
		t.Run(tc.problem+" "+tc.options, func(t *testing.T) {
			s := newDeltaSearch(t, tc.problem, tc.options)
			s.Run(40)
			h := s.Horizon()
			held := make([][]stepper.NodeRecord, h+1) // held[k][id]: records at step k
			truth := make([][]stepper.NodeInfo, h+1)
			for k := 0; k <= h; k++ {
				s.Seek(k)
				for id := 0; id < s.NodeEnd(h); id++ {
					held[k] = append(held[k], s.Record(id))
				}
				truth[k] = s.Snapshot().Tree
				if len(truth[k]) != s.NodeEnd(k) {
					t.Fatalf("step %d: NodeEnd %d, snapshot has %d nodes", k, s.NodeEnd(k), len(truth[k]))
				}
			}
			for k := 0; k <= h; k++ {
				for j := 0; j <= h; j++ {
					recs := slices.Clone(held[k])
					for _, id := range s.ModdedIn(min(k, j), max(k, j), nil) {
						recs[id] = held[j][id]
					}
					for id, want := range truth[j] {
						r := recs[id]
						got := stepper.NodeInfo{Parent: r.Parent, G: r.G, Depth: r.Depth, Status: statusAt(r, j), Seq: r.Seq, Step: r.Born}
						w := stepper.NodeInfo{Parent: want.Parent, G: want.G, Depth: want.Depth, Status: want.Status, Seq: want.Seq, Step: want.Step}
						if want.Status == stepper.NodeDiscarded || want.Status == stepper.NodeGoal && want.Order == 0 {
							got.Seq, w.Seq = 0, 0
						}
						if !got.Equal(w) {
							t.Fatalf("node %d held from step %d, shown at step %d: %+v, engine %+v", id, k, j, got, w)
						}
						if want.Order > 0 && r.Order != want.Order {
							t.Fatalf("node %d at step %d: order %d, engine %d", id, j, r.Order, want.Order)
						}
					}
				}
			}
		})
	}
}

// TestExpandedInAndOpenHead checks the journal lists against the events
// and the open list's head against the snapshot's pop order.
func TestExpandedInAndOpenHead(t *testing.T) {
	for _, tc := range deltaCases {
		s := newDeltaSearch(t, tc.problem, tc.options)
		var expanded []int
		for k := 1; k <= 60; k++ {
			ev, ok := s.Step()
			if !ok {
				break
			}
			expanded = append(expanded, ev.Expanded.ID)
			open := s.Snapshot().Open
			var want []int
			for _, e := range open {
				want = append(want, e.ID)
			}
			if got := s.OpenOrder(nil); !slices.Equal(got, want) {
				t.Fatalf("%s %s step %d: OpenOrder %v, snapshot %v", tc.problem, tc.options, k, got, want)
			}
			if got := s.OpenHead(5, nil); !slices.Equal(got, want[:min(5, len(want))]) {
				t.Fatalf("%s %s step %d: OpenHead(5) %v, snapshot %v", tc.problem, tc.options, k, got, want)
			}
		}
		if got := s.ExpandedIn(0, len(expanded), nil); !slices.Equal(got, expanded) {
			t.Errorf("%s %s: ExpandedIn %v, events %v", tc.problem, tc.options, got, expanded)
		}
	}
}

func TestRecordCell(t *testing.T) {
	s := newDeltaSearch(t, "grid S.../..../...G", "bfs")
	s.Run(3)
	for id := 0; id < s.NodeEnd(s.Horizon()); id++ {
		st, _ := s.StateOf(id)
		r := s.Record(id)
		if x, y := r.Cell%4, r.Cell/4; st != itoa(x)+","+itoa(y) {
			t.Errorf("node %d: cell %d, state %s", id, r.Cell, st)
		}
	}
	if r := newDeltaSearch(t, "puzzle 283164705 goal=123804765", "bfs").Record(0); r.Cell != -1 {
		t.Errorf("puzzle root cell %d, want -1", r.Cell)
	}
}

func itoa(i int) string { return stepper.FormatNumber(float64(i)) }

// BenchmarkRecords100k is the cost of every record of a 100,000-node
// search: what a late joiner's state costs the server once per step.
func BenchmarkRecords100k(b *testing.B) {
	s, err := problems.New("puzzle 867254301 goal=123456780", "bfs maxnodes=100000")
	if err != nil {
		b.Fatal(err)
	}
	s.Run(0)
	n := s.NodeEnd(s.StepCount())
	b.ResetTimer()
	var buf []stepper.NodeRecord
	for range b.N {
		buf = s.Records(0, n, buf[:0])
	}
}

// TestRecordsMatchRecord: the bulk Records is Record, node by node, at
// every step of a search that re-parents.
func TestRecordsMatchRecord(t *testing.T) {
	for _, tc := range deltaCases {
		s := newDeltaSearch(t, tc.problem, tc.options)
		s.Run(30)
		h := s.Horizon()
		for k := 0; k <= h; k += 3 {
			s.Seek(k)
			end := s.NodeEnd(h)
			for _, a := range []int{0, end / 3} {
				got := s.Records(a, end, nil)
				for i, r := range got {
					if want := s.Record(a + i); r != want {
						t.Fatalf("%s %s step %d: Records node %d = %+v, Record %+v", tc.problem, tc.options, k, a+i, r, want)
					}
				}
			}
		}
	}
}
