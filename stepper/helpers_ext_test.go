package stepper_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"

	"stepviz/internal/testenv"
	"stepviz/stepper"
	"stepviz/stepper/problems"
	"stepviz/stepper/puzzle"
)

// The helpers of the tests that run the engines on puzzles, grids and
// graphs from outside the package (package stepper_test), which they parse
// through package stepper/problems.

// hardEight is one of the two boards 31 moves from 123456780.
const hardEight = "puzzle 867254301"

// expandedStates lists the state selected at each step.
func expandedStates(evs []stepper.Event) string {
	var out []string
	for _, ev := range evs {
		out = append(out, ev.Expanded.State)
	}
	return strings.Join(out, " ")
}

// childFates writes one step's children as "state:fate".
func childFates(ev stepper.Event) string {
	var out []string
	for _, c := range ev.Children {
		out = append(out, c.State+":"+string(c.Fate))
	}
	return strings.Join(out, " ")
}

func checkSolved(t *testing.T, s *stepper.Search, cost float64, path string) {
	t.Helper()
	if s.Status() != stepper.Solved {
		t.Fatalf("status %s, want solved", s.Status())
	}
	if s.Cost() != cost {
		t.Errorf("cost %v, want %v", s.Cost(), cost)
	}
	if got := strings.Join(pathStates(s), " "); got != path {
		t.Errorf("path %s, want %s", got, path)
	}
}

// inconsistentGraph has an admissible but inconsistent h (h(B) = 5 while
// B--C costs 1 and h(C) = 0):
//
//	S --1-- A --3-- C --4-- G     true costs to G: S 7, A 7, B 5, C 4
//	 \             /
//	  2-- B --1---+               h: S 0, A 0, B 5, C 0, G 0
//
// A* expands S (f 0), A (f 1), C (g 4 via A, f 4), then B (f 7), which finds
// C at g 3. closed=ignore drops that and ends with G at g 8; closed=reopen
// expands C again and lowers G to 7.
const inconsistentGraph = `nodes S A B C G
edge S A 1
edge S B 2
edge A C 3
edge B C 1
edge C G 4
h S 0
h A 0
h B 5
h C 0
h G 0
start S
goal G`

// solveLine parses a problem line and search line and runs the search to
// its end.
func solveLine(t *testing.T, problem, search string) *stepper.Search {
	t.Helper()
	inst, err := problems.Parse(problem, stepper.LocalFiles)
	if err != nil {
		t.Fatalf("ParseProblem(%q, LocalFiles): %v", problem, err)
	}
	o, err := stepper.ParseOptions(search)
	if err != nil {
		t.Fatalf("ParseOptions(%q): %v", search, err)
	}
	s, err := stepper.NewSearch(inst, o)
	if err != nil {
		t.Fatalf("NewSearch(%q, %q): %v", problem, search, err)
	}
	s.Run(0)
	return s
}

// pathStates writes a solved search's path as its states.
func pathStates(s *stepper.Search) []string {
	var out []string
	for _, id := range s.Path() {
		out = append(out, s.Node(id).State)
	}
	return out
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
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

func mustPuzzle(t testing.TB, line string) *puzzle.Puzzle {
	t.Helper()
	inst, err := problems.Parse(line, stepper.LocalFiles)
	if err != nil {
		t.Fatalf("ParseProblem(%q, LocalFiles): %v", line, err)
	}
	p, ok := inst.(*puzzle.Puzzle)
	if !ok {
		t.Fatalf("ParseProblem(%q, LocalFiles) is a %T, want *puzzle.Puzzle", line, inst)
	}
	return p
}

func mustSearch(t testing.TB, inst stepper.Instance, line string) *stepper.Search {
	t.Helper()
	o, err := stepper.ParseOptions(line)
	if err != nil {
		t.Fatalf("ParseOptions(%q): %v", line, err)
	}
	s, err := stepper.NewSearch(inst, o)
	if err != nil {
		t.Fatalf("NewSearch(%q): %v", line, err)
	}
	return s
}

func asJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// problemOf is the problem a search of inst with the options line runs on,
// and the heuristic a best-first one uses (nil for none or another engine).
func problemOf[S comparable](t testing.TB, inst stepper.Instance, line string) (stepper.Problem[S], *stepper.Heuristic[S]) {
	t.Helper()
	o, err := stepper.ParseOptions(line)
	if err != nil {
		t.Fatalf("ParseOptions(%q): %v", line, err)
	}
	e, err := inst.Engine(o)
	if err != nil {
		t.Fatalf("%s / %s: %v", inst.Spec(), line, err)
	}
	var h *stepper.Heuristic[S]
	if o.Algorithm.UsesHeuristic() && !o.RunsDepthFirst() && !o.Algorithm.Bidirectional() {
		h = stepper.HeuristicOf[S](e)
	}
	return stepper.ProblemOf[S](e), h
}

// solvable reports whether a 3×3 board reaches the default goal.
func solvable(tiles []int) bool {
	_, err := puzzle.Parse([]string{puzzle.FormatTiles(tiles)})
	return err == nil
}

// neverGoal hides the goal from a search so that it runs until the state
// space is exhausted.
type neverGoal[S comparable] struct{ stepper.Problem[S] }

func (neverGoal[S]) IsGoal(S) bool { return false }
