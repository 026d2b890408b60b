package stepper_test

import (
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// TestReleasedMemoryLeavesNoTrace runs searches one after another, each
// released before the next starts on its memory, and checks each against
// the same search started with nothing to reuse: the same tree, counters
// and path. The order makes the reuse bite: a big search's seen set and
// heap serve a smaller one (its reached bits must be cleared, its open
// nodes' positions forgotten), a search of another state type drops
// what it cannot use, and a search stopped with nodes still open leaves
// a heap that is not empty.
func TestReleasedMemoryLeavesNoTrace(t *testing.T) {
	runs := []struct {
		problem, search string
		forget          bool // forward only, as scen runs its rows
	}{
		{"grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "astar h=octile", true},
		{"grid S..#/.#.G moves=8", "astar h=octile duplicates=drop", true},
		{"puzzle 806547231 goal=123456780", "astar h=manhattan", false},
		{"grid S...#.../.##.#.#./....#.#./.#....#G moves=8 cost=10-14", "ucs", true},
		{"grid S...#.../.##.#.#./....#.#./.#....#G moves=4", "greedy h=manhattan", false},
		{"grid S..#/.#.G moves=8", "bfs", true},
		{"graph romania", "astar", true},
		{"grid S...#.../.##.#.#./....#.#./.#....#G moves=8", "astar h=zero", true},
	}
	fresh := func(t *testing.T, problem string, o stepper.Options, steps int) *stepper.Search {
		t.Helper()
		inst, err := problems.Parse(problem, stepper.LocalFiles)
		if err != nil {
			t.Fatal(err)
		}
		s, err := stepper.NewSearch(inst, o)
		if err != nil {
			t.Fatal(err)
		}
		s.Run(steps)
		return s
	}
	for _, stop := range []int{0, 3} { // 0: to the end; 3: open nodes left behind
		for i, r := range runs {
			o, err := stepper.ParseOptions(r.search)
			if err != nil {
				t.Fatal(err)
			}
			o.Forget = r.forget
			// got takes the memory the last run released, if of its
			// state type; want then finds none to take
			got := fresh(t, r.problem, o, stop)
			want := fresh(t, r.problem, o, stop)
			if i > 0 {
				t.Run(r.problem+"/"+r.search, func(t *testing.T) { sameTree(t, want, got) })
			}
			got.Release()
		}
	}
}

// TestReleasedSearchPanics: a released search is not to be used, and
// says so by panicking rather than answering from memory another search
// now holds.
func TestReleasedSearchPanics(t *testing.T) {
	inst, err := problems.Parse("grid S..#/.#.G moves=8", stepper.LocalFiles)
	if err != nil {
		t.Fatal(err)
	}
	s, err := stepper.NewSearch(inst, stepper.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s.Run(0)
	s.Release()
	defer func() {
		if recover() == nil {
			t.Fatal("Status after Release did not panic")
		}
	}()
	s.Status()
}
