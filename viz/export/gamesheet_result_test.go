package export

import (
	"bytes"
	"strings"
	"testing"
)

// TestGameWorksheetResultNamesTableNodes: the key's last sentence names
// the principal variation's nodes as the table names them when the table
// names nodes by letter (AIMA Fig. 5.2: move a1 leads to node B), and
// only the moves when the table's nodes are the moves themselves.
func TestGameWorksheetResultNamesTableNodes(t *testing.T) {
	tests := []struct {
		problem, search, want, not string
	}{
		{fig52Line, "alphabeta", "best move a1, principal variation a1 b1 (nodes A, B, b1);", ""},
		{fig52Line, "minimax", "principal variation a1 b1 (nodes A, B, b1);", ""},
		{"tictactoe XOXOXO...", "minimax", "best move r3c1, principal variation r3c1;", "(nodes"},
	}
	for _, tt := range tests {
		t.Run(tt.problem+" "+tt.search, func(t *testing.T) {
			g, o := gameOf(t, tt.problem, tt.search)
			blanks, err := ParseGameBlanks("", o.Algorithm)
			if err != nil {
				t.Fatal(err)
			}
			for _, format := range []string{"md", "tex"} {
				var b bytes.Buffer
				if err := WriteGameWorksheet(&b, format, g, o, blanks, true); err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(b.String(), tt.want) || tt.not != "" && strings.Contains(b.String(), tt.not) {
					t.Errorf("%s key: want %q (and no %q) in its result:\n%s", format, tt.want, tt.not, b.String()[strings.LastIndex(b.String(), "Value"):])
				}
			}
		})
	}
}
