package export

import (
	"fmt"
	"strings"
	"testing"

	"stepviz/stepper"
)

// handTrace writes the engine's own trace as an answer sheet in CSV, with
// the open list after each step; edit may change the rows (step i at index
// i-1) before they are joined.
func handTrace(t *testing.T, s *stepper.Search, steps int, edit func(rows [][]string)) string {
	t.Helper()
	ref, err := stepper.NewSearch(s.Instance(), s.Options())
	if err != nil {
		t.Fatal(err)
	}
	var rows [][]string
	for i := 0; i < steps; i++ {
		ev, ok := ref.Step()
		if !ok {
			break
		}
		var open []string
		for _, o := range ref.Snapshot().Open {
			open = append(open, o.State.String())
		}
		x := ev.Expanded
		rows = append(rows, []string{fmt.Sprint(ev.Step), x.State.String(), num(x.G), num(x.H), num(x.F), strings.Join(open, ";")})
	}
	if edit != nil {
		edit(rows)
	}
	var b strings.Builder
	b.WriteString("# my hand trace\nstep,node,g,h,f,open\n")
	for _, r := range rows {
		for i := range r {
			if strings.ContainsAny(r[i], ",\"") {
				r[i] = `"` + strings.ReplaceAll(r[i], `"`, `""`) + `"`
			}
		}
		b.WriteString(strings.Join(r, ",") + "\n")
	}
	return b.String()
}

func grade(t *testing.T, s *stepper.Search, sheet, name string) *Grade {
	t.Helper()
	a, err := ParseAnswer(strings.NewReader(sheet), name)
	if err != nil {
		t.Fatalf("ParseAnswer: %v\n%s", err, sheet)
	}
	g, err := Check(s, a)
	if err != nil {
		t.Fatalf("Check: %v", err)
	}
	return g
}

func TestCheckAcceptsTheEngineTrace(t *testing.T) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newSearch(t, c.problem, c.opts)
			steps := c.steps
			if steps < 0 {
				steps = 1000
			}
			if steps == 0 {
				return
			}
			sheet := handTrace(t, s, steps, nil)
			g := grade(t, s, sheet, "answer.csv")
			if !g.Correct {
				t.Fatalf("the engine's own trace is graded wrong: %s\n%s", g.Reason, sheet)
			}
			if g.Checked != strings.Count(sheet, "\n")-2 {
				t.Errorf("checked %d steps", g.Checked)
			}
		})
	}
}

func TestCheckNamesTheFirstDifference(t *testing.T) {
	romania := func(t *testing.T) *stepper.Search { return newSearch(t, "graph romania", "astar") }
	tests := []struct {
		name  string
		s     func(*testing.T) *stepper.Search
		edit  func(rows [][]string)
		step  int
		wants []string
	}{
		{"higher f expanded", romania, func(r [][]string) { r[2][1] = "Fagaras"; r[2] = r[2][:2] },
			3, []string{"at step 3 you expanded Fagaras (f=415) but Rimnicu_Vilcea (f=413) was open"}},
		{"name written loosely", romania, func(r [][]string) { r[2][1] = "rimnicu vilcea" }, 0, nil},
		{"wrong g", romania, func(r [][]string) { r[1][2] = "150" },
			2, []string{"at step 2 you wrote g=150 for Sibiu but its g is 140", "Arad → Sibiu"}},
		{"wrong f", romania, func(r [][]string) { r[1][4] = "390" },
			2, []string{"f=390", "its f is 393", "f = g + h = 140 + 253"}},
		{"closed node again", romania, func(r [][]string) { r[2][1] = "Arad"; r[2] = r[2][:2] },
			3, []string{"already expanded at step 1"}},
		{"never generated", romania, func(r [][]string) { r[1][1] = "Pitesti"; r[1] = r[1][:2] },
			2, []string{"not on the open list before step 2", "open: Sibiu f=393"}},
		{"open list order", romania, func(r [][]string) {
			parts := strings.Split(r[0][5], ";")
			parts[0], parts[1] = parts[1], parts[0]
			r[0][5] = strings.Join(parts, ";")
		}, 1, []string{"after step 1 your open list has Timisoara (f=447) at number 1 but Sibiu (f=393) comes first"}},
		{"open list short", romania, func(r [][]string) { r[1][5] = "Rimnicu_Vilcea;Fagaras" },
			2, []string{"after step 2 your open list stops after 2 nodes but Timisoara (f=447) is open too"}},
		{"open list has closed node", romania, func(r [][]string) { r[1][5] = "Arad;" + r[1][5] },
			2, []string{"has Arad at number 1 but it was expanded at step 1"}},
		{"too many steps", romania, func(r [][]string) {}, 0, nil},
		{"bfs order", func(t *testing.T) *stepper.Search { return newSearch(t, "graph romania", "bfs") },
			func(r [][]string) { r[1][1] = "Timisoara"; r[1] = r[1][:2] },
			2, []string{"at step 2 you expanded Timisoara but Zerind was ahead of it in the FIFO queue"}},
		{"grid cell written with parentheses", func(t *testing.T) *stepper.Search {
			return newSearch(t, "grid S..#./.#..#/...#G/.....", "astar h=manhattan")
		}, func(r [][]string) { r[1][1] = "(" + r[1][1] + ")" }, 0, nil},
		{"puzzle written with spaces", func(t *testing.T) *stepper.Search {
			return newSearch(t, "puzzle 283164705 goal=123804765", "astar h=manhattan")
		}, func(r [][]string) { r[0][1] = "2 8 3 1 6 4 7 0 5" }, 0, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.s(t)
			sheet := handTrace(t, s, 1000, tt.edit)
			if tt.name == "too many steps" {
				sheet += "7,Bucharest\n"
				tt.step, tt.wants = 7, []string{"your trace has 7 steps but the search ends after step 6 (solved)"}
			}
			g := grade(t, s, sheet, "a.csv")
			if tt.step == 0 {
				if !g.Correct {
					t.Fatalf("graded wrong: %s", g.Reason)
				}
				return
			}
			if g.Correct || g.Step != tt.step {
				t.Fatalf("first difference at step %d (correct=%v, %q), want step %d", g.Step, g.Correct, g.Reason, tt.step)
			}
			if g.Line != tt.step+2 {
				t.Errorf("line %d, want %d", g.Line, tt.step+2)
			}
			for _, w := range tt.wants {
				if !strings.Contains(g.Reason, w) {
					t.Errorf("reason %q does not say %q", g.Reason, w)
				}
			}
		})
	}
}

// TestCheckExplainsTies grades a FIFO trace against a high-g search on an
// open 3×3 grid with the Manhattan distance, where every cell has f = 4 and
// only the tie rule orders the open list. Both expand S = 0,0 (opening 1,0
// and 0,1 with g = 1) and then 1,0, the older of two equal g (opening 2,0
// and 1,1 with g = 2). At step 3 FIFO takes 0,1, the oldest; high-g takes
// 2,0, the first of the g = 2 nodes. So the first difference is step 3, on
// line 5 of the sheet (a comment, the header, then one line per step).
func TestCheckExplainsTies(t *testing.T) {
	const problem = "grid S../.../..G"
	fifo := newSearch(t, problem, "astar h=manhattan tie=fifo")
	high := newSearch(t, problem, "astar h=manhattan tie=high-g")
	sheet := handTrace(t, fifo, 1000, func(r [][]string) {
		for i := range r {
			r[i] = r[i][:2]
		}
	})
	g := grade(t, high, sheet, "a.csv")
	if g.Correct || g.Step != 3 || g.Line != 5 {
		t.Fatalf("grade: correct %v, step %d, line %d (%q); want a difference at step 3, line 5", g.Correct, g.Step, g.Line, g.Reason)
	}
	for _, w := range []string{"at step 3 you expanded 0,1 (f=4) but 2,0 has the same f", "tie rule high-g: its g 2 is the largest"} {
		if !strings.Contains(g.Reason, w) {
			t.Errorf("reason %q does not say %q", g.Reason, w)
		}
	}
}

func TestParseAnswerMarkdown(t *testing.T) {
	md := `# Homework 3

Name: Ada

| # | Node expanded | g | h | f |
|---|---|--:|--:|--:|
| 1 | Arad | 0 | 366 | 366 |
| 2 | Sibiu | 140 | 253 | 393 |
| 3 | Fagaras | 239 | 176 | 415 |

Some notes after the table.
`
	a, err := ParseAnswer(strings.NewReader(md), "hw.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Rows) != 3 || a.Rows[2].Node != "Fagaras" || !a.Rows[2].HasF || a.Rows[2].F != 415 || a.Rows[0].Line != 7 {
		t.Fatalf("rows = %+v", a.Rows)
	}
	g, err := Check(newSearch(t, "graph romania", "astar"), a)
	if err != nil {
		t.Fatal(err)
	}
	if g.Correct || g.Step != 3 || g.Line != 9 || !strings.Contains(g.Reason, "at step 3 you expanded Fagaras (f=415) but Rimnicu_Vilcea (f=413) was open") {
		t.Errorf("grade = %+v", g)
	}
}

func TestParseAnswerErrors(t *testing.T) {
	tests := []struct {
		name, file, text string
		wants            []string
	}{
		{"empty", "a.csv", "", []string{"empty answer sheet"}},
		{"only comments", "a.csv", "# nothing\n", []string{"empty answer sheet"}},
		{"header only", "a.csv", "step,node\n", []string{"no rows"}},
		{"unknown column", "a.csv", "step,nod,g\n1,Arad,0\n", []string{"line 1, column 2", `unknown column "nod"`, "did you mean node"}},
		{"nothing to grade", "a.csv", "step,g,h\n1,0,366\n", []string{"line 1", "neither a node column"}},
		{"no known column", "a.csv", "name,grade\nAda,A\n", []string{"line 1", "names none of the columns"}},
		{"bad number", "a.csv", "step,node,g\n1,Arad,0\n2,Sibiu,one forty\n", []string{"line 3, column 3 (g)", `"one forty" is not a number`}},
		{"bad step", "a.csv", "step,node\nfirst,Arad\n", []string{"line 2, column 1 (step)"}},
		{"steps out of order", "a.csv", "step,node\n1,Arad\n3,Sibiu\n", []string{"line 3 (step)", "step 3 where step 2 was expected"}},
		{"too many cells", "a.csv", "step,node\n1,Arad,Sibiu\n", []string{"line 2", "3 cells but the header has 2 columns"}},
		{"repeated column", "a.csv", "node,state\nArad,Arad\n", []string{"line 1, column 2", "repeats column node"}},
		{"bad quotes", "a.csv", "step,node\n1,\"Arad\n", []string{"line 2"}},
		{"markdown without table", "a.md", "# my answer\nArad then Sibiu\n", []string{"no table with the columns"}},
		{"markdown bad cell", "a.md", "| step | node | f |\n|--|--|--|\n| 1 | Arad | x |\n", []string{"line 3, column 3 (f)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseAnswer(strings.NewReader(tt.text), tt.file)
			if err == nil {
				t.Fatal("accepted a bad sheet")
			}
			for _, w := range tt.wants {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
		})
	}
}

func FuzzParseAnswer(f *testing.F) {
	f.Add("step,node,g,h,f,open\n1,Arad,0,366,366,Sibiu;Timisoara;Zerind\n", "a.csv")
	f.Add("| step | node | f |\n|--|--|--|\n| 1 | Arad | 366 |\n", "a.md")
	f.Add("| a \\| b | node |\n| x | y |\n", "a.md")
	f.Add("node\n\"unterminated\n", "a.csv")
	f.Add("open\n[ ]\n", "a.csv")
	f.Add("admissible,no,Arad,,366,418\nconsistent,no,Arad,Sibiu,366,,140,253\n", "a.csv")
	f.Add("| question | answer | n | n' | h(n) | h*(n) | c(n,n') | h(n') |\n|---|---|---|---|---|---|---|---|\n| admissible | yes | | | | | | |\n| consistent | n | Arad | Zerind | 366 | | 75 | 374 |\n", "a.md")
	f.Add("# Steps\n| step | node expanded | g | h | f | children generated (f) |\n|---|---|---|---|---|---|\n| 1 | **Arad** | 0 | 366 | 366 | Zerind f=449; Sibiu f=___ (already closed) |\n\n## Open list after step 1\n\n| # | node | g |\n|--|--|--|\n| 1 | Sibiu | 140 |\n", "sheet.md")
	s := newSearch(f, "graph romania", "astar")
	f.Fuzz(func(t *testing.T, text, name string) {
		a, err := ParseAnswer(strings.NewReader(text), name)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "export: ") {
				t.Fatalf("error without prefix: %v", err)
			}
			return
		}
		if len(a.Rows) == 0 && len(a.Heuristic) == 0 {
			t.Fatal("accepted a sheet with no rows")
		}
		if len(a.Rows) > 0 {
			if _, err := Check(s, a); err != nil {
				t.Fatalf("Check failed on a parsed sheet: %v", err)
			}
		}
		if len(a.Heuristic) > 0 {
			g, err := CheckHeuristicAnswers(s, a.Heuristic)
			if err != nil {
				t.Fatalf("CheckHeuristicAnswers failed on a parsed sheet: %v", err)
			}
			if len(g.Lines) != len(a.Heuristic) {
				t.Fatalf("%d lines for %d heuristic rows", len(g.Lines), len(a.Heuristic))
			}
		}
	})
}

// TestCheckGradesFilledWorksheets grades the Markdown answer key of a
// worksheet (a student who filled in every blank correctly), then keys
// with one mistake each, and a sheet left blank.
func TestCheckGradesFilledWorksheets(t *testing.T) {
	for _, c := range []struct{ problem, opts string }{
		{"graph romania", "astar"},
		{"puzzle 283164705 goal=123804765", "astar h=manhattan tie=high-g"},
		{"grid S..#./.#..#/...#G/..... moves=8", "ucs"},
	} {
		for _, blanks := range []Blanks{{Open: true, F: true, Order: true}, {F: true}, {Open: true}} {
			key := sheetBytes(t, c.problem, c.opts, "md", 4, blanks, true)
			s := newSearch(t, c.problem, c.opts)
			g := grade(t, s, key, "key.md")
			if !g.Correct || g.Checked != 4 {
				t.Fatalf("%s blanks=%s: the answer key is graded %+v", c.problem, blanks, g)
			}
			blank := sheetBytes(t, c.problem, c.opts, "md", 4, blanks, false)
			a, err := ParseAnswer(strings.NewReader(blank), "sheet.md")
			if err != nil {
				t.Fatalf("%s: the blank sheet does not parse: %v", c.problem, err)
			}
			if _, err := Check(s, a); err == nil && blanks.Order {
				t.Errorf("%s: a blank sheet is graded without error", c.problem)
			}
		}
	}
	s := newSearch(t, "graph romania", "astar")
	key := sheetBytes(t, "graph romania", "astar", "md", 4, Blanks{Open: true, F: true, Order: true}, true)
	for _, tt := range []struct{ from, to, want string }{
		{"Fagaras f=415;", "Fagaras f=416;", "at step 2 you wrote f=416 for child Fagaras but its f is 415 (f = g + h = 239 + 176)"},
		{"**Zerind f=449; Sibiu f=393; Timisoara f=447**", "**Sibiu f=393; Zerind f=449; Timisoara f=447**", "at step 1 child 1 of Arad is Zerind, you wrote Sibiu"},
		{"| 1 | **Pitesti** |", "| 1 | **Timisoara** |", "after step 4 your open list has Timisoara (f=447) at number 1 but Pitesti (f=417) comes first"},
	} {
		if !strings.Contains(key, tt.from) {
			t.Fatalf("the key has no %q:\n%s", tt.from, key)
		}
		g := grade(t, s, strings.Replace(key, tt.from, tt.to, 1), "key.md")
		if g.Correct || !strings.Contains(g.Reason, tt.want) {
			t.Errorf("edit %q -> %q: graded %q, want %q", tt.from, tt.to, g.Reason, tt.want)
		}
	}
}
