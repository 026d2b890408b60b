package kernel

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"stepviz/internal/testenv"
)

// TestGameLocalScriptCells: a problem line naming a Starlark game or
// local-search script (examples/games, examples/local) is searched as the
// built-in game or problem it mirrors.
func TestGameLocalScriptCells(t *testing.T) {
	root := testenv.ModuleRoot(t)
	for _, tc := range []struct{ cells, want string }{
		{"script " + filepath.Join(root, "examples", "games", "nim.star") + " heaps=1,2\nsearch alphabeta\nrun", "value 1 for MAX"},
		{"script " + filepath.Join(root, "examples", "local", "queens.star") + " n=8 seed=3\nsearch hillclimb sideways=10\nrun", "solved"},
	} {
		out, err := NewSession(Config{}).Run(context.Background(), tc.cells)
		if err != nil {
			t.Fatalf("%q: %v", tc.cells, err)
		}
		if last := out[len(out)-1].Text; !strings.Contains(last, tc.want) {
			t.Errorf("%q: %q, want %q", tc.cells, last, tc.want)
		}
	}
}
