package stepper_test

import (
	"fmt"
	"reflect"
	"testing"

	"stepviz/internal/eventtest"
	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// forgetCases are the depth-first searches TestForgetSameEvents runs in
// both modes, to the end or to steps. rbfs has one iteration: Forget drops
// its journal, never its nodes.
var forgetCases = []struct {
	problem, options string
	steps            int // 0: to the end
}{
	{"graph romania", "ids", 0},
	{"graph romania", "idastar h=sld", 0},
	{"graph romania", "rbfs h=sld", 0},
	{"graph romania start=Arad goal=Neamt", "ids parent=skip", 0},
	{"puzzle 283164705 goal=123804765", "ids", 0},
	{"puzzle 283164705 goal=123804765", "idastar h=misplaced parent=keep", 0},
	{"puzzle 283164705 goal=123804765", "idastar h=manhattan", 0},
	{"puzzle 123457860", "ids order=reverse", 20000},
	{"puzzle 123457860", "rbfs h=manhattan", 0},
	{"puzzle 867254301 goal=123456780", "idastar h=misplaced", 20000},
	{"puzzle 867254301 goal=123456780", "ids", 20000},
	{"grid S...#.../.##.#.#./....#.#./.#....#G", "ids", 20000},
	{"grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "idastar h=octile parent=keep", 0},
	{"grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "rbfs h=octile", 3000},
	{"graph romania", "ids depth=3", 0}, // ends in cutoff
}

// newForgetPair is a keeping and a forgetful search on one line.
func newForgetPair(t *testing.T, problem, options string) (keep, forget *stepper.Search) {
	t.Helper()
	inst, err := problems.Parse(problem, stepper.LocalFiles)
	if err != nil {
		t.Fatal(err)
	}
	o, err := stepper.ParseOptions(options)
	if err != nil {
		t.Fatal(err)
	}
	keep, err = stepper.NewSearch(inst, o)
	if err != nil {
		t.Fatal(err)
	}
	o.Forget = true
	forget, err = stepper.NewSearch(inst, o)
	if err != nil {
		t.Fatal(err)
	}
	return keep, forget
}

// sameEvent fails unless two events are equal in every field, ids included.
func sameEvent(t *testing.T, what string, want, got stepper.Event) {
	t.Helper()
	if !reflect.DeepEqual(eventtest.Resolved(want), eventtest.Resolved(got)) {
		t.Fatalf("%s: step %d: forgetful event differs\nkeeping   %+v\nforgetful %+v", what, want.Step, want, got)
	}
}

// sameSnapshot fails unless two snapshots are equal in every field.
func sameSnapshot(t *testing.T, what string, want, got stepper.Snapshot) {
	t.Helper()
	if !reflect.DeepEqual(want, got) {
		t.Fatalf("%s: step %d: forgetful snapshot differs\nkeeping   %+v\nforgetful %+v", what, want.Step, want, got)
	}
}

// heldNodes is how many nodes a depth-first search stores.
func heldNodes(s *stepper.Search) int {
	return s.NodeEnd(s.Horizon()) - s.IterStart(s.FirstHeld())
}

// TestForgetSameEvents steps every case in both modes and compares every
// event, field by field (every id), the snapshot every 97 steps and at the
// end, and the results; the forgetful search holds only the current
// iteration's nodes at every step.
func TestForgetSameEvents(t *testing.T) {
	for _, tc := range forgetCases {
		what := tc.problem + " / " + tc.options
		t.Run(what, func(t *testing.T) {
			keep, forget := newForgetPair(t, tc.problem, tc.options)
			iters := 1
			for tc.steps == 0 || keep.StepCount() < tc.steps {
				want, ok := keep.Step()
				got, ok2 := forget.Step()
				if ok != ok2 {
					t.Fatalf("%s: step %d: keeping stepped %v, forgetful %v", what, keep.StepCount(), ok, ok2)
				}
				if !ok {
					break
				}
				sameEvent(t, what, want, got)
				if d := got.Deepening; d != nil {
					iters = d.Iteration
				}
				if got.Step%97 == 0 {
					sameSnapshot(t, what, keep.Snapshot(), forget.Snapshot())
				}
				if h, cur := heldNodes(forget), got.Counters.Nodes; h != cur {
					t.Fatalf("%s: step %d: the forgetful search holds %d nodes, the current iteration has %d", what, got.Step, h, cur)
				}
			}
			sameSnapshot(t, what, keep.Snapshot(), forget.Snapshot())
			if forget.Status() != keep.Status() || !reflect.DeepEqual(forget.Path(), keep.Path()) || forget.Cost() != keep.Cost() ||
				forget.Counters() != keep.Counters() || forget.NodeCount() != keep.NodeCount() {
				t.Fatalf("%s: results differ: keeping %s %v cost %v %+v, forgetful %s %v cost %v %+v", what,
					keep.Status(), keep.Path(), keep.Cost(), keep.Counters(), forget.Status(), forget.Path(), forget.Cost(), forget.Counters())
			}
			g1, _ := keep.GeneratedOneByOne()
			g2, _ := forget.GeneratedOneByOne()
			if g1 != g2 {
				t.Fatalf("%s: GeneratedOneByOne %d, forgetful %d", what, g1, g2)
			}
			for k := 0; k <= keep.Horizon(); k++ {
				if a, b := keep.IterStart(k), forget.IterStart(k); a != b {
					t.Fatalf("%s: IterStart(%d) %d, forgetful %d", what, k, a, b)
				}
			}
			switch n := forget.StepCount(); {
			case n >= 2 && forget.FirstHeld() != n:
				t.Fatalf("%s: FirstHeld %d at step %d: the journal of the steps before was not dropped", what, forget.FirstHeld(), n)
			case iters > 1 && forget.IterStart(forget.FirstHeld()) == 0:
				t.Fatalf("%s: %d iterations and the first iteration's nodes still held", what, iters)
			case keep.FirstHeld() != 0:
				t.Fatalf("%s: the keeping search's FirstHeld is %d", what, keep.FirstHeld())
			}
		})
	}
}

// TestForgetSeekAcrossIterations moves a forgetful IDS and IDA* back into
// earlier iterations and within the current one (each stepping again from
// step 0), forward again and to step 0, and compares the event and
// snapshot at each step reached with a keeping search's; it asks the
// dropped ids and steps their documented answers.
func TestForgetSeekAcrossIterations(t *testing.T) {
	for _, tc := range []struct{ problem, options string }{
		{"puzzle 283164705 goal=123804765", "ids"},
		{"graph romania", "idastar h=sld"},
		{"puzzle 867254301 goal=123456780", "idastar h=misplaced maxnodes=100000"},
	} {
		what := tc.problem + " / " + tc.options
		t.Run(what, func(t *testing.T) {
			keep, forget := newForgetPair(t, tc.problem, tc.options)
			end := keep.Seek(3000)
			if got := forget.Seek(end); got != end {
				t.Fatalf("%s: Seek(%d) reached %d", what, end, got)
			}
			first := forget.FirstHeld()
			if first != end {
				t.Fatalf("%s: FirstHeld %d at step %d: the journal before was not dropped", what, first, end)
			}
			// the answers for what was dropped
			root := forget.IterStart(first)
			if n := forget.Node(0); n.Status != stepper.NodeDropped || n.ID != 0 {
				t.Fatalf("%s: Node(0) of a dropped iteration: %+v", what, n)
			}
			if n := forget.Node(root - 1); n.Status != stepper.NodeDropped {
				t.Fatalf("%s: Node(%d), the last dropped id: %+v", what, root-1, n)
			}
			if n, want := forget.Node(root), keep.Node(root); !n.Equal(want) {
				t.Fatalf("%s: Node(%d), the current root: %+v, keeping %+v", what, root, n, want)
			}
			if r := forget.Record(0); r.Born != -1 {
				t.Fatalf("%s: Record(0) of a dropped id: %+v", what, r)
			}
			if st, _ := forget.StateOf(0); st != "" {
				t.Fatalf("%s: StateOf(0) of a dropped id: %q", what, st)
			}
			began := first // the step that began the current iteration
			for began > 0 && forget.IterStart(began-1) == root {
				began--
			}
			if began < 2 {
				t.Fatalf("%s: the iteration at step %d began at step %d: the case must cross iterations", what, end, began)
			}
			if a, b := forget.NodeEnd(began-1), keep.NodeEnd(began-1); a != b || a != root {
				t.Fatalf("%s: NodeEnd(%d), the last step of the iteration before: %d, keeping %d, root %d", what, began-1, a, b, root)
			}
			if got := forget.ExpandedIn(0, end, nil); len(got) != end-first+1 {
				t.Fatalf("%s: ExpandedIn(0, %d) lists %d steps, want the %d held", what, end, len(got), end-first+1)
			}
			targets := []int{began - 1, 1, began / 2, began, end - 1, end, began + (end-began)/2, 0, end}
			for _, k := range targets {
				if got := forget.Seek(k); got != k {
					t.Fatalf("%s: Seek(%d) reached %d", what, k, got)
				}
				keep.Seek(k)
				sameSnapshot(t, what, keep.Snapshot(), forget.Snapshot())
				if k < end {
					want, _ := keep.EventAt(k + 1)
					got, err := forget.EventAt(k + 1)
					if err != nil {
						t.Fatalf("%s: EventAt(%d): %v", what, k+1, err)
					}
					sameEvent(t, what, want, got)
				}
				if h := heldNodes(forget); h != forget.Counters().Nodes && forget.StepCount() == forget.Horizon() {
					t.Fatalf("%s: at step %d the forgetful search holds %d nodes, the iteration %d", what, forget.StepCount(), h, forget.Counters().Nodes)
				}
			}
			forget.Reset()
			if forget.FirstHeld() != 0 || forget.StepCount() != 0 {
				t.Fatalf("%s: after Reset FirstHeld %d, step %d", what, forget.FirstHeld(), forget.StepCount())
			}
		})
	}
}

// TestForgetMaxBytes: MaxBytes caps what is stored, so a forgetful IDS
// finishes under a cap that stops the keeping one, whose every iteration
// counts; MaxNodes, the current iteration's, stops both alike.
func TestForgetMaxBytes(t *testing.T) {
	keep, forget := newForgetPair(t, "puzzle 283164705 goal=123804765", "ids parent=keep")
	for _, s := range []*stepper.Search{keep, forget} {
		stepper.SetMaxBytes(s, 120*s.BytesPerNode()) // the largest iteration has 100 nodes, all of them 185
	}
	if st := keep.Run(0); st != stepper.LimitReached {
		t.Fatalf("keeping IDS under a 120-node byte cap: %s, want %s", st, stepper.LimitReached)
	}
	if st := forget.Run(0); st != stepper.Solved {
		t.Fatalf("forgetful IDS under a 120-node byte cap: %s, want %s", st, stepper.Solved)
	}
	keep, forget = newForgetPair(t, "puzzle 283164705 goal=123804765", "ids maxnodes=20")
	if a, b := keep.Run(0), forget.Run(0); a != stepper.LimitReached || b != stepper.LimitReached || keep.StepCount() != forget.StepCount() {
		t.Fatalf("maxnodes=20: keeping %s at step %d, forgetful %s at step %d; want both %s at the same step", a, keep.StepCount(), b, forget.StepCount(), stepper.LimitReached)
	}
}

func ExampleOptions_forget() {
	s, _ := problems.New("puzzle 283164705 goal=123804765", "ids")
	o := s.Options()
	o.Forget = true
	f, _ := stepper.NewSearch(s.Instance(), o)
	s.Run(0)
	f.Run(0)
	fmt.Println(s.Status(), s.Counters().Steps, f.Counters().Steps)
	fmt.Println("first step held:", s.FirstHeld(), f.FirstHeld())
	fmt.Println("nodes held:", s.NodeEnd(s.Horizon())-s.IterStart(s.FirstHeld()), f.NodeEnd(f.Horizon())-f.IterStart(f.FirstHeld()))
	// Output:
	// solved 73 73
	// first step held: 0 73
	// nodes held: 78 12
}
