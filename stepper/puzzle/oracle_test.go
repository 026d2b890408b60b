package puzzle

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"stepviz/internal/testenv"
	"stepviz/stepper"
)

// neverGoal hides the goal from a search so that it runs until the state
// space is exhausted.
type neverGoal[S comparable] struct{ stepper.Problem[S] }

func (neverGoal[S]) IsGoal(S) bool { return false }

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
				return neverGoal[uint64]{newPacked(p)}, nil, nil
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

// readDepthTable reads 8puzzle-depths.csv into its columns, each a count
// per depth; an empty cell ends a column.
func readDepthTable(t *testing.T) map[string][]int {
	t.Helper()
	data, err := os.ReadFile(testenv.Data(t, "8puzzle-depths.csv"))
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	var header []string
	cols := map[string][]int{}
	ended := map[string]bool{}
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cells := strings.Split(line, ",")
		if header == nil {
			header = cells
			continue
		}
		depth, err := strconv.Atoi(cells[0])
		if err != nil {
			t.Fatalf("8puzzle-depths.csv: %q: %v", line, err)
		}
		for i, c := range cells[1:] {
			name := header[i+1]
			if c == "" {
				ended[name] = true
				continue
			}
			if ended[name] || len(cols[name]) != depth {
				t.Fatalf("8puzzle-depths.csv: column %s has a gap before depth %d", name, depth)
			}
			v, err := strconv.Atoi(c)
			if err != nil {
				t.Fatalf("8puzzle-depths.csv: %q: %v", line, err)
			}
			cols[name] = append(cols[name], v)
		}
	}
	for _, name := range []string{"corner", "center", "midside"} {
		if len(cols[name]) < 30 {
			t.Fatalf("8puzzle-depths.csv: column %s has %d rows", name, len(cols[name]))
		}
	}
	return cols
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
