package stepper

import "sort"

// This file is the depth-first family's forgetful mode (Options.Forget):
// when IDS or IDA* begins an iteration, the nodes, ops and step records of
// the earlier ones are dropped, so that memory is that of the current
// iteration, as a recursive IDA* holds, instead of the sum of them all.
//
// Node ids stay global: the nodes held are ids [base, base+len(nodes)), a
// node's index is id-base, and every id an event, a snapshot or a path
// carries is the one the keeping mode gives. Steps stay global too: the
// journal holds steps off+1 onward (recs[j] and kind[j] are step off+j+1,
// scs[j] the scalars after step off+j), and the state after every step
// from firstHeld on can be reached by undo and redo. A step before it is
// reached by stepping again from step 0 (seek), which drops what it passes.
// The table of iterations (iters, one entry an iteration) is kept whole, so
// IterStart is right for every step.

// dfIter is one iteration: the step that began it (0 for the first) and
// the id of its root.
type dfIter struct {
	step, start int32
}

// node is node id, which must be held.
func (e *dfEngine[S]) node(id int32) *dfNode[S] { return &e.nodes[id-e.base] }

// top is the id the next node takes.
func (e *dfEngine[S]) top() int32 { return e.base + int32(len(e.nodes)) }

// dropped reports whether node id was made and dropped (Options.Forget):
// an id of an earlier iteration.
func (e *dfEngine[S]) dropped(id int32) bool { return id >= 0 && id < e.base }

// firstHeld is the first step whose state is held: 0 unless Options.Forget
// dropped earlier iterations, else the step that began the iteration that
// was current at the furthest step.
func (e *dfEngine[S]) firstHeld() int {
	if e.off == 0 {
		return 0
	}
	return e.off + 1
}

// dropEarlier forgets every node, op, backup and step record made before
// the step being taken, which begins a new iteration: only its own journal
// entry (made, still empty, by advance) and the scalars before it stay.
// The slices keep their capacity for the new iteration. O(1).
func (e *dfEngine[S]) dropEarlier() {
	r := e.recs[len(e.recs)-1]
	k := e.furthest() - 1 // this step is k+1
	e.nodes = e.nodes[:copy(e.nodes, e.nodes[r.firstNode-e.base:])]
	e.base = r.firstNode
	e.ops = e.ops[:copy(e.ops, e.ops[r.firstOp:])]
	e.blog = e.blog[:copy(e.blog, e.blog[r.firstBack:])]
	// flog is RBFS's, which has one iteration and never drops
	e.scs = e.scs[:copy(e.scs, e.scs[len(e.scs)-1:])]
	e.kind = e.kind[:copy(e.kind, e.kind[k-e.off:])]
	r.firstOp, r.firstBack = 0, 0
	e.recs = append(e.recs[:0], r)
	e.off = k
	e.dx = deltaIndex{base: e.base}
}

// iterAt is the iteration shown at step k: the last one begun by step k.
// O(log iterations).
func (e *dfEngine[S]) iterAt(k int) dfIter {
	i := sort.Search(len(e.iters), func(i int) bool { return int(e.iters[i].step) > k })
	return e.iters[max(i-1, 0)]
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
