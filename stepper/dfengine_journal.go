package stepper

import (
	"fmt"
	"slices"
)

// This file is the depth-first family's journal. A step changes a few
// nodes (the one it selects; RBFS's backed-up f and forgotten subtrees),
// the stack (IDS, IDA*) or RBFS's frames, and the engine's scalars; it
// makes new nodes at the end of the node list. Every change is an op with
// its old and new value, so a step is undone by applying its ops' old
// values backwards and replayed by applying their new values forwards; the
// scalars after each step are kept whole (dfScalars, about 200 bytes a
// step). Nodes made after the cursor keep the values they were made with.

// dfRec is the journal entry of one step: where its nodes, ops and
// backups begin (they end where the next step's begin, or at the horizon).
type dfRec struct {
	firstNode, firstOp, firstBack int32
}

// dfSelection is what a step did with the node it selected.
type dfSelection uint8

const (
	selExpanded dfSelection = iota
	selGoal                 // the goal test succeeded
	selCutoff               // IDS: at the depth limit, not expanded
)

// dfScalars is everything but the nodes, the stack and the frames that a
// step changes, in 96 bytes with no pointer (the garbage collector does
// not scan the journal's steps). The error of a failed search is kept once
// (herr): only the last step can fail.
type dfScalars struct {
	threshold, next, vlimit              float64
	selLimit, selF                       float64 // RBFS: the f-limit and f the step's node was selected with
	iter, limit, iterCut, later, closedN int32
	sel, goal, iterStart, seqNext, visit int32
	cnt                                  [6]int32 // Steps, Expanded, Generated, Cutoffs, Open, MaxOpen
	status                               uint8    // index in dfStatusList
	restart, began                       bool
}

// dfStatusList are the statuses a depth-first search takes.
var dfStatusList = [...]Status{Running, Solved, NoSolution, LimitReached, Cutoff, Failed}

func (e *dfEngine[S]) scalars() dfScalars {
	st := uint8(0)
	for i, x := range dfStatusList {
		if x == e.status {
			st = uint8(i)
		}
	}
	c := &e.cnt
	return dfScalars{threshold: e.threshold, next: e.next, vlimit: e.vlimit, selLimit: e.selLimit, selF: e.selF,
		iter: int32(e.iter), limit: int32(e.limit), iterCut: int32(e.iterCut), later: int32(e.later), closedN: int32(e.closedN),
		sel: e.sel, goal: e.goal, iterStart: e.iterStart, seqNext: e.seqNext, visit: e.visit,
		cnt:    [6]int32{int32(c.Steps), int32(c.Expanded), int32(c.Generated), int32(c.Cutoffs), int32(c.Open), int32(c.MaxOpen)},
		status: st, restart: e.restart, began: e.began}
}

func (e *dfEngine[S]) loadScalars(s *dfScalars) {
	e.threshold, e.next, e.vlimit, e.selLimit, e.selF = s.threshold, s.next, s.vlimit, s.selLimit, s.selF
	e.iter, e.limit, e.iterCut, e.later, e.closedN = int(s.iter), int(s.limit), int(s.iterCut), int(s.later), int(s.closedN)
	e.sel, e.goal, e.iterStart, e.seqNext, e.visit = s.sel, s.goal, s.iterStart, s.seqNext, s.visit
	e.cnt = Counters{Steps: int(s.cnt[0]), Expanded: int(s.cnt[1]), Generated: int(s.cnt[2]), Cutoffs: int(s.cnt[3]), Open: int(s.cnt[4]), MaxOpen: int(s.cnt[5])}
	e.status, e.restart, e.began = dfStatusList[s.status], s.restart, s.began
	e.err = nil
	if e.status == Failed {
		e.err = e.herr
	}
}

// dfOp kinds.
const (
	opSet       uint8 = iota // node id's status, order and f: old → new
	opPush                   // id pushed on the stack
	opPop                    // id popped from the stack
	opFramePush              // flog[fr] pushed on the frames
	opFramePop               // the top frame, flog[fr], popped
	opFrameKids              // frame id's kids reordered: flog[fr] before, flog[fr+1] after
)

// dfOp is one change a step made.
type dfOp struct {
	kind     uint8
	mod      bool // opSet: a change other than the selection (listed by ModdedIn)
	id, fr   int32
	old, new dfMut
}

// dfMut is the part of a node a step changes (16 bytes).
type dfMut struct {
	f      float64
	order  int32
	status dfStatus
}

// dfStatus is a dfNode's status in a byte.
type dfStatus uint8

const (
	dsOpen dfStatus = iota
	dsClosed
	dsGoal
	dsCutoff
	dsForgotten
)

// ns is the node status front ends show.
func (s dfStatus) ns() NodeStatus {
	return [...]NodeStatus{NodeOpen, NodeClosed, NodeGoal, NodeCutoff, NodeForgotten}[s]
}

// set changes node id, journaled. mod is false for the selection of the
// node by this step, true for every other change.
func (e *dfEngine[S]) set(id int32, status dfStatus, order int32, f float64, mod bool) {
	n := e.node(id)
	old, nw := dfMut{f: n.f, order: n.order, status: n.status}, dfMut{f: f, order: order, status: status}
	if old == nw && mod {
		return
	}
	e.ops = append(e.ops, dfOp{kind: opSet, mod: mod, id: id, old: old, new: nw})
	if n.status == dsClosed {
		e.closedN--
	}
	if status == dsClosed {
		e.closedN++
	}
	n.status, n.order, n.f = status, order, f
}

func (e *dfEngine[S]) push(id int32) {
	e.stack = append(e.stack, id)
	e.ops = append(e.ops, dfOp{kind: opPush, id: id})
}

func (e *dfEngine[S]) pop() int32 {
	id := e.stack[len(e.stack)-1]
	e.stack = e.stack[:len(e.stack)-1]
	e.ops = append(e.ops, dfOp{kind: opPop, id: id})
	return id
}

func cloneFrame(f rbfsFrame) rbfsFrame {
	f.kids = slices.Clone(f.kids)
	return f
}

func (e *dfEngine[S]) pushFrame(f rbfsFrame) {
	e.frames = append(e.frames, f)
	e.flog = append(e.flog, cloneFrame(f))
	e.ops = append(e.ops, dfOp{kind: opFramePush, fr: int32(len(e.flog) - 1)})
}

func (e *dfEngine[S]) popFrame() {
	e.flog = append(e.flog, cloneFrame(e.frames[len(e.frames)-1]))
	e.ops = append(e.ops, dfOp{kind: opFramePop, fr: int32(len(e.flog) - 1)})
	e.frames = e.frames[:len(e.frames)-1]
}

// sortFrame sorts frame i's children by f, stably (aima-python's sort),
// journaled if the order changed.
func (e *dfEngine[S]) sortFrame(i int) {
	kids := e.frames[i].kids
	byF := func(a, b int32) int { return cmpF(e.node(a).f, e.node(b).f) }
	if slices.IsSortedFunc(kids, byF) {
		return
	}
	before := cloneFrame(e.frames[i])
	slices.SortStableFunc(kids, byF)
	e.flog = append(e.flog, before, cloneFrame(e.frames[i]))
	e.ops = append(e.ops, dfOp{kind: opFrameKids, id: int32(i), fr: int32(len(e.flog) - 2)})
}

func cmpF(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// stepEnds returns where the nodes, ops and backups of step k+1 end
// (k >= off): the node an id, the op and backup an index of ops and blog.
func (e *dfEngine[S]) stepEnds(k int) (nodeEnd, opEnd, backEnd int32) {
	if j := k - e.off; j+1 < len(e.recs) {
		r := &e.recs[j+1]
		return r.firstNode, r.firstOp, r.firstBack
	}
	return e.top(), int32(len(e.ops)), int32(len(e.blog))
}

// rec is the journal entry of step k+1 (k >= off).
func (e *dfEngine[S]) rec(k int) *dfRec { return &e.recs[k-e.off] }

// furthest is the furthest step computed (and held).
func (e *dfEngine[S]) furthest() int { return e.off + len(e.recs) }

// nodeEnd is how many node ids exist at step k. Before the steps held
// (Options.Forget) it is the end of k's iteration (see nodeEndDropped).
func (e *dfEngine[S]) nodeEnd(k int) int {
	j := k - e.off
	switch {
	case j < 0:
		return e.nodeEndDropped(k)
	case j < len(e.recs):
		return int(e.recs[j].firstNode)
	}
	return int(e.top())
}

// redo replays step cur+1 from the journal. O(the step's ops).
func (e *dfEngine[S]) redo() {
	k := e.cur
	_, opEnd, _ := e.stepEnds(k)
	for i := e.rec(k).firstOp; i < opEnd; i++ {
		op := &e.ops[i]
		switch op.kind {
		case opSet:
			n := e.node(op.id)
			n.status, n.order, n.f = op.new.status, op.new.order, op.new.f
		case opPush:
			e.stack = append(e.stack, op.id)
		case opPop:
			e.stack = e.stack[:len(e.stack)-1]
		case opFramePush:
			e.frames = append(e.frames, cloneFrame(e.flog[op.fr]))
		case opFramePop:
			e.frames = e.frames[:len(e.frames)-1]
		case opFrameKids:
			e.frames[op.id].kids = slices.Clone(e.flog[op.fr+1].kids)
		}
	}
	e.cur++
	e.loadStep(e.cur)
}

// undo takes back step cur. O(the step's ops).
func (e *dfEngine[S]) undo() {
	k := e.cur - 1
	_, opEnd, _ := e.stepEnds(k)
	for i := opEnd - 1; i >= e.rec(k).firstOp; i-- {
		op := &e.ops[i]
		switch op.kind {
		case opSet:
			n := e.node(op.id)
			n.status, n.order, n.f = op.old.status, op.old.order, op.old.f
		case opPush:
			e.stack = e.stack[:len(e.stack)-1]
		case opPop:
			e.stack = append(e.stack, op.id)
		case opFramePush:
			e.frames = e.frames[:len(e.frames)-1]
		case opFramePop:
			e.frames = append(e.frames, cloneFrame(e.flog[op.fr]))
		case opFrameKids:
			e.frames[op.id].kids = slices.Clone(e.flog[op.fr].kids)
		}
	}
	e.cur--
	e.loadStep(e.cur)
}

// loadStep sets the scalars, backups and notes of step k, as the step
// left them.
func (e *dfEngine[S]) loadStep(k int) {
	e.loadScalars(&e.scs[k-e.off])
	e.backs, e.notes = e.backs[:0], e.notes[:0]
	if k == 0 {
		return
	}
	nodeEnd, _, backEnd := e.stepEnds(k - 1)
	r := e.rec(k - 1)
	e.backs = append(e.backs, e.blog[r.firstBack:backEnd]...)
	for id := r.firstNode; id < nodeEnd; id++ {
		if !e.held(id) {
			continue // dropped (Options.Linear)
		}
		n := e.node(id)
		if n.parent < 0 {
			continue // the root of a new iteration
		}
		fate := FateAdded
		if n.cut {
			fate = FateCutoff
		}
		e.notes = append(e.notes, dfNote{id, fate})
	}
}

// unfast gives a search run by the fast path its journal: it steps again
// from step 0 to the step the fast path reached. O(steps), once.
func (e *dfEngine[S]) unfast() {
	k := e.cur
	e.init()
	for e.cur < k && !e.status.Done() {
		e.advance(nil)
	}
	if e.cur != k {
		panic(fmt.Sprintf("stepper: the fast path ended at step %d, stepping at %d", k, e.cur))
	}
}
