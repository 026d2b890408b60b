package session

import (
	"stepviz/stepper"
	"stepviz/viz"
	codec "stepviz/wire"
)

// describe describes a search's instance for clients: what the problem
// view needs to draw it, how the open list is ordered (the algorithm's
// family for the depth-first iterative and bidirectional searches) and
// whether its records carry the ext byte.
func describe(s *stepper.Search) problemInfo { return viz.DescribeSearch(s) }

// family names the frontier of the algorithms whose open list is not one
// queue ordered by a key (hello.problem.frontier), "" for the others.
func family(a stepper.Algorithm) string { return viz.ProtocolFrontier(a) }

// iterStart is the first id of the iteration shown at step k of s.
func iterStart(s *stepper.Search, k int) int { return codec.IterStart(s, k) }
