package export

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"stepviz/internal/testenv"
)

// TestWorksheetTeXDrawsTheMap: a graph's tex sheet and key draw its map
// in TikZ, as the html sheet draws it (Romania: 20 towns, 23 roads; a
// one-way road with an arrow), and pdflatex compiles them; a graph with a
// node without coordinates is given by its tables alone.
func TestWorksheetTeXDrawsTheMap(t *testing.T) {
	pdflatex := testenv.Tool(t, "pdflatex", "texlive-latex-base")
	dir := t.TempDir()
	roads := filepath.Join(dir, "roads.txt")
	if err := os.WriteFile(roads, []byte("node A 0 0\nnode B 3 4\nnode C 6 0\nnode D 7 0\nedge A B 5\nedge B C 5\narc A C 12\nedge C D 1\nstart A\ngoal D\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bare := filepath.Join(dir, "bare.txt")
	if err := os.WriteFile(bare, []byte("nodes A B C\nedge A B 1\nedge B C 1\nstart A\ngoal C\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		problem      string
		nodes, roads int // drawn; 0, 0: no map
		arrows       int
		start, goal  string
	}{
		{"graph romania", 20, 23, 0, "Arad (start)", "Bucharest (goal)"},
		{"graph " + roads, 4, 4, 1, "A (start)", "D (goal)"},
		{"graph " + bare, 0, 0, 0, "", ""},
	}
	for _, tt := range tests {
		for _, key := range []bool{false, true} {
			doc := sheetBytes(t, tt.problem, "ucs", "tex", 2, Blanks{Open: true, F: true, Order: true}, key)
			pic := ""
			if i := strings.Index(doc, `\begin{tikzpicture}`); i >= 0 {
				pic = doc[i : i+strings.Index(doc[i:], `\end{tikzpicture}`)]
			}
			nodes, draws, arrows := strings.Count(pic, `\node[`), strings.Count(pic, `\draw`), strings.Count(pic, `\draw[->`)
			if nodes != tt.nodes || draws != tt.roads || arrows != tt.arrows {
				t.Errorf("%s key=%v: the map has %d nodes, %d roads, %d one-way; want %d, %d, %d", tt.problem, key, nodes, draws, arrows, tt.nodes, tt.roads, tt.arrows)
			}
			if tt.start != "" && (!strings.Contains(pic, "above:"+tt.start+"}") || !strings.Contains(pic, "above:"+tt.goal+"}")) {
				t.Errorf("%s key=%v: the map does not mark %q and %q", tt.problem, key, tt.start, tt.goal)
			}
			sub := t.TempDir()
			if err := os.WriteFile(filepath.Join(sub, "sheet.tex"), []byte(doc), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(pdflatex, "-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape", "sheet.tex")
			cmd.Dir = sub
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%s key=%v: pdflatex: %v\n%s", tt.problem, key, err, tail(string(out), 30))
			}
		}
	}
}
