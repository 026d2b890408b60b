package server

import (
	"stepviz/stepper"
	"stepviz/viz"
)

// problemInfo describes a search's instance for clients: what the problem
// view needs to draw it, and how the open list is ordered.
func problemInfo(s *stepper.Search) ProblemInfo {
	return viz.DescribeProblem(s.Instance(), s.Options(), s.Warnings())
}
