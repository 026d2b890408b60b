package stepper_test

import (
	"reflect"
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// linearCases add to forgetCases searches whose subtrees are dropped deep
// in an iteration: RBFS on the puzzle and a grid, IDS and IDA* with
// either parent rule.
var linearCases = append([]struct {
	problem, options string
	steps            int
}{
	{"puzzle 867254301 goal=123456780", "rbfs h=manhattan", 4000},
	{"puzzle 867254301 goal=123456780", "idastar h=manhattan parent=keep", 6000},
	{"puzzle 283164705 goal=123804765", "ids parent=skip", 0},
	{"grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "rbfs h=octile parent=skip", 0},
}, forgetCases...)

// newLinear is a search on the line with Options.Linear.
func newLinear(t *testing.T, problem, options string) *stepper.Search {
	t.Helper()
	inst, err := problems.Parse(problem, stepper.LocalFiles)
	if err != nil {
		t.Fatal(err)
	}
	o, err := stepper.ParseOptions(options)
	if err != nil {
		t.Fatal(err)
	}
	o.Linear = true
	s, err := stepper.NewSearch(inst, o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// heldBy is how many nodes a depth-first search stores.
func heldBy(s *stepper.Search) int { n, _ := stepper.HeldCount(s); return n }

// sameLinearSnapshot fails unless a linear search's snapshot agrees with
// the keeping one's in everything but the nodes dropped: the open list, the
// path, the counters, the iteration and every node it still lists.
func sameLinearSnapshot(t *testing.T, what string, want, got stepper.Snapshot) {
	t.Helper()
	if !reflect.DeepEqual(want.Open, got.Open) || !reflect.DeepEqual(want.Path, got.Path) || want.Counters != got.Counters ||
		!reflect.DeepEqual(want.Deepening, got.Deepening) || want.IterStart != got.IterStart || want.Status != got.Status || len(want.Tree) != len(got.Tree) {
		t.Fatalf("%s: step %d: linear snapshot differs\nkeeping %+v\nlinear  %+v", what, want.Step, want, got)
	}
	for i, n := range got.Tree {
		if n.Status != stepper.NodeDropped && !n.Equal(want.Tree[i]) {
			t.Fatalf("%s: step %d: node %d: linear %+v, keeping %+v", what, want.Step, n.ID, n, want.Tree[i])
		}
	}
}

// TestLinearSameEvents steps every case keeping every node and with
// Options.Linear and compares every event field by field (every id), the
// snapshot's open list and path every 97 steps, and the results; at every
// step the linear search holds at most the root and one expansion's
// children for each level down to the node selected.
func TestLinearSameEvents(t *testing.T) {
	for _, tc := range linearCases {
		what := tc.problem + " / " + tc.options
		t.Run(what, func(t *testing.T) {
			keep, _ := newForgetPair(t, tc.problem, tc.options)
			lin := newLinear(t, tc.problem, tc.options)
			branching, dropped := 0, false
			for tc.steps == 0 || keep.StepCount() < tc.steps {
				want, ok := keep.Step()
				got, ok2 := lin.Step()
				if ok != ok2 {
					t.Fatalf("%s: step %d: keeping stepped %v, linear %v", what, keep.StepCount(), ok, ok2)
				}
				if !ok {
					break
				}
				sameEvent(t, what, want, got)
				branching = max(branching, len(got.Children))
				if bound := 1 + (got.Expanded.Depth+1)*branching; heldBy(lin) > bound {
					t.Fatalf("%s: step %d: %d nodes held at depth %d, branching %d: more than %d", what, got.Step, heldBy(lin), got.Expanded.Depth, branching, bound)
				}
				if heldBy(lin) < got.Counters.Nodes {
					dropped = true
				}
				if got.Step%97 == 0 {
					sameLinearSnapshot(t, what, keep.Snapshot(), lin.Snapshot())
				}
			}
			sameLinearSnapshot(t, what, keep.Snapshot(), lin.Snapshot())
			if lin.Status() != keep.Status() || !reflect.DeepEqual(lin.Path(), keep.Path()) || lin.Cost() != keep.Cost() ||
				lin.Counters() != keep.Counters() || lin.NodeCount() != keep.NodeCount() || !reflect.DeepEqual(lin.PathActions(), keep.PathActions()) {
				t.Fatalf("%s: results differ: keeping %s %v cost %v %+v, linear %s %v cost %v %+v", what,
					keep.Status(), keep.Path(), keep.Cost(), keep.Counters(), lin.Status(), lin.Path(), lin.Cost(), lin.Counters())
			}
			for _, id := range lin.Path() {
				if a, b := lin.Node(id), keep.Node(id); !a.Equal(b) {
					t.Fatalf("%s: path node %d: linear %+v, keeping %+v", what, id, a, b)
				}
			}
			g1, _ := keep.GeneratedOneByOne()
			g2, _ := lin.GeneratedOneByOne()
			if g1 != g2 {
				t.Fatalf("%s: GeneratedOneByOne %d, linear %d", what, g1, g2)
			}
			if !dropped && keep.StepCount() > 50 {
				t.Fatalf("%s: %d steps and no node dropped within an iteration", what, keep.StepCount())
			}
		})
	}
}

// TestLinearSeekBack moves a linear IDS back, within its iteration and
// into earlier ones, and forward again: each step reached (searched again
// from step 0) gives the keeping search's event.
func TestLinearSeekBack(t *testing.T) {
	keep, _ := newForgetPair(t, "puzzle 283164705 goal=123804765", "ids parent=keep")
	lin := newLinear(t, "puzzle 283164705 goal=123804765", "ids parent=keep")
	end := keep.Seek(170)
	if got := lin.Seek(end); got != end {
		t.Fatalf("Seek(%d) reached %d", end, got)
	}
	for _, k := range []int{150, 3, 169, 0, 100} {
		if got := lin.Seek(k); got != k {
			t.Fatalf("Seek(%d) reached %d", k, got)
		}
		keep.Seek(k)
		want, _ := keep.EventAt(k + 1)
		got, err := lin.EventAt(k + 1)
		if err != nil {
			t.Fatalf("EventAt(%d): %v", k+1, err)
		}
		sameEvent(t, "seek", want, got)
		if n := lin.Node(0); n.Status != stepper.NodeDropped && k > 30 {
			t.Fatalf("at step %d the first iteration's root is still held: %+v", k+1, n)
		}
	}
}

// TestLinearMaxNodes: MaxNodes caps the nodes held, so a linear IDS
// finishes under a cap that stops the keeping one, whose cap is the
// iteration's nodes; a cap below the path's needs stops it too.
func TestLinearMaxNodes(t *testing.T) {
	for _, tc := range []struct {
		options string
		want    stepper.Status
	}{
		{"ids maxnodes=40 parent=keep", stepper.Solved},
		{"ids maxnodes=8 parent=keep", stepper.LimitReached},
	} {
		keep, _ := newForgetPair(t, "puzzle 283164705 goal=123804765", tc.options)
		lin := newLinear(t, "puzzle 283164705 goal=123804765", tc.options)
		if st := keep.Run(0); st != stepper.LimitReached {
			t.Errorf("%s keeping: %s, want %s", tc.options, st, stepper.LimitReached)
		}
		if st := lin.Run(0); st != tc.want {
			t.Errorf("%s linear: %s, want %s", tc.options, st, tc.want)
		}
	}
}
