package notebook

import (
	"context"
	"strings"
	"testing"

	"stepviz/kernel"
	"stepviz/stepper"
	"stepviz/templates"
)

// TestNotebookStarterRuns: the example an empty notebook's first cell
// shows runs as it stands, to a solved search, with no error.
func TestNotebookStarterRuns(t *testing.T) {
	ks := kernel.NewSession(kernel.Config{IDPrefix: "t"})
	outs, err := ks.Run(context.Background(), templates.NotebookStarter)
	if err != nil {
		t.Fatalf("the starter cell fails: %v", err)
	}
	if len(outs) == 0 {
		t.Fatal("the starter cell shows nothing")
	}
	s := ks.Search("")
	if s == nil || s.Status() != stepper.Solved {
		t.Fatalf("the starter cell leaves search %v, want a solved one", s)
	}
	if !strings.Contains(templates.NotebookStarter, "help") {
		t.Errorf("the starter does not name help, which lists the commands")
	}
}
