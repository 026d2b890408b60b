package stepper

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"unsafe"

	"stepviz/internal/usererr"
)

// node is one node of the search tree: 32 bytes with an 8-byte state.
// Nodes are appended in generation order and never move, so a node's id is
// its index. Only its status and mark change as the cursor moves, and a
// re-parenting or a reopening changes its g, parent, depth and action: the
// journal (mod) records both the old and the new values. h is not stored:
// heuristics are deterministic, so it is recomputed when asked for.
type node[S comparable] struct {
	state  S
	g      float64
	parent int32
	depth  int32
	// mark is the insertion number on the frontier (-1 if never inserted)
	// until the node is expanded, then its expansion step; the step's
	// record keeps the insertion number (poppedSeq).
	mark   int32
	action uint16 // noAction for the root
	status nodeStatus8
}

// noAction is the root's action code.
const noAction = 0xFFFF

// nodeStatus8 is a node's status in one byte. The discarded and goal
// statuses remember why, so that a replayed step can report each child's
// fate without looking anything up.
type nodeStatus8 uint8

const (
	st8Open       nodeStatus8 = iota
	st8Closed                 // expanded
	st8DepthLimit             // discarded: deeper than Options.Depth
	st8DupClosed              // discarded: its state was already expanded
	st8DupOpen                // discarded: its state was already open
	st8Goal                   // selected for expansion and found to be the goal
	st8GoalBorn               // found to be the goal when generated
	st8Cutoff                 // selected at the depth limit: goal-tested, not expanded
	st8Stale                  // lazy frontier: selected after its state was expanded, discarded
	st8Pruned                 // beam search: dropped from the frontier, outside the beam (a mod)
)

func (s nodeStatus8) status() NodeStatus { return nodeStatuses[s] }

func (s nodeStatus8) fate() Fate { return nodeFates[s] }

// nodeStatuses and nodeFates are what status and fate answer, by
// nodeStatus8: tables built once, not at each call.
var (
	nodeStatuses = [...]NodeStatus{NodeOpen, NodeClosed, NodeDiscarded, NodeDiscarded, NodeDiscarded, NodeGoal, NodeGoal, NodeCutoff, NodeDiscarded, NodeDiscarded}
	nodeFates    = [...]Fate{FateAdded, FateAdded, FateDepthLimited, FateClosed, FateOpen, FateAdded, FateGoal, FateAdded, FateAdded, FateAdded}
)

// engine is the generic search behind [Search].
//
// Everything computed so far is kept up to the horizon, the furthest step
// ever taken: the nodes, the journal (records and mods) and the seen map. The cursor (cur) is the step the search
// stands at; the frontier and the nodes' statuses are those of the cursor.
// The search is deterministic, so the steps between the cursor and the
// horizon are replayed from the journal rather than computed again (redo),
// and going back never touches the seen map (undo).
type engine[S comparable] struct {
	p Problem[S]
	h *Heuristic[S]
	o Options

	nodes   nodeStore[S]
	seen    *seenSet[S] // state -> its node, at the horizon (graph search only)
	front   frontier
	records blockLog[stepRecord] // records.at(k) is step k+1 (journaled mode)
	mods    []mod                // (journaled mode)
	// forward-only mode (forward.go): the past steps' index, the cursor's
	// record and the number of mods made
	past    blockLog[stepIndex]
	last    stepRecord
	modN    int32
	cur     int    // the cursor: steps taken
	status  Status // at the horizon
	goal    int32  // at the horizon, -1 if none
	nextSeq int32

	succ     []Successor[S]
	rank     []int32 // successor order: rank by action code, built lazily
	notes    []childNote
	ties     stepTies // the ties the step lists in its event (stepties.go)
	warnings []string
	pruned   []int32 // the nodes the last step pruned (beam.go), for its event
	// displaced[id] is the pruned node whose state node id took over in
	// the seen map (beam.go), so a replayed step names the node a
	// duplicate had then
	displaced map[int32]int32
	orderBuf  []int
	dx        deltaIndex // delta.go's index of the journal, built lazily
	// plainDup: a duplicate child never changes its state's node (no
	// lazy frontier, no beam, no re-parenting, no reopening), so the seen
	// set's expanded bits tell its fate (quickDuplicate)
	plainDup bool
	slabs    eventSlabs           // what events are built from (eventslab.go)
	appender StateAppender[S]     // p, if it can append a state's text; else nil
	states   stateTexts[S]        // the states of events' texts, with appender (text.go)
	reasons  reasonTexts          // the notes of events' tie reasons (tiereason.go)
	actNames *[actionNames]string // the names of the first action codes, once asked (actionName)
	actKnown *[actionNames]bool
	noTies   bool  // events list no ties (Search.OmitTies)
	err      error // why the search failed (status Failed)

	// closedDup: plainDup's rule for a duplicate of an expanded state
	// only (re-parenting allowed): the seen set keeps expanded bits, and
	// one set tells that child's fate without reading its node.
	closedDup bool
	// natural: the successors are taken in their natural order, no
	// sorting to do; failer: p or the heuristic can report an error, to
	// be checked after each step (checkFailed).
	natural, failer bool
	// hFail is 1 + the node whose estimate made the heuristic fail, 0
	// while none has, and hFailStep the step that failed (hChecked): a
	// node re-parented or reopened by it existed before, and was no
	// failed node then.
	hFail, hFailStep int32
	spare            *spare[S] // a released engine's memory, until init has used it (recycle.go)
}

// stepRecord is the journal entry of one step. The counters of generated
// children and re-parentings are not stored: every child made a node or a
// mod, so they follow from where the step's nodes and mods end.
type stepRecord struct {
	expanded  int32
	poppedSeq int32 // the expanded node's insertion number
	firstNode int32 // nodes [firstNode, next record's firstNode) were made by this step
	firstMod  int32 // likewise mods
	// counters after the step
	expandedN, duplicates, maxOpen, closed, cutoffs, stale int32
	pruned                                                 int32 // beam search: nodes pruned, each a mod
}

// mod records a re-parenting or reopening: the values before and after;
// or a beam search's pruning (pruned: old and new are equal, the node goes
// from open to st8Pruned), which comes after the step's new nodes and
// re-parentings.
type mod struct {
	id, nodesBefore int32 // nodesBefore: how many nodes existed when the change was made
	old, new        nodeEdit
	wasClosed       bool // a reopening
	pruned          bool // a pruning
}

// nodeEdit is the part of a node a mod changes.
type nodeEdit struct {
	g                   float64
	parent, depth, mark int32
	action              uint16
}

func (e *engine[S]) edit(n *node[S]) nodeEdit {
	return nodeEdit{g: n.g, parent: n.parent, depth: n.depth, action: n.action, mark: n.mark}
}

func (e *engine[S]) apply(n *node[S], d nodeEdit) {
	n.g, n.parent, n.depth, n.action, n.mark = d.g, d.parent, d.depth, d.action, d.mark
}

// childNote is what a step tells its event about one child. A dropped
// duplicate has no node (id -1); succ is then its index in e.succ.
// h is the child's heuristic value as the frontier keyed it, when hKnown.
type childNote struct {
	id, existing, oldParent, succ int32
	oldG, h                       float64
	hKnown                        bool
	fate                          Fate
}

func newEngine[S comparable](p Problem[S], hs []Heuristic[S], o Options) (*engine[S], error) {
	e := &engine[S]{p: p, o: o}
	e.appender, _ = p.(StateAppender[S])
	if o.Algorithm.usesH() {
		h, warn, err := pickHeuristic(hs, &e.o)
		if err != nil {
			return nil, err
		}
		e.h = h
		e.warnings = append(e.warnings, warn...)
	}
	if err := e.checkOrder(); err != nil {
		return nil, err
	}
	e.takeSpare()
	e.init()
	e.spare = nil
	return e, nil
}

// startEngine starts the engine that runs o's algorithm: the depth-first
// iterative loop for ids, idastar, rbfs and forward-only dls
// (runsDepthFirst), the best-first one otherwise.
// kind is the problem's kind ("puzzle"), which sets some defaults.
func startEngine[S comparable](p Problem[S], hs []Heuristic[S], o Options, kind string) (searchEngine, error) {
	if o.Algorithm.bidirectional() {
		e, err := newBiEngine(p, o, [2]func(S) float64{})
		if err != nil {
			return nil, err
		}
		return e, nil
	}
	if runsDepthFirst(o) {
		e, err := newDFEngine(p, hs, o, kind)
		if err != nil {
			return nil, err
		}
		return e, nil
	}
	e, err := newEngine(p, hs, o)
	if err != nil {
		return nil, err
	}
	return e, nil
}

// pickHeuristic finds o.Heuristic among hs (the first if it is ""),
// writes the name chosen back into o, and warns when it is not admissible.
func pickHeuristic[S comparable](hs []Heuristic[S], o *Options) (*Heuristic[S], []string, error) {
	if len(hs) == 0 {
		return nil, nil, usererr.Errorf("stepper", "%s needs a heuristic and this problem has none", o.Algorithm).For("h")
	}
	if o.Heuristic == "" {
		o.Heuristic = hs[0].Name
	}
	var known []string
	var h *Heuristic[S]
	for i := range hs {
		known = append(known, hs[i].Name)
		if hs[i].Name == o.Heuristic {
			h = &hs[i]
		}
	}
	if h == nil {
		return nil, nil, usererr.Errorf("stepper", "unknown heuristic %q%s; this problem has %s", o.Heuristic, suggest(o.Heuristic, known), strings.Join(known, ", ")).For("h")
	}
	var warn []string
	if !h.Admissible {
		warn = append(warn, fmt.Sprintf("heuristic %s is not admissible for this problem: %s may return a path that is not the cheapest", h.Name, o.Algorithm))
	}
	return h, warn, nil
}

// init makes the root and puts it on a new frontier: step 0.
func (e *engine[S]) init() {
	e.goal, e.status = -1, Running
	e.closedDup = !e.o.Lazy && e.o.Algorithm != Beam && e.o.Closed == IgnoreClosed
	e.plainDup = e.closedDup && e.o.Open == IgnoreOpen
	e.natural = e.o.Order == "natural"
	_, e.failer = e.p.(Failer)
	e.failer = e.failer || (e.h != nil && e.h.Err != nil)
	if !e.o.Tree {
		upFront := denseUpFront
		if e.o.Forget {
			upFront = forwardUpFront
		}
		e.seen = newSeenSet(e.p, upFront, e.spare)
	}
	e.front = e.newFrontier()
	start := e.p.Start()
	e.nodes.add(node[S]{state: start, parent: -1, action: noAction, status: st8Open})
	if e.seen != nil {
		e.seen.put(start, 0)
	}
	if e.o.Goal == OnGenerate && e.p.IsGoal(start) {
		e.nodes.at(0).status = st8GoalBorn
		e.goal, e.status = 0, Solved
		return
	}
	e.nextSeq = 1
	e.front.push(0, e.keyOf(0, e.hOf(start)))
}

func (e *engine[S]) newFrontier() frontier {
	switch e.o.Algorithm {
	case BFS:
		return &fifoFrontier{}
	case DFS, DLS:
		return &lifoFrontier{}
	}
	h := &heapFrontier{lifo: e.o.Tie == TieLIFO, seqTies: e.o.Tie != TieHighG && e.o.Tie != TieLowH}
	h.items, h.pos = e.spare.heapMemory()
	return h
}

func (e *engine[S]) hOf(s S) float64 {
	if e.h == nil {
		return 0
	}
	return e.h.Estimate(s)
}

// priority is the evaluation function f.
func (e *engine[S]) priority(g, h float64, depth int32) float64 {
	switch e.o.Algorithm {
	case UCS:
		return g
	case Greedy:
		return h
	case AStar:
		return g + h
	case Beam:
		return e.beamF(g, h)
	case WAStar:
		return g + e.o.Weight*h
	}
	return float64(depth)
}

// keyOf is node id's sort key. Priorities and tie keys are rounded to
// 1e-9, so sums of irrational step costs that are equal in exact
// arithmetic (√2+√2+√2 and 3·√2) tie and the tie rule decides.
func (e *engine[S]) keyOf(id int32, h float64) key {
	n := e.nodes.at(id)
	k := key{prio: roundKey(e.priority(n.g, h, n.depth)), seq: n.mark}
	if e.o.Local {
		// local beam: layer (depth) first, then f, then insertion
		k.prio, k.tie = float64(n.depth), k.prio
		return k
	}
	switch e.o.Tie {
	case TieHighG:
		k.tie = roundKey(-n.g)
	case TieLowH:
		k.tie = roundKey(h)
	}
	return k
}

func roundKey(x float64) float64 { return math.Round(x*1e9) / 1e9 }

func (e *engine[S]) nodeKey(id int32) key { return e.keyOf(id, e.hOf(e.nodes.at(id).state)) }

// step performs one expansion at the horizon. With ev nil it records no
// event: that is the fast path of Run and Seek.
func (e *engine[S]) step(ev *Event) {
	id := e.front.pop()
	n := e.nodes.at(id)
	rec := stepRecord{expanded: id, poppedSeq: n.mark, firstNode: int32(e.nodes.len()), firstMod: e.modLen(), maxOpen: 1}
	if e.cur > 0 {
		prev := e.cursorRecord()
		rec.expandedN, rec.duplicates, rec.maxOpen, rec.closed, rec.cutoffs, rec.stale = prev.expandedN, prev.duplicates, prev.maxOpen, prev.closed, prev.cutoffs, prev.stale
		rec.pruned = prev.pruned
	}
	stepNo := int32(e.cur + 1)
	e.collectTies(ev, id)
	e.notes, e.pruned = e.notes[:0], e.pruned[:0]
	if e.o.Lazy {
		if ex, _ := e.seen.get(n.state); ex != id && e.nodes.at(ex).status == st8Closed {
			n.status, n.mark = st8Stale, stepNo
			rec.stale++
			e.endStep(&rec)
			return
		}
	}
	if e.o.Goal == OnExpand && e.p.IsGoal(n.state) {
		n.status, n.mark = st8Goal, stepNo
		e.goal, e.status = id, Solved
		e.commit(&rec)
		return
	}
	if e.o.DepthLimited && int(n.depth) >= e.o.Depth {
		// AIMA's depth-limited search: a node at the limit is goal-tested
		// but not expanded, and the search reports cutoff, not failure.
		n.status, n.mark = st8Cutoff, stepNo
		rec.cutoffs++
		e.endStep(&rec)
		return
	}
	n.status, n.mark = st8Closed, stepNo
	if e.closedDup && e.seen != nil {
		e.seen.markExpanded(n.state)
	}
	if e.o.Lazy {
		e.seen.put(n.state, id) // the expanded node is the state's, for the closed checks
	}
	rec.expandedN++
	rec.closed++
	parentG, parentDepth, parentState := n.g, n.depth, n.state
	e.succ = e.order(e.p.Successors(parentState, e.succ[:0]))
	for i := range e.succ {
		sc := &e.succ[i]
		if uint(sc.Action) > MaxAction {
			panic(fmt.Sprintf("stepper: action code %d out of [0, %d]", sc.Action, MaxAction))
		}
		action := uint16(sc.Action)
		g, depth := parentG+sc.Cost, parentDepth+1
		seen, slot := false, -1
		if e.seen != nil {
			var ex int32
			ex, seen, slot = e.seen.find(sc.State)
			if seen && ev == nil && e.closedDup && e.quickDuplicate(&rec, slot, id, g, depth, action, sc.State) {
				continue
			}
			if seen && ex < 0 {
				ex = e.seen.nodeAt(slot)
			}
			if seen && e.o.Algorithm == Beam && e.nodes.at(ex).status == st8Pruned {
				// beam search forgets a pruned node: its state, reached
				// again, is a new node (and the seen map's)
				seen = false
			} else if seen && (!e.o.Lazy || e.nodes.at(ex).status == st8Closed) {
				e.revisit(ev, &rec, ex, id, g, depth, action, sc.State, int32(i))
				if e.hFail != 0 {
					break // the heuristic failed on ex's state: no further child
				}
				continue
			}
		}
		nid := e.addNode(sc.State, g, id, depth, action, st8Open)
		if ex, ok := e.seenPruned(sc.State); ok {
			e.displace(nid, ex)
		}
		if e.seen != nil && !seen {
			e.seen.putAt(slot, sc.State, nid)
		}
		if e.o.Goal == OnGenerate && e.p.IsGoal(sc.State) {
			e.nodes.at(nid).status = st8GoalBorn
			e.goal, e.status = nid, Solved
			e.note(ev, nid, -1, FateGoal, 0, 0)
			break
		}
		e.nodes.at(nid).mark = e.nextSeq
		e.nextSeq++
		var h float64
		hFailed := false
		if e.failer {
			h, hFailed = e.hChecked(nid, sc.State)
		} else {
			h = e.hOf(sc.State)
		}
		e.front.push(nid, e.keyOf(nid, h))
		e.note(ev, nid, -1, FateAdded, 0, 0)
		e.noteH(ev, h)
		if hFailed {
			break // the search ends failed after this step: no further child
		}
	}
	e.firstChildFirst(rec.firstNode, int32(e.nodes.len()))
	e.endStep(&rec)
}

// firstChildFirst makes depth-limited search pop the children of a step in
// their successor order, as AIMA's recursive definition (Figure 3.17)
// visits them: the nodes the step pushed, ids from firstNode on, are
// reversed on the stack. A plain DFS pops the last child first, as a stack
// search does (aima-python's depth_first_tree_search).
func (e *engine[S]) firstChildFirst(firstNode, nodeEnd int32) {
	if e.o.Algorithm != DLS {
		return
	}
	k := 0
	for id := firstNode; id < nodeEnd; id++ {
		if e.nodes.at(id).status == st8Open {
			k++
		}
	}
	e.front.(*lifoFrontier).reverseTop(k)
}

// endStep records the largest frontier, decides the status at the end of a
// step and commits it.
func (e *engine[S]) endStep(rec *stepRecord) {
	if ol := int32(e.front.len()); ol > rec.maxOpen {
		rec.maxOpen = ol
	}
	e.prune(rec)
	if e.status == Running {
		if e.front.len() == 0 {
			e.status = NoSolution
			if rec.cutoffs > 0 {
				e.status = Cutoff
			}
		} else if e.nodes.len() >= e.o.MaxNodes || e.bytes() > e.o.MaxBytes {
			e.status = LimitReached
		}
	}
	e.commit(rec)
}

// commit appends the step's record and moves the cursor, which is the horizon.
func (e *engine[S]) commit(rec *stepRecord) {
	if e.journaled() {
		e.records.push(*rec)
	} else {
		e.past.push(stepIndex{rec.firstNode, rec.poppedSeq})
		e.last = *rec
	}
	e.cur++
}

// revisit handles a child whose state already has node ex: re-parent or
// reopen it when the new path is cheaper and the options say so, otherwise
// record the child as a discarded duplicate.
func (e *engine[S]) revisit(ev *Event, rec *stepRecord, ex, parent int32, g float64, depth int32, action uint16, s S, succ int32) {
	old := e.nodes.at(ex)
	cheaper := lessCost(g, old.g)
	switch {
	case old.status == st8Open && cheaper && (e.o.Open == Reparent || e.o.Open == ReparentNew):
		m := mod{id: ex, nodesBefore: int32(e.nodes.len()), old: e.edit(old)}
		m.new = nodeEdit{g: g, parent: parent, depth: depth, action: action, mark: old.mark}
		if e.o.Open == ReparentNew {
			// aima-python and AIMA 4th edition delete the node and add it
			// again: it takes a new insertion number.
			m.new.mark = e.nextSeq
			e.nextSeq++
		}
		e.apply(old, m.new)
		e.addMod(m)
		h := 0.0
		if e.failer {
			h, _ = e.hChecked(ex, s)
		} else {
			h = e.hOf(s)
		}
		e.front.fix(ex, e.keyOf(ex, h))
		e.note(ev, ex, ex, FateReparented, m.old.g, m.old.parent)
		e.noteH(ev, h)
	case old.status == st8Closed && cheaper && e.o.Closed == Reopen:
		m := mod{id: ex, nodesBefore: int32(e.nodes.len()), old: e.edit(old), wasClosed: true}
		m.new = nodeEdit{g: g, parent: parent, depth: depth, action: action, mark: e.nextSeq}
		e.nextSeq++
		e.apply(old, m.new)
		old.status = st8Open
		e.addMod(m)
		rec.closed--
		h := 0.0
		if e.failer {
			h, _ = e.hChecked(ex, s)
		} else {
			h = e.hOf(s)
		}
		e.front.push(ex, e.keyOf(ex, h))
		e.note(ev, ex, ex, FateReopened, m.old.g, m.old.parent)
		e.noteH(ev, h)
	default:
		st := st8DupOpen
		if old.status == st8Closed {
			st = st8DupClosed
		}
		rec.duplicates++
		if e.o.Duplicates == DropDuplicates {
			if ev != nil {
				e.notes = append(e.notes, childNote{id: -1, existing: ex, fate: st.fate(), succ: succ})
			}
			return
		}
		nid := e.addNode(s, g, parent, depth, action, st)
		e.note(ev, nid, ex, st.fate(), 0, 0)
	}
}

// quickDuplicate is revisit for a step without an event when closedDup
// holds: the child is counted and, with kept duplicates, stored as
// discarded, its fate read from the seen set's expanded bit instead of the
// existing node. It reports false, doing nothing, when the seen set cannot
// tell (it was a map first) or when the state is open and a cheaper path
// may re-parent it (plainDup false); revisit then does the work. O(1), no
// read of the existing node or of its slot.
func (e *engine[S]) quickDuplicate(rec *stepRecord, slot int, parent int32, g float64, depth int32, action uint16, s S) bool {
	expanded, known := e.seen.expandedAt(slot)
	if !known || !expanded && !e.plainDup {
		return false
	}
	rec.duplicates++
	if e.o.Duplicates == DropDuplicates {
		return true
	}
	st := st8DupOpen
	if expanded {
		st = st8DupClosed
	}
	e.addNode(s, g, parent, depth, action, st)
	return true
}

// costTolerance is the relative difference below which two path costs are
// equal: a path cheaper only by rounding error (√2+√2+√2 against 3·√2) is
// no cheaper, re-parents nothing and reopens nothing.
const costTolerance = 1e-9

// lessCost reports whether a is cheaper than b by more than rounding error.
func lessCost(a, b float64) bool {
	if a >= b {
		return false // the common case, a duplicate no cheaper: no tolerance to compute
	}
	if math.IsInf(b, 1) {
		return !math.IsInf(a, 1)
	}
	return a < b-costTolerance*max(1, math.Abs(b))
}

func (e *engine[S]) addNode(s S, g float64, parent, depth int32, action uint16, st nodeStatus8) int32 {
	return e.nodes.add(node[S]{state: s, g: g, parent: parent, depth: depth, action: action, status: st, mark: -1})
}

func (e *engine[S]) note(ev *Event, id, existing int32, fate Fate, oldG float64, oldParent int32) {
	if ev != nil {
		e.notes = append(e.notes, childNote{id: id, existing: existing, fate: fate, oldG: oldG, oldParent: oldParent, succ: -1})
	}
}

// noteH records h, from which the frontier keyed the child the last note
// told of, so that its event does not evaluate h again.
func (e *engine[S]) noteH(ev *Event, h float64) {
	if ev != nil {
		e.notes[len(e.notes)-1].h, e.notes[len(e.notes)-1].hKnown = h, true
	}
}

// bytesPerNode estimates the memory one stored node takes: the node itself
// and its share of the seen map and the frontier.
func (e *engine[S]) bytesPerNode() int64 {
	var n node[S]
	return int64(unsafe.Sizeof(n)) + int64(unsafe.Sizeof(n.state)) + 16
}

func (e *engine[S]) bytes() int64 {
	return int64(e.nodes.len())*e.bytesPerNode() + int64(e.records.len())*int64(unsafe.Sizeof(stepRecord{})) + int64(e.past.len())*int64(unsafe.Sizeof(stepIndex{}))
}

// order applies Options.Order to one expansion's successors.
func (e *engine[S]) order(succ []Successor[S]) []Successor[S] {
	if e.natural {
		return succ
	}
	return orderSuccessors(e.p, e.o.Order, &e.rank, succ)
}

// orderSuccessors applies a successor order to one expansion's successors;
// rank caches the rank of each action code.
func orderSuccessors[S comparable](p Problem[S], order string, rank *[]int32, succ []Successor[S]) []Successor[S] {
	switch order {
	case "natural":
		return succ
	case "reverse":
		for i, j := 0, len(succ)-1; i < j; i, j = i+1, j-1 {
			succ[i], succ[j] = succ[j], succ[i]
		}
		return succ
	case "alpha":
		sort.SliceStable(succ, func(i, j int) bool { return p.ActionName(succ[i].Action) < p.ActionName(succ[j].Action) })
		return succ
	}
	rankOf := func(action int) int32 {
		for action >= len(*rank) {
			*rank = append(*rank, -2)
		}
		if (*rank)[action] == -2 {
			(*rank)[action] = orderRank(order, p.ActionName(action))
		}
		return (*rank)[action]
	}
	sort.SliceStable(succ, func(i, j int) bool { return rankOf(succ[i].Action) < rankOf(succ[j].Action) })
	return succ
}

// orderRank is the position of action name in a comma-list order; names not
// listed come after every listed one, in natural order.
func orderRank(order, name string) int32 {
	r := int32(0)
	for _, part := range splitList(order) {
		if part == name {
			return r
		}
		r++
	}
	return r
}

// actionLister is implemented by problems whose actions can be listed, so
// that a successor order naming an unknown action is caught early.
type actionLister interface{ ActionNames() []string }

func (e *engine[S]) checkOrder() error { return checkOrderOf(e.p, e.o.Order) }

// checkOrderOf checks that a comma-list successor order names only actions
// the problem has, when it can list them.
func checkOrderOf(p any, order string) error {
	switch order {
	case "natural", "reverse", "alpha":
		return nil
	}
	al, ok := p.(actionLister)
	if !ok {
		return nil
	}
	known := al.ActionNames()
	for _, part := range splitList(order) {
		if !contains(known, part) {
			return usererr.Errorf("stepper", "successor order names unknown action %q%s; use natural, reverse, alpha or a comma list of these actions: %s", part, suggest(part, known), strings.Join(known, ", ")).For("order")
		}
	}
	return nil
}

// sizeOf is the size of v's type in bytes.
func sizeOf[T any](v T) uintptr { return unsafe.Sizeof(v) }
