package export

import (
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"
)

// TestGameTablesNamePositions: every table that names a game's positions
// (md's node column, csv's name column, tex's table, dot's labels,
// posthoc's events, a worksheet's state column) names them as a reader reads them, "the empty
// board" and a board's rows joined by '/', while csv's state column keeps
// the board as the problem line writes it. Each case exports steps 1
// and 2: the root, then its first child.
func TestGameTablesNamePositions(t *testing.T) {
	for _, c := range []struct {
		problem, search string
		root, child     string // names
		rootState       string // csv's state column at step 1
	}{
		{"tictactoe", "alphabeta", "the empty board", "X../.../...", "........."},
		{"tictactoe XO.XO....", "minimax", "XO./XO./...", "XOX/XO./...", "XO.XO...."},
		{"connect4", "minimax depth=1", "the empty board", "X......", "......./......./......./......./......./......."},
		{"connect4 4453", "alphabeta depth=1", "...O.../..OXX..", "...O.../X.OXX..", "......./......./......./......./...O.../..OXX.."},
		{"gametree [[3,12,8],[2,4,6],[14,5,2]]", "alphabeta", "A", "B", "A"},
	} {
		t.Run(c.problem+" "+c.search, func(t *testing.T) {
			g, o := gameOf(t, c.problem, c.search)
			var md [][]string
			for _, l := range strings.Split(gameExport(t, g, o, "md", 2), "\n") {
				if strings.HasPrefix(l, "| ") && !strings.HasPrefix(l, "| step") {
					md = append(md, splitPipeRow(l))
				}
			}
			if len(md) != 2 {
				t.Fatalf("md: %d step rows, want 2", len(md))
			}
			checkCells(t, "md's node column", md[0][1], md[1][1], c.root, c.child)
			recs, err := csv.NewReader(strings.NewReader(gameExport(t, g, o, "csv", 2))).ReadAll()
			if err != nil || len(recs) != 3 {
				t.Fatalf("csv: %d records, %v", len(recs), err)
			}
			col := map[string]int{}
			for i, h := range recs[0] {
				col[h] = i
			}
			checkCells(t, "csv's name column", recs[1][col["name"]], recs[2][col["name"]], c.root, c.child)
			if got := recs[1][col["state"]]; got != c.rootState {
				t.Errorf("csv's state column at step 1 is %q: want the board %q", got, c.rootState)
			}
			tex := gameExport(t, g, o, "tex", 2)
			for _, name := range []string{c.root, c.child} {
				if cell := `\texttt{` + texBreakable(name) + `}`; !strings.Contains(tex, "1 & "+cell) && !strings.Contains(tex, "2 & "+cell) {
					t.Errorf("the tex table has no row naming %q (%s)", name, cell)
				}
			}
			if dot := gameExport(t, g, o, "dot", 2); !strings.Contains(dot, `"`+c.root) || !strings.Contains(dot, `"`+c.child) {
				t.Errorf("dot's labels do not name %q and %q:\n%s", c.root, c.child, dot)
			}
			ph := gameExport(t, g, o, "posthoc", 2)
			var trace struct{ Events []struct{ Name string } }
			if err := json.Unmarshal([]byte(ph), &trace); err != nil {
				t.Fatalf("posthoc: %v", err)
			}
			named := map[string]bool{}
			for _, e := range trace.Events {
				named[e.Name] = true
			}
			if !named[c.root] || !named[c.child] || !strings.Contains(ph, "$.event.name") {
				t.Errorf("posthoc's events are named %v: want %q and %q, shown in their labels", named, c.root, c.child)
			}
		})
	}
	if key := sheetOf(t, "tictactoe XOXOXO...", "alphabeta", "", true); !strings.Contains(key, "| root |  | XOX/OXO/... | MAX |") || !strings.Contains(key, "| r3c1 | root | XOX/OXO/X.. | leaf |") {
		t.Errorf("the worksheet's state column does not name boards by their rows:\n%s", key)
	}
}

func checkCells(t *testing.T, what, first, second, want1, want2 string) {
	t.Helper()
	if first != want1 || second != want2 {
		t.Errorf("%s at steps 1 and 2: %q, %q: want %q, %q", what, first, second, want1, want2)
	}
}
