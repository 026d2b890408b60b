package kernel

import (
	"fmt"
	"sort"

	"stepviz/stepper"
	"stepviz/viz"
)

// showClosed shows what the search has expanded, in its own terms: a
// best-first search's closed list in expansion order; an ids or idastar
// search's nodes expanded in its current iteration (the earlier ones'
// trees are gone; show iteration N draws them); every expansion of RBFS,
// each with what became of the node since (still on the path, unwound
// with its f backed up, forgotten with its subtree, expanded again); a
// bidirectional search's two closed lists merged, each node with its
// side. It reads the steps one by one from the first shown, as closedHead
// does: O(maxRows) steps when nothing is reopened, at most closedScan,
// whatever the size of the search.
func (s *Session) showClosed(ls *liveSearch, title string, emit func(Output)) {
	sr := ls.search
	o := sr.Options()
	cn := sr.Counters()
	switch {
	case o.Algorithm == stepper.IDS || o.Algorithm == stepper.IDAStar:
		first := iterationFirstStep(sr)
		t := &table{head: []string{"order", "id", "state", "parent", "g", "h", "f", "depth"}}
		closed := closedFrom(sr, first, maxRows)
		for _, n := range closed {
			t.add(n.Order, n.ID, n.State, n.Parent, num(n.G), hNum(n), fNum(n), n.Depth)
		}
		if len(closed) == maxRows {
			t.note = fmt.Sprintf("... the first %d shown", maxRows)
		}
		head := "iteration 1"
		if ls.last != nil && ls.last.Deepening != nil {
			d := ls.last.Deepening
			head = fmt.Sprintf("iteration %d", d.Iteration)
			if d.Limit != nil {
				head += fmt.Sprintf(" · depth limit %d", *d.Limit)
			}
			if d.Threshold != nil {
				head += " · threshold " + d.Threshold.String()
			}
		}
		if sr.StepCount() == 0 {
			emit(titled(title+"\n"+head+": no node expanded yet", t.forSearch(o)))
			return
		}
		what := fmt.Sprintf("%s\n%s: the nodes this iteration expanded (steps %d to %d), in expansion order; each iteration grows a new tree, so the earlier iterations' nodes are not listed (show iteration N draws one)", title, head, first, sr.StepCount())
		emit(titled(what, t.forSearch(o)))
	case o.Algorithm == stepper.RBFS:
		t := &table{head: []string{"step", "id", "state", "parent", "g", "h", "stored f", "now"}}
		var buf []int
		k := min(sr.StepCount(), closedScan)
		for step := 1; step <= k && len(t.rows) < maxRows; step++ {
			buf = sr.ExpandedIn(step-1, step, buf[:0])
			if len(buf) == 0 {
				continue
			}
			n := sr.Node(buf[0])
			t.add(step, n.ID, n.State, n.Parent, num(n.G), hNum(n), fNum(n), rbfsNow(n, step))
		}
		if sr.StepCount() > len(t.rows) {
			t.note = fmt.Sprintf("... and %d more steps", sr.StepCount()-len(t.rows))
		}
		emit(titled(title+"\nevery node RBFS expanded, in expansion order, and what became of it: on the path (closed), unwound (its f backed up, open again), forgotten (in a subtree dropped on unwinding; RBFS generates it anew if it comes back)", t.forSearch(o)))
	case viz.FamilyOf(o.Algorithm) == viz.Bidirectional:
		t := &table{head: []string{"order", "dir", "id", "state", "parent", "g", "h", "f"}}
		closed := closedFrom(sr, 1, maxRows)
		for _, n := range closed {
			t.add(n.Order, n.Dir, n.ID, n.State, n.Parent, num(n.G), hNum(n), fNum(n))
		}
		if cn.Closed > len(closed) {
			t.note = fmt.Sprintf("... and %d more closed nodes", cn.Closed-len(closed))
		}
		emit(titled(title+"\nclosed lists of both searches in expansion order; dir: forward (from the start) or backward (from the goal)", t.forSearch(o)))
	default:
		t := &table{head: []string{"order", "id", "state", "parent", "g", "h", "f"}}
		closed := closedFrom(sr, 1, maxRows)
		for _, n := range closed {
			t.add(n.Order, n.ID, n.State, n.Parent, num(n.G), hNum(n), fNum(n))
		}
		if cn.Closed > len(closed) {
			t.note = fmt.Sprintf("... and %d more closed nodes", cn.Closed-len(closed))
		}
		emit(titled(title+": closed list in expansion order", t.forSearch(o)))
	}
}

// rbfsNow says what became of a node RBFS expanded at step.
func rbfsNow(n stepper.NodeInfo, step int) string {
	switch n.Status {
	case stepper.NodeClosed:
		if n.Order != step {
			return fmt.Sprintf("expanded again (last at step %d)", n.Order)
		}
		return "on the path"
	case stepper.NodeOpen:
		return "unwound: f backed up, open again"
	case stepper.NodeForgotten:
		return "forgotten"
	case stepper.NodeGoal:
		return "goal"
	}
	return n.Status.String()
}

// iterationFirstStep is the step that began the iteration shown at the
// cursor (1 for the first): the least step k with the cursor's IterStart.
// O(log steps).
func iterationFirstStep(sr *stepper.Search) int {
	cur := sr.StepCount()
	start := sr.IterStart(cur)
	return max(1, sort.Search(cur, func(k int) bool { return sr.IterStart(k) >= start }))
}
