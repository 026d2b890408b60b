package stepper_test

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"stepviz/internal/testenv"
	"stepviz/stepper"
)

// aimaIDSFile is aima-python's iterative deepening on Romania and on
// 8-puzzles (tools/aima_ids.py; testdata/SOURCES.md).
const aimaIDSFile = "aima-ids.csv"

// TestIDSAgainstAIMAPython: ids parent=keep is aima-python's
// iterative_deepening_search: on every row of testdata/aima-ids.csv (380
// Romania pairs, 60 8-puzzles) the same succs, goal_tests and states
// (Expanded, Steps, Generated) and the same solution.
func TestIDSAgainstAIMAPython(t *testing.T) {
	f, err := os.Open(testenv.Data(t, aimaIDSFile))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	header, rows := false, map[string]int{}
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		if !header {
			if text != "problem,start,goal,succs,goal_tests,states,solution" {
				t.Fatalf("%s:%d: header %q is not the one tools/aima_ids.py writes", aimaIDSFile, line, text)
			}
			header = true
			continue
		}
		c := strings.Split(text, ",")
		if len(c) != 7 {
			t.Fatalf("%s:%d: %d fields, want 7: %q", aimaIDSFile, line, len(c), text)
		}
		var want aimaCounts
		for i, p := range []*int{&want.succs, &want.goalTests, &want.states} {
			if *p, err = strconv.Atoi(c[3+i]); err != nil || *p < 0 {
				t.Fatalf("%s:%d: field %d %q is not a count", aimaIDSFile, line, 4+i, c[3+i])
			}
		}
		var spec, sol string
		switch c[0] {
		case "romania":
			spec = "graph romania start=" + c[1] + " goal=" + c[2]
			sol = strings.ReplaceAll(c[6], "Rimnicu", "Rimnicu_Vilcea") // aima-python's name for Rimnicu Vilcea
		case "puzzle":
			spec = "puzzle " + c[1] + " goal=" + c[2]
			sol = c[6]
		default:
			t.Fatalf("%s:%d: problem %q", aimaIDSFile, line, c[0])
		}
		s := solveLine(t, spec, "ids parent=keep")
		if s.Status() != stepper.Solved {
			t.Fatalf("%s: %s", spec, s.Status())
		}
		got := pathStates(s)[1:]
		gotSol := strings.Join(got, " ")
		if c[0] == "puzzle" {
			gotSol = ""
			for _, a := range s.PathActions() {
				gotSol += strings.ToUpper(a[:1])
			}
		}
		if gotSol != sol {
			t.Errorf("%s: solution %q, aima-python %q", spec, gotSol, sol)
		}
		checkAIMACounts(t, s.Counters(), want)
		rows[c[0]]++
	}
	if rows["romania"] != 380 || rows["puzzle"] != 60 {
		t.Errorf("rows %v, want 380 romania and 60 puzzle", rows)
	}
}
