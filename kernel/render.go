package kernel

import (
	"fmt"
	"strings"

	"stepviz/stepper"
)

// problemSVG draws the problem at a snapshot, the selected node
// highlighted.
func problemSVG(inst stepper.Instance, snap stepper.Snapshot, selected int) (string, error) {
	return "", fmt.Errorf("kernel: drawing not available yet")
}

// treeSVG draws the search tree of a snapshot.
func treeSVG(inst stepper.Instance, snap stepper.Snapshot, selected int) (string, error) {
	return "", fmt.Errorf("kernel: drawing not available yet")
}

// narrate says in words what one step did.
func narrate(ev stepper.Event) string {
	var b strings.Builder
	e := ev.Expanded
	fmt.Fprintf(&b, "step %d: expand #%d %s (g=%s h=%s f=%s)", ev.Step, e.ID, e.State,
		stepper.FormatNumber(e.G), stepper.FormatNumber(e.H), stepper.FormatNumber(e.F))
	if len(ev.Children) > 0 {
		var kids []string
		for _, c := range ev.Children {
			kids = append(kids, fmt.Sprintf("#%d %s %s", c.ID, c.State, c.Fate))
		}
		fmt.Fprintf(&b, "; children: %s", strings.Join(kids, ", "))
	}
	if ev.Status != stepper.Running {
		fmt.Fprintf(&b, "; %s", ev.Status)
	}
	return b.String()
}
