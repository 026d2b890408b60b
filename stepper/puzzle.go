package stepper

import "errors"

// Puzzle is a sliding-tile puzzle. PLACEHOLDER: being written (issue 2).
type Puzzle struct{ n int }

// ParsePuzzle parses the arguments of "puzzle <tiles> [goal=<tiles>]".
func ParsePuzzle(args []string) (*Puzzle, error) {
	return nil, errors.New("stepper: puzzle: not written yet")
}

// Kind is "puzzle".
func (p *Puzzle) Kind() string { return "puzzle" }

// Spec is the problem line. PLACEHOLDER.
func (p *Puzzle) Spec() string { return "puzzle" }

// Heuristics names the heuristics. PLACEHOLDER.
func (p *Puzzle) Heuristics() []string { return nil }

func (p *Puzzle) newEngine(o Options) (searchEngine, error) {
	return nil, errors.New("stepper: puzzle: not written yet")
}
