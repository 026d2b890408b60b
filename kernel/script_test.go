package kernel

import (
	"context"
	"encoding/json"
	"io/fs"
	"strings"
	"testing"

	"stepviz/examples"
)

const jugsCell = `problem jugs caps=3,5 target=4:
caps = param("caps", (3, 5))
target = param("target", 4)
start = (0, 0)
def is_goal(s):
    return target in s
def successors(s):
    a, b = s
    ca, cb = caps
    pour_ab = min(a, cb - b)
    pour_ba = min(b, ca - a)
    return [("fill a", (ca, b)), ("fill b", (a, cb)), ("empty a", (0, b)), ("empty b", (a, 0)),
            ("pour a>b", (a - pour_ab, b + pour_ab)), ("pour b>a", (a + pour_ba, b - pour_ba))]
`

// TestScriptCells: a problem cell, a heuristic cell for a built-in puzzle,
// check, and the failures a notebook shows with the cell's line numbers.
func TestScriptCells(t *testing.T) {
	type step struct {
		cell    string
		want    []string // in the outputs' text
		wantErr []string // in the error, "" for none
	}
	cases := []struct {
		name  string
		steps []step
	}{
		{"problem cell", []step{
			{jugsCell, []string{"problem: script jugs caps=3,5 target=4", "heuristics: zero"}, nil},
			{"search bfs\nrun", []string{"solved", "cost 6"}, nil},
		}},
		{"heuristic cell and check", []step{
			{"grid S...../.##.../....G. moves=8", nil, nil},
			{"heuristic double:\ndef h(s):\n    return 2 * (abs(s[0] - goal[0]) + abs(s[1] - goal[1]))\n", []string{"heuristic double added", "search astar h=double"}, nil},
			{"check h=double", []string{"admissible  NO: 15 states where h > h*", "0,0  h = 12 > h* = 5.414"}, nil},
			{"check h=octile", []string{"over all 16 reachable states", "admissible  yes", "consistent  yes"}, nil},
			{"search astar h=double\nrun", []string{"solved"}, nil},
			{"heuristic double:\ndef h(s):\n    return 0\n", []string{"heuristic double added"}, nil},
			{"check h=double", []string{"admissible  yes"}, nil},
		}},
		{"syntax error at the cell's line", []step{
			{"problem broken:\nstart = 0\ndef is_goal(s)\n    return True\n", nil, []string{"script broken:3: syntax error"}},
		}},
		{"failure in successors", []step{
			{"problem bad:\nstart = 0\ndef is_goal(s):\n    return False\ndef successors(s):\n    return [(\"up\", [s])]\n", nil, nil},
			{"search bfs\nrun", nil, []string{"the search failed", "script bad:5:1: in successors(0)", "unhashable"}},
		}},
		{"hostile loop", []step{
			{"problem spin:\nstart = 0\ndef is_goal(s):\n    return False\ndef successors(s):\n    for i in range(1000000):\n        for j in range(1000000):\n            pass\n    return []\n", nil, nil},
			{"search bfs\nrun", nil, []string{"script spin:7:9: in successors(0)", "more than 1000000 Starlark steps"}},
			{"puzzle 283164705 goal=123804765\nsearch astar\nrun", []string{"solved"}, nil},
		}},
		{"heuristic needs a problem", []step{
			{"heuristic h1:\ndef h(s):\n    return 0\n", nil, []string{"no problem yet"}},
		}},
		{"no name", []step{
			{"problem:\nstart = 0\n", nil, []string{"problem needs a name"}},
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := NewSession(Config{})
			for _, st := range c.steps {
				outs, err := s.Run(context.Background(), st.cell)
				var text strings.Builder
				for _, o := range outs {
					text.WriteString(o.Text + "\n")
				}
				if len(st.wantErr) == 0 && err != nil {
					t.Fatalf("cell %q: %v", st.cell, err)
				}
				if len(st.wantErr) > 0 && err == nil {
					t.Fatalf("cell %q: no error, want %q", st.cell, st.wantErr)
				}
				for _, w := range st.wantErr {
					if !strings.Contains(err.Error(), w) {
						t.Errorf("cell %q: error\n%v\nlacks %q", st.cell, err, w)
					}
				}
				for _, w := range st.want {
					if !strings.Contains(text.String(), w) {
						t.Errorf("cell %q: output\n%s\nlacks %q", st.cell, text.String(), w)
					}
				}
			}
		})
	}
}

// TestBetterHeuristicNotebook runs the lecture notebook where students
// write linear conflict in Starlark: it is admissible and consistent, and
// A* with it finds the known optimum, 31.
func TestBetterHeuristicNotebook(t *testing.T) {
	outs := runNotebook(t, "better-8puzzle-heuristic.ipynb")
	for _, w := range []string{
		"heuristic lc over all 181440 reachable states",
		"admissible  yes: 0 states where h > h*",
		"consistent  yes",
		"heuristic pairs added",
		"cost 31",
	} {
		if !strings.Contains(outs, w) {
			t.Errorf("the notebook's outputs lack %q", w)
		}
	}
}

// runNotebook runs every code cell of an example notebook in one session
// and returns the outputs' text.
func runNotebook(t *testing.T, name string) string {
	t.Helper()
	data, err := fs.ReadFile(examples.Notebooks, name)
	if err != nil {
		t.Fatal(err)
	}
	var nb struct {
		Cells []struct {
			CellType string   `json:"cell_type"`
			Source   []string `json:"source"`
		} `json:"cells"`
	}
	if err := json.Unmarshal(data, &nb); err != nil {
		t.Fatal(err)
	}
	s := NewSession(Config{})
	var text strings.Builder
	for i, c := range nb.Cells {
		if c.CellType != "code" {
			continue
		}
		outs, err := s.Run(context.Background(), strings.Join(c.Source, ""))
		if err != nil {
			t.Fatalf("cell %d: %v", i, err)
		}
		for _, o := range outs {
			text.WriteString(o.Text + "\n")
		}
	}
	return text.String()
}
