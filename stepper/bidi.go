package stepper

import (
	"math"
	"sort"

	"stepviz/internal/usererr"
)

// Reversible is a problem that can be searched backwards from its goal, as
// a bidirectional search does: it has one goal state, and it lists the
// predecessors of a state. Puzzles, grids and graphs (whose one-way arcs
// are followed backwards) implement it.
type Reversible[S comparable] interface {
	// GoalState is the one goal state.
	GoalState() S
	// Predecessors appends the states with a move into s: Successor.State
	// is the predecessor, Action the move it takes into s and Cost that
	// move's cost.
	Predecessors(s S, buf []Successor[S]) []Successor[S]
}

// leastStep is a problem that knows a lower bound on the cost of every
// move, forward and backward: a graph its cheapest edge, a grid its
// cheapest move on its cheapest terrain, a puzzle 1. biucs uses it as ε in
// its stopping rule.
type leastStep interface {
	// LeastStepCost is at most the cost of any move; >= 0.
	LeastStepCost() float64
}

// biEngine is bidirectional breadth-first (bibfs) and uniform-cost (biucs)
// search, and bidirectional A* (biastar, whose keys and stopping rule
// biastar.go gives): a forward search from the start and a backward one
// from the goal, each a priority queue on g (bibfs: on the depth), one
// expansion a step on the side whose smallest key is smaller; on a tie
// forward, or backward with ontie=backward (AIMA 4th ed., Figure 3.14,
// expands forward only when f_F(top) < f_B(top)). Every child is checked
// against the other side's reached states; μ is the cheapest start-to-goal
// path so found. bibfs and biucs stop when μ <= topF + topB + ε (topF,
// topB the smallest keys of the two open lists, ε a lower bound on every
// move's cost that the problem guarantees: 1 for bibfs, whose keys count
// moves; for biucs the problem's LeastStepCost, or 0 when it has none).
// That is the stopping rule of bidirectional Dijkstra (Nicholson 1966;
// Goldberg and Harrelson 2005), with the "gmin + ε" term of the MM rule of
// Holte et al. (AAAI 2016) with h = 0; docs/bidirectional.md proves it.
// ε must bound moves not yet generated too: the cheapest move seen so far
// does not (an unseen cheap edge can join the two frontiers). Stopping at
// the first meeting is not optimal in general; TestBidiProperty checks the
// rule against one-directional UCS on thousands of random graphs.
//
// The tree has two roots, the start (id 0) and the goal (id 1); a node's
// Dir says which search made it. A state reached again more cheaply on its
// own side gets a new node; the old one stays, marked discarded at once and
// dropped from its heap when it comes to the top (lazy deletion). Every step
// is journaled (bidi_journal.go), so seek undoes or replays steps.
type biEngine[S comparable] struct {
	p        Problem[S]
	rev      Reversible[S]
	o        Options
	unit     bool               // bibfs: every step counts 1 for the order and μ
	h        [2]func(S) float64 // biastar: each side's heuristic (biastar.go); nil for bibfs and biucs
	nodes    []biNode[S]
	open     [2]biHeap
	reached  [2]map[S]int32
	mu       float64
	meet     [2]int32 // the forward and backward nodes of the best meeting (same state)
	eps      float64  // the stopping rule's ε (leastStep), fixed for the search
	backTie  bool     // ontie=backward: a tie of the two tops expands backward
	cur      int
	status   Status
	cnt      Counters
	sel      int32
	notes    []dfNote
	succ     []Successor[S]
	rank     []int32
	warnings []string
	seqNext  int32
	openN    int // nodes with status open
	closedN  int
	j        biJournal // bidi_journal.go
}

type biNode[S comparable] struct {
	state  S
	g, key float64 // key: g, or the depth for bibfs
	parent int32
	depth  int32
	action uint16
	dir    uint8
	status NodeStatus
	order  int32
	step   int32
	seq    int32
}

type biItem struct {
	key float64
	seq int32
	id  int32
}

// biHeap is a binary min-heap on (key, seq), kept by bidi_journal.go's
// hpush and hremove, which track each node's position.
type biHeap []biItem

func (h biHeap) Len() int { return len(h) }
func (h biHeap) Less(i, j int) bool {
	if h[i].key != h[j].key {
		return h[i].key < h[j].key
	}
	return h[i].seq < h[j].seq
}
func (h biHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }

func newBiEngine[S comparable](p Problem[S], o Options, h [2]func(S) float64) (*biEngine[S], error) {
	rev, ok := p.(Reversible[S])
	if !ok {
		return nil, usererr.Errorf("stepper", "%s searches backwards from the goal and needs the problem's predecessors: puzzles, grids and graphs have them, this problem has none", o.Algorithm)
	}
	if err := checkOrderOf(p, o.Order); err != nil {
		return nil, err
	}
	e := &biEngine[S]{p: p, rev: rev, o: o, unit: o.Algorithm == BiBFS, h: h, backTie: o.TieSide == TieSideBackward}
	switch ls, ok := p.(leastStep); {
	case e.unit:
		e.eps = 1
	case ok:
		e.eps = max(0, ls.LeastStepCost())
	}
	e.init()
	return e, nil
}

func (e *biEngine[S]) init() {
	e.nodes = e.nodes[:0]
	e.open = [2]biHeap{}
	e.j = biJournal{}
	e.reached = [2]map[S]int32{{}, {}}
	e.mu, e.meet = math.Inf(1), [2]int32{-1, -1}
	e.cur, e.status, e.cnt, e.sel, e.seqNext, e.openN, e.closedN = 0, Running, Counters{MaxOpen: 2, Open: 2}, -1, 0, 0, 0
	start, goal := e.p.Start(), e.rev.GoalState()
	e.add(biNode[S]{state: start, key: e.hOf(0, start), parent: -1, action: noAction, dir: 0, status: NodeOpen})
	e.add(biNode[S]{state: goal, key: e.hOf(1, goal), parent: -1, action: noAction, dir: 1, status: NodeOpen})
	if start == goal {
		e.mu, e.meet, e.status = 0, [2]int32{0, 1}, Solved
	}
	e.j.fates = append(e.j.fates, FateAdded, FateAdded)
	e.j.scs = append(e.j.scs, e.scalars())
}

// add stores a node, makes it its side's node for its state and pushes it.
func (e *biEngine[S]) add(n biNode[S]) int32 {
	n.seq = e.seqNext
	e.seqNext++
	id := int32(len(e.nodes))
	e.nodes = append(e.nodes, n)
	e.setReached(int(n.dir), id)
	e.openN++
	e.hpush(int(n.dir), id)
	return id
}

// top is the smallest key on side d's open list, skipping stale entries
// (nodes superseded by a cheaper one of the same state); +∞ if empty.
func (e *biEngine[S]) top(d int) float64 {
	h := &e.open[d]
	for h.Len() > 0 {
		it := (*h)[0]
		if e.nodes[it.id].status == NodeOpen {
			return it.key
		}
		e.hpop(d)
	}
	return math.Inf(1)
}

// side is the side a step expands when the open lists' least keys are tf
// and tb: the smaller, and on a tie forward, or backward with
// ontie=backward.
func (e *biEngine[S]) side(tf, tb float64) int {
	if tb < tf || e.backTie && tb == tf {
		return 1
	}
	return 0
}

// step takes the next step at the horizon, journaled.
func (e *biEngine[S]) step() {
	e.notes = e.notes[:0]
	tf, tb := e.top(0), e.top(1)
	d := e.side(tf, tb)
	id := e.hpop(d)
	e.sel = id
	e.cur++
	e.cnt.Steps++
	e.cnt.Expanded++
	n := &e.nodes[id]
	e.setStatus(id, NodeClosed, int32(e.cur), false)
	e.openN--
	e.closedN++
	var succ []Successor[S]
	if d == 0 {
		succ = e.p.Successors(n.state, e.succ[:0])
	} else {
		succ = e.rev.Predecessors(n.state, e.succ[:0])
	}
	e.succ = orderSuccessors(e.p, e.o.Order, &e.rank, succ)
	parent := e.nodes[id]
	for i := range e.succ {
		sc := &e.succ[i]
		e.cnt.Generated++
		g := parent.g + sc.Cost
		key := g + e.hOf(d, sc.State)
		if e.unit {
			key = float64(parent.depth + 1)
		}
		c := biNode[S]{state: sc.State, g: g, key: key, parent: id, depth: parent.depth + 1, action: uint16(sc.Action), dir: uint8(d), status: NodeOpen, step: int32(e.cur)}
		if ex, ok := e.reached[d][sc.State]; ok && !lessCost(key, e.nodes[ex].key) {
			c.status, c.seq = NodeDiscarded, -1
			e.nodes = append(e.nodes, c)
			e.cnt.Duplicates++
			fate := FateOpen
			if e.nodes[ex].status == NodeClosed {
				fate = FateClosed
			}
			e.j.fates = append(e.j.fates, fate)
			e.notes = append(e.notes, dfNote{int32(len(e.nodes) - 1), fate})
			continue
		}
		if ex, ok := e.reached[d][sc.State]; ok {
			if e.nodes[ex].status == NodeOpen {
				e.openN--
			}
			e.setStatus(ex, NodeDiscarded, e.nodes[ex].order, true) // superseded: lazily dropped from the heap
		}
		e.j.fates = append(e.j.fates, FateAdded)
		cid := e.add(c)
		e.notes = append(e.notes, dfNote{cid, FateAdded})
		if other, ok := e.reached[1-d][sc.State]; ok {
			if total := e.muPart(cid) + e.muPart(other); lessCost(total, e.mu) {
				e.mu = total
				e.meet[d], e.meet[1-d] = cid, other
			}
		}
	}
	e.cnt.MaxOpen = max(e.cnt.MaxOpen, e.openN)
	tf, tb = e.top(0), e.top(1)
	switch {
	case !math.IsInf(e.mu, 1) && (e.stops(tf, tb) || math.IsInf(tf, 1) || math.IsInf(tb, 1)):
		e.status = Solved
	case math.IsInf(tf, 1) || math.IsInf(tb, 1):
		e.status = NoSolution
	case len(e.nodes) >= e.o.MaxNodes || int64(len(e.nodes))*e.bytesPerNode() > e.o.MaxBytes:
		e.status = LimitReached
	}
	e.cnt.Open = e.openN
}

func (e *biEngine[S]) steps() int       { return e.cur }
func (e *biEngine[S]) state() Status    { return e.status }
func (e *biEngine[S]) options() Options { return e.o }
func (e *biEngine[S]) warns() []string  { return append([]string(nil), e.warnings...) }
func (e *biEngine[S]) nodeCount() int   { return e.nodeEnd(e.cur) }
func (e *biEngine[S]) failed() error    { return nil }
func (e *biEngine[S]) explain(int32) []Term {
	return nil
}
func (e *biEngine[S]) bytesPerNode() int64 {
	return int64(sizeOf(biNode[S]{})) + 48 + e.journalBytesPerNode()
}

func (e *biEngine[S]) counters() Counters {
	c := e.cnt
	c.Nodes, c.Closed = e.nodeEnd(e.cur), e.closedN
	return c
}

func (e *biEngine[S]) info(id int32) NodeInfo {
	n := &e.nodes[id]
	ni := NodeInfo{ID: int(id), State: TextOf(e.p.Format(n.state)), Parent: int(n.parent), G: n.g, H: e.hOf(int(n.dir), n.state), F: n.key, Depth: int(n.depth),
		Status: n.status, Seq: int(n.seq), Step: int(n.step), Dir: Forward}
	if n.dir == 1 {
		ni.Dir = Backward
	}
	if n.status == NodeClosed {
		ni.Order = int(n.order)
	}
	if n.action != noAction {
		ni.Action = e.p.ActionName(int(n.action))
	}
	return ni
}

// path is the forward chain to the meeting state, then the backward chain
// from it to the goal (the backward meeting node itself left out: it is the
// same state).
func (e *biEngine[S]) path() []int {
	if e.status != Solved {
		return nil
	}
	var p []int
	for id := e.meet[0]; id >= 0; id = e.nodes[id].parent {
		p = append(p, int(id))
	}
	for i, j := 0, len(p)-1; i < j; i, j = i+1, j-1 {
		p[i], p[j] = p[j], p[i]
	}
	for id := e.nodes[e.meet[1]].parent; id >= 0; id = e.nodes[id].parent {
		p = append(p, int(id))
	}
	return p
}

// pathActions names the moves along the path. A backward node's action is
// its move toward the goal (into its parent), so past the meeting state
// each move is that of the node it leaves, the meeting one included.
func (e *biEngine[S]) pathActions() []string {
	p := e.path()
	var out []string
	for i := 1; i < len(p); i++ {
		from, to := e.nodes[p[i-1]], e.nodes[p[i]]
		switch {
		case to.dir == 0:
			out = append(out, e.p.ActionName(int(to.action)))
		case from.dir == 1:
			out = append(out, e.p.ActionName(int(from.action)))
		default: // the forward meeting node, then the backward one's parent
			out = append(out, e.p.ActionName(int(e.nodes[e.meet[1]].action)))
		}
	}
	return out
}

func (e *biEngine[S]) cost() float64 {
	if e.status != Solved {
		return 0
	}
	return e.nodes[e.meet[0]].g + e.nodes[e.meet[1]].g
}

func (e *biEngine[S]) bidi() *Bidirectional {
	pc := math.Inf(1)
	if e.meet[0] >= 0 {
		pc = e.nodes[e.meet[0]].g + e.nodes[e.meet[1]].g
	}
	b := &Bidirectional{Mu: Bound(e.mu), PathCost: Bound(pc), MeetForward: int(e.meet[0]), MeetBackward: int(e.meet[1]),
		TopForward: Bound(e.peekTop(0)), TopBackward: Bound(e.peekTop(1)), Epsilon: Bound(e.eps),
		Rule: e.rule()}
	if e.sel >= 0 {
		b.Direction = Forward
		if e.nodes[e.sel].dir == 1 {
			b.Direction = Backward
		}
	}
	return b
}

func (e *biEngine[S]) fill(ev *Event) {
	ev.Step = e.cur
	ev.Expanded = e.info(e.sel)
	n := e.nodes[e.sel]
	ev.Key = Key{Priority: n.key, Seq: int(n.seq)}
	if !eventChildren(ev, len(e.notes)) {
		ev.Children = make([]Child, len(e.notes))
	}
	for i, nt := range e.notes {
		c := &ev.Children[i]
		*c = Child{NodeInfo: e.info(nt.id), Fate: nt.fate, OldParent: -1, ExistingID: -1}
		if nt.fate != FateAdded {
			c.ExistingID = int(e.reached[n.dir][e.nodes[nt.id].state])
		}
	}
	ev.Status = e.status
	ev.Counters = e.counters()
	ev.Path = e.path()
	ev.Bidirectional = e.bidi()
}

func (e *biEngine[S]) snapshot() Snapshot {
	sn := Snapshot{Step: e.cur, Status: e.status, Counters: e.counters(), Path: e.path(), Bidirectional: e.bidi()}
	// Both open lists merged in the order the steps pop them (openHead),
	// each entry with its side in Dir.
	for _, id := range e.openOrder(nil) {
		n := &e.nodes[id]
		sn.Open = append(sn.Open, OpenEntry{NodeInfo: e.info(int32(id)), Key: Key{Priority: n.key, Seq: int(n.seq)}})
	}
	for i := range e.nodes {
		if e.nodes[i].status == NodeClosed {
			sn.Closed = append(sn.Closed, e.info(int32(i)))
		}
	}
	sort.SliceStable(sn.Closed, func(i, j int) bool { return sn.Closed[i].Order < sn.Closed[j].Order })
	sn.Tree = make([]NodeInfo, e.nodeEnd(e.cur))
	for i := range sn.Tree {
		sn.Tree[i] = e.info(int32(i))
	}
	return sn
}
