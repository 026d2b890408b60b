package server

import (
	"stepviz/stepper"
	"stepviz/viz"
)

// problemInfo describes a search's instance for clients: what the problem
// view needs to draw it, how the open list is ordered (the algorithm's
// family for the depth-first iterative and bidirectional searches) and
// whether its records carry the ext byte.
func problemInfo(s *stepper.Search) ProblemInfo {
	o := s.Options()
	info := viz.DescribeProblem(s.Instance(), o, s.Warnings())
	if f := family(o.Algorithm); f != "" {
		info.Frontier = f
	}
	info.Ext = extRecords(o)
	return info
}

// family names the frontier of the algorithms whose open list is not one
// queue ordered by a key (hello.problem.frontier), "" for the others.
func family(a stepper.Algorithm) string { return viz.ProtocolFrontier(a) }

// iterStarter is the engine's IterStart (stepper, the depth-first
// iterative journal), read through an interface so a search without
// iterations costs nothing.
type iterStarter interface{ IterStart(k int) int }

// iterStart is the first id of the iteration shown at step k of s.
func iterStart(s *stepper.Search, k int) int {
	if it, ok := any(s).(iterStarter); ok {
		return it.IterStart(k)
	}
	return 0
}
