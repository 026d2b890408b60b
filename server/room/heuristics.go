package room

import (
	"strings"

	"stepviz/internal/usererr"
	"stepviz/script"
	"stepviz/stepper"
)

// HeuristicsFile is the name a lecturer's or student's own heuristics
// script goes by in its errors ("mine.star:3:12: ..."), in a trace and in
// the Check h report's command line: the file docs/scripts.md has students
// save.
const HeuristicsFile = "mine.star"

// ScriptSteps is the Starlark step budget of a search on a script a page
// gives (the home form's or a room's): a tenth of the command line's
// (script.SearchSteps), a second or two of one core, so that no visitor
// can hold the server's CPU.
const ScriptSteps = 50_000_000

// WithHeuristics returns inst with the heuristics script text added
// (script.WithHeuristicsBudget, sandboxed with ScriptSteps), or inst
// itself when text is blank. The text is refused over script.MaxSource
// bytes before Starlark reads it; a syntax error names its line in
// HeuristicsFile. Cost: one parse of text.
func WithHeuristics(inst stepper.Instance, text string) (stepper.Instance, error) {
	if strings.TrimSpace(text) == "" {
		return inst, nil
	}
	if len(text) > script.MaxSource {
		return nil, usererr.Errorf("server", "your heuristic has %d bytes; at most %d: keep only its def h_NAME(s) functions", len(text), script.MaxSource)
	}
	src := stepper.ExtraSource{Where: HeuristicsFile, Text: strings.ReplaceAll(text, "\r\n", "\n")}
	return script.WithHeuristicsBudget(inst, ScriptSteps, src)
}
