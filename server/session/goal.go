package session

import "math"

// goalTarget is the step "Run to goal" (and the next contour) seeks: far
// enough past step for any search under the node limit to end (the node
// limit ends every search but a depth-first one in bounded mode; four
// steps a node also bounds one that reopens nodes over and over), and no
// further, so one request searches at most 4·maxNodes steps: a bounded
// search that has not ended stops there, running, and the next request
// goes on. It saturates instead of overflowing, so a huge limit can never
// wrap to a negative step and send the session back to step 0.
func goalTarget(step, maxNodes int) int {
	if maxNodes <= 0 {
		return step
	}
	if maxNodes > (math.MaxInt-step)/4 {
		return math.MaxInt
	}
	return step + 4*maxNodes
}
