package export

import (
	"bytes"

	"stepviz/stepper"
	"stepviz/viz"
)

// problemDrawing returns the problem drawn by viz.ProblemSVG with nothing
// searched (an empty snapshot: no node, so no g, h or f is given away), for
// inlining in a worksheet; "" if it cannot be drawn.
func problemDrawing(inst stepper.Instance) string {
	var b bytes.Buffer
	if err := viz.ProblemSVG(&b, inst, stepper.Snapshot{}, -1); err != nil {
		return ""
	}
	return b.String()
}
