package session

import (
	"math"
	"testing"
)

// TestGoalTargetSaturates: "Run to goal" seeks far enough past the step for
// any search under the node limit to end, and never past math.MaxInt.
func TestGoalTargetSaturates(t *testing.T) {
	for _, tc := range []struct{ step, max, want int }{
		{0, 100, 400},
		{7, 100_000, 400_007},
		{5, math.MaxInt, math.MaxInt},
		{math.MaxInt - 3, 1, math.MaxInt},
		{5, math.MaxInt / 4, math.MaxInt},
		{3, 0, 3},
	} {
		if got := goalTarget(tc.step, tc.max); got != tc.want {
			t.Errorf("goalTarget(%d, %d) = %d, want %d", tc.step, tc.max, got, tc.want)
		}
	}
}
