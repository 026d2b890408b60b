package problemtest

import "stepviz/stepper"

// NeverGoal hides the goal from a search so that it runs until the state
// space is exhausted.
type NeverGoal[S comparable] struct{ stepper.Problem[S] }

// IsGoal is false for every state.
func (NeverGoal[S]) IsGoal(S) bool { return false }
