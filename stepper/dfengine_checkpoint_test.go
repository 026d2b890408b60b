package stepper_test

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// checkpointCases are the depth-first family (ids, idastar, rbfs, dls) on
// puzzles, Romania and a grid, each run to its end or to steps; the long
// ones thin their checkpoints (more than checkpointFirst·maxCheckpoints
// steps).
var checkpointCases = []struct {
	problem, options string
	steps            int // 0: to the end
}{
	{"graph romania", "ids", 0},
	{"graph romania", "idastar h=sld", 0},
	{"graph romania", "rbfs h=sld", 0},
	{"graph romania", "dls depth=3", 0},
	{"graph romania", "dls depth=2", 0}, // ends in cutoff
	{"graph romania start=Arad goal=Neamt", "ids parent=skip", 0},
	{"puzzle 283164705 goal=123804765", "ids", 0},
	{"puzzle 283164705 goal=123804765", "idastar h=manhattan", 0},
	{"puzzle 283164705 goal=123804765", "dls depth=5", 0},
	{"puzzle 867254301 goal=123456780", "ids parent=keep", 9000},
	{"puzzle 867254301 goal=123456780", "idastar h=misplaced", 6000},
	{"puzzle 867254301 goal=123456780", "rbfs h=manhattan", 5000},
	{"puzzle 867254301 goal=123456780", "dls depth=12", 5000},
	{"grid S...#.../.##.#.#./....#.#./.#....#G", "ids", 3000},
	{"grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "idastar h=octile parent=keep", 0},
	{"grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "rbfs h=octile", 3000},
	{"grid S...#.../.##.#.#./....#.#./.#....#G", "dls depth=9", 0},
}

// newCheckpointed is a search on the line, with Options.Checkpoint if on.
func newCheckpointed(t *testing.T, problem, options string, on bool) *stepper.Search {
	t.Helper()
	inst, err := problems.Parse(problem, stepper.LocalFiles)
	if err != nil {
		t.Fatal(err)
	}
	o, err := stepper.ParseOptions(options)
	if err != nil {
		t.Fatal(err)
	}
	o.Checkpoint = on
	s, err := stepper.NewSearch(inst, o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// sameAtStep fails unless the checkpointed search at its step shows what
// the journaled one shows at the same step: the step, status, counters,
// path, cost, node count, iteration and its first id, the snapshot's open
// list, iteration, bounds and current path, every node held (the tree's,
// each closed one) and each path node's info.
func sameAtStep(t *testing.T, what string, keep, cp *stepper.Search) {
	t.Helper()
	k := keep.StepCount()
	if cp.StepCount() != k || cp.Status() != keep.Status() || cp.Counters() != keep.Counters() ||
		!reflect.DeepEqual(cp.Path(), keep.Path()) || cp.Cost() != keep.Cost() || cp.NodeCount() != keep.NodeCount() ||
		cp.IterStart(k) != keep.IterStart(k) {
		t.Fatalf("%s: step %d (checkpointed at %d): checkpointed %s %+v path %v, journaled %s %+v path %v", what, k, cp.StepCount(),
			cp.Status(), cp.Counters(), cp.Path(), keep.Status(), keep.Counters(), keep.Path())
	}
	want, got := keep.Snapshot(), cp.Snapshot()
	if want.Step != got.Step {
		t.Fatalf("%s: snapshot steps %d and %d", what, want.Step, got.Step)
	}
	if keep.Options().Algorithm == stepper.DLS {
		// the journaled dls runs in the best-first loop, whose tree lists
		// every iteration's ids from 0
		want.Tree = want.Tree[want.IterStart:]
	}
	sameLinearSnapshot(t, what, want, got)
	var held []stepper.NodeInfo
	for _, n := range want.Closed {
		if cp.Node(n.ID).Status != stepper.NodeDropped {
			held = append(held, n)
		}
	}
	if len(held) != len(got.Closed) || len(held) > 0 && !reflect.DeepEqual(held, got.Closed) {
		t.Fatalf("%s: step %d: closed nodes held %+v, journaled %+v", what, k, got.Closed, held)
	}
	for _, id := range append(cp.Path(), pathOf(got)...) {
		if a, b := cp.Node(id), keep.Node(id); !a.Equal(b) {
			t.Fatalf("%s: step %d: node %d: checkpointed %+v, journaled %+v", what, k, id, a, b)
		}
	}
}

// pathOf is the current path a snapshot shows, if any.
func pathOf(sn stepper.Snapshot) []int {
	if sn.Deepening == nil {
		return nil
	}
	return sn.Deepening.Current
}

// TestCheckpointSeekMatchesJournal runs every case journaled to its end,
// then seeks both searches to random steps, forward and back, near and
// far, and at each compares everything shown at the step (sameAtStep) and
// the event of the next step; the checkpointed search never keeps more
// than maxCheckpoints copies.
func TestCheckpointSeekMatchesJournal(t *testing.T) {
	for i, tc := range checkpointCases {
		what := tc.problem + " / " + tc.options
		t.Run(what, func(t *testing.T) {
			keep := newCheckpointed(t, tc.problem, tc.options, false)
			cp := newCheckpointed(t, tc.problem, tc.options, true)
			limit := tc.steps
			if limit == 0 {
				limit = 1 << 30
			}
			end := keep.Seek(limit)
			if tc.steps == 0 && !keep.Status().Done() {
				t.Fatalf("%s: not done after %d steps", what, end)
			}
			rng := rand.New(rand.NewPCG(20, uint64(i)))
			at := 0
			for range 60 {
				var k int
				switch rng.IntN(4) {
				case 0:
					k = at - 1 - rng.IntN(3) // a step or three back
				case 1:
					k = at + 1 + rng.IntN(3)
				default:
					k = rng.IntN(end + 2)
				}
				k = min(max(k, 0), end)
				if got := cp.Seek(k); got != keep.Seek(k) || got != k {
					t.Fatalf("%s: Seek(%d): checkpointed reached %d, journaled %d", what, k, got, keep.StepCount())
				}
				sameAtStep(t, what, keep, cp)
				if k < end {
					want, _ := keep.Step()
					got, ok := cp.Step()
					if !ok {
						t.Fatalf("%s: step %d: the checkpointed search did not step", what, k+1)
					}
					sameEvent(t, what, want, got)
					sameAtStep(t, what, keep, cp)
					k++
				}
				at = k
				if c := checkpointsOf(cp); c > stepper.MaxCheckpoints {
					t.Fatalf("%s: %d checkpoints, more than %d", what, c, stepper.MaxCheckpoints)
				}
			}
			if end > stepper.CheckpointFirst*stepper.MaxCheckpoints {
				cp.Seek(end)
				if c := checkpointsOf(cp); c < stepper.MaxCheckpoints/2 {
					t.Fatalf("%s: %d checkpoints over %d steps: thinned too far", what, c, end)
				}
			}
		})
	}
}

// checkpointsOf is how many checkpoints a depth-first search keeps.
func checkpointsOf(s *stepper.Search) int {
	return stepper.CheckpointCount(s)
}

// TestCheckpointMemoryBounded: however far a checkpointed IDS goes and
// comes back, it stores at most 2·maxCheckpoints+1 copies of the linear
// state, 1 + (depth+1)·branching nodes each (depth ≤ 19 and branching ≤ 4
// on the 18-move 8-puzzle before its last iterations), while the
// journaled search's nodes grow with the steps.
func TestCheckpointMemoryBounded(t *testing.T) {
	const bound = (2*stepper.MaxCheckpoints + 1) * (1 + 20*4)
	s := newCheckpointed(t, "puzzle 286703145", "ids parent=keep", true)
	for _, k := range []int{60_000, 600_000, 200_000, 199_999, 199_990, 450_000, 1} {
		if got := s.Seek(k); got != k {
			t.Fatalf("Seek(%d) reached %d", k, got)
		}
		if held := s.NodesHeld(); held > bound || held < heldBy(s) {
			t.Fatalf("at step %d: %d nodes stored (%d in the linear state), want at most %d", k, held, heldBy(s), bound)
		}
		if n := s.NodeCount(); k >= 200_000 && n < 10*bound {
			t.Fatalf("at step %d the search made only %d nodes: the bound proves nothing", k, n)
		}
	}
}
