package stepper_test

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// journalCases are the depth-first and bidirectional searches whose
// journal TestJournalRecords checks, each on Romania, an 8-puzzle and a
// small grid, stepped up to steps steps.
var journalCases = []struct {
	problem, options string
	steps            int
}{
	{"graph romania", "ids", 60},
	{"graph romania", "idastar h=sld", 60},
	{"graph romania", "rbfs h=sld", 60},
	{"puzzle 283164705 goal=123804765", "ids", 70},
	{"puzzle 283164705 goal=123804765", "idastar h=manhattan parent=skip", 70},
	{"puzzle 283164705 goal=123804765", "idastar h=misplaced parent=keep", 70},
	{"puzzle 123457860", "rbfs h=manhattan", 70},
	{"grid S...#.../.##.#.#./....#.#./.#....#G", "ids", 70},
	{"grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "idastar h=octile parent=keep", 70},
	{"grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "rbfs h=octile", 70},
	{"graph romania", "bibfs", 60},
	{"graph romania", "biucs", 60},
	{"puzzle 283164705 goal=123804765", "bibfs", 70},
	{"puzzle 867254301 goal=123456780", "biucs", 70},
	{"grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "biucs", 70},
	{"grid S...#.../.##.#.#./....#.#./.#....#G", "bibfs", 70},
	{"graphtext:" + inconsistentGraph, "biucs", 20}, // B supersedes A's path to C
	{"graph romania", "biastar h=sld", 60},
	{"puzzle 867254301 goal=123456780", "biastar h=manhattan", 70},
	{"grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "biastar h=octile", 70},
}

// checkRecordMatches compares a record, read as a client reads it at step
// k, with the node a fresh search shows at step k.
func checkRecordMatches(t *testing.T, what string, id, k int, r stepper.NodeRecord, want stepper.NodeInfo, withF bool) {
	t.Helper()
	got := stepper.NodeInfo{ID: id, Parent: r.Parent, G: r.G, Depth: r.Depth, Status: statusAt(r, k), Step: r.Born}
	w := stepper.NodeInfo{ID: want.ID, Parent: want.Parent, G: want.G, Depth: want.Depth, Status: want.Status, Step: want.Step}
	if withF {
		got.F, w.F = r.F, want.F
	}
	if r.Backward {
		got.Dir = stepper.Backward
	} else if want.Dir != 0 {
		got.Dir = stepper.Forward
	}
	w.Dir = want.Dir
	if !got.Equal(w) {
		t.Fatalf("%s: node %d at step %d: record gives %+v, a fresh search %+v", what, id, k, got, w)
	}
	if want.Order > 0 && r.Order != want.Order {
		t.Fatalf("%s: node %d at step %d: record's order %d, a fresh search %d", what, id, k, r.Order, want.Order)
	}
	if want.Seq >= 0 && want.Status == stepper.NodeOpen && r.Seq != want.Seq {
		t.Fatalf("%s: node %d at step %d: record's seq %d, a fresh search %d", what, id, k, r.Seq, want.Seq)
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// freshAt is a new search on the same line stepped to k (no journal moves).
func freshAt(t *testing.T, problem, options string, k int) *stepper.Search {
	t.Helper()
	f := newDeltaSearch(t, problem, options)
	for f.StepCount() < k {
		if _, ok := f.Step(); !ok {
			t.Fatalf("%s %s: a fresh search ended at step %d before %d", problem, options, f.StepCount(), k)
		}
	}
	return f
}

// TestJournalRecords is the journal's property: at every step k, reached
// by seeking in any order, the records of the nodes of the iteration shown
// agree with a fresh search stepped to k; the nodes not listed by ModdedIn
// between two steps have the same record at both; the snapshot after a
// seek is that of the fresh search; replayed events equal the originals;
// ExpandedIn lists the events' nodes and OpenOrder the snapshot's open
// list (RBFS: the same nodes, the next one first, then best f first).
func TestJournalRecords(t *testing.T) {
	for _, tc := range journalCases {
		t.Run(tc.problem+" "+tc.options, func(t *testing.T) {
			what := tc.problem + " / " + tc.options
			s := newDeltaSearch(t, tc.problem, tc.options)
			withF := s.Options().Algorithm == stepper.RBFS
			var evs []string
			var expanded []int
			for s.StepCount() < tc.steps {
				ev, ok := s.Step()
				if !ok {
					break
				}
				b, _ := json.Marshal(ev)
				evs = append(evs, string(b))
				expanded = append(expanded, ev.Expanded.ID)
			}
			h := s.Horizon()
			if h != len(evs) {
				t.Fatalf("%s: horizon %d after %d steps", what, h, len(evs))
			}
			if got := s.ExpandedIn(0, h, nil); !slices.Equal(got, expanded) {
				t.Fatalf("%s: ExpandedIn %v, events %v", what, got, expanded)
			}
			end := s.NodeEnd(h)
			if mods := s.ModdedIn(0, h, nil); len(mods) == 0 && (withF || strings.HasPrefix(tc.problem, "graphtext:")) {
				t.Fatalf("%s: no record changed after its step: the case does not test mods", what)
			}
			held := make([][]stepper.NodeRecord, h+1)
			truth := make([]stepper.Snapshot, h+1)
			order := rand.New(rand.NewPCG(1, uint64(h))).Perm(h + 1)
			for _, k := range order {
				if got := s.Seek(k); got != k {
					t.Fatalf("%s: Seek(%d) reached %d", what, k, got)
				}
				f := freshAt(t, tc.problem, tc.options, k)
				truth[k] = f.Snapshot()
				if a, b := asJSON(t, s.Snapshot()), asJSON(t, truth[k]); a != b {
					t.Fatalf("%s: snapshot at step %d after seeking differs from a fresh search's:\n%s\n%s", what, k, a, b)
				}
				closed := 0
				for _, n := range truth[k].Tree {
					if n.Status == stepper.NodeClosed {
						closed++
					}
				}
				if c := truth[k].Counters; c.Closed != closed || c.Nodes != len(truth[k].Tree) {
					t.Fatalf("%s: step %d: counters say %d closed of %d nodes, the tree has %d closed of %d", what, k, c.Closed, c.Nodes, closed, len(truth[k].Tree))
				}
				held[k] = s.Records(0, end, nil)
				for id := range end {
					if r := s.Record(id); r != held[k][id] {
						t.Fatalf("%s: step %d: Record(%d) %+v, Records gives %+v", what, k, id, r, held[k][id])
					}
				}
				start := s.IterStart(k)
				if start != truth[k].IterStart || s.NodeEnd(k)-start != len(truth[k].Tree) {
					t.Fatalf("%s: step %d: IterStart %d, NodeEnd %d; the snapshot's tree has %d nodes from %d", what, k, start, s.NodeEnd(k), len(truth[k].Tree), truth[k].IterStart)
				}
				for i, want := range truth[k].Tree {
					checkRecordMatches(t, what, start+i, k, held[k][start+i], want, withF)
				}
				var open []int
				for _, o := range truth[k].Open {
					open = append(open, o.ID)
				}
				got := s.OpenOrder(nil)
				if s.Options().Algorithm.Bidirectional() {
					// the snapshot lists the forward list, then the
					// backward one; OpenOrder merges them
					var byKey []int
					for _, o := range truth[k].Open {
						byKey = append(byKey, o.ID)
					}
					slices.SortStableFunc(byKey, func(a, b int) int {
						x, y := truth[k].Tree[a], truth[k].Tree[b]
						if c := stepper.CmpF(x.F, y.F); c != 0 {
							return c
						}
						if x.Dir != y.Dir {
							return btoi(x.Dir == stepper.Backward) - btoi(y.Dir == stepper.Backward)
						}
						return x.Seq - y.Seq
					})
					open = byKey
				}
				if withF {
					if truth[k].Status == stepper.Running && len(open) > 0 && (len(got) == 0 || got[0] != open[0]) {
						t.Fatalf("%s: step %d: OpenOrder %v does not begin with the next node %d", what, k, got, open[0])
					}
					first := 0 // the next node, when there is one, comes first
					if truth[k].Status == stepper.Running {
						first = 1
					}
					for i := first + 1; i < len(got); i++ {
						if s.Record(got[i]).F < s.Record(got[i-1]).F {
							t.Fatalf("%s: step %d: OpenOrder %v not best f first after the next node", what, k, got)
						}
					}
					got, open = slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(open))
				}
				if !slices.Equal(got, open) {
					t.Fatalf("%s: step %d: OpenOrder %v, a fresh search's open list %v", what, k, got, open)
				}
				if head := s.OpenHead(3, nil); !slices.Equal(head, s.OpenOrder(nil)[:min(3, len(open))]) {
					t.Fatalf("%s: step %d: OpenHead(3) %v, OpenOrder %v", what, k, head, s.OpenOrder(nil))
				}
				if k > 0 {
					ev, err := s.EventAt(k)
					if err != nil {
						t.Fatal(err)
					}
					if b, _ := json.Marshal(ev); string(b) != evs[k-1] {
						t.Fatalf("%s: step %d replayed differently:\n%s\n%s", what, k, b, evs[k-1])
					}
				}
			}
			for a := 0; a <= h; a++ {
				for b := a; b <= h; b++ {
					changed := map[int]bool{}
					for _, id := range s.ModdedIn(a, b, nil) {
						changed[id] = true
					}
					for id := range end {
						if !changed[id] && held[a][id] != held[b][id] {
							t.Fatalf("%s: node %d not listed by ModdedIn(%d, %d) but its record changed: %+v, then %+v", what, id, a, b, held[a][id], held[b][id])
						}
					}
				}
			}
		})
	}
}

// TestJournalAfterFastPath: IDA* run to its end by the fast path keeps no
// journal; asking for records or moving back makes it by stepping again,
// and it is that of a search stepped to the end.
func TestJournalAfterFastPath(t *testing.T) {
	const problem, options = "puzzle 867254301 goal=123456780", "idastar h=manhattan"
	fast := newDeltaSearch(t, problem, options)
	if st := fast.Run(0); st != stepper.Solved {
		t.Fatalf("fast path: %s", st)
	}
	if !stepper.RanFast(fast) {
		t.Fatal("Run(0) did not take the fast path")
	}
	stepped := newDeltaSearch(t, problem, options)
	for {
		if _, ok := stepped.Step(); !ok {
			break
		}
	}
	h := stepped.Horizon()
	if fast.StepCount() != h || fast.Horizon() != h || fast.NodeEnd(h) != stepped.NodeEnd(h) {
		t.Fatalf("fast path at step %d, horizon %d, %d nodes; stepped: %d steps, %d nodes", fast.StepCount(), fast.Horizon(), fast.NodeEnd(h), h, stepped.NodeEnd(h))
	}
	if a, b := fast.Records(0, fast.NodeEnd(h), nil), stepped.Records(0, stepped.NodeEnd(h), nil); !slices.Equal(a, b) {
		t.Fatal("records after the fast path differ from a stepped search's")
	}
	for _, k := range []int{h - 1, h / 2, 0, h} {
		fast.Seek(k)
		stepped.Seek(k)
		if a, b := asJSON(t, fast.Snapshot()), asJSON(t, stepped.Snapshot()); a != b {
			t.Fatalf("step %d: after the fast path the snapshot differs from a stepped search's", k)
		}
	}
}

// TestDFNodeCaps: maxnodes caps an iterative search's current iteration
// (as before the journal) and a bidirectional search's nodes; MaxBytes
// caps every node the journal keeps, every iteration's.
func TestDFNodeCaps(t *testing.T) {
	for _, line := range []string{"ids maxnodes=60", "idastar h=misplaced maxnodes=60", "rbfs h=manhattan maxnodes=60", "bibfs maxnodes=60"} {
		s := newDeltaSearch(t, "puzzle 867254301 goal=123456780", line)
		if st := s.Run(0); st != stepper.LimitReached {
			t.Fatalf("%s: %s, want limit reached", line, st)
		}
		if n := s.Counters().Nodes; n < 60 || n > 60+4 {
			t.Errorf("%s: %d nodes in the tree at the limit, want 60 and the last step's children at most", line, n)
		}
	}
	o, err := stepper.ParseOptions("idastar h=misplaced")
	if err != nil {
		t.Fatal(err)
	}
	o.MaxBytes = 1 << 20
	inst, _ := problems.Parse("puzzle 867254301 goal=123456780", nil)
	s, err := stepper.NewSearch(inst, o)
	if err != nil {
		t.Fatal(err)
	}
	if st := s.Run(100000000); st != stepper.LimitReached {
		t.Fatalf("idastar with 1 MiB: %s, want limit reached", st)
	}
	stored := int64(s.NodeEnd(s.Horizon()))
	if stored*s.BytesPerNode() <= o.MaxBytes || (stored-4)*s.BytesPerNode() > o.MaxBytes || s.Counters().Nodes >= int(stored) {
		t.Errorf("idastar with 1 MiB stopped with %d nodes stored, %d in the iteration, %d bytes a node", stored, s.Counters().Nodes, s.BytesPerNode())
	}
}
