// Package problemtest holds the checks and helpers that the tests of the
// problem packages (stepper/puzzle, stepper/grid, stepper/graph) and the
// external tests of stepper share: checks on stepper.Problem
// implementations, readers of a search's steps and path, the 8-puzzle depth
// table and small hand-worked graphs. It is imported only by test files.
package problemtest

import (
	"testing"

	"stepviz/stepper"
)

// CheckAppendState walks up to n states from p's start, breadth first,
// and checks that AppendState appends exactly what Format returns, after
// bytes already in the buffer.
func CheckAppendState[S comparable](t *testing.T, p stepper.Problem[S], n int) {
	t.Helper()
	a, ok := p.(stepper.StateAppender[S])
	if !ok {
		t.Fatalf("%T does not implement StateAppender", p)
	}
	seen := map[S]bool{p.Start(): true}
	queue := []S{p.Start()}
	var succ []stepper.Successor[S]
	for len(queue) > 0 && len(seen) < n {
		s := queue[0]
		queue = queue[1:]
		got := string(a.AppendState([]byte("x"), s))
		if want := "x" + p.Format(s); got != want {
			t.Fatalf("AppendState = %q, want %q", got, want)
		}
		for _, sc := range p.Successors(s, succ[:0]) {
			if !seen[sc.State] {
				seen[sc.State] = true
				queue = append(queue, sc.State)
			}
		}
	}
}
