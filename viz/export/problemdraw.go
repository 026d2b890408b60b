package export

import (
	"bytes"

	"stepviz/stepper"
	"stepviz/viz"
)

// problemDrawing returns the problem at step 0 (start and goal, nothing
// searched yet) drawn by viz.ProblemSVG, for inlining in a worksheet; ""
// if it cannot be drawn.
func problemDrawing(inst stepper.Instance) string {
	s, err := stepper.NewSearch(inst, stepper.Options{Algorithm: stepper.UCS})
	if err != nil {
		return ""
	}
	var b bytes.Buffer
	if err := viz.ProblemSVG(&b, inst, s.Snapshot(), 0); err != nil {
		return ""
	}
	return b.String()
}
