package stepper

import "fmt"

// This file moves the cursor over the steps already computed. The journal
// entry of step k+1 is records[k]; the nodes it made are [firstNode, end)
// and its mods [firstMod, end), where end is the next record's first (or
// the horizon's length). Within a step, mods and new nodes interleave in
// the order the children were generated: a mod with nodesBefore = L came
// after node L-1 was made and before node L.

// horizon is the furthest step computed.
func (e *engine[S]) horizon() int {
	if e.journaled() {
		return e.records.len()
	}
	return e.cur
}

// stepEnds returns where the nodes and mods of records[k] end.
func (e *engine[S]) stepEnds(k int) (nodeEnd, modEnd int32) {
	if k+1 < e.records.len() {
		return e.records.at(k + 1).firstNode, e.records.at(k + 1).firstMod
	}
	return int32(e.nodes.len()), e.modLen()
}

// visibleNodes is how many nodes exist at the cursor.
func (e *engine[S]) visibleNodes() int32 {
	if e.cur < e.records.len() {
		return e.records.at(e.cur).firstNode
	}
	return int32(e.nodes.len())
}

// cursorRecord is the record of the step the cursor stands at, nil at step 0.
func (e *engine[S]) cursorRecord() *stepRecord {
	if e.cur == 0 {
		return nil
	}
	if !e.journaled() {
		return &e.last
	}
	return e.records.at(e.cur - 1)
}

// advance takes the next step: from the journal when the cursor is behind
// the horizon, by searching when it is at it. The caller checks the status.
func (e *engine[S]) advance(ev *Event) {
	if e.cur < e.records.len() {
		e.redo(ev)
	} else {
		e.step(ev)
		e.checkFailed()
	}
}

// state is the status at the cursor: every step before the horizon was
// followed by another, so it was running.
func (e *engine[S]) state() Status {
	if e.cur < e.records.len() {
		return Running
	}
	return e.status
}

// isCutoffPop reports whether step k+1 selected a node at the depth limit.
func (e *engine[S]) isCutoffPop(k int) bool {
	prev := int32(0)
	if k > 0 {
		prev = e.records.at(k - 1).cutoffs
	}
	return e.records.at(k).cutoffs != prev
}

// isGoalPop reports whether step k+1 selected the goal (and expanded nothing).
func (e *engine[S]) isGoalPop(k int) bool {
	prev := int32(0)
	if k > 0 {
		prev = e.records.at(k - 1).expandedN
	}
	return e.records.at(k).expandedN == prev && !e.isCutoffPop(k) && !e.isStalePop(k)
}

// isStalePop reports whether step k+1 selected a node of the lazy frontier
// whose state was expanded already (and discarded it).
func (e *engine[S]) isStalePop(k int) bool {
	prev := int32(0)
	if k > 0 {
		prev = e.records.at(k - 1).stale
	}
	return e.records.at(k).stale != prev
}

// redo replays step cur+1 from the journal: the same frontier operations in
// the same order as when it was computed, with no successor generation and
// no seen-map work (h is recomputed for the keys of the nodes it pushes).
// O(children · log open).
func (e *engine[S]) redo(ev *Event) {
	k := e.cur
	rec := e.records.at(k)
	nodeEnd, modEnd := e.stepEnds(k)
	id := e.front.pop()
	if id != rec.expanded {
		panic(fmt.Sprintf("stepper: journal out of step at step %d: popped node %d, recorded %d", k+1, id, rec.expanded))
	}
	e.collectTies(ev, id)
	e.notes, e.pruned = e.notes[:0], e.pruned[:0]
	n := e.nodes.at(id)
	e.cur++
	if e.isStalePop(k) {
		n.status, n.mark = st8Stale, int32(k+1)
		e.redoPrunes(ev, rec.firstMod, modEnd)
		return
	}
	if e.isCutoffPop(k) {
		n.status, n.mark = st8Cutoff, int32(k+1)
		e.redoPrunes(ev, rec.firstMod, modEnd)
		return
	}
	if e.isGoalPop(k) {
		n.status, n.mark = st8Goal, int32(k+1)
		return
	}
	n.status, n.mark = st8Closed, int32(k+1)
	if ev != nil && e.o.Duplicates == DropDuplicates {
		prunes := e.prunesFrom(rec.firstMod, modEnd)
		e.replayChildren(ev, rec, nodeEnd, prunes)
		e.firstChildFirst(rec.firstNode, nodeEnd)
		e.redoPrunes(ev, prunes, modEnd)
		return
	}
	mi := rec.firstMod
	applyMods := func(upTo int32) {
		for ; mi < modEnd && e.mods[mi].nodesBefore <= upTo; mi++ {
			e.redoMod(ev, &e.mods[mi])
		}
	}
	for cid := rec.firstNode; cid < nodeEnd; cid++ {
		applyMods(cid)
		c := e.nodes.at(cid)
		switch c.status {
		case st8Open:
			e.front.push(cid, e.nodeKey(cid))
			e.note(ev, cid, -1, FateAdded, 0, 0)
		case st8DupOpen, st8DupClosed:
			existing := int32(-1)
			if ev != nil {
				existing, _ = e.seen.get(c.state)
				existing = e.seenBefore(existing, cid)
			}
			e.note(ev, cid, existing, c.status.fate(), 0, 0)
		default:
			e.note(ev, cid, -1, c.status.fate(), 0, 0)
		}
	}
	applyMods(nodeEnd)
	e.firstChildFirst(rec.firstNode, nodeEnd)
}

// redoMod applies a re-parenting or reopening again.
func (e *engine[S]) redoMod(ev *Event, m *mod) {
	c := e.nodes.at(m.id)
	if m.pruned {
		e.dropPruned(m.id)
		return
	}
	e.apply(c, m.new)
	if m.wasClosed {
		c.status = st8Open
		e.front.push(m.id, e.nodeKey(m.id))
		e.note(ev, m.id, m.id, FateReopened, m.old.g, m.old.parent)
		return
	}
	e.front.fix(m.id, e.nodeKey(m.id))
	e.note(ev, m.id, m.id, FateReparented, m.old.g, m.old.parent)
}

// undo takes back step cur: the inverse frontier operations in reverse
// order, and the old values of every mod. O(children · log open).
func (e *engine[S]) undo() {
	k := e.cur - 1
	rec := e.records.at(k)
	nodeEnd, modEnd := e.stepEnds(k)
	mi := modEnd - 1
	undoMods := func(after int32) {
		for ; mi >= rec.firstMod && e.mods[mi].nodesBefore > after; mi-- {
			m := &e.mods[mi]
			c := e.nodes.at(m.id)
			if m.pruned {
				c.status = st8Open
				e.front.push(m.id, e.nodeKey(m.id))
				continue
			}
			if m.wasClosed {
				e.front.unpush(m.id)
				c.status = st8Closed
			}
			e.apply(c, m.old)
			if !m.wasClosed {
				e.front.fix(m.id, e.nodeKey(m.id))
			}
		}
	}
	for cid := nodeEnd - 1; cid >= rec.firstNode; cid-- {
		undoMods(cid)
		if e.nodes.at(cid).status == st8Open {
			e.front.unpush(cid)
		}
	}
	undoMods(rec.firstNode - 1)
	n := e.nodes.at(rec.expanded)
	n.status, n.mark = st8Open, rec.poppedSeq
	e.front.unpop(rec.expanded, e.nodeKey(rec.expanded))
	e.cur--
}

// rewind goes back to step 0 in O(steps + mods) without undoing step by
// step: every mod up to the cursor takes back its old values, every
// expanded node is open again with its first insertion number, and the
// frontier holds the root alone.
func (e *engine[S]) rewind() {
	if e.cur == 0 {
		return
	}
	// Step by step backwards, as undo does: a step's mods came after its
	// pop, so they are taken back first (open=reparent-new changes the
	// insertion number of a node before it is first popped).
	_, mi := e.stepEnds(e.cur - 1)
	for k := e.cur - 1; k >= 0; k-- {
		for ; mi > e.records.at(k).firstMod; mi-- {
			m := &e.mods[mi-1]
			e.apply(e.nodes.at(m.id), m.old)
			if m.pruned {
				e.nodes.at(m.id).status = st8Open
			}
		}
		n := e.nodes.at(e.records.at(k).expanded)
		n.status, n.mark = st8Open, e.records.at(k).poppedSeq
	}
	e.front.clear()
	e.front.push(0, e.nodeKey(0))
	e.cur = 0
}

// seek moves the cursor to step k (or the last step, if the search ends
// first) by the cheapest of undoing, rewinding and replaying, or replaying
// from where it is; past the horizon it searches.
func (e *engine[S]) seek(k int) int {
	if k < e.cur && !e.journaled() {
		e.restart()
	}
	if k < e.cur {
		undoCost := e.cur - k
		rewindCost := k + int(e.visibleNodes())/8
		if rewindCost < undoCost {
			e.rewind()
		} else {
			for e.cur > k {
				e.undo()
			}
		}
	}
	for e.cur < k && !e.state().Done() {
		e.advance(nil)
	}
	return e.cur
}

// replayChildren redoes the children of step rec when dropped duplicates
// must appear in the event: it generates the expanded node's successors
// again and matches each, in order, with the step's next new node, its next
// mod, or else a duplicate that was dropped. At this point the nodes made by
// the step still have the values they were made with.
func (e *engine[S]) replayChildren(ev *Event, rec *stepRecord, nodeEnd, modEnd int32) {
	parent := rec.expanded
	p := e.nodes.at(parent)
	e.succ = e.order(e.p.Successors(p.state, e.succ[:0]))
	next, mi := rec.firstNode, rec.firstMod
	for i := range e.succ {
		sc := &e.succ[i]
		g := p.g + sc.Cost
		if next < nodeEnd {
			if c := e.nodes.at(next); c.state == sc.State && c.parent == parent && c.g == g {
				switch c.status {
				case st8Open:
					e.front.push(next, e.nodeKey(next))
				case st8GoalBorn:
					e.note(ev, next, -1, FateGoal, 0, 0)
					return
				}
				e.note(ev, next, -1, c.status.fate(), 0, 0)
				next++
				continue
			}
		}
		existing, _ := e.seen.get(sc.State)
		existing = e.seenBefore(existing, next)
		if mi < modEnd {
			if m := &e.mods[mi]; m.id == existing && m.new.parent == parent && m.new.g == g {
				e.redoMod(ev, m)
				mi++
				continue
			}
		}
		fate := FateOpen
		if e.nodes.at(existing).status == st8Closed {
			fate = FateClosed
		}
		e.notes = append(e.notes, childNote{id: -1, existing: existing, fate: fate, succ: int32(i)})
	}
	if next != nodeEnd || mi != modEnd {
		panic(fmt.Sprintf("stepper: journal out of step replaying step %d: %d nodes and %d mods left", e.cur, nodeEnd-next, modEnd-mi))
	}
}
