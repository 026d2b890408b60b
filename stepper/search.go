package stepper

import (
	"sort"
	"strings"

	"stepviz/internal/usererr"
)

// Instance is a parsed problem, as every front end holds one: a puzzle, a
// grid, a graph (packages stepper/puzzle, stepper/grid, stepper/graph) or a
// problem defined outside ([NewCustom]). Package stepper/problems makes one
// from a problem line.
type Instance interface {
	// Kind is "puzzle", "grid" or "graph".
	Kind() string
	// Spec is the problem line that rebuilds the instance.
	Spec() string
	// Heuristics names the heuristics the problem has, its default first.
	Heuristics() []string
	// Engine starts a search with normalized options o, through [Start]
	// or [StartBiAStar]; [NewSearch] calls it.
	Engine(o Options) (Engine, error)
}

// searchEngine is the part of the generic engine the facade uses.
type searchEngine interface {
	advance(ev *Event)
	seek(k int) int
	steps() int
	state() Status
	// fill writes the last step's event into ev, which is zero but for
	// Children: memory of the caller's that fill may reuse (eventChildren)
	fill(ev *Event)
	info(id int32) NodeInfo
	snapshot() Snapshot
	counters() Counters
	path() []int
	nodeCount() int
	explain(id int32) []Term
	cost() float64
	options() Options
	warns() []string
	bytesPerNode() int64
	failed() error
}

// Search is one search on one instance, stepped one expansion at a time.
// It is not safe for concurrent use.
type Search struct {
	inst Instance
	eng  searchEngine
	ev   Event // the event Step fills
}

// NewSearch starts a search. It fails on an unknown heuristic, option value or
// successor order, with a message that names the valid choices.
func NewSearch(inst Instance, o Options) (*Search, error) {
	o, err := o.Normalize()
	if err != nil {
		return nil, err
	}
	eng, err := inst.Engine(o)
	if err != nil {
		return nil, err
	}
	return &Search{inst: inst, eng: eng}, nil
}

// Instance returns the problem searched.
func (s *Search) Instance() Instance { return s.inst }

// Options returns the normalized options, the heuristic's default filled in.
func (s *Search) Options() Options { return s.eng.options() }

// Warnings returns notes on the options, such as an inadmissible heuristic.
func (s *Search) Warnings() []string { return s.eng.warns() }

// Status is where the search stands.
func (s *Search) Status() Status { return s.eng.state() }

// StepCount is the number of steps taken: the step Snapshot describes.
func (s *Search) StepCount() int { return s.eng.steps() }

// Step performs exactly one expansion and returns its event. It returns
// false, and no step, when the search is already done. Cost: O(log open)
// plus the children's generation; nothing is copied from the open or closed
// list.
func (s *Search) Step() (Event, bool) {
	if s.eng.state().Done() {
		return Event{}, false
	}
	if es, ok := s.eng.(eventStepper); ok {
		return es.stepEvent(), true
	}
	// the engines take the event by pointer through an interface, which
	// would move a local to the heap: the Search's own is filled and
	// copied out, one allocation a step fewer. It keeps referring to what
	// the caller now owns until the next Step, which keeps nothing alive
	// that the engine's slabs do not.
	s.ev = Event{}
	s.eng.advance(&s.ev)
	s.eng.fill(&s.ev)
	return s.ev, true
}

// eventStepper is an engine that steps and fills the event in one call
// and returns it by value: the event is built in the engine's stack
// frame, so neither zeroing it nor writing its fields pays a write
// barrier while the collector marks (only what goes into the slabs
// does), and no event lives in the heap between steps.
type eventStepper interface {
	stepEvent() Event
}

// stepEvent takes the next step and returns its event (see
// eventStepper). The caller checks the status first.
func (e *engine[S]) stepEvent() Event {
	var ev Event
	e.advance(&ev)
	e.fill(&ev)
	return ev
}

// OmitTies makes the events of later steps leave Ties, TieCount and
// TieReason empty, for a consumer that never reads them (a csv trace):
// the frontier then keeps no count of ties, and a step with its event
// costs that much less. Everything else in an event is unchanged. Only the
// best-first searches list ties; for the others it changes nothing.
func (s *Search) OmitTies() {
	if e, ok := s.eng.(interface{ omitTies() }); ok {
		e.omitTies()
	}
}

func (e *engine[S]) omitTies() { e.noTies = true }

// GeneratedOneByOne is the number of nodes generated as a recursive search
// that generates one child at a time counts them (Korf's IDA*): the same as
// Counters().Generated except that, once the goal is found, the children
// that its ancestors generated after the path's child are left out, since
// such a search never generates them. ok is false for the best-first
// searches, which generate all children of an expansion at once.
// Korf's "nodes generated" is 1 (the root) + GeneratedOneByOne.
func (s *Search) GeneratedOneByOne() (n int, ok bool) {
	if d, is := s.eng.(interface{ generatedOneByOne() int }); is {
		return d.generatedOneByOne(), true
	}
	return s.eng.counters().Generated, false
}

// fastRunner is an engine that can run to the end faster than step by
// step; it reports whether it did.
type fastRunner interface{ fastPath() bool }

// Run takes up to max steps (max <= 0: until done) without building events,
// and returns the status. Run to the end from step 0, IDA* on a puzzle with
// Manhattan distance, and IDS on a puzzle with Options.Linear, take a fast
// path that stores only the solution path: the counters are those of
// stepping, but Snapshot's tree is the path.
func (s *Search) Run(max int) Status {
	if fr, ok := s.eng.(fastRunner); ok && max <= 0 && s.eng.steps() == 0 && fr.fastPath() {
		return s.eng.state()
	}
	for i := 0; (max <= 0 || i < max) && !s.eng.state().Done(); i++ {
		s.eng.advance(nil)
	}
	return s.eng.state()
}

// Seek moves the search to step k and returns the step reached: k, or the
// last step if the search ends before k. Every step ever computed is kept,
// so a step up to the furthest one reached is replayed from the journal
// (no successors generated, no state hashed; h is recomputed only for the
// frontier's keys) or undone,
// whichever is shorter, or the search rewinds to step 0 in O(nodes) and
// replays; only steps beyond the furthest are searched. Each replayed or
// undone step costs O(children · log open). With Options.Forget no past
// step is kept: a step back is searched again from step 0, O(k).
func (s *Search) Seek(k int) int {
	return s.eng.seek(max(k, 0))
}

// Reset goes back to step 0; the steps computed are kept for replay,
// except those Options.Forget drops.
func (s *Search) Reset() { s.eng.seek(0) }

// FirstHeld is the first step whose state the search holds: Seek to a step
// from it to Horizon() undoes or replays the journal, Seek before it steps
// again from step 0. It is 0 except with Options.Forget, where it is the
// current step (in the depth-first family, once two are taken), and node ids below
// IterStart(FirstHeld()) are dropped. O(1).
func (s *Search) FirstHeld() int {
	if d, ok := s.eng.(interface{ firstHeld() int }); ok {
		return d.firstHeld()
	}
	return 0
}

// EventAt returns the event of step k (1-based), moving the search to step k.
func (s *Search) EventAt(k int) (Event, error) {
	if k < 1 {
		return Event{}, usererr.Errorf("stepper", "step %d: steps are numbered from 1", k)
	}
	if got := s.Seek(k - 1); got != k-1 {
		return Event{}, usererr.Errorf("stepper", "step %d: the search ended at step %d", k, got)
	}
	ev, ok := s.Step()
	if !ok {
		return Event{}, usererr.Errorf("stepper", "step %d: the search ended at step %d", k, k-1)
	}
	return ev, nil
}

// Snapshot returns the whole state at the current step. It copies and sorts
// the open list: O(open · log open + nodes).
func (s *Search) Snapshot() Snapshot { return s.eng.snapshot() }

// Counters returns the instrumentation so far. O(1).
func (s *Search) Counters() Counters { return s.eng.counters() }

// NodeCount is the number of nodes in the tree.
func (s *Search) NodeCount() int { return s.eng.nodeCount() }

// Node returns node id. It panics if id is not in [0, NodeCount()). A
// node of an earlier iteration that Options.Forget dropped has status
// NodeDropped and only its id.
func (s *Search) Node(id int) NodeInfo { return s.eng.info(int32(id)) }

// Path returns the solution's node ids from the root, or nil if not solved.
func (s *Search) Path() []int { return s.eng.path() }

// PathActions names the actions along Path, one fewer than its nodes:
// the action of each node after the first, except in a bidirectional
// search, whose backward nodes record their move toward the goal.
func (s *Search) PathActions() []string {
	if b, ok := s.eng.(interface{ pathActions() []string }); ok {
		return b.pathActions()
	}
	var out []string
	for i, id := range s.Path() {
		if i > 0 {
			out = append(out, s.Node(id).Action)
		}
	}
	return out
}

// Cost is the solution's cost, or 0 if not solved.
func (s *Search) Cost() float64 { return s.eng.cost() }

// Explain returns the terms of node id's h (per-tile distances), if the
// heuristic can break its value down.
func (s *Search) Explain(id int) []Term { return s.eng.explain(int32(id)) }

// BytesPerNode estimates the memory one stored node takes.
func (s *Search) BytesPerNode() int64 { return s.eng.bytesPerNode() }

// --- the engine's side of the facade ---

func (e *engine[S]) steps() int       { return e.cur }
func (e *engine[S]) nodeCount() int   { return int(e.visibleNodes()) }
func (e *engine[S]) options() Options { return e.o }
func (e *engine[S]) warns() []string  { return append([]string(nil), e.warnings...) }

func (e *engine[S]) explain(id int32) []Term {
	if e.h == nil || e.h.Explain == nil {
		return nil
	}
	return e.h.Explain(e.nodes.at(id).state)
}

// stepOf is the step that generated node id. A node is made by the step
// that expanded its parent unless it was re-parented or its parent was
// expanded again since, which are later steps: that step is tried first,
// O(1), and otherwise the journal is searched, O(log steps).
func (e *engine[S]) stepOf(id int32) int { return e.stepOfNode(id, e.nodes.at(id)) }

// stepOfNode is stepOf of node id, which n is. When no node ever changed
// parent (no mod), a node was made by the step that expanded its parent,
// which that step's number marks, and the journal is not read at all.
func (e *engine[S]) stepOfNode(id int32, n *node[S]) int {
	if n.parent >= 0 {
		if p := e.nodes.at(n.parent); p.status == st8Closed && (e.modLen() == 0 || e.madeBy(int(p.mark), id)) {
			return int(p.mark)
		}
	}
	if !e.journaled() {
		return e.pastStepOf(id)
	}
	return sort.Search(e.records.len(), func(i int) bool { return e.records.at(i).firstNode > id })
}

// madeBy reports whether step k (1-based) made node id. O(1).
func (e *engine[S]) madeBy(k int, id int32) bool {
	if e.journaled() {
		r := &e.records
		return k >= 1 && k <= r.len() && r.at(k-1).firstNode <= id && (k == r.len() || r.at(k).firstNode > id)
	}
	p := &e.past
	return k >= 1 && k <= p.len() && p.at(k-1).firstNode <= id && (k == p.len() || p.at(k).firstNode > id)
}

func (e *engine[S]) info(id int32) NodeInfo {
	var ni NodeInfo
	e.infoInto(&ni, id, -1, nil, false)
	return ni
}

// infoInto writes node id into ni. step is the step that generated id
// when the caller knows it (>= 0), which spares the search of the
// journal; h, when not nil, is id's heuristic value as the frontier keyed
// it, which spares evaluating h again; lazy leaves the state's text to be
// written when asked (an event's; see stateText). ni must be zero: the
// fields that stay zero are not written, which spares their write
// barriers in an event's memory.
func (e *engine[S]) infoInto(ni *NodeInfo, id int32, step int, h *float64, lazy bool) {
	n := e.nodes.at(id)
	if step < 0 {
		step = e.stepOfNode(id, n)
	}
	var hv float64
	if h != nil {
		hv = *h
	} else {
		hv = e.hOf(n.state)
	}
	// field by field: a composite literal would be built aside and
	// copied, pointers and all, into the event's memory; of the state's
	// Text only the part that is set is written (ni is zero)
	ni.ID, ni.Parent = int(id), int(n.parent)
	if lazy && e.appender != nil {
		ni.State.src = e.states.cell(e.appender, n.state)
	} else {
		ni.State = TextOf(e.p.Format(n.state))
	}
	ni.G, ni.H, ni.F, ni.Depth = n.g, hv, e.priority(n.g, hv, n.depth), int(n.depth)
	ni.Status, ni.Seq, ni.Step = n.status.status(), int(e.seqOfNode(n)), step
	if n.status == st8Closed {
		ni.Order = int(n.mark)
	}
	if e.hFail != 0 && id == e.hFail-1 && int32(e.cur) >= e.hFailStep {
		ni.HFailed = true
	}
	if n.action != noAction {
		ni.Action = e.actionName(n.action)
	}
}

// actionName is the problem's name of action code a. The names of the
// first actionNames codes are asked once and kept (Problem.ActionName is
// deterministic): an event names its nodes' actions without a call
// through the problem's interface.
func (e *engine[S]) actionName(a uint16) string {
	if int(a) >= actionNames {
		return e.p.ActionName(int(a))
	}
	if e.actNames == nil {
		e.actNames = new([actionNames]string)
		e.actKnown = new([actionNames]bool)
	}
	if !e.actKnown[a] {
		e.actNames[a], e.actKnown[a] = e.p.ActionName(int(a)), true
	}
	return e.actNames[a]
}

// actionNames is how many action codes actionName keeps the names of:
// every move of a puzzle or a grid.
const actionNames = 16

// stateText is s as the problem writes it. lazy, for an event, records s
// to be written on demand when the problem can append it
// ([StateAppender]): O(1), no string work; otherwise, and for a
// snapshot, it is written now.
func (e *engine[S]) stateText(s S, lazy bool) Text {
	if e.appender != nil && lazy {
		return Text{src: e.states.cell(e.appender, s)}
	}
	return TextOf(e.p.Format(s))
}

// droppedInfo describes a duplicate child that was not stored
// (duplicates=drop): it has no id.
func (e *engine[S]) droppedInfo(parent int32, sc *Successor[S]) NodeInfo {
	p := e.nodes.at(parent)
	g, depth := p.g+sc.Cost, p.depth+1
	h := e.hOf(sc.State)
	return NodeInfo{ID: -1, State: e.stateText(sc.State, true), Parent: int(parent), Action: e.p.ActionName(sc.Action),
		G: g, H: h, F: e.priority(g, h, depth), Depth: int(depth), Status: NodeDiscarded, Seq: -1, Step: e.cur}
}

func (e *engine[S]) counters() Counters {
	c := Counters{Steps: e.cur, Open: e.front.len(), Nodes: int(e.visibleNodes()), MaxOpen: 1}
	if r := e.cursorRecord(); r != nil {
		nodeEnd, modEnd := e.stepEnds(e.cur - 1)
		c.Expanded, c.Duplicates, c.MaxOpen, c.Closed, c.Cutoffs = int(r.expandedN), int(r.duplicates), int(r.maxOpen), int(r.closed), int(r.cutoffs)
		// every child made a node or a mod, or was a dropped duplicate
		c.Generated, c.Reparented = int(nodeEnd)-1+int(modEnd-r.pruned), int(modEnd-r.pruned)
		c.Pruned = int(r.pruned)
		if e.o.Duplicates == DropDuplicates {
			c.Generated += c.Duplicates
		}
	}
	return c
}

func (e *engine[S]) path() []int {
	if e.state() != Solved {
		return nil
	}
	var p []int
	for id := e.goal; id >= 0; id = e.nodes.at(id).parent {
		p = append(p, int(id))
	}
	for i, j := 0, len(p)-1; i < j; i, j = i+1, j-1 {
		p[i], p[j] = p[j], p[i]
	}
	return p
}

func (e *engine[S]) cost() float64 {
	if e.state() != Solved {
		return 0
	}
	return e.nodes.at(e.goal).g
}

// seqOf is node id's insertion number; an expanded node's is in the
// record of its expansion.
func (e *engine[S]) seqOf(id int32) int32 { return e.seqOfNode(e.nodes.at(id)) }

// seqOfNode is seqOf of node n.
func (e *engine[S]) seqOfNode(n *node[S]) int32 {
	if n.status == st8Closed || n.status == st8Goal || n.status == st8Cutoff || n.status == st8Stale {
		if !e.journaled() {
			return e.past.at(int(n.mark - 1)).poppedSeq
		}
		return e.records.at(int(n.mark - 1)).poppedSeq
	}
	return n.mark
}

func (e *engine[S]) publicKey(id int32) Key {
	n := e.nodes.at(id)
	k := e.keyOf(id, e.hOf(n.state))
	return Key{Priority: k.prio, Tie: k.tie, Seq: int(e.seqOf(id))}
}

// fill completes an event from the notes the last step left. ev is zero
// but for Children, whose memory it writes the children into when it can
// (eventChildren: StepInto's event).
func (e *engine[S]) fill(ev *Event) {
	rec := e.cursorRecord()
	ev.Step = e.cur
	e.infoInto(&ev.Expanded, rec.expanded, -1, nil, true)
	ev.Key = openKey(&e.o, &ev.Expanded) // publicKey, from the h info computed

	ev.Ties = e.listTies()
	if ev.TieCount > 0 {
		ev.TieReason = e.tieReason(rec.expanded, ev.Key)
	}
	// each child is written in place: a Child is large, and a copy into
	// the slab's memory pays write barriers while the collector runs
	if !eventChildren(ev, len(e.notes)) {
		ev.Children = e.slabs.children.take(len(e.notes))[:len(e.notes)]
	}
	for i := range e.notes {
		nt, c := &e.notes[i], &ev.Children[i]
		if nt.id < 0 {
			c.NodeInfo = e.droppedInfo(rec.expanded, &e.succ[nt.succ])
		} else {
			step := -1
			if nt.id >= rec.firstNode {
				step = e.cur // made by this step
			}
			var h *float64
			if nt.hKnown {
				h = &nt.h
			}
			e.infoInto(&c.NodeInfo, nt.id, step, h, true)
		}
		c.Fate, c.ExistingID, c.OldParent = nt.fate, int(nt.existing), -1
		if nt.fate == FateReparented || nt.fate == FateReopened {
			c.OldG, c.OldParent = nt.oldG, int(nt.oldParent)
		}
	}
	ev.Status = e.state()
	ev.Counters = e.counters()
	// ev is zero but for Children: a pointer that stays nil is not written
	if p := e.path(); p != nil {
		ev.Path = p
	}
	if b := e.beamEvent(rec.expanded); b != nil {
		ev.Beam = b
	}
}

func (e *engine[S]) snapshot() Snapshot {
	sn := Snapshot{Step: e.cur, Status: e.state(), Counters: e.counters(), Path: e.path()}
	ids := e.front.ids()
	open := make([]OpenEntry, len(ids))
	for i, id := range ids {
		open[i] = OpenEntry{NodeInfo: e.info(id), Key: e.publicKey(id)}
	}
	switch e.front.(type) {
	case *fifoFrontier:
	case *lifoFrontier:
		for i, j := 0, len(open)-1; i < j; i, j = i+1, j-1 {
			open[i], open[j] = open[j], open[i]
		}
	default:
		lifo := e.o.Tie == TieLIFO
		sort.Slice(open, func(i, j int) bool {
			a, b := open[i].Key, open[j].Key
			if a.Priority != b.Priority {
				return a.Priority < b.Priority
			}
			if a.Tie != b.Tie {
				return a.Tie < b.Tie
			}
			return (a.Seq < b.Seq) != lifo
		})
	}
	sn.Open = open
	// A reopened node appears in e.closed once per expansion: list each
	// closed node once, at its last expansion.
	if e.journaled() {
		listed := make(map[int32]bool)
		for k := e.cur - 1; k >= 0; k-- {
			id := e.records.at(k).expanded
			if e.nodes.at(id).status == st8Closed && !listed[id] {
				listed[id] = true
				sn.Closed = append(sn.Closed, e.info(id))
			}
		}
		for i, j := 0, len(sn.Closed)-1; i < j; i, j = i+1, j-1 {
			sn.Closed[i], sn.Closed[j] = sn.Closed[j], sn.Closed[i]
		}
	} else {
		for _, id := range e.closedInOrder() {
			sn.Closed = append(sn.Closed, e.info(id))
		}
	}
	sn.Tree = make([]NodeInfo, e.visibleNodes())
	for i := range sn.Tree {
		sn.Tree[i] = e.info(int32(i))
	}
	return sn
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
