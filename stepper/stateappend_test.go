package stepper

import "testing"

// checkAppendState walks up to n states from p's start, breadth first,
// and checks that AppendState appends exactly what Format returns, after
// bytes already in the buffer.
func checkAppendState[S comparable](t *testing.T, p Problem[S], n int) {
	t.Helper()
	a, ok := p.(StateAppender[S])
	if !ok {
		t.Fatalf("%T does not implement StateAppender", p)
	}
	seen := map[S]bool{p.Start(): true}
	queue := []S{p.Start()}
	var succ []Successor[S]
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

func TestAppendStateIsFormat(t *testing.T) {
	for _, line := range []string{"puzzle 867254301", "puzzle 4,5,7,2,9,14,12,13,0,3,6,11,8,1,15,10 goal=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15", "puzzle 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,0,24"} {
		t.Run(line, func(t *testing.T) {
			p := mustPuzzle(t, line)
			if p.n <= 4 {
				checkAppendState[uint64](t, newPacked(p), 500)
			} else {
				checkAppendState[board25](t, newBytesPuzzle(p), 500)
			}
		})
	}
	g, err := ParseGridRows([]string{"S.........", "..........", ".........G"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkAppendState[gridCell](t, newGridProblem(g), 100)
}
