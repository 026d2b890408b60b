package stepper_test

import (
	"reflect"
	"testing"

	"stepviz/stepper"
)

// dlsCases are depth-limited searches that end solved, in cutoff and with
// no solution, on Romania, the 8-puzzle and a grid, with orders and limits
// that make the stack deep and wide.
var dlsCases = []struct {
	problem, options string
	want             stepper.Status
}{
	{"graph romania", "dls depth=0", stepper.Cutoff},
	{"graph romania", "dls depth=1", stepper.Cutoff},
	{"graph romania", "dls depth=2", stepper.Cutoff},
	{"graph romania", "dls depth=3", stepper.Solved},
	{"graph romania", "dls depth=4", stepper.Solved},
	{"graph romania", "dls", stepper.Solved}, // the default limit: a 49-move path
	{"graph romania", "dls depth=9 order=reverse", stepper.Solved},
	{"graph romania start=Arad goal=Neamt", "dls depth=7", stepper.Solved},
	{"puzzle 283164705 goal=123804765", "dls depth=4", stepper.Cutoff},
	{"puzzle 283164705 goal=123804765", "dls depth=5", stepper.Solved},
	{"puzzle 283164705 goal=123804765", "dls depth=9 order=reverse", stepper.Solved},
	{"puzzle 123457860", "dls depth=8", stepper.Cutoff},
	{"puzzle 867254301 goal=123456780", "dls depth=7", stepper.Cutoff},
	{"grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "dls depth=10", stepper.Cutoff},
	{"grid S...#.../.##.#.#./....#.#./.#....#G", "dls depth=8", stepper.Cutoff},
	{"grid S...#.../.##.#.#./....#.#./.#....#G", "dls depth=16", stepper.Solved},
}

// TestDLSLinearSameEvents runs every case in the best-first loop, which
// stores every node, and forward only (Options.Linear), which runs it in
// the depth-first engine: every event is equal field by field (ids,
// insertion numbers, keys, statuses, counters), the snapshot's open list,
// path and counters every 61 steps and at the end, and the results; the
// depth-first run holds at most the root and one expansion's children per
// level of the path at every step.
func TestDLSLinearSameEvents(t *testing.T) {
	for _, tc := range dlsCases {
		what := tc.problem + " / " + tc.options
		t.Run(what, func(t *testing.T) {
			keep, _ := newForgetPair(t, tc.problem, tc.options)
			lin := newLinear(t, tc.problem, tc.options)
			if name := stepper.EngineName(keep); name != "engine" && tc.problem[:5] == "graph" {
				t.Fatalf("the stepped dls runs in %s, want the best-first loop", name)
			}
			if _, ok := stepper.HeldCount(lin); !ok {
				t.Fatalf("the forward-only dls runs in %s, want the depth-first engine", stepper.EngineName(lin))
			}
			branching, dropped := 0, false
			for {
				want, ok := keep.Step()
				got, ok2 := lin.Step()
				if ok != ok2 {
					t.Fatalf("%s: step %d: best-first stepped %v, depth-first %v", what, keep.StepCount(), ok, ok2)
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
				if got.Step%61 == 0 && got.Step < 3000 {
					sameLinearSnapshot(t, what, keep.Snapshot(), lin.Snapshot())
				}
			}
			sameLinearSnapshot(t, what, keep.Snapshot(), lin.Snapshot())
			if lin.Status() != tc.want || keep.Status() != tc.want {
				t.Fatalf("%s: best-first %s, depth-first %s, want %s", what, keep.Status(), lin.Status(), tc.want)
			}
			if !reflect.DeepEqual(lin.Path(), keep.Path()) || lin.Cost() != keep.Cost() || lin.Counters() != keep.Counters() ||
				lin.NodeCount() != keep.NodeCount() || !reflect.DeepEqual(lin.PathActions(), keep.PathActions()) || lin.Options() != withLinear(keep.Options()) {
				t.Fatalf("%s: results differ: best-first %v cost %v %+v, depth-first %v cost %v %+v", what,
					keep.Path(), keep.Cost(), keep.Counters(), lin.Path(), lin.Cost(), lin.Counters())
			}
			if !dropped && keep.StepCount() > 50 {
				t.Fatalf("%s: %d steps and no subtree dropped", what, keep.StepCount())
			}
		})
	}
}

// withLinear is o as a forward-only search reports it.
func withLinear(o stepper.Options) stepper.Options {
	o.Forget, o.Linear = true, true
	return o
}

// TestDLSEngineChoice: dls runs in the depth-first engine only forward
// only with the goal tested on expansion; stepped, or tested on
// generation, in the best-first loop.
func TestDLSEngineChoice(t *testing.T) {
	for _, tc := range []struct {
		options    string
		linear, df bool
	}{
		{"dls depth=3", true, true},
		{"dls depth=3", false, false},
		{"dls depth=3 goaltest=generate", true, false},
		{"dfs tree=true depth=3", true, false},
		{"ids", false, true},
	} {
		var s *stepper.Search
		if tc.linear {
			s = newLinear(t, "graph romania", tc.options)
		} else {
			s, _ = newForgetPair(t, "graph romania", tc.options)
		}
		if df := stepper.EngineName(s) == "dfEngine"; df != tc.df {
			t.Errorf("%s (linear %v): runs in %s", tc.options, tc.linear, stepper.EngineName(s))
		}
	}
}
