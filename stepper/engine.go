package stepper

import (
	"fmt"
	"sort"
	"unsafe"
)

// node is one node of the search tree. Nodes are appended in generation
// order and never move, so a node's id is its index; only a re-parenting or
// a reopening changes a node after it is made, and the journal records
// what it changed. h is not stored: heuristics are deterministic, so it is
// recomputed when asked for.
type node[S comparable] struct {
	state  S
	g      float64
	parent int32
	depth  int32
	seq    int32 // insertion number on the frontier
	order  int32 // expansion step, 0 if never expanded
	action int32
	status NodeStatus8
}

// NodeStatus8 is a NodeStatus stored in one byte.
type NodeStatus8 uint8

const (
	st8Open NodeStatus8 = iota
	st8Closed
	st8Discarded
	st8Goal
)

func (s NodeStatus8) status() NodeStatus {
	return [...]NodeStatus{NodeOpen, NodeClosed, NodeDiscarded, NodeGoal}[s]
}

// stepRecord is the journal entry of one step: enough to undo it.
type stepRecord struct {
	expanded  int32
	firstNode int32 // nodes[firstNode:] were made by this step
	firstMod  int32 // mods[firstMod:] were made by this step
	// counters after the step
	expandedN, generated, duplicates, reparented, maxOpen, closed int32
}

// mod records what a re-parenting or reopening overwrote.
type mod struct {
	id, nodesBefore       int32 // nodesBefore: len(nodes) when the change was made
	parent, depth, action int32
	seq, order            int32
	g                     float64
	wasClosed             bool
}

// childNote is what a step tells its event about one child.
type childNote struct {
	id, existing, oldParent int32
	oldG                    float64
	fate                    Fate
}

// engine is the generic search behind [Search].
type engine[S comparable] struct {
	p      Problem[S]
	h      *Heuristic[S]
	o      Options
	tieDir float64

	nodes    nodeStore[S]
	seen     map[S]int32 // state -> its open, closed or goal node (graph search)
	front    frontier
	records  []stepRecord
	mods     []mod
	closed   []int32 // expansion order
	status   Status
	goal     int32
	nextSeq  int32
	succ     []Successor[S]
	rank     []int32 // successor order: rank by action code, built lazily
	notes    []childNote
	tieBuf   []int32
	warnings []string
}

func newEngine[S comparable](p Problem[S], hs []Heuristic[S], o Options) (*engine[S], error) {
	e := &engine[S]{p: p, o: o}
	if o.Algorithm.usesH() {
		if o.Heuristic == "" {
			o.Heuristic = hs[0].Name
			e.o.Heuristic = o.Heuristic
		}
		var known []string
		for i := range hs {
			known = append(known, hs[i].Name)
			if hs[i].Name == o.Heuristic {
				e.h = &hs[i]
			}
		}
		if e.h == nil {
			return nil, fmt.Errorf("stepper: unknown heuristic %q%s; this problem has %v", o.Heuristic, suggest(o.Heuristic, known), known)
		}
		if !e.h.Admissible {
			e.warnings = append(e.warnings, fmt.Sprintf("heuristic %s is not admissible for this problem: %s may return a path that is not the cheapest", e.h.Name, o.Algorithm))
		}
	}
	if err := e.checkOrder(); err != nil {
		return nil, err
	}
	e.reset()
	return e, nil
}

func (e *engine[S]) reset() {
	e.nodes.truncate(0)
	e.records = e.records[:0]
	e.mods = e.mods[:0]
	e.closed = e.closed[:0]
	e.nextSeq = 0
	e.goal = -1
	e.status = Running
	if !e.o.Tree {
		e.seen = make(map[S]int32)
	}
	switch {
	case e.o.Algorithm == BFS:
		e.front = &fifoFrontier{}
	case e.o.Algorithm == DFS:
		e.front = &lifoFrontier{}
	default:
		e.front = &heapFrontier{lifo: e.o.Tie == TieLIFO}
	}
	start := e.p.Start()
	e.nodes.add(node[S]{state: start, parent: -1, action: -1, status: st8Open})
	if e.seen != nil {
		e.seen[start] = 0
	}
	if e.o.Goal == OnGenerate && e.p.IsGoal(start) {
		e.nodes.at(0).status = st8Goal
		e.goal, e.status = 0, Solved
		return
	}
	e.nextSeq = 1
	e.front.push(0, e.keyOf(0, e.hOf(start)))
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
	case WAStar:
		return g + e.o.Weight*h
	}
	return float64(depth)
}

func (e *engine[S]) keyOf(id int32, h float64) key {
	n := e.nodes.at(id)
	k := key{prio: e.priority(n.g, h, n.depth), seq: n.seq}
	switch e.o.Tie {
	case TieHighG:
		k.tie = -n.g
	case TieLowH:
		k.tie = h
	}
	return k
}

// step performs one expansion. With ev nil it records no event: that is the
// fast path of Run and Seek.
func (e *engine[S]) step(ev *Event) {
	id := e.front.pop()
	rec := stepRecord{expanded: id, firstNode: int32(e.nodes.len()), firstMod: int32(len(e.mods))}
	if prev := e.lastRecord(); prev != nil {
		rec.expandedN, rec.generated, rec.duplicates, rec.reparented, rec.maxOpen, rec.closed =
			prev.expandedN, prev.generated, prev.duplicates, prev.reparented, prev.maxOpen, prev.closed
	} else {
		rec.maxOpen = 1
	}
	stepNo := int32(len(e.records) + 1)
	if ev != nil {
		e.tieBuf, ev.TieCount = e.front.ties(e.nodeKeyPrio(id), e.tieBuf[:0], MaxTies)
	}
	e.notes = e.notes[:0]
	n := e.nodes.at(id)
	if e.o.Goal == OnExpand && e.p.IsGoal(n.state) {
		n.status = st8Goal
		e.goal, e.status = id, Solved
		e.records = append(e.records, rec)
		return
	}
	n.status, n.order = st8Closed, stepNo
	e.closed = append(e.closed, id)
	rec.expandedN++
	rec.closed++
	parentG, parentDepth, parentState := n.g, n.depth, n.state
	e.succ = e.order(e.p.Successors(parentState, e.succ[:0]))
	for i := range e.succ {
		sc := &e.succ[i]
		rec.generated++
		g, depth := parentG+sc.Cost, parentDepth+1
		if e.o.Depth > 0 && int(depth) > e.o.Depth {
			e.addNode(sc.State, g, id, depth, int32(sc.Action), st8Discarded)
			e.note(ev, int32(e.nodes.len()-1), -1, FateDepthLimited, 0, 0)
			continue
		}
		if e.seen != nil {
			if ex, ok := e.seen[sc.State]; ok {
				e.revisit(ev, &rec, ex, id, g, depth, int32(sc.Action), sc.State)
				continue
			}
		}
		nid := e.addNode(sc.State, g, id, depth, int32(sc.Action), st8Open)
		if e.seen != nil {
			e.seen[sc.State] = nid
		}
		if e.o.Goal == OnGenerate && e.p.IsGoal(sc.State) {
			e.nodes.at(nid).status = st8Goal
			e.goal, e.status = nid, Solved
			e.note(ev, nid, -1, FateGoal, 0, 0)
			break
		}
		e.nodes.at(nid).seq = e.nextSeq
		e.nextSeq++
		e.front.push(nid, e.keyOf(nid, e.hOf(sc.State)))
		e.note(ev, nid, -1, FateAdded, 0, 0)
	}
	if ol := int32(e.front.len()); ol > rec.maxOpen {
		rec.maxOpen = ol
	}
	if e.status == Running {
		if e.front.len() == 0 {
			e.status = NoSolution
		} else if e.nodes.len() >= e.o.MaxNodes || e.bytes() > e.o.MaxBytes {
			e.status = LimitReached
		}
	}
	e.records = append(e.records, rec)
}

// revisit handles a child whose state already has node ex: re-parent or
// reopen it when the new path is cheaper and the options say so, otherwise
// record the child as a discarded duplicate.
func (e *engine[S]) revisit(ev *Event, rec *stepRecord, ex, parent int32, g float64, depth, action int32, s S) {
	old := e.nodes.at(ex)
	cheaper := g < old.g
	switch {
	case old.status == st8Open && cheaper && e.o.Open == Reparent:
		e.mods = append(e.mods, mod{id: ex, nodesBefore: int32(e.nodes.len()), parent: old.parent, depth: old.depth, action: old.action, seq: old.seq, g: old.g})
		oldG, oldParent := old.g, old.parent
		old.g, old.parent, old.depth, old.action = g, parent, depth, action
		e.front.fix(ex, e.keyOf(ex, e.hOf(s)))
		rec.reparented++
		e.note(ev, ex, ex, FateReparented, oldG, oldParent)
	case old.status == st8Closed && cheaper && e.o.Closed == Reopen:
		e.mods = append(e.mods, mod{id: ex, nodesBefore: int32(e.nodes.len()), parent: old.parent, depth: old.depth, action: old.action, seq: old.seq, order: old.order, g: old.g, wasClosed: true})
		oldG, oldParent := old.g, old.parent
		old.g, old.parent, old.depth, old.action, old.status, old.order = g, parent, depth, action, st8Open, 0
		old.seq = e.nextSeq
		e.nextSeq++
		rec.closed--
		e.front.push(ex, e.keyOf(ex, e.hOf(s)))
		rec.reparented++
		e.note(ev, ex, ex, FateReopened, oldG, oldParent)
	default:
		fate := FateOpen
		if old.status == st8Closed {
			fate = FateClosed
		}
		nid := e.addNode(s, g, parent, depth, action, st8Discarded)
		rec.duplicates++
		e.note(ev, nid, ex, fate, 0, 0)
	}
}

func (e *engine[S]) addNode(s S, g float64, parent, depth, action int32, st NodeStatus8) int32 {
	return e.nodes.add(node[S]{state: s, g: g, parent: parent, depth: depth, action: action, status: st, seq: -1})
}

func (e *engine[S]) note(ev *Event, id, existing int32, fate Fate, oldG float64, oldParent int32) {
	if ev != nil {
		e.notes = append(e.notes, childNote{id: id, existing: existing, fate: fate, oldG: oldG, oldParent: oldParent})
	}
}

func (e *engine[S]) lastRecord() *stepRecord {
	if len(e.records) == 0 {
		return nil
	}
	return &e.records[len(e.records)-1]
}

func (e *engine[S]) nodeKeyPrio(id int32) float64 {
	n := e.nodes.at(id)
	if e.o.Algorithm == BFS || e.o.Algorithm == DFS {
		return float64(n.depth)
	}
	return e.priority(n.g, e.hOf(n.state), n.depth)
}

// bytesPerNode estimates the memory of one stored node: the node itself,
// its share of the seen map and of the frontier.
func (e *engine[S]) bytesPerNode() int64 {
	var n node[S]
	return int64(unsafe.Sizeof(n)) + int64(unsafe.Sizeof(n.state)) + 16
}

func (e *engine[S]) bytes() int64 { return int64(e.nodes.len()) * e.bytesPerNode() }

// undo takes back the last step. O(children · log open).
func (e *engine[S]) undo() {
	rec := e.records[len(e.records)-1]
	e.records = e.records[:len(e.records)-1]
	mi := len(e.mods) - 1
	undoMods := func(after int32) {
		for ; mi >= int(rec.firstMod) && e.mods[mi].nodesBefore > after; mi-- {
			m := &e.mods[mi]
			n := e.nodes.at(m.id)
			if m.wasClosed {
				e.front.unpush(m.id)
				e.nextSeq--
				n.status = st8Closed
			}
			n.g, n.parent, n.depth, n.action, n.seq = m.g, m.parent, m.depth, m.action, m.seq
			if m.wasClosed {
				n.order = m.order
			}
			if !m.wasClosed {
				e.front.fix(m.id, e.keyOf(m.id, e.hOf(n.state)))
			}
		}
	}
	for id := int32(e.nodes.len()) - 1; id >= rec.firstNode; id-- {
		undoMods(id)
		n := e.nodes.at(id)
		if n.status == st8Open {
			e.front.unpush(id)
			e.nextSeq--
		}
		if e.seen != nil && n.status != st8Discarded {
			delete(e.seen, n.state)
		}
	}
	undoMods(rec.firstNode - 1)
	e.mods = e.mods[:rec.firstMod]
	e.nodes.truncate(int(rec.firstNode))
	n := e.nodes.at(rec.expanded)
	if n.status == st8Closed {
		e.closed = e.closed[:len(e.closed)-1]
	}
	n.status, n.order = st8Open, 0
	e.front.unpop(rec.expanded, e.keyOf(rec.expanded, e.hOf(n.state)))
	e.status, e.goal = Running, -1
}

// order applies Options.Order to one expansion's successors.
func (e *engine[S]) order(succ []Successor[S]) []Successor[S] {
	switch e.o.Order {
	case "natural":
		return succ
	case "reverse":
		for i, j := 0, len(succ)-1; i < j; i, j = i+1, j-1 {
			succ[i], succ[j] = succ[j], succ[i]
		}
		return succ
	case "alpha":
		sort.SliceStable(succ, func(i, j int) bool { return e.p.ActionName(succ[i].Action) < e.p.ActionName(succ[j].Action) })
		return succ
	}
	sort.SliceStable(succ, func(i, j int) bool { return e.rankOf(succ[i].Action) < e.rankOf(succ[j].Action) })
	return succ
}

func (e *engine[S]) rankOf(action int) int32 {
	for action >= len(e.rank) {
		e.rank = append(e.rank, -2)
	}
	if e.rank[action] == -2 {
		e.rank[action] = orderRank(e.o.Order, e.p.ActionName(action))
	}
	return e.rank[action]
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

func (e *engine[S]) checkOrder() error {
	switch e.o.Order {
	case "natural", "reverse", "alpha":
		return nil
	}
	al, ok := e.p.(actionLister)
	if !ok {
		return nil
	}
	known := al.ActionNames()
	for _, part := range splitList(e.o.Order) {
		if !contains(known, part) {
			return fmt.Errorf("stepper: successor order names unknown action %q%s; use natural, reverse, alpha or a comma list of %v", part, suggest(part, known), known)
		}
	}
	return nil
}
