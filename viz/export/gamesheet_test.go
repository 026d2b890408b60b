package export

import (
	"bytes"
	"strings"
	"testing"

	"stepviz/stepper/game"
)

const fig52Line = "gametree [[3,12,8],[2,4,6],[14,5,2]]"

func sheetOf(t *testing.T, problem, search, blank string, key bool) string {
	t.Helper()
	g, o := gameOf(t, problem, search)
	b, err := ParseGameBlanks(blank, o.Algorithm)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteGameWorksheet(&buf, "md", g, o, b, key); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

func gradeGame(t *testing.T, problem, search, sheet, name string) *Grade {
	t.Helper()
	g, o := gameOf(t, problem, search)
	a, err := ParseGameAnswer(strings.NewReader(sheet), name)
	if err != nil {
		t.Fatal(err)
	}
	gr, err := CheckGame(g, o, a)
	if err != nil {
		t.Fatal(err)
	}
	return gr
}

// edit changes the cell of node's row in column col (0-based) to val.
func edit(t *testing.T, sheet, node string, col int, val string) string {
	t.Helper()
	lines := strings.Split(sheet, "\n")
	for i, l := range lines {
		cells := splitPipeRow(l)
		if strings.HasPrefix(l, "|") && cells[0] == node {
			cells[col] = val
			lines[i] = "| " + strings.Join(cells, " | ") + " |"
			return strings.Join(lines, "\n")
		}
	}
	t.Fatalf("no row %s", node)
	return ""
}

// TestGameWorksheetFig55: the answer key of AIMA Fig. 5.5 backs up A = 3,
// B = 3, C = 2, D = 2 and crosses out c2 and c3 (the leaves 4 and 6);
// graded against itself it is correct, and each kind of slip is caught
// at its row with the reason.
func TestGameWorksheetFig55(t *testing.T) {
	key := sheetOf(t, fig52Line, "alphabeta", "", true)
	for _, want := range []string{"| A |  | A | MAX |  | 3 | no |", "| C | A | C | MIN |  | 2 | no |", "| c2 | C | 4 | leaf | 4 |  | yes |", "| c3 | C | 6 | leaf | 6 |  | yes |", "| d3 | D | 2 | leaf | 2 |  | no |"} {
		if !strings.Contains(key, want) {
			t.Errorf("key lacks %q:\n%s", want, key)
		}
	}
	sheet := sheetOf(t, fig52Line, "alphabeta", "", false)
	if strings.Contains(sheet, "| yes |") || strings.Contains(sheet, "| 3 | no |") {
		t.Errorf("the student's sheet gives answers away:\n%s", sheet)
	}
	if gr := gradeGame(t, fig52Line, "alphabeta", key, "key.md"); !gr.Correct || gr.Checked != 13 {
		t.Errorf("the key graded: %+v", gr)
	}
	for _, tc := range []struct {
		node string
		col  int
		val  string
		want string
	}{
		{"C", 5, "4", "C: value 4, but alpha-beta backs up 2 to C"},
		{"A", 5, "", "A: no value written"},
		{"d1", 6, "x", "d1: crossed out, but alpha-beta visits d1"},
		{"c2", 6, "", "c2: not crossed out"},
		{"B", 5, "3.004", ""}, // within the tolerance
		{"c3", 6, "✗", ""},
	} {
		gr := gradeGame(t, fig52Line, "alphabeta", edit(t, key, tc.node, tc.col, tc.val), "a.md")
		if tc.want == "" {
			if !gr.Correct {
				t.Errorf("%s=%q: %s", tc.node, tc.val, gr.Reason)
			}
			continue
		}
		if gr.Correct || !strings.HasPrefix(gr.Reason, tc.want) || gr.Line == 0 {
			t.Errorf("%s=%q: %+v, want %q", tc.node, tc.val, gr, tc.want)
		}
	}
}

// TestGameWorksheetOthers: minimax's key (Fig. 5.2) has no pruned
// column; a tic-tac-toe position names nodes by their moves; CSV answers
// are read; what cannot be a worksheet is refused in words.
func TestGameWorksheetOthers(t *testing.T) {
	key := sheetOf(t, fig52Line, "minimax", "", true)
	if strings.Contains(key, "pruned") || !strings.Contains(key, "| C | A | C | MIN |  | 2 |") {
		t.Errorf("minimax key:\n%s", key)
	}
	csvSheet := "node,value\nA,3\nB,3\nC,2\nD,2\n" + "b1,\nb2,\nb3,\nc1,\nc2,\nc3,\nd1,\nd2,\nd3,\n"
	if gr := gradeGame(t, fig52Line, "minimax", csvSheet, "a.csv"); !gr.Correct {
		t.Errorf("csv answers: %s", gr.Reason)
	}
	ttt := sheetOf(t, "tictactoe XOXOXO...", "alphabeta", "", true)
	if !strings.Contains(ttt, "| r3c1 | root |") || !strings.Contains(ttt, "| r3c2 r3c1 |") {
		t.Errorf("tic-tac-toe key:\n%s", ttt)
	}
	if gr := gradeGame(t, "tictactoe XOXOXO...", "alphabeta", ttt, "t.md"); !gr.Correct {
		t.Errorf("tic-tac-toe key graded: %s", gr.Reason)
	}
	g, o := gameOf(t, "tictactoe", "alphabeta")
	var b bytes.Buffer
	for _, tc := range []struct {
		g    game.Game
		o    game.Options
		f    string
		want string
	}{
		{g, o, "md", "at most 200 nodes"},
		{g, o, "html", "written as md or tex"},
	} {
		if err := WriteGameWorksheet(&b, tc.f, tc.g, tc.o, GameBlanks{Values: true}, false); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.f, err, tc.want)
		}
	}
	g, o = gameOf(t, "tictactoe XOXOXO...", "mcts iterations=5")
	if err := WriteGameWorksheet(&b, "md", g, o, GameBlanks{Values: true}, false); err == nil || !strings.Contains(err.Error(), "mcts") {
		t.Errorf("mcts: %v", err)
	}
	if _, err := ParseGameBlanks("pruned", game.Minimax); err == nil {
		t.Error("-blank pruned with minimax accepted")
	}
	for _, bad := range []string{"", "no table here", "| a | b |\n|---|---|\n| 1 | 2 |"} {
		if _, err := ParseGameAnswer(strings.NewReader(bad), "x.md"); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func FuzzParseGameAnswer(f *testing.F) {
	f.Add("| node | value | pruned |\n|---|---|---|\n| A | 3 | no |\n", "a.md")
	f.Add("node,value\nA,3\n", "a.csv")
	f.Add("| node |\n| A | 3 \\| 4 |", "b.md")
	f.Add("node & value & pruned \\\\ \\hline\nA & 3 & no \\\\ \\hline\nc1 \\& & $-$$\\infty$ & yes \\\\\n", "c.tex")
	f.Fuzz(func(t *testing.T, s, name string) {
		a, err := ParseGameAnswer(strings.NewReader(s), name)
		if err != nil {
			return
		}
		if !a.HasValue && !a.HasPrune {
			t.Fatal("an answer with nothing to grade was accepted")
		}
		g, o := gameOf(t, fig52Line, "alphabeta")
		if _, err := CheckGame(g, o, a); err != nil {
			t.Fatal(err)
		}
	})
}
