package puzzle

import (
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/internal/cpuratio"
)

// miniBFS is breadth-first search as a textbook writes it, with nothing
// else: a FIFO queue of nodes (state, parent), a map of reached states,
// the goal tested on generation. It returns the solution's length and the
// number of expansions.
func miniBFS(p *packedPuzzle) (moves, expanded int) {
	type qnode struct {
		state  uint64
		parent int32
	}
	start := p.Start()
	if p.IsGoal(start) {
		return 0, 0
	}
	q := []qnode{{start, -1}}
	reached := map[uint64]struct{}{start: {}}
	var succ []stepper.Successor[uint64]
	for head := 0; head < len(q); head++ {
		n := q[head]
		expanded++
		succ = p.Successors(n.state, succ[:0])
		for _, sc := range succ {
			if _, ok := reached[sc.State]; ok {
				continue
			}
			if p.IsGoal(sc.State) {
				moves = 1
				for i := int32(head); q[i].parent >= 0; i = q[i].parent {
					moves++
				}
				return moves, expanded
			}
			reached[sc.State] = struct{}{}
			q = append(q, qnode{sc.State, int32(head)})
		}
	}
	return -1, expanded
}

// BenchmarkBFSWholeSpaceRatio runs BFS on the hard 8-puzzle, whose goal is
// 31 moves away, the farthest any board is: the search reaches nearly all
// 181,440 states. It times the engine run forward only, as stepviz solve
// runs it (Options.Forget, no events), against miniBFS, in turns; ratio
// is the median CPU time of the engine over miniBFS's (target <= 1.15).
func BenchmarkBFSWholeSpaceRatio(b *testing.B) {
	p := mustPuzzle(b, hardEight)
	pp := newPacked(p)
	o, err := stepper.ParseOptions("bfs")
	if err != nil {
		b.Fatal(err)
	}
	o.Forget = true
	var s *stepper.Search
	eng, mini := cpuratio.PairedCPU(b, func() {
		if s, err = stepper.NewSearch(p, o); err != nil {
			b.Fatal(err)
		}
		if s.Run(0) != stepper.Solved {
			b.Fatal("not solved")
		}
	}, func() {
		moves, expanded := miniBFS(pp)
		if moves != len(s.Path())-1 || expanded != s.Counters().Expanded {
			b.Fatalf("miniBFS: %d moves, %d expanded; engine: %d moves, %d expanded", moves, expanded, len(s.Path())-1, s.Counters().Expanded)
		}
	})
	cpuratio.ReportRatio(b, "engine", "minimal", eng, mini)
}
