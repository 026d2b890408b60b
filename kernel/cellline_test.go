package kernel

import (
	"context"
	"errors"
	"testing"
)

// TestScriptCellErrorLine: a problem or heuristic cell whose Starlark
// cannot load points the notebook at the cell's line that is wrong, not at
// its header.
func TestScriptCellErrorLine(t *testing.T) {
	cases := []struct {
		name, before, cell string
		line               int
		source             string
	}{
		{"heuristic syntax", "puzzle 283164705 goal=123804765", "heuristic syn:\ndef h(s):\n    n = 0\n    return n +\n", 4, "return n +"},
		{"heuristic undefined", "puzzle 283164705 goal=123804765", "heuristic undef:\ndef h(s):\n    return misplaced_tiles(s)\n", 3, "return misplaced_tiles(s)"},
		{"problem after a blank line", "", "\nproblem broken:\nstart = 0\ndef is_goal(s)\n    return True\n", 4, "def is_goal(s)"},
		{"heuristic header", "", "heuristic h1:\ndef h(s):\n    return 0\n", 1, "heuristic h1:"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := NewSession(Config{})
			if c.before != "" {
				if _, err := s.Run(context.Background(), c.before); err != nil {
					t.Fatal(err)
				}
			}
			_, err := s.Run(context.Background(), c.cell)
			var ce *CellError
			if !errors.As(err, &ce) {
				t.Fatalf("error %v, want a cell's error", err)
			}
			if ce.Line != c.line || ce.Source != c.source {
				t.Errorf("line %d %q, want %d %q (%v)", ce.Line, ce.Source, c.line, c.source, err)
			}
		})
	}
}
