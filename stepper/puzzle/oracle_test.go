package puzzle

import (
	"fmt"
	"testing"

	"stepviz/stepper"
	"stepviz/stepper/internal/problemtest"
)

// TestPuzzleDepthTable: BFS from a goal over the whole 8-puzzle space
// reproduces 8puzzle-depths.csv (OEIS A089473, A089474, A089483): the
// number of boards at each optimal distance. The search cannot find its
// goal, so it expands every one of the 181,440 boards; each board has
// exactly one node that is not a discarded duplicate, at its BFS depth,
// which is its distance because moves are reversible and cost 1.
func TestPuzzleDepthTable(t *testing.T) {
	want := readDepthTable(t)
	goals := []struct{ column, goal string }{
		{"corner", "123456780"},
		{"corner", "012345678"},
		{"center", "123804765"},
		{"midside", "102345678"},
	}
	for _, g := range goals {
		p := mustPuzzle(t, "puzzle "+g.goal+" goal="+g.goal)
		o, err := stepper.ParseOptions("bfs")
		if err != nil {
			t.Fatal(err)
		}
		inst := stepper.NewCustom(stepper.Custom[uint64]{KindName: "puzzle", SpecLine: p.Spec(),
			New: func() (stepper.Problem[uint64], []stepper.Heuristic[uint64], error) {
				return neverGoal[uint64]{Problem: newPacked(p)}, nil, nil
			}})
		e, err := stepper.NewSearch(inst, o)
		if err != nil {
			t.Fatal(err)
		}
		if st := e.Run(0); st != stepper.NoSolution {
			t.Fatalf("goal %s: status %s, want %s after exhausting the space", g.goal, st, stepper.NoSolution)
		}
		var got []int
		for id := range e.NodeCount() {
			ni := e.Node(id)
			if ni.Status == stepper.NodeDiscarded {
				continue
			}
			for len(got) <= ni.Depth {
				got = append(got, 0)
			}
			got[ni.Depth]++
		}
		col := want[g.column]
		if len(got) != len(col) {
			t.Errorf("goal %s: deepest board at %d moves, want %d (%s column)", g.goal, len(got)-1, len(col)-1, g.column)
		}
		total := 0
		for d := range min(len(got), len(col)) {
			total += got[d]
			if got[d] != col[d] {
				t.Errorf("goal %s: %d boards at depth %d, want %d (%s column)", g.goal, got[d], d, col[d], g.column)
			}
		}
		if total != 181440 || e.Counters().Expanded != 181440 {
			t.Errorf("goal %s: %d boards, %d expanded; want 181440", g.goal, total, e.Counters().Expanded)
		}
	}
}

// TestPuzzleKorf: A* with Manhattan solves the ten of Korf's instances that
// took his IDA* the fewest nodes, at their published optimal lengths, with
// valid paths. The goal is the file's own, blank first. Under -short only
// the four cheapest run. The Manhattan distance of each start is checked
// against the file's h0 too.
func TestPuzzleKorf(t *testing.T) {
	all := readKorf(t)
	goal := "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15"
	for _, k := range all {
		p := mustPuzzle(t, "puzzle "+FormatTiles(k.Tiles)+" goal="+goal)
		if h := mustSearch(t, p, "astar").Node(0).H; h != float64(k.H0) {
			t.Errorf("Korf #%d: Manhattan %v, h0 %d", k.ID, h, k.H0)
		}
	}
	// The ten with the fewest korf_nodes, stable on ties.
	easiest := append([]KorfInstance(nil), all...)
	for i := 1; i < len(easiest); i++ {
		for j := i; j > 0 && easiest[j].KorfNodes < easiest[j-1].KorfNodes; j-- {
			easiest[j], easiest[j-1] = easiest[j-1], easiest[j]
		}
	}
	easiest = easiest[:10]
	if testing.Short() {
		easiest = easiest[:4]
	}
	for _, k := range easiest {
		t.Run(fmt.Sprintf("korf%d", k.ID), func(t *testing.T) {
			p := mustPuzzle(t, "puzzle "+FormatTiles(k.Tiles)+" goal="+goal)
			s := mustSearch(t, p, "astar h=manhattan")
			if st := s.Run(0); st != stepper.Solved {
				t.Fatalf("Korf #%d: status %s", k.ID, st)
			}
			if s.Cost() != float64(k.OptLen) {
				t.Errorf("Korf #%d: cost %v, published optimum %d", k.ID, s.Cost(), k.OptLen)
			}
			checkPuzzlePath(t, s, p)
			t.Logf("Korf #%d: %d moves, %d expanded (IDA*: %d generated)", k.ID, int(s.Cost()), s.Counters().Expanded, k.KorfNodes)
		})
	}
}

// The helpers shared with the other problem packages' tests and stepper's
// external tests, under the names these tests use.
var readDepthTable = problemtest.ReadDepthTable

// neverGoal hides the goal from a search so that it runs until the state
// space is exhausted.
type neverGoal[S comparable] = problemtest.NeverGoal[S]
