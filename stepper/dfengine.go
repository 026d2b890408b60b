package stepper

import (
	"fmt"
	"math"
	"sort"
)

// dfEngine runs the depth-first iterative family: iterative deepening
// (IDS, AIMA Figure 3.18), IDA* (Korf 1985) and recursive best-first search
// (RBFS, AIMA Figure 3.26), and forward-only depth-limited search (DLS,
// AIMA Figure 3.17; dfengine_dls.go: one iteration of IDS at a fixed
// limit, its events those of the best-first loop). These keep a path and its pending siblings
// rather than an open list, and restart or unwind, so they have their own
// loop; what they share with the best-first engine is the problem, the
// heuristics, the successor order and the event and snapshot types.
//
// One step selects one node: it is goal-tested and, unless it is the goal
// or at the depth limit (IDS), expanded. IDS and IDA* select from a stack
// (the first successor on top, as the recursive definitions visit them);
// IDA* generates every child but stacks only those with f <= threshold, the
// others are cut off and the least of their f is the next threshold. When
// the stack empties after a cutoff the next step begins the next iteration:
// the tree is that of the current iteration, earlier ones are counted.
// RBFS visits the node its last unwinding chose, with that node's f-limit;
// after expanding it, it unwinds (forgets) every subtree whose best f
// exceeds its f-limit, backing that f up to the subtree's root, exactly as
// aima-python's recursive_best_first_search does with a stable sort. RBFS's
// tree is append-only: forgotten nodes stay, marked forgotten, and a
// regenerated subtree gets new nodes.
//
// Node ids are stable forever, in creation order across iterations: an
// iteration does not empty the tree but makes a new root, and every node of
// the earlier iterations stays (IterStart is the first id of the current
// one). Snapshot's Tree shows the current iteration only. Every step is
// journaled (dfengine_journal.go): the changes it made to nodes, the stack
// and RBFS's frames, each with its old and new value, and the engine's
// scalars after it, so going back undoes steps and going forward replays
// them, O(what each step touched), never a replay from step 0. Memory: a
// stepped IDS or IDA* keeps the nodes of every iteration, not only the
// current one's: the sum of the iterations' trees, about r/(r-1) times the
// largest complete one when each iteration grows the tree by a factor r
// (IDS: r = b, the branching factor), a fraction more only when r is large
// and the goal ends the last iteration late. When r is small it is much
// more: IDA* with misplaced tiles on 867254301 takes 25 iterations and
// stores 4.65 million nodes where the last iteration has 68,422 and the
// largest 1,975,195. Each node is 64 bytes (an 8-byte state) and the
// journal adds about 240 bytes a step (96 of scalars, three ops of 48);
// BenchmarkForget measures what that search holds. MaxNodes caps the
// current iteration's nodes, and MaxBytes the estimated memory of
// every node stored with its journal (finishStep). A caller that only steps
// forward sets Options.Forget (dfengine_forget.go): no journal of past
// steps is kept and, when an iteration begins, the earlier iterations'
// nodes are dropped, ids and events unchanged; memory is the current
// iteration's nodes, and a seek back steps again from step 0. A caller
// that also never asks for a snapshot's tree sets Options.Linear
// (dfengine_linear.go): a subtree is dropped once finished, so the search
// holds the root and, for each node on the current path, its children (an
// RBFS frame's): O(depth · branching) nodes, as the recursive definitions;
// MaxNodes and MaxBytes then cap the nodes held.
//
// Run from step 0 with IDA* on a 4×4 or smaller puzzle with Manhattan
// distance, or with linear IDS on such a puzzle, takes a fast path
// (dfengine_fast.go, stepper/puzzle/ida.go) that stores nothing but the solution; it gives
// the same counters, status and path, and the journal is rebuilt by
// stepping again only if the search is then moved back or its records are
// asked for.
type dfEngine[S comparable] struct {
	// spareDeep is the caller's Deepening that the next fill writes
	// into (StepInto); nil: fill makes a new one
	spareDeep *Deepening

	p        Problem[S]
	h        *Heuristic[S]
	hs       []Heuristic[S]
	o        Options
	warnings []string

	nodes  []dfNode[S]
	stack  []int32     // ids, IDS and IDA*: the top is the last
	frames []rbfsFrame // RBFS: the path, root first
	visit  int32       // RBFS: the node the next step selects
	vlimit float64     // RBFS: its f-limit
	// selLimit and selF are the f-limit and the f the node of the step at
	// the cursor was selected with (RBFS: its f may be backed up by the
	// same step).
	selLimit, selF float64

	iter      int     // 1-based
	limit     int     // IDS: this iteration's depth limit
	threshold float64 // IDA*
	next      float64 // IDA*: least f over the threshold so far (+Inf: none)
	iterCut   int     // cutoffs in this iteration
	restart   bool    // the stack emptied after a cutoff: the next step begins a new iteration
	iterStart int32   // the id of the current iteration's root
	closedN   int     // the current iteration's nodes with status closed
	seqNext   int32   // the next insertion number

	cur    int
	status Status
	goal   int32
	cnt    Counters // cumulative over every iteration
	fast   bool     // reached by the fast path: the tree holds the solution path only
	// the fast path's count of the current iteration's nodes and closed
	// nodes, 0 if it made none (then the path's are shown)
	fastNodes, fastClosed int
	err                   error // why the search failed (status Failed)
	herr                  error // err at the horizon: the journal keeps it once
	// failer: the problem or the heuristic can report an error, so each
	// estimate is checked (hChecked); hFail is 1 + the node whose estimate
	// failed, 0 while none has
	failer bool
	hFail  int32
	later  int // once solved: children generated after the path's child at each node of the path

	succ  []Successor[S]
	rank  []int32
	notes []dfNote
	backs []Backup
	began bool
	sel   int32 // the node the last step selected

	// the journal (dfengine_journal.go)
	recs []dfRec       // recs[k] is step k+1
	scs  []dfScalars   // scs[k]: the scalars after step k (scs[0]: step 0)
	ops  []dfOp        // every change to a node, the stack or the frames
	flog []rbfsFrame   // frames as ops saved them (own kids slices)
	blog []Backup      // RBFS's backups, by step
	dx   deltaIndex    // selections and mods by node, built lazily
	kind []dfSelection // what each step did with the node it selected

	// the nodes held, as runs of consecutive ids (dfengine_linear.go)
	blocks []dfBlock
	topID  int32 // the id the next node takes

	// forward only (Options.Forget, dfengine_forget.go): the steps before
	// this are dropped; 0 otherwise
	off   int      // recs[j] and kind[j] are step off+j+1, scs[j] the scalars after step off+j
	iters []dfIter // every iteration begun up to the furthest step: its first step and id

	// seekable in bounded memory (Options.Checkpoint, dfengine_checkpoint.go):
	// copies of the state at the multiples of cpEvery, in step order, and
	// those the last seek back laid on its way
	cps, local []*dfEngine[S]
	cpEvery    int
}

// dfNode is one node of the family's tree.
type dfNode[S comparable] struct {
	state  S
	g, h   float64
	f      float64 // IDA*: g+h; RBFS: the stored f, backed up on unwinding; IDS: depth
	parent int32
	depth  int32
	action uint16
	status dfStatus
	order  int32 // the step that selected it, 0 if none
	step   int32 // the step that generated it
	seq    int32 // the insertion number (stack or frame), -1 if never on the frontier
	cut    bool  // IDA*: cut off when generated (f over the threshold)
}

// rbfsFrame is one expanded node on RBFS's path, with its f-limit and its
// children in the order of the last stable sort by f.
type rbfsFrame struct {
	id    int32
	limit float64
	kids  []int32
}

// dfNote is what a step tells its event about one child.
type dfNote struct {
	id   int32
	fate Fate
}

func newDFEngine[S comparable](p Problem[S], hs []Heuristic[S], o Options, kind string) (*dfEngine[S], error) {
	e := &dfEngine[S]{p: p, hs: hs, o: o}
	if o.Algorithm.usesH() {
		h, warn, err := pickHeuristic(hs, &e.o)
		if err != nil {
			return nil, err
		}
		e.h = h
		e.warnings = append(e.warnings, warn...)
	}
	if e.o.Parent == "" && o.Algorithm != DLS { // dls takes no parent option: it generates every successor
		e.o.Parent = KeepParent
		switch {
		case e.o.Algorithm == IDS:
			e.o.Parent = PathParent
		case e.o.Algorithm == IDAStar && kind == "puzzle":
			e.o.Parent = SkipParent
		}
	}
	if err := checkOrderOf(p, e.o.Order); err != nil {
		return nil, err
	}
	_, e.failer = p.(Failer)
	e.failer = e.failer || (e.h != nil && e.h.Err != nil)
	e.init()
	return e, nil
}

// init goes to step 0: the first iteration's root.
func (e *dfEngine[S]) init() {
	e.topID = 0
	e.resetNodes()
	e.stack, e.frames = e.stack[:0], e.frames[:0]
	e.recs, e.scs, e.ops, e.flog, e.blog, e.kind, e.dx = e.recs[:0], e.scs[:0], e.ops[:0], e.flog[:0], e.blog[:0], e.kind[:0], deltaIndex{}
	e.off, e.iters = 0, e.iters[:0]
	e.cur, e.status, e.goal, e.cnt, e.fast, e.err = 0, Running, -1, Counters{MaxOpen: 1}, false, nil
	e.iter, e.iterCut, e.restart, e.seqNext, e.sel = 0, 0, false, 0, 0
	e.notes, e.backs = e.notes[:0], e.backs[:0]
	e.limit = 0
	if e.o.Algorithm == DLS {
		e.limit = e.o.Depth
	}
	e.beginIteration()
	e.began = false
	e.cnt.Open = 1
	e.scs = append(e.scs, e.scalars())
}

// beginIteration makes the root of a new iteration, a new node: the nodes
// of earlier iterations stay, unless Options.Forget drops them.
func (e *dfEngine[S]) beginIteration() {
	if e.o.Forget && e.iter > 0 {
		e.dropNodes()
	}
	e.iter++
	e.iterStart, e.closedN = e.top(), 0
	start := e.p.Start()
	h := e.hOf(start)
	root := dfNode[S]{state: start, h: h, parent: -1, action: noAction, status: dsOpen, seq: e.seqNext, step: int32(e.furthest())}
	e.seqNext++
	root.f = e.fOf(0, h, 0)
	switch e.o.Algorithm {
	case IDAStar:
		if e.iter == 1 {
			e.threshold = root.f
		} else {
			e.threshold = e.next
		}
		e.next = math.Inf(1)
	case IDS:
		if e.iter > 1 {
			e.limit++
		}
	case RBFS:
		root.f = h
		e.visit, e.vlimit = e.iterStart, math.Inf(1)
	}
	e.addNode(root)
	e.iters = append(e.iters, dfIter{step: root.step, start: e.iterStart})
	if e.o.Algorithm != RBFS {
		e.push(e.iterStart)
	}
	e.iterCut, e.restart, e.began = 0, false, true
}

func (e *dfEngine[S]) hOf(s S) float64 {
	if e.h == nil {
		return 0
	}
	return e.h.Estimate(s)
}

// fOf is the value a node shows as f: g+h for IDA* and RBFS, the depth for
// IDS and DLS.
func (e *dfEngine[S]) fOf(g, h float64, depth int32) float64 {
	if e.o.Algorithm == IDS || e.o.Algorithm == DLS {
		return float64(depth)
	}
	return g + h
}

// advance takes one step. With ev nil it records nothing for an event.
func (e *dfEngine[S]) advance(ev *Event) {
	if e.fast {
		e.unfast()
	}
	if e.cur < e.furthest() {
		e.redo()
		return
	}
	if e.o.Forget && len(e.recs) > 0 {
		e.dropSteps()
	}
	e.recs = append(e.recs, dfRec{firstNode: e.top(), firstOp: int32(len(e.ops)), firstBack: int32(len(e.blog))})
	e.step()
	if e.err == nil {
		if err := e.failure(); err != nil {
			e.err, e.herr, e.status = err, err, Failed
		}
	}
	e.blog = append(e.blog, e.backs...)
	e.scs = append(e.scs, e.scalars())
	if e.checkpointed() {
		e.checkpoint()
	}
}

// failure is the problem's error, if it reported one (see [Failer]).
func (e *dfEngine[S]) failure() error {
	if f, ok := e.p.(Failer); ok {
		if err := f.Err(); err != nil {
			return err
		}
	}
	if e.h != nil && e.h.Err != nil {
		return e.h.Err()
	}
	return nil
}

func (e *dfEngine[S]) failed() error { return e.err }

// hChecked is the depth-first engine's engine.hChecked: h of s, and
// whether this estimate made the problem report an error (then node id,
// the child about to be added, is marked). Called only when e.failer holds.
func (e *dfEngine[S]) hChecked(id int32, s S) (float64, bool) {
	if e.hFail != 0 || e.failure() != nil {
		return e.hOf(s), false
	}
	h := e.hOf(s)
	if e.failure() == nil {
		return h, false
	}
	e.hFail = id + 1
	return h, true
}

func (e *dfEngine[S]) hFailed() int { return int(e.hFail) - 1 }

func (e *dfEngine[S]) step() {
	e.notes, e.backs, e.began = e.notes[:0], e.backs[:0], false
	if e.restart {
		e.beginIteration()
	}
	stepNo := int32(e.cur + 1)
	var id int32
	if e.o.Algorithm == RBFS {
		id = e.visit
		e.selLimit, e.selF = e.vlimit, e.node(id).f
	} else {
		id = e.pop()
	}
	e.release(id)
	e.sel = id
	e.cur++
	e.cnt.Steps++
	n := e.node(id)
	if e.p.IsGoal(n.state) {
		e.set(id, dsGoal, stepNo, n.f, false)
		e.kind = append(e.kind, selGoal)
		e.goal, e.status = id, Solved
		e.later = e.laterSiblings(id)
		e.finishStep()
		return
	}
	if (e.o.Algorithm == IDS || e.o.Algorithm == DLS) && int(n.depth) >= e.limit {
		e.set(id, dsCutoff, stepNo, n.f, false)
		e.kind = append(e.kind, selCutoff)
		e.cnt.Cutoffs++
		e.iterCut++
		e.endOfStack()
		return
	}
	e.set(id, dsClosed, stepNo, n.f, false)
	e.kind = append(e.kind, selExpanded)
	e.cnt.Expanded++
	first := e.top()
	e.expand(id, stepNo)
	switch e.o.Algorithm {
	case RBFS:
		e.rbfsAfterExpand(id, first)
	default:
		// push so that the first child is on top
		for c := e.top() - 1; c >= first; c-- {
			if n := e.node(c); n.status == dsOpen {
				if !e.asBestFirst() {
					n.seq = e.seqNext
					e.seqNext++
				}
				e.push(c)
			}
		}
		e.endOfStack()
	}
}

// onPath reports whether s is the state of node id or of one of its
// ancestors (AIMA 4th ed.'s IS-CYCLE, for parent=path). O(depth).
func (e *dfEngine[S]) onPath(id int32, s S) bool {
	for ; id >= 0; id = e.node(id).parent {
		if e.node(id).state == s {
			return true
		}
	}
	return false
}

// expand generates node id's children in the successor order, the parent's
// state left out with parent=skip, every state on id's path with
// parent=path. IDA* cuts off a child whose f exceeds
// the threshold.
func (e *dfEngine[S]) expand(id int32, stepNo int32) {
	n := *e.node(id)
	var parentState S
	hasParent := n.parent >= 0
	if hasParent {
		parentState = e.node(n.parent).state
	}
	e.succ = orderSuccessors(e.p, e.o.Order, &e.rank, e.p.Successors(n.state, e.succ[:0]))
	e.openBlock()
	for i := range e.succ {
		sc := &e.succ[i]
		if e.o.Parent == SkipParent && hasParent && sc.State == parentState || e.o.Parent == PathParent && e.onPath(id, sc.State) {
			continue
		}
		if uint(sc.Action) > MaxAction {
			panic(fmt.Sprintf("stepper: action code %d out of [0, %d]", sc.Action, MaxAction))
		}
		g, depth := n.g+sc.Cost, n.depth+1
		var h float64
		hFailed := false
		if e.failer {
			h, hFailed = e.hChecked(e.top(), sc.State)
		} else {
			h = e.hOf(sc.State)
		}
		c := dfNode[S]{state: sc.State, g: g, h: h, f: e.fOf(g, h, depth), parent: id, depth: depth, action: uint16(sc.Action), status: dsOpen, step: stepNo, seq: -1}
		fate := FateAdded
		if e.o.Algorithm == IDAStar && c.f > e.threshold+costTolerance*max(1, math.Abs(e.threshold)) {
			c.status, c.cut, fate = dsCutoff, true, FateCutoff
			e.cnt.Cutoffs++
			e.iterCut++
			e.next = min(e.next, c.f)
		}
		if e.o.Algorithm == RBFS {
			c.f = max(c.f, n.f) // AIMA: a child's f is at least its parent's
		}
		if e.o.Algorithm == RBFS || e.asBestFirst() {
			c.seq = e.seqNext
			e.seqNext++
		}
		e.addNode(c)
		e.cnt.Generated++
		e.notes = append(e.notes, dfNote{e.top() - 1, fate})
		if hFailed {
			break // the search ends failed after this step: no further child
		}
	}
	e.closeBlock()
}

// endOfStack decides what an empty stack means: the next iteration after a
// cutoff (IDS, IDA*), cutoff (DLS, or IDS at its depth cap), or no solution.
func (e *dfEngine[S]) endOfStack() {
	if len(e.stack) == 0 && e.status == Running {
		switch {
		case e.iterCut == 0 || e.o.Algorithm == IDAStar && math.IsInf(e.next, 1):
			e.status = NoSolution
		case e.o.Algorithm == DLS || e.o.Algorithm == IDS && e.o.DepthLimited && e.limit >= e.o.Depth:
			e.status = Cutoff
		default:
			e.restart = true
		}
	}
	e.finishStep()
}

// finishStep updates the frontier counters and checks the node cap.
func (e *dfEngine[S]) finishStep() {
	e.cnt.Open = e.openLen()
	e.cnt.MaxOpen = max(e.cnt.MaxOpen, e.cnt.Open)
	// MaxNodes caps the current iteration's tree (as before the journal;
	// the lecture server caps every iteration's); MaxBytes the memory of
	// every node stored, with its share of the journal: with Forget, the
	// current iteration's
	if e.status == Running && (e.capped() >= e.o.MaxNodes || int64(len(e.nodes))*e.bytesPerNode() > e.o.MaxBytes) {
		e.status = LimitReached
	}
}

func (e *dfEngine[S]) openLen() int {
	if e.o.Algorithm != RBFS {
		return len(e.stack)
	}
	k := 0
	for _, fr := range e.frames {
		for _, c := range fr.kids {
			if e.node(c).status == dsOpen {
				k++
			}
		}
	}
	return k
}

// rbfsAfterExpand pushes the frame of node id (children from first on) and
// unwinds as AIMA's RBFS returns: while the best child's f exceeds its
// frame's f-limit, that f is backed up to the frame's node and the frame's
// subtree is forgotten. It leaves the next node to visit and its f-limit.
func (e *dfEngine[S]) rbfsAfterExpand(id, first int32) {
	fr := rbfsFrame{id: id, limit: e.vlimit}
	for c := first; c < e.top(); c++ {
		fr.kids = append(fr.kids, c)
	}
	if len(fr.kids) == 0 {
		// no successors: RBFS returns failure, f = ∞
		e.backs = append(e.backs, Backup{Node: int(id), State: e.p.Format(e.node(id).state), F: Bound(math.Inf(1)), Limit: Bound(e.vlimit)})
		e.set(id, dsForgotten, e.node(id).order, math.Inf(1), true)
	} else {
		e.pushFrame(fr)
	}
	for len(e.frames) > 0 {
		top := len(e.frames) - 1
		e.sortFrame(top)
		best := e.frames[top].kids[0]
		if e.node(best).f > e.frames[top].limit {
			// return failure with best.f: forget this frame's subtree
			x := e.frames[top].id
			bf := e.node(best).f
			e.backs = append(e.backs, Backup{Node: int(x), State: e.p.Format(e.node(x).state), F: Bound(bf), Limit: Bound(e.frames[top].limit)})
			e.set(x, e.node(x).status, e.node(x).order, bf, true)
			e.forget(x)
			e.popFrame()
			if len(e.frames) == 0 {
				e.status = NoSolution
			}
			continue
		}
		alt := math.Inf(1)
		if kids := e.frames[top].kids; len(kids) > 1 {
			alt = e.node(kids[1]).f
		}
		e.visit, e.vlimit = best, min(e.frames[top].limit, alt)
		break
	}
	if len(e.frames) == 0 && e.status == Running {
		e.status = NoSolution
	}
	e.finishStep()
}

// forget marks the subtree below node x forgotten (x itself stays, open
// again with its backed-up f).
func (e *dfEngine[S]) forget(x int32) {
	e.eachHeldAfter(x, func(c int32, n *dfNode[S]) {
		if n.parent >= 0 && (n.parent == x || e.node(n.parent).status == dsForgotten && n.parent > x) {
			e.set(c, dsForgotten, n.order, n.f, true)
		}
	})
	if n := e.node(x); n.parent >= 0 {
		e.set(x, dsOpen, n.order, n.f, true)
	}
}

// laterSiblings counts, along the path to node id, the children each
// node generated after the path's child: a recursive search that generates
// one child at a time and stops at the goal never generates them. A node's
// children are contiguous ids in generation order. O(path · branching).
func (e *dfEngine[S]) laterSiblings(id int32) int {
	k := 0
	for c := id; e.node(c).parent >= 0; c = e.node(c).parent {
		p := e.node(c).parent
		for x := c + 1; e.held(x) && e.node(x).parent == p && e.node(x).step == e.node(c).step; x++ {
			k++
		}
	}
	return k
}

// generatedOneByOne is Generated as a search that generates one child at
// a time counts it (Korf's IDA*): without the later siblings of the path.
func (e *dfEngine[S]) generatedOneByOne() int {
	if e.status != Solved {
		return e.cnt.Generated
	}
	return e.cnt.Generated - e.later
}

// --- the facade's side ---

func (e *dfEngine[S]) steps() int       { return e.cur }
func (e *dfEngine[S]) state() Status    { return e.status }
func (e *dfEngine[S]) options() Options { return e.o }
func (e *dfEngine[S]) warns() []string  { return append([]string(nil), e.warnings...) }
func (e *dfEngine[S]) nodeCount() int   { return e.nodeEnd(e.cur) }
func (e *dfEngine[S]) counters() Counters {
	c := e.cnt
	c.Nodes = e.nodeEnd(e.cur) - int(e.iterStart)
	c.Closed = e.closedN
	if e.fast && e.fastNodes > 0 {
		c.Nodes, c.Closed = e.fastNodes, e.fastClosed
	} else if e.fast { // the tree is the solution path
		c.Closed = 0
		for i := range e.nodes {
			if e.nodes[i].status == dsClosed {
				c.Closed++
			}
		}
	}
	return c
}

// bytesPerNode is a node and its share of the journal: at most three ops
// (pushed, popped, selected) and one step's scalars; with Options.Forget,
// which keeps no journal of past steps, the node alone.
func (e *dfEngine[S]) bytesPerNode() int64 {
	var n dfNode[S]
	if e.o.Forget {
		return int64(sizeOf(n))
	}
	return int64(sizeOf(n) + 3*sizeOf(dfOp{}) + sizeOf(dfScalars{}))
}

// seek undoes steps going back and replays or takes them going forward:
// O(the steps crossed and what they touched). With Options.Forget, a step
// before firstHeld is reached by stepping again from step 0: O(k).
func (e *dfEngine[S]) seek(k int) int {
	if e.checkpointed() {
		return e.seekCheckpointed(k)
	}
	switch {
	case e.fast && e.o.Forget:
		e.init() // unfast would step to the end only to drop what k needs
	case e.fast:
		e.unfast()
	case k < e.firstHeld():
		e.init()
	}
	for e.cur > k {
		e.undo()
	}
	for e.cur < k && !e.status.Done() {
		e.advance(nil)
	}
	return e.cur
}

func (e *dfEngine[S]) info(id int32) NodeInfo {
	if e.dropped(id) {
		return droppedInfo(id)
	}
	n := e.node(id)
	ni := NodeInfo{ID: int(id), State: TextOf(e.p.Format(n.state)), Parent: int(n.parent), G: n.g, H: n.h, F: n.f,
		Depth: int(n.depth), Status: n.status.ns(), Seq: -1, Step: int(n.step), HFailed: e.hFail != 0 && id == e.hFail-1}
	switch {
	case e.asBestFirst():
		ni.Seq = int(n.seq)
		if n.status == dsClosed {
			ni.Order = int(n.order)
		}
	case n.status == dsClosed || n.status == dsGoal || n.status == dsCutoff && n.order > 0:
		ni.Order = int(n.order)
	}
	if n.action != noAction {
		ni.Action = e.p.ActionName(int(n.action))
	}
	return ni
}

func (e *dfEngine[S]) explain(id int32) []Term {
	if e.h == nil || e.h.Explain == nil || e.dropped(id) {
		return nil
	}
	return e.h.Explain(e.node(id).state)
}

func (e *dfEngine[S]) path() []int {
	if e.status != Solved {
		return nil
	}
	return e.pathTo(e.goal)
}

func (e *dfEngine[S]) pathTo(id int32) []int { return e.appendPath(nil, id) }

// appendPath appends the ids from the root to id to p[:0] and returns it.
func (e *dfEngine[S]) appendPath(p []int, id int32) []int {
	p = p[:0]
	for ; id >= 0; id = e.node(id).parent {
		p = append(p, int(id))
	}
	for i, j := 0, len(p)-1; i < j; i, j = i+1, j-1 {
		p[i], p[j] = p[j], p[i]
	}
	return p
}

func (e *dfEngine[S]) cost() float64 {
	if e.status != Solved {
		return 0
	}
	return e.node(e.goal).g
}

// deepening describes the iteration at the cursor, the current path ending
// at node at.
func (e *dfEngine[S]) deepening(at int32) *Deepening { return e.deepeningInto(nil, at) }

// deepeningInto is deepening written into d, when not nil, reusing the
// capacity of its slices and its limit's and thresholds' memory (the
// caller's, StepInto's), else into a new one; it is the same, field for
// field, either way.
func (e *dfEngine[S]) deepeningInto(d *Deepening, at int32) *Deepening {
	var limit *int
	var threshold, next *Bound
	if d == nil {
		d = &Deepening{}
	} else {
		limit, threshold, next = d.Limit, d.Threshold, d.NextThreshold
		*d = Deepening{Current: d.Current[:0], FLimits: d.FLimits[:0], Backups: d.Backups[:0]}
	}
	d.Iteration, d.Began = e.iter, e.began
	switch e.o.Algorithm {
	case IDS, DLS:
		if limit == nil {
			limit = new(int)
		}
		*limit = e.limit
		d.Limit = limit
	case IDAStar:
		if threshold == nil {
			threshold = new(Bound)
		}
		if next == nil {
			next = new(Bound)
		}
		*threshold, *next = Bound(e.threshold), Bound(e.next)
		d.Threshold, d.NextThreshold = threshold, next
	case RBFS:
		if e.cur > 0 {
			f := Bound(e.selF)
			d.SelectedF = &f
			if !math.IsInf(e.selLimit, 1) { // absent: no limit (JSON has no ∞ a pointer keeps)
				l := Bound(e.selLimit)
				d.FLimit = &l
			}
		}
		d.Backups = append(d.Backups, e.backs...)
		if e.status == Running {
			v, l := int(e.visit), Bound(e.vlimit)
			d.NextNode, d.NextLimit, d.NextState = &v, &l, e.p.Format(e.node(int32(v)).state)
		}
	}
	if e.held(at) && int(at) < e.nodeEnd(e.cur) {
		d.Current = e.appendPath(d.Current, at)
	} else {
		d.Current = nil
	}
	if e.o.Algorithm == RBFS {
		d.FLimits = e.appendFLimits(d.FLimits, d.Current, at)
	}
	// a Deepening made new has nil where nothing was appended, and JSON
	// writes Current's nil as null: the one reused says the same
	if len(d.FLimits) == 0 {
		d.FLimits = nil
	}
	if len(d.Backups) == 0 {
		d.Backups = nil
	}
	return d
}

// appendFLimits appends to dst the f-limit each node of path (the root to
// node at, the step's node) was visited under, as AIMA's RBFS passes
// f_limit down: the frames still on the stack first, then the frames the
// step unwound (its backups, innermost first, so read from the last),
// then node at itself when the step did not expand it (the goal, or the
// root before the first step). It stops early, leaving the rest without a
// limit, only where the path and the frames disagree, which a step never
// leaves. O(len(path)).
func (e *dfEngine[S]) appendFLimits(dst []Bound, path []int, at int32) []Bound {
	i := 0
	for ; i < len(path) && i < len(e.frames) && e.frames[i].id == int32(path[i]); i++ {
		dst = append(dst, Bound(e.frames[i].limit))
	}
	for j := len(e.backs) - 1; j >= 0 && i < len(path) && e.backs[j].Node == path[i]; j-- {
		dst = append(dst, e.backs[j].Limit)
		i++
	}
	if i == len(path)-1 && path[i] == int(at) {
		l := e.vlimit // the root, before the first step
		if e.cur > 0 {
			l = e.selLimit
		}
		dst = append(dst, Bound(l))
	}
	return dst
}

func (e *dfEngine[S]) fill(ev *Event) {
	ev.Step = e.cur
	ev.Expanded = e.info(e.sel)
	ev.Key = e.keyOf(e.sel, ev.Expanded)
	if !eventChildren(ev, len(e.notes)) {
		ev.Children = make([]Child, len(e.notes))
	}
	for i, nt := range e.notes {
		ev.Children[i] = Child{NodeInfo: e.info(nt.id), Fate: nt.fate, OldParent: -1, ExistingID: -1}
	}
	ev.Status = e.status
	ev.Counters = e.counters()
	ev.Path = e.path()
	spare := e.spareDeep
	e.spareDeep = nil
	if !e.asBestFirst() {
		ev.Deepening = e.deepeningInto(spare, e.sel)
	}
}

// reuseDeepening gives the next fill the caller's Deepening to write
// into (StepInto).
func (e *dfEngine[S]) reuseDeepening(d *Deepening) { e.spareDeep = d }

func (e *dfEngine[S]) snapshot() Snapshot {
	sn := Snapshot{Step: e.cur, Status: e.status, Counters: e.counters(), Path: e.path()}
	var open []int32
	if e.o.Algorithm == RBFS {
		if e.status == Running {
			open = append(open, e.visit)
		}
		for i := len(e.frames) - 1; i >= 0; i-- {
			for _, c := range e.frames[i].kids {
				if e.node(c).status == dsOpen && c != e.visit {
					open = append(open, c)
				}
			}
		}
	} else {
		for i := len(e.stack) - 1; i >= 0; i-- {
			open = append(open, e.stack[i])
		}
	}
	if e.asBestFirst() {
		sn.Open = make([]OpenEntry, 0, len(open)) // [], not null, as the best-first loop writes it
	}
	for _, id := range open {
		ni := e.info(id)
		sn.Open = append(sn.Open, OpenEntry{NodeInfo: ni, Key: e.keyOf(id, ni)})
	}
	var closed []NodeInfo
	end := int32(e.nodeEnd(e.cur))
	for i := e.iterStart; i < end; i++ {
		if e.held(i) && e.node(i).status == dsClosed {
			closed = append(closed, e.info(i))
		}
	}
	sort.SliceStable(closed, func(i, j int) bool { return closed[i].Order < closed[j].Order })
	sn.Closed = closed
	sn.Tree = make([]NodeInfo, end-e.iterStart)
	for i := range sn.Tree {
		sn.Tree[i] = e.info(e.iterStart + int32(i))
	}
	sn.IterStart = int(e.iterStart)
	at := e.sel
	if e.cur == 0 {
		at = 0
	}
	if !e.asBestFirst() {
		sn.Deepening = e.deepening(at)
	}
	return sn
}
