package server

import (
	"strings"

	"stepviz/server/room"
	"stepviz/stepper"
	"stepviz/templates"
)

// heuristicsFile is the name the landing form's heuristics script goes by
// in its errors, as a room's (room.HeuristicsFile).
const heuristicsFile = room.HeuristicsFile

// formHeuristics reports whether the form adds the student's own
// heuristics to a built-in problem: a script problem defines its own
// (its h_NAME functions), so the field is not shown for it and ignored.
func formHeuristics(v templates.FormValues) bool {
	return v.Source != "script" && strings.TrimSpace(v.Heuristics) != ""
}

// scriptField is the landing form's field a failing script's error
// belongs to: the heuristics field when the form has one in use (a
// built-in problem runs no other script), else the problem's.
func scriptField(v templates.FormValues) string {
	if formHeuristics(v) {
		return "heuristics"
	}
	return "problem"
}

// withFormHeuristics returns inst with the form's heuristics script added
// (room.WithHeuristics, as a room's searches are built), or inst itself
// when the form has none. The text is refused over script.MaxSource bytes
// before Starlark reads it; its searches run in the sandbox with the
// server's budget (scriptSteps).
func withFormHeuristics(inst stepper.Instance, v templates.FormValues) (stepper.Instance, error) {
	if !formHeuristics(v) {
		return inst, nil
	}
	return room.WithHeuristics(inst, v.Heuristics)
}

// tryFormHeuristics takes the first step of a search of inst with o apart
// from the session's, so that a heuristic failing on the start or its
// children (a runtime error, a value that is not a number) comes back on
// the form, next to its field, rather than as a failed session. Cost: one
// expansion; the session's search starts afresh at step 0.
func tryFormHeuristics(inst stepper.Instance, o stepper.Options) error {
	trial, err := stepper.NewSearch(inst, o)
	if err != nil {
		return err
	}
	trial.Step()
	return trial.Err()
}
