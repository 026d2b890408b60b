package stepper_test

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// walkIterations is the definition Search.Iterations must agree with:
// IterStart read at every step from 0 to k, an iteration starting wherever
// it changes, the last one's nodes up to NodeEnd(k). O(k).
func walkIterations(s *stepper.Search, k int) []stepper.Iteration {
	its := []stepper.Iteration{{Number: 1, FirstID: s.IterStart(0)}}
	for j := 1; j <= k; j++ {
		start := s.IterStart(j)
		cur := &its[len(its)-1]
		if start == cur.FirstID {
			cur.LastStep = j
			continue
		}
		cur.Nodes = start - cur.FirstID
		its = append(its, stepper.Iteration{Number: cur.Number + 1, FirstID: start, FirstStep: j, LastStep: j})
	}
	last := &its[len(its)-1]
	last.Nodes = s.NodeEnd(k) - last.FirstID
	return its
}

// iterationModes are the ways a search can keep its past: each must give
// the journaled search's iterations.
var iterationModes = []struct {
	name string
	set  func(*stepper.Options)
}{
	{"journaled", func(*stepper.Options) {}},
	{"forget", func(o *stepper.Options) { o.Forget = true }},
	{"linear", func(o *stepper.Options) { o.Linear = true }},
	{"checkpoint", func(o *stepper.Options) { o.Checkpoint = true }},
}

// iterationCases are searches with many iterations (ids, idastar), with
// one that RBFS and DLS report through the same table, and best-first
// searches, which have one; each run to its end or to steps.
var iterationCases = []struct {
	problem, options string
	steps            int // 0: to the end
}{
	{"graph romania", "ids", 0},
	{"graph romania", "idastar h=sld", 0},
	{"graph romania", "rbfs h=sld", 0},
	{"graph romania", "dls depth=3", 0},
	{"graph romania", "astar h=sld", 0},
	{"puzzle 283164705 goal=123804765", "ids", 0},
	{"puzzle 283164705 goal=123804765", "idastar h=manhattan", 0},
	{"puzzle 867254301 goal=123456780", "ids parent=keep", 6000},
	{"puzzle 867254301 goal=123456780", "idastar h=misplaced", 5000},
	{"puzzle 867254301 goal=123456780", "rbfs h=manhattan", 3000},
	{"puzzle 867254301 goal=123456780", "dls depth=12", 3000},
	{"puzzle 867254301 goal=123456780", "bfs", 3000},
	{"grid S...#.../.##.#.#./....#.#./.#....#G", "ids", 0},
	{"grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "idastar h=octile parent=keep", 0},
}

// newIterSearch is the case's search in mode set.
func newIterSearch(t *testing.T, problem, options string, set func(*stepper.Options)) *stepper.Search {
	t.Helper()
	inst, err := problems.Parse(problem, stepper.LocalFiles)
	if err != nil {
		t.Fatal(err)
	}
	o, err := stepper.ParseOptions(options)
	if err != nil {
		t.Fatal(err)
	}
	set(&o)
	s, err := stepper.NewSearch(inst, o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// sampleSteps are steps of 0..n to check: the first few, about 40 spread
// evenly, and each side of every iteration's first step.
func sampleSteps(n int, its []stepper.Iteration) []int {
	ks := []int{0, 1, 2, n - 1, n}
	for k := 0; k <= n; k += max(n/40, 1) {
		ks = append(ks, k)
	}
	for _, it := range its {
		ks = append(ks, it.FirstStep-1, it.FirstStep, it.FirstStep+1)
	}
	ks = slices.DeleteFunc(ks, func(k int) bool { return k < 0 || k > n })
	slices.Sort(ks)
	return slices.Compact(ks)
}

// sameIterations fails unless got is want.
func sameIterations(t *testing.T, what string, got, want []stepper.Iteration) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s:\n got  %+v\n want %+v", what, got, want)
	}
}

// TestIterationsAgainstWalk checks Search.Iterations against the step
// walk at many steps of each case in each mode, and each mode's
// iterations at the furthest step against the journaled search's.
func TestIterationsAgainstWalk(t *testing.T) {
	for _, tc := range iterationCases {
		t.Run(tc.problem+"/"+tc.options, func(t *testing.T) {
			keep := newIterSearch(t, tc.problem, tc.options, iterationModes[0].set)
			n := tc.steps
			if n == 0 {
				keep.Run(-1)
				n = keep.StepCount()
			} else if got := keep.Seek(n); got != n {
				t.Fatalf("the search ended at step %d, before %d", got, n)
			}
			all := keep.Iterations(n)
			if a := keep.Options().Algorithm; (a == stepper.IDS || a == stepper.IDAStar) && n > 200 && len(all) < 3 {
				t.Fatalf("%d iterations in %d steps: the case tests too little", len(all), n)
			}
			ks := sampleSteps(n, all)
			want := map[int][]stepper.Iteration{}
			for _, k := range ks {
				want[k] = walkIterations(keep, k)
				sameIterations(t, fmt.Sprintf("journaled, step %d of %d", k, n), keep.Iterations(k), want[k])
			}
			for _, m := range iterationModes[1:] {
				s := newIterSearch(t, tc.problem, tc.options, m.set)
				if m.name == "checkpoint" {
					// the horizon is the cursor: seek forward and back
					for _, k := range append(slices.Clone(ks), ks[len(ks)/2], ks[len(ks)/3], n) {
						s.Seek(k)
						h := s.Horizon()
						sameIterations(t, fmt.Sprintf("%s at step %d (sought %d), against the walk", m.name, h, k), s.Iterations(h), walkIterations(s, h))
						if w, ok := want[h]; ok {
							sameIterations(t, fmt.Sprintf("%s at step %d, against the journaled", m.name, h), s.Iterations(h), w)
						}
					}
					continue
				}
				s.Seek(n)
				for _, k := range ks {
					sameIterations(t, fmt.Sprintf("%s, step %d of %d, against the walk", m.name, k, n), s.Iterations(k), walkIterations(s, k))
				}
				sameIterations(t, fmt.Sprintf("%s at step %d, against the journaled", m.name, n), s.Iterations(n), want[n])
			}
		})
	}
}

// BenchmarkIterations lists the iterations of ids parent=keep on the
// 18-move 286703145 at step 1,000,000 (bounded: Options.Checkpoint, as a
// notebook holds it) from the engine's table, and by the step walk.
//
//	go test -run '^$' -bench Iterations -benchtime 10x ./stepper/
func BenchmarkIterations(b *testing.B) {
	inst, err := problems.Parse("puzzle 286703145", stepper.LocalFiles)
	if err != nil {
		b.Fatal(err)
	}
	o, err := stepper.ParseOptions("ids parent=keep")
	if err != nil {
		b.Fatal(err)
	}
	o.Checkpoint = true
	s, err := stepper.NewSearch(inst, o)
	if err != nil {
		b.Fatal(err)
	}
	const k = 1_000_000
	if s.Seek(k) != k {
		b.Fatalf("the search ended before step %d", k)
	}
	for _, tc := range []struct {
		name string
		list func() []stepper.Iteration
	}{
		{"table", func() []stepper.Iteration { return s.Iterations(k) }},
		{"walk", func() []stepper.Iteration { return walkIterations(s, k) }},
	} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				if its := tc.list(); len(its) < 10 {
					b.Fatalf("%d iterations", len(its))
				}
			}
		})
	}
}
