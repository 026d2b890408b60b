package export

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"stepviz/internal/testenv"
)

// TestGameWorksheetTeX: the tex sheet and key hold gameSheet's rows, the
// key every value and cross the search's view gives (read back by
// texTableRows); check grades the key correct, the empty sheet wrong at
// its first row, and a slip in the key at its node; pdflatex compiles
// both in one run with nothing overflowing the page and the table's header
// lined up with its rows (checkOneTeXRun).
func TestGameWorksheetTeX(t *testing.T) {
	pdflatex := testenv.Tool(t, "pdflatex", "texlive-latex-base")
	for _, c := range []struct{ problem, search, blank, slip string }{
		{fig52Line, "alphabeta", "", "B"},
		{fig52Line, "minimax", "values", "C"},
		{"gametree [{0.5: [3,5], 0.5: [1,9]}, 4]", "expectiminimax", "", "A"},
		{"tictactoe XOXOXO...", "alphabeta", "", "root"},
		{"tictactoe XO.OX.X..", "minimax", "", "r1c3"}, // nine-letter states, long node names
	} {
		t.Run(c.problem+" "+c.search, func(t *testing.T) {
			g, o := gameOf(t, c.problem, c.search)
			blanks, err := ParseGameBlanks(c.blank, o.Algorithm)
			if err != nil {
				t.Fatal(err)
			}
			write := func(key bool) string {
				var b bytes.Buffer
				if err := WriteGameWorksheet(&b, "tex", g, o, blanks, key); err != nil {
					t.Fatal(err)
				}
				return b.String()
			}
			sheet, key := write(false), write(true)
			rows, _, err := gameSheet(g, o)
			if err != nil {
				t.Fatal(err)
			}
			table, _ := texTableRows(key)
			if len(table) != len(rows)+1 {
				t.Fatalf("the key's table has %d rows for %d nodes", len(table)-1, len(rows))
			}
			for i, r := range rows {
				got := table[i+1]
				if got[0] != r.Node || got[4] != r.LeafValue || (blanks.Values && got[5] != r.Value) {
					t.Errorf("row %d: %q, want node %s leaf %s value %s", i+1, got, r.Node, r.LeafValue, r.Value)
				}
				if blanks.Pruned && got[len(got)-1] != map[bool]string{true: "yes", false: "no"}[r.Pruned] {
					t.Errorf("row %s: pruned %q, want %v", r.Node, got[len(got)-1], r.Pruned)
				}
			}
			if gr := gradeGame(t, c.problem, c.search, key, "key.tex"); !gr.Correct {
				t.Errorf("the key graded wrong: %s", gr.Reason)
			}
			if gr := gradeGame(t, c.problem, c.search, sheet, "sheet.tex"); gr.Correct || gr.Step != 1 {
				t.Errorf("the empty sheet: correct %v at row %d (%s), want wrong at row 1", gr.Correct, gr.Step, gr.Reason)
			}
			var slipped []string
			for _, l := range strings.Split(key, "\n") {
				if strings.HasPrefix(l, c.slip+" & ") {
					cells := strings.Split(l, " & ")
					if cells[5] = "99"; len(cells) == 6 {
						cells[5] += ` \\ \hline`
					}
					l = strings.Join(cells, " & ")
				}
				slipped = append(slipped, l)
			}
			if gr := gradeGame(t, c.problem, c.search, strings.Join(slipped, "\n"), "slip.tex"); gr.Correct || !strings.HasPrefix(gr.Reason, c.slip+": value 99") {
				t.Errorf("a slip at %s: correct %v, %q", c.slip, gr.Correct, gr.Reason)
			}
			for name, doc := range map[string]string{"sheet": sheet, "key": key} {
				dir := t.TempDir()
				if err := os.WriteFile(filepath.Join(dir, "w.tex"), []byte(doc), 0o644); err != nil {
					t.Fatal(err)
				}
				cmd := exec.Command(pdflatex, "-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape", "w.tex")
				cmd.Dir = dir
				out, err := cmd.CombinedOutput()
				if err != nil {
					t.Errorf("%s: pdflatex %v\n%s", name, err, tail(string(out), 30))
				}
				checkOneTeXRun(t, name, string(out))
			}
		})
	}
}
