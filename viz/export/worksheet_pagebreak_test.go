package export

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"stepviz/internal/testenv"
)

// TestWorksheetTeXHeadingStaysWithItsTable: pdflatex compiles sheets and
// keys, and every answer table's heading is on the page of the table's
// first row (read back from labels put at both, in the .aux). A Romania
// A* sheet of 5 steps puts the open list's heading at a page's foot.
func TestWorksheetTeXHeadingStaysWithItsTable(t *testing.T) {
	pdflatex := testenv.Tool(t, "pdflatex", "texlive-latex-base")
	tests := []struct {
		problem, opts string
		steps         int
	}{
		{"graph romania", "astar", 5},
		{"graph romania", "ucs", 5},
		{"graph romania", "bfs", 4},
		{"puzzle 283164705 goal=123804765", "astar h=manhattan", 12},
	}
	for _, tt := range tests {
		for _, key := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/%s/key=%v", tt.problem, tt.opts, key), func(t *testing.T) {
				doc, n := labelTeXTables(sheetBytes(t, tt.problem, tt.opts, "tex", tt.steps, Blanks{Open: true, F: true, Order: true}, key))
				if n < 2 {
					t.Fatalf("labelled %d tables, want the steps and the open list", n)
				}
				dir := t.TempDir()
				if err := os.WriteFile(filepath.Join(dir, "sheet.tex"), []byte(doc), 0o644); err != nil {
					t.Fatal(err)
				}
				cmd := exec.Command(pdflatex, "-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape", "sheet.tex")
				cmd.Dir = dir
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("pdflatex: %v\n%s", err, tail(string(out), 30))
				}
				aux, err := os.ReadFile(filepath.Join(dir, "sheet.aux"))
				if err != nil {
					t.Fatal(err)
				}
				pages := map[string]string{}
				for _, m := range regexp.MustCompile(`\\newlabel\{(\w+)\}\{\{[^}]*\}\{(\d+)\}`).FindAllStringSubmatch(string(aux), -1) {
					pages[m[1]] = m[2]
				}
				for i := range n {
					head, row := pages[fmt.Sprintf("head%d", i)], pages[fmt.Sprintf("row%d", i)]
					if head == "" || head != row {
						t.Errorf("table %d: heading on page %q, first row on page %q", i, head, row)
					}
				}
			})
		}
	}
}

// labelTeXTables puts \label{headN} after the heading of each answer table
// (a \subsection* before a longtable with a repeated head) and
// \label{rowN} in its first row; n is the number of tables labelled.
func labelTeXTables(doc string) (out string, n int) {
	lines := strings.Split(doc, "\n")
	for i := 0; i+1 < len(lines); i++ {
		if !strings.HasPrefix(lines[i], `\subsection*{`) || !strings.HasPrefix(lines[i+1], `\begin{longtable}`) {
			continue
		}
		for j := i + 1; j+1 < len(lines); j++ {
			if lines[j] == `\endhead` {
				lines[i] += fmt.Sprintf(`\label{head%d}`, n)
				lines[j+1] = fmt.Sprintf(`\label{row%d}`, n) + lines[j+1]
				n++
				break
			}
		}
	}
	return strings.Join(lines, "\n"), n
}
