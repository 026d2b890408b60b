package export

import (
	"bytes"
	"fmt"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"stepviz/internal/testenv"
)

func sheetBytes(t *testing.T, problem, opts, format string, steps int, blanks Blanks, key bool) string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteWorksheet(&b, format, newSearch(t, problem, opts), steps, blanks, key); err != nil {
		t.Fatalf("WriteWorksheet(%s): %v", format, err)
	}
	return b.String()
}

func TestParseBlanks(t *testing.T) {
	tests := []struct {
		in   string
		want Blanks
		err  string
	}{
		{"", Blanks{Open: true, F: true, Order: true}, ""},
		{"all", Blanks{Open: true, F: true, Order: true}, ""},
		{"order,heuristic", Blanks{Order: true, Heuristic: true}, ""},
		{"open", Blanks{Open: true}, ""},
		{"f, order", Blanks{F: true, Order: true}, ""},
		{"OPEN,f", Blanks{Open: true, F: true}, ""},
		{"ordr", Blanks{}, "did you mean order"},
		{"open,g", Blanks{}, `unknown part "g"`},
	}
	for _, tt := range tests {
		got, err := ParseBlanks(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("ParseBlanks(%q) error %v, want %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("ParseBlanks(%q) = %+v, %v; want %+v", tt.in, got, err, tt.want)
		}
		if again, _ := ParseBlanks(got.String()); again != got {
			t.Errorf("ParseBlanks(%q.String()) = %+v", got.String(), again)
		}
	}
}

// TestWorksheetBlanks checks that each blank hides exactly its answers on
// the sheet and that the key fills them in.
func TestWorksheetBlanks(t *testing.T) {
	const problem, opts = "graph romania", "astar"
	// After 3 steps A* has expanded Arad, Sibiu, Rimnicu_Vilcea; Pitesti
	// (f=417) heads the open list (from the engine's own trace below).
	s := newSearch(t, problem, opts)
	s.Seek(3)
	head := s.Snapshot().Open[0]
	third := s.Node(s.Snapshot().Closed[2].ID)
	for _, format := range WorksheetFormats {
		t.Run(format, func(t *testing.T) {
			esc := func(s string) string {
				if format == "tex" {
					return tex(s)
				}
				return s
			}
			order := sheetBytes(t, problem, opts, format, 3, Blanks{Order: true}, false)
			steps := order[strings.LastIndex(order, "Steps"):]
			steps = steps[:strings.Index(steps, "Open list")]
			if strings.Contains(steps, esc(third.State.String())) {
				t.Errorf("order blank: the steps table names %s", third.State)
			}
			if !strings.Contains(order[strings.Index(order, "Open list"):], esc(head.State.String())) {
				t.Errorf("order blank: the open list should still be given")
			}
			open := sheetBytes(t, problem, opts, format, 3, Blanks{Open: true}, false)
			if strings.Contains(open[strings.Index(open, "Open list"):], esc(head.State.String())) {
				t.Errorf("open blank: the open list shows %s", head.State)
			}
			f := sheetBytes(t, problem, opts, format, 3, Blanks{F: true}, false)
			if strings.Contains(f, "f="+num(head.F)) || strings.Contains(f, num(third.F)) {
				t.Errorf("f blank: f values %s or %s are shown", num(head.F), num(third.F))
			}
			key := sheetBytes(t, problem, opts, format, 3, Blanks{Open: true, F: true, Order: true}, true)
			for _, want := range []string{esc(third.State.String()), esc(head.State.String()), num(head.F), num(third.F), "Answer key"} {
				if !strings.Contains(key, want) {
					t.Errorf("key lacks %q", want)
				}
			}
			for _, doc := range []string{order, open, f, key} {
				for _, want := range []string{"among equal f the node added first", "selected for expansion", "astar h=sld tie=fifo"} {
					if !strings.Contains(doc, want) {
						t.Errorf("sheet does not state %q", want)
					}
				}
			}
			if again := sheetBytes(t, problem, opts, format, 3, Blanks{Order: true}, false); again != order {
				t.Error("the same inputs give a different sheet")
			}
		})
	}
}

// TestWorksheetTeXCompiles: every sheet and key compiles with pdflatex and
// one run prints it as it should look: nothing runs past the margin (the
// options line, a 15-puzzle's comma lists, a 49-column Moving AI map) and
// no table needs a second run to line its header up with its rows (the
// log's "Rerun LaTeX"), as a TA who runs pdflatex once gets it.
func TestWorksheetTeXCompiles(t *testing.T) {
	pdflatex := testenv.Tool(t, "pdflatex", "texlive-latex-base")
	for _, c := range []struct{ problem, opts string }{
		{"puzzle 283164705 goal=123804765", "astar h=manhattan tie=high-g"},
		{"puzzle 1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15", "astar"},
		{"grid S..#./.#..#/...#G/..... moves=8 cost=10-14", "astar h=octile"},
		{"grid ../../testdata/movingai/arena.map start=1,3 goal=10,12", "astar"},
		{"graph romania", "ucs"},
		{"script ../../examples/scripts/jugs.star caps=3,5 target=4", "bfs"}, // the script printed verbatim
	} {
		for _, key := range []bool{false, true} {
			all := []Blanks{{Open: true, F: true, Order: true}, {F: true}}
			if strings.Contains(c.opts, "h=") {
				all = append(all, Blanks{Order: true, Heuristic: true}) // the 8-column question table
			}
			for _, blanks := range all {
				doc := sheetBytes(t, c.problem, c.opts, "tex", 4, blanks, key)
				dir := t.TempDir()
				if err := os.WriteFile(filepath.Join(dir, "sheet.tex"), []byte(doc), 0o644); err != nil {
					t.Fatal(err)
				}
				cmd := exec.Command(pdflatex, "-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape", "sheet.tex")
				cmd.Dir = dir
				out, err := cmd.CombinedOutput()
				if err != nil {
					t.Fatalf("%s key=%v blanks=%s: pdflatex: %v\n%s\n--- source:\n%s", c.problem, key, blanks, err, tail(string(out), 30), doc)
				}
				checkOneTeXRun(t, fmt.Sprintf("%s key=%v blanks=%s", c.problem, key, blanks), string(out))
			}
		}
	}
}

// TestWorksheetScriptProblem: a script problem's sheet shows the problem
// a student is to search, in every format: its start state and the
// script that defines its moves, their order and its goal (a script with
// no draw(s) has no drawing, and nothing else would say what the moves are).
func TestWorksheetScriptProblem(t *testing.T) {
	const problem = "script ../../examples/scripts/jugs.star caps=3,5 target=4"
	src, err := os.ReadFile("../../examples/scripts/jugs.star")
	if err != nil {
		t.Fatal(err)
	}
	for _, format := range WorksheetFormats {
		for _, key := range []bool{false, true} {
			doc := sheetBytes(t, problem, "bfs", format, 3, Blanks{Open: true, F: true, Order: true}, key)
			i := strings.Index(doc, "The problem")
			j := strings.Index(doc, "Steps")
			if i < 0 || j < i {
				t.Fatalf("%s key=%v: no problem section before the steps", format, key)
			}
			section := doc[i:j]
			switch format {
			case "html":
				section = html.UnescapeString(section)
			case "md":
				section = strings.ReplaceAll(section, "Start: `0/0`", "Start: 0/0")
			}
			for _, want := range []string{"Start: 0/0", "jugs.star", "def successors(s):", "def is_goal(s):", `out.append(("pour %d>%d" % (caps[i], caps[j]), tuple(t)))`, strings.TrimSpace(string(src))[:60]} {
				if !strings.Contains(section, want) {
					t.Errorf("%s key=%v: the problem section lacks %q:\n%s", format, key, want, section)
				}
			}
		}
	}
}

// checkOneTeXRun fails if pdflatex's output says a line ran past the
// margin or a table will only line up after another run.
func checkOneTeXRun(t *testing.T, name, out string) {
	t.Helper()
	for _, bad := range []string{"Overfull \\hbox", "Rerun LaTeX"} {
		if i := strings.Index(out, bad); i >= 0 {
			t.Errorf("%s: pdflatex says %q:\n%s", name, bad, out[i:min(len(out), i+300)])
		}
	}
}

func TestWorksheetHTMLIsWellFormed(t *testing.T) {
	for _, problem := range []string{"puzzle 283164705 goal=123804765", "graph romania", "grid S..#./.#..#/...#G/....."} {
		doc := sheetBytes(t, problem, "astar", "html", 3, Blanks{Open: true, F: true, Order: true}, false)
		for _, want := range []string{`data-testid="steps"`, `data-testid="open"`, `class="blank"`, `data-testid="drawing"`, "<svg"} {
			if !strings.Contains(doc, want) {
				t.Errorf("%s: html sheet lacks %s", problem, want)
			}
		}
		if strings.Count(doc, "<table") != strings.Count(doc, "</table>") {
			t.Errorf("%s: unbalanced tables", problem)
		}
	}
}

// TestWorksheetBlankFGivesNoEarlierF: a sheet that asks for f leaves each
// expanded node's g (and h, when the search uses one) blank as well: they
// are the g and h of a child an earlier step generated, whose f the sheet
// asks for (UCS's key is its g, which it has no h or f column for; A*'s f
// is g + h).
func TestWorksheetBlankFGivesNoEarlierF(t *testing.T) {
	for _, c := range []struct {
		problem, opts string
		h             bool
	}{
		{"graph romania", "ucs", false},
		{"puzzle 283164705 goal=123804765", "astar h=manhattan tie=high-g", true},
	} {
		t.Run(c.opts, func(t *testing.T) {
			sheet := sheetBytes(t, c.problem, c.opts, "md", 5, Blanks{F: true}, false)
			steps := sheet[strings.Index(sheet, "## Steps"):]
			rows := 0
			steps = steps[:strings.Index(steps, "## Open list")]
			var head []string
			for _, l := range strings.Split(steps, "\n") {
				cells := splitPipeRow(l)
				if !strings.HasPrefix(l, "| ") || isAlignRow(cells) {
					continue
				}
				if cells[0] == "step" {
					head = cells
					continue
				}
				rows++
				for i, name := range head[:len(head)-1] {
					if given := i < 2; (cells[i] != "") != given {
						t.Errorf("step %s: %s %q: the node is given, its numbers (%s) blank", cells[0], name, cells[i], strings.Join(head[2:len(head)-1], ", "))
					}
				}
			}
			if want := slices.Contains(head, "h"); want != c.h {
				t.Errorf("steps header %q: an h column is for a search with a heuristic only", head)
			}
			if rows != 5 {
				t.Errorf("%d step rows, want 5", rows)
			}
			key := sheetBytes(t, c.problem, c.opts, "md", 5, Blanks{F: true}, true)
			a, err := ParseAnswer(strings.NewReader(key), "key.md")
			if err != nil {
				t.Fatal(err)
			}
			if g, err := Check(newSearch(t, c.problem, c.opts), a); err != nil || !g.Correct || !slices.Contains(g.Graded, "g") {
				t.Errorf("the key, graded: %+v %v", g, err)
			}
		})
	}
}
