package stepper

import "errors"

// Grid is a grid problem. PLACEHOLDER: being written (issue 2).
type Grid struct{ w, h int }

// ParseGrid parses the arguments of a grid problem line.
func ParseGrid(args []string) (*Grid, error) {
	return nil, errors.New("stepper: grid: not written yet")
}

// Kind is "grid".
func (p *Grid) Kind() string { return "grid" }

// Spec is the problem line. PLACEHOLDER.
func (p *Grid) Spec() string { return "grid" }

// Heuristics names the heuristics. PLACEHOLDER.
func (p *Grid) Heuristics() []string { return nil }

func (p *Grid) newEngine(o Options) (searchEngine, error) {
	return nil, errors.New("stepper: grid: not written yet")
}
