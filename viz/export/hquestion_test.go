package export

import (
	"bytes"
	"strings"
	"testing"

	"stepviz/script"
	"stepviz/stepper"
	"stepviz/stepper/problems"
)

// hSearch builds an A* search on spec with heuristic h, adding the
// Starlark heuristics star when it is not empty.
func hSearch(t *testing.T, spec, h, star string) *stepper.Search {
	t.Helper()
	inst, err := problems.Parse(spec, stepper.LocalFiles)
	if err != nil {
		t.Fatal(err)
	}
	if star != "" {
		if inst, err = script.WithHeuristics(inst, stepper.ExtraSource{Where: "mine.star", Text: star}); err != nil {
			t.Fatal(err)
		}
	}
	s, err := stepper.NewSearch(inst, stepper.Options{Algorithm: stepper.AStar, Heuristic: h})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// oneStar overestimates at the start only: Manhattan there plus one.
const oneStar = `
def h_one(s):
    d = abs(s[0] - goal[0]) + abs(s[1] - goal[1])
    if s == (0, 0):
        return d + 1
    return d
`

// dipStar is admissible (Manhattan, or 0 at one cell) but not consistent:
// the edges into (3,2) drop h by 2 at a cost of 1.
const dipStar = `
def h_dip(s):
    if s == (3, 2):
        return 0
    return abs(s[0] - goal[0]) + abs(s[1] - goal[1])
`

func TestCheckHeuristicAnswers(t *testing.T) {
	type row struct {
		csv   string // one answer row: question,answer,n,n',h(n),h*(n),c(n,n'),h(n')
		right bool
		why   string // a part of the grade's line
	}
	grid8 := "grid S..../...../....G moves=8"
	cases := []struct {
		name, spec, h, star string
		rows                []row
	}{
		{"manhattan with 8 moves", grid8, "manhattan", "", []row{
			{`admissible,no,"0,0",,6,4.828`, true, "h = 6 > h* = 4.828"},
			// Not among the report's five worst: any true counterexample counts.
			{`admissible,no,"3,0",,3,2.41`, true, "at 3,0: h = 3 > h* = 2.414"},
			{`admissible,yes`, false, "h is not admissible: 8 states have h > h*"},
			{`admissible,no`, false, "no is right, but give a state"},
			{`admissible,no,"4,1",,1,1`, false, "at 4,1: h = 1 <= h* = 1: not a counterexample"},
			{`admissible,no,"3,0",,3,3`, false, "h*(3,0) is 2.414, not 3"},
			{`admissible,no,"3,0",,4,2.414`, false, "h(3,0) is 3, not 4"},
			{`admissible,no,"3,0",,3`, false, "give h*(3,0) too"},
			{`admissible,no,"9,9",,3,2`, false, `n = "9,9" is not a state reached from the start`},
			{`consistent,no,"2,1","3,2",3,,1.41,1`, true, "on 2,1 -> 3,2: h(n) = 3 > c(n, n') + h(n') = 1.414 + 1"},
			{`consistent,yes`, false, "h is not consistent: 8 edges"},
			{`consistent,no,"1,0","2,0",5,,1,4`, false, "not a counterexample"},
			{`consistent,no,"1,0","3,1",5,,1.41,3`, false, "1,0 -> 3,1 is not an edge: the successors of 1,0 are 2,0; 1,1; 0,0; 2,1; 0,1"},
			{`consistent,no,"1,0","2,1",5,,1,3`, false, "c(1,0 -> 2,1) is 1.414, not 1"},
			{`consistent,no,"1,0"`, false, "give h(1,0) too"},
			{`consistent,no,"1,0",,5`, false, "give the edge's second state n'"},
		}},
		{"manhattan on the 8-puzzle", "puzzle 283164705 goal=123804765", "manhattan", "", []row{
			{`admissible,yes`, true, "h never exceeds h* over all 181440 reachable states"},
			{`consistent,y`, true, "on every edge over all 181440 reachable states"},
			{`admissible,no`, false, "h is admissible"},
			{`admissible,no,283164705,,5,5`, false, "at 283164705: h = 5 <= h* = 5: not a counterexample; in fact h is admissible"},
			{`admissible,no,"2 8 3 1 6 4 7 0 5",,5,4`, false, "h*(283164705) is 5, not 4"},
			{`consistent,no,283164705,283104765,5,,1,4`, false, "h(n) = 5 <= c(n, n') + h(n') = 1 + 4: not a counterexample; in fact h is consistent"},
			{`consistent,no,283164705,123804765,5,,1,0`, false, "283164705 -> 123804765 is not an edge"},
		}},
		{"a Starlark heuristic over by one at the start", "grid S..../...../....G moves=4", "one", oneStar, []row{
			{`admissible,yes`, false, "h is not admissible: 1 state has h > h*, for example at 0,0: h = 7 > h* = 6"},
		}},
		{"a Starlark heuristic, admissible but not consistent", "grid S..../...../....G moves=4", "dip", dipStar, []row{
			{`admissible,yes`, true, "h never exceeds h* over all 15 reachable states"},
			{`admissible,no,"3,2",,0,1`, false, "at 3,2: h = 0 <= h* = 1"},
			{`consistent,yes`, false, "h is not consistent: 2 edges have h(n) > c(n, n') + h(n'), for example 3,1 -> 3,2: h(n) = 2 > c(n, n') + h(n') = 1 + 0"},
			{`consistent,no,"3,1","3,2",2,,1,0`, true, "on 3,1 -> 3,2: h(n) = 2 > c(n, n') + h(n') = 1 + 0"},
			// The other violating edge, not the key's example, is right too.
			{`consistent,no,"(2, 2)","(3, 2)",2,,1,0`, true, "on 2,2 -> 3,2: h(n) = 2 > c(n, n') + h(n') = 1 + 0"},
			{`consistent,no,"1,2","2,2",3,,1,2`, false, "h(n) = 3 <= c(n, n') + h(n') = 1 + 2: not a counterexample"},
			{`consistent,no`, false, "no is right, but give an edge"},
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := hSearch(t, c.spec, c.h, c.star)
			var rows []HeuristicAnswer
			for i, r := range c.rows {
				a, err := ParseAnswer(strings.NewReader(r.csv+"\n"), "answer.csv")
				if err != nil {
					t.Fatalf("row %q: %v", r.csv, err)
				}
				if len(a.Heuristic) != 1 || len(a.Rows) != 0 {
					t.Fatalf("row %q: parsed as %+v", r.csv, a)
				}
				a.Heuristic[0].Line = i + 1
				rows = append(rows, a.Heuristic[0])
			}
			g, err := CheckHeuristicAnswers(s, rows)
			if err != nil {
				t.Fatal(err)
			}
			if len(g.Lines) != len(c.rows) {
				t.Fatalf("%d lines for %d rows: %q", len(g.Lines), len(c.rows), g.Lines)
			}
			for i, r := range c.rows {
				line := g.Lines[i]
				verdict := "wrong"
				if r.right {
					verdict = "right"
				}
				if !strings.Contains(line, ": "+verdict+": ") || !strings.Contains(line, r.why) {
					t.Errorf("row %q:\n got %s\nwant %s, with %q", r.csv, line, verdict, r.why)
				}
			}
		})
	}
}

func TestHeuristicRowErrors(t *testing.T) {
	cases := []struct{ name, sheet, err string }{
		{"answer.csv", "admissible,maybe\n", `line 1, column 2 (answer): "maybe": write yes or no`},
		{"answer.csv", "admissible,no,\"0,0\",,six,4\n", `line 1, column 5 (h(n)): "six" is not a number`},
		{"answer.csv", "admissible,no,\"0,0\",,Inf,4\n", `line 1, column 5 (h(n)): "Inf" is not a number`},
		{"answer.csv", "admissible,no,\"0,0\",\"1,1\",6,4\n", "an admissible row gives a state n with h(n) and h*(n); leave n', c(n,n') and h(n') empty"},
		{"answer.csv", "consistent,no,\"0,0\",\"1,1\",6,4,1,2\n", "a consistent row gives an edge n -> n' with h(n), c(n,n') and h(n'); leave h*(n) empty"},
		{"answer.csv", "admissible,,\"0,0\",,6,4\n", "the admissible row gives a counterexample but no answer"},
		{"answer.csv", "admissible,yes\nconsistent,yes\nadmissible,no\n", "line 3: a second admissible row (the first is on line 1)"},
		{"answer.csv", "consistent,no,a,b,1,,1,1,9\n", "line 1: 9 cells, but a consistent row has at most 8"},
		{"answer.md", "| question | answer |\n|---|---|\n| admissable | yes |\n", "line 3: a row of the heuristic table that is neither admissible nor consistent"},
	}
	for _, c := range cases {
		_, err := ParseAnswer(strings.NewReader(c.sheet), c.name)
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%q: got %v, want an error with %q", c.sheet, err, c.err)
		}
	}
	s := hSearch(t, "grid S..../...../....G moves=4", "", "")
	bfs, err := stepper.NewSearch(s.Instance(), stepper.Options{Algorithm: stepper.BFS})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := CheckHeuristicAnswers(bfs, []HeuristicAnswer{{Question: "admissible", Answer: "yes"}}); err == nil || !strings.Contains(err.Error(), "uses no heuristic") {
		t.Errorf("bfs: got %v, want an error saying it uses no heuristic", err)
	}
}

// TestWorksheetHeuristicQuestion writes the question in every format; the
// Markdown key, read back as an answer sheet, grades as right, and the
// blank sheet grades as nothing answered.
func TestWorksheetHeuristicQuestion(t *testing.T) {
	s := hSearch(t, "grid S..../...../....G moves=8", "manhattan", "")
	blanks := Blanks{Order: true, Heuristic: true}
	want := map[string][]string{
		"md":   {"| admissible | **no** | **0,0** |", "| consistent | **no** | **0,0** | **1,1** | **6** |", "Is h = manhattan admissible"},
		"tex":  {`admissible & \textbf{no} & \textbf{0,0}`, `c(n,n')`},
		"html": {`data-testid="heuristic"`, `<td>admissible</td><td class="answer">no</td><td class="answer">0,0</td>`},
	}
	for _, f := range WorksheetFormats {
		var sheet, key bytes.Buffer
		if err := WriteWorksheet(&sheet, f, s, 2, blanks, false); err != nil {
			t.Fatal(err)
		}
		if err := WriteWorksheet(&key, f, s, 2, blanks, true); err != nil {
			t.Fatal(err)
		}
		for _, w := range want[f] {
			if !strings.Contains(key.String(), w) {
				t.Errorf("%s key lacks %q", f, w)
			}
		}
		if i := strings.Index(sheet.String(), "admissible &"); f == "tex" && (i < 0 || !strings.HasPrefix(sheet.String()[i:], `admissible &  &  &`)) {
			t.Errorf("tex sheet: the admissible row is not blank")
		}
		if f == "md" && !strings.Contains(sheet.String(), "| admissible |        |        |") {
			t.Errorf("md sheet: the admissible row is not blank")
		}
		if f == "html" && !strings.Contains(sheet.String(), `<td>admissible</td><td class="blank"></td>`) {
			t.Errorf("html sheet: the admissible row is not blank")
		}
		if f != "md" {
			continue
		}
		for _, c := range []struct {
			text    string
			correct bool
			graded  int
		}{{key.String(), true, 2}, {sheet.String(), false, 0}} {
			a, err := ParseAnswer(strings.NewReader(c.text), "key.md")
			if err != nil {
				t.Fatal(err)
			}
			g, err := CheckHeuristicAnswers(s, a.Heuristic)
			if err != nil {
				t.Fatal(err)
			}
			if g.Correct != c.correct || len(g.Graded) != c.graded {
				t.Errorf("graded %v %q, want correct=%v with %d graded", g.Correct, g.Lines, c.correct, c.graded)
			}
		}
	}
	bfs, _ := stepper.NewSearch(s.Instance(), stepper.Options{Algorithm: stepper.BFS})
	err := WriteWorksheet(&bytes.Buffer{}, "md", bfs, 2, blanks, true)
	if err == nil || !strings.Contains(err.Error(), "needs a search with a heuristic") {
		t.Errorf("bfs worksheet: got %v", err)
	}
}
