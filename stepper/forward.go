package stepper

import (
	"slices"
	"sort"
)

// This file is the best-first engine's forward-only mode (Options.Forget):
// for a caller that only steps forward (solve, trace, scen, korf, check,
// the notebook's compare) the engine keeps no journal: no record of each
// step's counters and no mod of each re-parenting, since nothing will
// replay or undo them. What it keeps of each past step is its stepIndex,
// 8 bytes, because every NodeInfo reports the step that generated the node
// and a closed node's insertion number; the cursor's own record, whose
// counters Counters reports, is kept whole. Events, counters, snapshots,
// paths and node ids are those of the journaled mode. Seek to an earlier
// step starts again from step 0: O(steps).

// stepIndex is what a forward-only search keeps of one past step.
type stepIndex struct{ firstNode, poppedSeq int32 }

// journaled reports whether the engine keeps its journal (records, mods).
func (e *engine[S]) journaled() bool { return !e.o.Forget }

// addMod records a re-parenting, reopening or pruning: in the journal, or
// only counted in forward-only mode.
func (e *engine[S]) addMod(m mod) {
	if e.journaled() {
		e.mods = append(e.mods, m)
		return
	}
	e.modN++
}

// modLen is how many mods were made so far.
func (e *engine[S]) modLen() int32 {
	if e.journaled() {
		return int32(len(e.mods))
	}
	return e.modN
}

// restart goes back to step 0 by starting the search again, in forward-
// only mode, which has no journal to undo or rewind with. O(nodes) to
// release, then the steps taken again are searched.
func (e *engine[S]) restart() {
	e.nodes.truncate(0)
	e.past.reset()
	e.last, e.modN = stepRecord{}, 0
	e.cur, e.err, e.displaced, e.dx = 0, nil, nil, deltaIndex{}
	e.init()
}

// firstHeld is the first step the engine can seek to without starting
// again: 0 with the journal, the cursor without it.
func (e *engine[S]) firstHeld() int {
	if e.journaled() {
		return 0
	}
	return e.cur
}

// pastStepOf is stepOf without the journal: a search of the step index.
func (e *engine[S]) pastStepOf(id int32) int {
	return sort.Search(e.past.len(), func(i int) bool { return e.past.at(i).firstNode > id })
}

// closedInOrder lists each closed node once, at its last expansion, in
// expansion order, from the nodes' marks (a closed node's mark is the step
// that expanded it last): what Snapshot.Closed holds. O(nodes + closed ·
// log closed).
func (e *engine[S]) closedInOrder() []int32 {
	var ids []int32
	for id := int32(0); id < int32(e.nodes.len()); id++ {
		if e.nodes.at(id).status == st8Closed {
			ids = append(ids, id)
		}
	}
	slices.SortFunc(ids, func(a, b int32) int { return int(e.nodes.at(a).mark - e.nodes.at(b).mark) })
	return ids
}

// journalLen is how many step records and mods the journal holds.
func (e *engine[S]) journalLen() (records, mods int) { return e.records.len(), len(e.mods) }
