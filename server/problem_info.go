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
	} else if s.NodeEnd(s.Horizon()) > 1 && s.Record(1).Backward {
		info.Frontier = "bidirectional" // one added later (biastar): node 1 roots the goal's tree
	}
	info.Ext = extRecords(o)
	return info
}

// family names the frontier of the algorithms whose open list is not one
// queue ordered by a key (hello.problem.frontier), "" for the others.
func family(a stepper.Algorithm) string {
	switch a {
	case stepper.IDS, stepper.IDAStar:
		return "stack"
	case stepper.RBFS:
		return "rbfs"
	case stepper.BiBFS, stepper.BiUCS:
		return "bidirectional"
	}
	return ""
}

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
