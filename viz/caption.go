package viz

import (
	"fmt"
	"strings"

	"stepviz/stepper"
)

// searched reports whether snap describes a search, whose start at least
// is a node, rather than the problem alone: the zero Snapshot a worksheet
// draws, which gives no g, h or f away.
func searched(snap stepper.Snapshot) bool { return len(snap.Tree) > 0 || len(snap.Open) > 0 }

// sceneCaption is a problem view's caption: what it shows (name, such as
// "Grid 8×4" or "Map") and, for a search, the step with its open and
// closed counts.
func sceneCaption(name string, snap stepper.Snapshot) string {
	if !searched(snap) {
		return name
	}
	return fmt.Sprintf("%s at step %d: %d open, %d closed", name, snap.Step, len(snap.Open), len(snap.Closed))
}

// sceneLabel is the view's accessible name: its caption's subject, in
// lower case, and the step for a search.
func sceneLabel(name string, snap stepper.Snapshot) string {
	name = strings.ToLower(name[:1]) + name[1:]
	if !searched(snap) {
		return name
	}
	return fmt.Sprintf("%s at step %d", name, snap.Step)
}
