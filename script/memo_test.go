package script

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"stepviz/internal/testenv"
	"stepviz/stepper"
	"stepviz/stepper/problems"
)

func loadPuzzle8(t *testing.T) *Instance {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(testenv.ModuleRoot(t), "examples", "scripts", "puzzle8.star"))
	if err != nil {
		t.Fatal(err)
	}
	params, err := ParseParams([]string{"board=130826745", "goal=123456780"})
	if err != nil {
		t.Fatal(err)
	}
	in, err := New("puzzle8.star", string(src), params)
	if err != nil {
		t.Fatal(err)
	}
	return in
}

// TestMemoSharedAcrossSearches: a second search of an instance asks the
// script nothing the first one asked (no Starlark steps) and gets the same
// answers; a search that starts when the shared memo is over its quota
// keeps its own and asks again.
func TestMemoSharedAcrossSearches(t *testing.T) {
	in := loadPuzzle8(t)
	ask := func(sp *space) (succ []stepper.Successor[int32], goal bool, h float64, text string) {
		succ = sp.Successors(0, nil)
		for _, c := range succ {
			h += sp.estimate(0, sp.in.hs[0].fn, c.State)
		}
		return succ, sp.IsGoal(0), h, sp.Format(succ[0].State)
	}
	first := in.newSpace()
	s1, g1, h1, f1 := ask(first)
	if first.sb.thread.ExecutionSteps() == 0 || first.Err() != nil {
		t.Fatalf("the first search took %d steps (%v)", first.sb.thread.ExecutionSteps(), first.Err())
	}
	second := in.newSpace()
	s2, g2, h2, f2 := ask(second)
	if n := second.sb.thread.ExecutionSteps(); n != 0 {
		t.Errorf("the second search took %d Starlark steps, want 0: the memo answers", n)
	}
	if len(s1) != len(s2) || g1 != g2 || h1 != h2 || f1 != f2 || second.ActionName(s2[0].Action) != first.ActionName(s1[0].Action) {
		t.Errorf("answers differ: %v %v %v %q, then %v %v %v %q", s1, g1, h1, f1, s2, g2, h2, f2)
	}
	defer func(q int) { memoStates = q }(memoStates)
	memoStates = in.memo.size()
	own := in.newSpace()
	if own.m == in.memo {
		t.Fatal("a search started over the quota shares the full memo")
	}
	s3, _, h3, _ := ask(own)
	if own.sb.thread.ExecutionSteps() == 0 || len(s3) != len(s1) || h3 != h1 {
		t.Errorf("own memo: %d steps, %v h %v", own.sb.thread.ExecutionSteps(), s3, h3)
	}
}

// TestMemoConcurrentSearches: searches of one instance running at once
// (the server's rooms, the notebook's compare) share the memo safely and
// each finds what a search alone finds (run with -race in CI).
func TestMemoConcurrentSearches(t *testing.T) {
	in := loadPuzzle8(t)
	lines := []string{"astar h=manhattan", "bfs", "astar h=misplaced", "ucs"}
	want := make([]float64, len(lines))
	for i, l := range lines {
		s, err := problems.New("puzzle 130826745 goal=123456780", l)
		if err != nil {
			t.Fatal(err)
		}
		s.Run(0)
		want[i] = s.Cost()
	}
	var wg sync.WaitGroup
	got := make([]float64, len(lines))
	errs := make([]error, len(lines))
	for i, l := range lines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			o, err := stepper.ParseOptions(l)
			if err != nil {
				errs[i] = err
				return
			}
			s, err := stepper.NewSearch(in, o)
			if err != nil {
				errs[i] = err
				return
			}
			if st := s.Run(0); st != stepper.Solved {
				errs[i] = s.Err()
			}
			got[i] = s.Cost()
		}()
	}
	wg.Wait()
	for i := range lines {
		if errs[i] != nil || got[i] != want[i] {
			t.Errorf("%s: cost %v (%v), built-in %v", lines[i], got[i], errs[i], want[i])
		}
	}
}
