package stepper

import (
	"math"
	"slices"
)

// This file is delta.go's engine side for the depth-first family: node
// records, the steps that changed them and the frontier's order, read from
// the journal (dfengine_journal.go).

// The family's index (deltaIndex, as the best-first engine's) lists when
// each node was selected and when it was otherwise changed (RBFS's backups,
// forgotten subtrees and reopened roots). Built lazily, O(1) amortised a step.

// journal rebuilds the journal of a search run by the fast path.
func (e *dfEngine[S]) journal() *dfEngine[S] {
	if e.fast {
		e.unfast()
	}
	return e
}

func (e *dfEngine[S]) index() *deltaIndex {
	x := &e.dx
	if x.more == nil {
		x.more, x.mods = map[int32][]int32{}, map[int32][]int32{}
	}
	for ; x.built < len(e.recs); x.built++ {
		k := e.off + x.built
		step := int32(k + 1)
		_, opEnd, _ := e.stepEnds(k)
		for i := e.rec(k).firstOp; i < opEnd; i++ {
			op := &e.ops[i]
			if op.kind != opSet {
				continue
			}
			if op.mod {
				x.mods[op.id] = append(x.mods[op.id], step)
				continue
			}
			at := op.id - x.base
			for int(at) >= len(x.first) {
				x.first = append(x.first, 0)
			}
			if x.first[at] == 0 {
				x.first[at] = step
			} else {
				x.more[op.id] = append(x.more[op.id], step)
			}
		}
	}
	return x
}

func (e *dfEngine[S]) horizon() int { return e.journal().furthest() }

// iterStartAt is the first id of the iteration shown at step k, from the
// table of iterations (kept whole with Options.Forget). O(log iterations).
func (e *dfEngine[S]) iterStartAt(k int) int {
	return int(e.journal().iterAt(k).start)
}

// moddedIn lists the mods of the steps held: with Options.Forget, those
// of steps before firstHeld are dropped and not listed.
func (e *dfEngine[S]) moddedIn(a, b int, dst []int) []int {
	e.journal()
	a = max(a, e.off)
	if b <= a {
		return dst
	}
	_, to, _ := e.stepEnds(b - 1)
	for i := e.rec(a).firstOp; i < to; i++ {
		if op := &e.ops[i]; op.kind == opSet && op.mod {
			dst = append(dst, int(op.id))
		}
	}
	return dst
}

func (e *dfEngine[S]) expandedIn(a, b int, dst []int) []int {
	e.journal()
	for k := max(a, e.off); k < b; k++ { // with Options.Forget: the steps held
		dst = append(dst, int(e.scs[k+1-e.off].sel))
	}
	return dst
}

func (e *dfEngine[S]) orderAfter(id int32, k int) int { return e.journal().index().orderAfter(id, k) }

func (e *dfEngine[S]) record(id int32) NodeRecord {
	e.journal()
	if e.dropped(id) {
		return droppedRecord
	}
	cell, _ := any(e.p).(Celled[S])
	return e.recordOf(id, cell)
}

func (e *dfEngine[S]) recordRange(a, b int, dst []NodeRecord) []NodeRecord {
	e.journal()
	cell, _ := any(e.p).(Celled[S])
	for id := int32(a); id < int32(b); id++ {
		if e.dropped(id) {
			dst = append(dst, droppedRecord)
			continue
		}
		dst = append(dst, e.recordOf(id, cell))
	}
	return dst
}

// recordOf is node id's record at the cursor. A node is selected from
// open, so a node shown closed, goal or cutoff with an order was open
// before (BaseOpen); every other status is its base fate.
func (e *dfEngine[S]) recordOf(id int32, cell Celled[S]) NodeRecord {
	n := e.node(id)
	r := NodeRecord{Parent: int(n.parent), G: n.g, Depth: int(n.depth), Seq: int(n.seq), Born: int(n.step), Cell: -1}
	if e.o.Algorithm == RBFS {
		r.F = n.f
	}
	switch {
	case n.order > 0 && (n.status == dsClosed || n.status == dsGoal || n.status == dsCutoff && !n.cut):
		r.Order = int(n.order)
	default:
		r.Order = e.orderAfter(id, max(e.cur, int(n.step)-1)) // a new root is selected by the step that made it
		switch n.status {
		case dsCutoff:
			r.Fate = BaseCutoff
		case dsForgotten:
			r.Fate = BaseForgotten
		}
	}
	switch j := r.Order - 1 - e.off; {
	case r.Order > 0 && j >= 0 && j < len(e.kind):
		r.GoalPop = e.kind[j] == selGoal
		r.CutoffPop = e.kind[j] == selCutoff
	case r.Order > 0 && r.Order <= e.cur:
		// a step dropped (Options.Forget) selected it: its status says what
		// the step did
		r.GoalPop = n.status == dsGoal
		r.CutoffPop = n.status == dsCutoff && !n.cut
	}
	if cell != nil {
		r.Cell = cell.Cell(n.state)
	}
	return r
}

// stateOf is "" and 0 for an id dropped with Options.Forget.
func (e *dfEngine[S]) stateOf(id int32) (string, float64) {
	if e.dropped(id) {
		return "", 0
	}
	n := e.node(id)
	return e.p.Format(n.state), n.h
}

// openHead: the stack, top first (IDS, IDA*); RBFS's next node, then the
// open children of the path's frames, best f first (ties: the deeper
// frame first, then the frame's order). O(open · log open) for RBFS.
func (e *dfEngine[S]) openHead(n int, dst []int) []int {
	e.journal()
	if e.o.Algorithm != RBFS {
		for i := len(e.stack) - 1; i >= 0 && n > 0; i-- {
			dst = append(dst, int(e.stack[i]))
			n--
		}
		return dst
	}
	open := e.rbfsOpen()
	for _, id := range open[:min(n, len(open))] {
		dst = append(dst, int(id))
	}
	return dst
}

func (e *dfEngine[S]) openOrder(dst []int) []int { return e.openHead(math.MaxInt, dst) }

// rbfsOpen is RBFS's frontier in the order openHead gives.
func (e *dfEngine[S]) rbfsOpen() []int32 {
	var rest []int32
	for i := len(e.frames) - 1; i >= 0; i-- {
		for _, c := range e.frames[i].kids {
			if e.node(c).status == dsOpen && c != e.visit {
				rest = append(rest, c)
			}
		}
	}
	slices.SortStableFunc(rest, func(a, b int32) int { return cmpF(e.node(a).f, e.node(b).f) })
	if e.status == Running {
		rest = append([]int32{e.visit}, rest...)
	}
	return rest
}
