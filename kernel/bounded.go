package kernel

import "stepviz/stepper"

// boundedAfter is where a notebook's depth-first search (ids, idastar,
// rbfs, dls) stops holding its tree. Up to it the search keeps its journal,
// every node of every iteration, so show tree, show closed and show
// iteration list them all and back undoes steps; once it holds this many
// nodes it goes on in stepper's seekable bounded mode
// (stepper.Options.Checkpoint): the path and its pending siblings plus at
// most 64 checkpoints, so it steps on for as long as it runs in memory
// O(depth · branching), and back restores a checkpoint and searches
// forward. The views then show the nodes held and list the others as
// dropped. A fixed figure, not the node cap: the cap bounds a journaled
// search's memory at about 300 bytes a node, this bounds what it reaches
// before it stops growing. A variable only so that
// BenchmarkBoundedSession can measure a session that never leaves the
// journal.
var boundedAfter = 100_000

// bounded moves ls's search to the bounded mode once a depth-first search
// holds boundedAfter nodes: a new search in that mode stepped to the same
// step, O(steps) once. Any other search is left as it is. It returns the
// search to step.
func (s *Session) bounded(ls *liveSearch) *stepper.Search {
	sr := ls.search
	o := sr.Options()
	if o.Checkpoint || !depthFirstFamily(o) || sr.NodeEnd(sr.Horizon()) < boundedAfter || sr.Status().Done() {
		return sr
	}
	o.Checkpoint = true
	nsr, err := stepper.NewSearch(sr.Instance(), o)
	if err != nil {
		return sr
	}
	if nsr.Seek(sr.StepCount()) != sr.StepCount() {
		return sr
	}
	ls.search = nsr
	return nsr
}

// depthFirstFamily reports whether o's search is one of those that keep a
// path rather than a tree (ids, idastar, rbfs, dls tested on expansion).
func depthFirstFamily(o stepper.Options) bool {
	a := o.Algorithm
	return a == stepper.IDS || a == stepper.IDAStar || a == stepper.RBFS || a == stepper.DLS && o.Goal == stepper.OnExpand
}
