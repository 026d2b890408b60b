package session

import (
	"fmt"

	"stepviz/stepper"
)

// The depth-first family (ids, idastar, rbfs, dls tested on expansion)
// keeps its journal, every node of every iteration, up to the session's
// node limit: back undoes steps from it and the page shows every
// iteration's tree. At the limit the hub replaces the live search by one
// in stepper's seekable bounded mode (Options.Checkpoint) stepped to the
// same step, as the notebook does (kernel/bounded.go): it holds the path
// and its pending siblings (RBFS: its frames' children) and at most 64
// checkpoints (and as many laid by a seek back), so the session steps on
// for as long as the lecturer likes in O(depth · branching) nodes, and
// back restores a checkpoint and searches forward. Its events, ids and counters are the journaled
// search's. From then on every message carries the nodes held, with their
// real ids (wire.View.Held), and the page says that the others are
// dropped.
//
// The switch point is the session's node limit, not a fixed figure like
// the notebook's: the session reserved its limit × NodeBytes from the
// memory budget when it started (memory.go), so the journal fills exactly
// what was reserved and the bounded search, far smaller, stays inside it.

// atCap reports whether s, the live search, stands at the session's node
// limit (capReached): the next step forward goes on in bounded mode
// (toBounded). O(1).
func (h *hub) atCap(s *stepper.Search) bool {
	return h.sess != nil && capReached(s, h.sess.maxNodes)
}

// capReached reports whether s journals a depth-first search that holds
// maxNodes nodes at its horizon, or that its own node cap, at least
// maxNodes, stopped there. A cap the search line asked for below the
// session's limit (maxnodes=) is honoured: that search ends "limit
// reached" as asked. A step within the horizon (after a back) redoes a
// journaled step and stores nothing. O(1).
func capReached(s *stepper.Search, maxNodes int) bool {
	if maxNodes <= 0 || !depthFirstFamily(s.Options()) || bounded(s) {
		return false
	}
	hz := s.Horizon()
	if s.StepCount() < hz {
		return false
	}
	if s.Status() == stepper.LimitReached {
		return s.Options().MaxNodes >= maxNodes
	}
	return s.NodeEnd(hz) >= maxNodes && !s.Status().Done()
}

// boundedAt is a new search in bounded mode at s's step (the step before,
// if the journaled search's own node cap stopped it there: the bounded
// search's cap counts the nodes held, so it goes on), or nil if it cannot
// reach it. O(steps).
func boundedAt(s *stepper.Search) *stepper.Search {
	k := s.StepCount()
	if s.Status() == stepper.LimitReached {
		k--
	}
	o := s.Options()
	o.Checkpoint = true
	b, err := stepper.NewSearch(s.Instance(), o)
	if err != nil || b.Seek(k) != k {
		return nil
	}
	return b
}

// toBounded replaces the live search, at its cap, by boundedAt's, and
// drops what the journal held: the scratch search, the live records, the
// list caches, the chart's points past the step. Clients' models are
// replaced by the next message they get (every bounded message carries
// the nodes held). It returns the live search, left as it was if the new
// one cannot reach its step. O(steps) once.
func (h *hub) toBounded() *stepper.Search {
	b := boundedAt(h.search)
	if b == nil {
		return h.search
	}
	k := b.StepCount()
	h.search, h.scratch = b, nil
	h.history.truncate(k + 1)
	h.liveRecs, h.liveRecsValid = nil, false
	h.lists, h.heads = listCache{}, headCache{}
	h.liveVersion++
	h.last = nil
	if k > 0 {
		if ev, err := b.EventAt(k); err == nil {
			h.last = &ev
		}
	}
	return b
}

// SeekCapped moves s, a search at step 0, to step k as a session with
// node limit maxNodes takes it there (a room or lecture rebuilt at its
// step): a depth-first search that reaches the limit on the way goes on
// in bounded mode, in a new search, which is returned; any other is s,
// moved to k or to its end. Memory is what the session's would be. O(k)
// steps.
func SeekCapped(s *stepper.Search, k, maxNodes int) *stepper.Search {
	for s.StepCount() < k {
		if capReached(s, maxNodes) {
			b := boundedAt(s)
			if b == nil {
				break
			}
			s = b
			s.Seek(k)
			break
		}
		if s.Status().Done() {
			break
		}
		s.Run(1)
	}
	return s
}

// forward is the live search ready for a step forward: switched to
// bounded mode first when it stands at its cap.
func (h *hub) forward() *stepper.Search {
	if h.atCap(h.search) {
		return h.toBounded()
	}
	return h.search
}

// advance takes one step of the live search with step (which reports
// whether it took one), switching to bounded mode first at the cap; a
// step that the journaled search's own node cap ended ("limit reached",
// as the session's limit is reached) is taken again in bounded mode, so
// no client is ever shown a limit the session goes past. It reports
// whether a step was taken; h.search is the search that took it.
func (h *hub) advance(step func(*stepper.Search) bool) bool {
	s := h.forward()
	if h.atCap(s) || !step(s) {
		return false
	}
	if h.atCap(s) && s.Status() == stepper.LimitReached {
		if b := h.toBounded(); b != s {
			return step(b)
		}
	}
	return true
}

// bounded reports whether s holds only its path and pending siblings.
func bounded(s *stepper.Search) bool { return s.Options().Checkpoint }

// depthFirstFamily reports whether o's search is one of those that keep a
// path rather than a tree (ids, idastar, rbfs, dls tested on expansion).
func depthFirstFamily(o stepper.Options) bool {
	a := o.Algorithm
	return a == stepper.IDS || a == stepper.IDAStar || a == stepper.RBFS || a == stepper.DLS && o.Goal == stepper.OnExpand
}

// heldNote is what a message's narration adds once the search is bounded,
// in the words the notebook's views use: what is held, what is dropped,
// and why.
func (h *hub) heldNote() string {
	return fmt.Sprintf(" (This search went past the session's limit of %d nodes, so it now holds only its current path and the pending siblings of each node on it, all a depth-first search needs; the other nodes are dropped and not drawn. Going back replays it from a checkpoint.)", h.sess.maxNodes)
}
