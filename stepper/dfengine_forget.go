package stepper

import "sort"

// This file is the depth-first family's forgetful mode (Options.Forget),
// for callers that only step forward. Before each new step the journal of
// the steps before it is dropped (the ops, backups, RBFS's frames, the
// step records and scalars), and when IDS or IDA* begins an iteration the
// nodes of the earlier ones are dropped too; so the search holds the
// current iteration's nodes and one step's journal, as a recursive IDA*
// holds its path, instead of every node of every iteration and about 240
// bytes of journal a step.
//
// Node ids stay global: the nodes held are ids from the current
// iteration's root on (dfengine_linear.go; Options.Linear holds fewer),
// and every id an event, a snapshot or a path carries is the one the
// keeping mode gives. Steps stay global too: the
// journal holds steps off+1 onward (recs[j] and kind[j] are step off+j+1,
// scs[j] the scalars after step off+j). The cursor is always the furthest
// step: a seek back steps again from step 0 (seek), dropping as it goes.
// The table of iterations (iters, one entry an iteration) is kept whole, so
// IterStart is right for every step.

// dfIter is one iteration: the step that began it (0 for the first) and
// the id of its root.
type dfIter struct {
	step, start int32
}

// dropped reports whether node id was made and dropped (Options.Forget):
// an id of an earlier iteration or, with Options.Linear, of a finished
// subtree.
func (e *dfEngine[S]) dropped(id int32) bool { return id >= 0 && id < e.top() && !e.held(id) }

// firstHeld is the first step whose state is held: 0 until Options.Forget
// dropped a step, then the current step.
func (e *dfEngine[S]) firstHeld() int {
	if e.off == 0 {
		return 0
	}
	return e.off + 1
}

// dropSteps forgets the journal of every step before the one advance is
// about to take (the cursor is the furthest step): only the scalars at the
// cursor stay. The slices keep their capacity. O(1).
func (e *dfEngine[S]) dropSteps() {
	e.scs = e.scs[:copy(e.scs, e.scs[len(e.scs)-1:])]
	e.off += len(e.recs)
	e.recs, e.kind, e.ops, e.blog, e.flog = e.recs[:0], e.kind[:0], e.ops[:0], e.blog[:0], e.flog[:0]
	e.dx = deltaIndex{base: e.blocks[0].first}
}

// dropNodes forgets the nodes of the earlier iterations when the step
// being taken begins a new one (its root not made yet). O(1).
func (e *dfEngine[S]) dropNodes() {
	e.resetNodes()
	e.dx = deltaIndex{base: e.top()}
}

// iterAt is the iteration shown at step k: the last one begun by step k.
// O(log iterations).
func (e *dfEngine[S]) iterAt(k int) dfIter {
	i := sort.Search(len(e.iters), func(i int) bool { return int(e.iters[i].step) > k })
	return e.iters[max(i-1, 0)]
}

// itersUpTo is the table of the iterations begun by step k (a prefix of
// iters, not a copy: callers only read it), after rebuilding the journal
// of a search run by the fast path. O(log iterations).
func (e *dfEngine[S]) itersUpTo(k int) []dfIter {
	e.journal()
	return e.iters[:sort.Search(len(e.iters), func(i int) bool { return int(e.iters[i].step) > k })]
}

// nodeEndDropped is nodeEnd for a step k whose record was dropped: the
// ids made by the end of k's iteration, which is NodeEnd(k) exactly at the
// iteration's last step and an upper bound before it (the per-step counts
// are what forgetting saves).
func (e *dfEngine[S]) nodeEndDropped(k int) int {
	i := sort.Search(len(e.iters), func(i int) bool { return int(e.iters[i].step) > k })
	if i < len(e.iters) {
		return int(e.iters[i].start)
	}
	return int(e.top())
}

// droppedInfo is what Node tells of an id not held: its id and that it
// belongs to an iteration dropped (Options.Forget); nothing else is known.
func droppedInfo(id int32) NodeInfo {
	return NodeInfo{ID: int(id), Parent: -1, Seq: -1, Step: -1, Status: NodeDropped}
}

// droppedRecord is the record of an id not held: Born -1, nothing known.
var droppedRecord = NodeRecord{Parent: -1, Seq: -1, Born: -1, Cell: -1}
