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
		out, err := NewSession(Config{AllowFiles: true}).Run(context.Background(), tc.cells)
		if err != nil {
			t.Fatalf("%q: %v", tc.cells, err)
		}
		if last := out[len(out)-1].Text; !strings.Contains(last, tc.want) {
			t.Errorf("%q: %q, want %q", tc.cells, last, tc.want)
		}
	}
}

// TestGameScriptReadsNoFileUnlessAllowed: a session that may not read files
// (the web notebook's) refuses a script line without loading the file, as
// it does for a search problem's script.
func TestGameScriptReadsNoFileUnlessAllowed(t *testing.T) {
	root := testenv.ModuleRoot(t)
	cells := "script " + filepath.Join(root, "examples", "games", "nim.star") + " heaps=1,2\nsearch alphabeta\nrun"
	out, err := NewSession(Config{}).Run(context.Background(), cells)
	text := ""
	for _, o := range out {
		text += o.Text + "\n"
	}
	if err != nil {
		text += err.Error()
	}
	if !strings.Contains(text, "cannot read files") {
		t.Errorf("a session without AllowFiles ran a game script: %q", text)
	}
	if strings.Contains(text, "value 1 for MAX") {
		t.Errorf("the game was searched: %q", text)
	}
}
