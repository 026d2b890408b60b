package stepper

import "errors"

// Graph is a weighted graph problem. PLACEHOLDER: being written (issue 2).
type Graph struct{}

// ParseGraph parses the arguments of a graph problem line.
func ParseGraph(args []string) (*Graph, error) {
	return nil, errors.New("stepper: graph: not written yet")
}

// Kind is "graph".
func (p *Graph) Kind() string { return "graph" }

// Spec is the problem line. PLACEHOLDER.
func (p *Graph) Spec() string { return "graph" }

// Heuristics names the heuristics. PLACEHOLDER.
func (p *Graph) Heuristics() []string { return nil }

func (p *Graph) newEngine(o Options) (searchEngine, error) {
	return nil, errors.New("stepper: graph: not written yet")
}
