package stepper

import (
	"slices"
	"sort"
)

// This file is what a front end needs to send a search's state in pieces
// (the lecture server's protocol v2): a node id is stable forever, so a
// client keeps one compact record per node and is sent only the records it
// lacks or that changed. Every function here costs O(what it returns), up
// to a binary search of the journal, except OpenOrder.

// NodeRecord is one node as a client keeps it, at the search's cursor: the
// values a re-parenting or reopening changes (Parent, G, Depth, Seq), the
// step that made it (Born), the step that expanded it (Order) and its base
// fate. Its status at any step k >= Born follows from these and the step:
// closed (goal when GoalPop, cutoff when CutoffPop) if 0 < Order <= k,
// else its base fate.
//
// Order is the expansion of this insertion (Seq) of the node, as far as the
// journal knows it: it may lie past the cursor, so a client that goes back
// keeps it, and it is 0 when the node is not expanded (or not yet known to
// be) before its next re-parenting or reopening.
type NodeRecord struct {
	Parent int
	G      float64
	Depth  int
	Seq    int // the insertion number; -1 for a discarded node
	Born   int // the step that generated the node (0 for the root)
	Order  int
	Fate   BaseFate
	// GoalPop is set when Order is the step that selected the goal.
	GoalPop bool
	// CutoffPop is set when Order is the step that selected the node at
	// the depth limit and did not expand it (NodeCutoff).
	CutoffPop bool
	// StalePop is set when Order is the step that selected the node from a
	// lazy frontier after its state was expanded, and discarded it.
	StalePop bool
	// Cell is the grid cell (y·width+x) or graph node index of the
	// node's state, -1 for a puzzle.
	Cell int
	// Backward is set for a node of a bidirectional search's backward
	// tree (rooted at the goal, id 1).
	Backward bool
	// F is RBFS's stored f at the cursor: g+h when generated, the best f
	// of its forgotten subtree once backed up. Zero for other searches.
	F float64
}

// BaseFate is a node's status apart from being expanded: open for every
// node that went on the frontier, or why it was discarded.
type BaseFate uint8

// The base fates.
const (
	BaseOpen       BaseFate = iota
	BaseDupClosed           // discarded: its state was already expanded (ignored-closed)
	BaseDupOpen             // discarded: its state was already open (ignored-open)
	BaseDepthLimit          // discarded: deeper than Options.Depth
	BaseGoalBorn            // the goal, found on generation
	BaseCutoff              // IDA*: generated with f over the threshold, never stacked (NodeCutoff)
	BaseForgotten           // RBFS: in a subtree forgotten on unwinding (NodeForgotten); a mod
	BasePruned              // beam search: dropped from the frontier, outside the beam; a mod
)

// Status is the node status a base fate shows when the node is not closed.
func (f BaseFate) Status() NodeStatus {
	switch f {
	case BaseOpen:
		return NodeOpen
	case BaseGoalBorn:
		return NodeGoal
	case BaseCutoff:
		return NodeCutoff
	case BaseForgotten:
		return NodeForgotten
	}
	return NodeDiscarded
}

// deltaEngine is the engine's side of this file.
type deltaEngine interface {
	horizon() int
	nodeEnd(k int) int
	moddedIn(a, b int, dst []int) []int
	expandedIn(a, b int, dst []int) []int
	record(id int32) NodeRecord
	recordRange(a, b int, dst []NodeRecord) []NodeRecord
	orderAfter(id int32, k int) int
	stateOf(id int32) (string, float64)
	openHead(n int, dst []int) []int
	openOrder(dst []int) []int
	iterStartAt(k int) int
}

func (s *Search) delta() deltaEngine {
	d, ok := s.eng.(deltaEngine)
	if !ok {
		panic("stepper: " + string(s.eng.options().Algorithm) + " keeps no journal (see Algorithm.Journaled): follow it through events and snapshots")
	}
	return d
}

// Horizon is the furthest step computed: every step up to it can be
// replayed from the journal. With Options.Forget the journal holds the
// current step only (FirstHeld() on) and the ids from
// IterStart(FirstHeld()) on: before them NodeEnd(k) is the end of k's
// iteration (exact at its last step, the ids so far in the current one),
// ModdedIn and ExpandedIn list the steps held only, Record of a dropped id
// has Born -1 and StateOf is "", 0; IterStart is exact for every step.
func (s *Search) Horizon() int { return s.delta().horizon() }

// NodeEnd is how many nodes exist at step k, for 0 <= k <= Horizon(): the
// nodes of step k are those with id < NodeEnd(k). O(1).
func (s *Search) NodeEnd(k int) int { return s.delta().nodeEnd(k) }

// ModdedIn appends to dst the ids of the nodes re-parented or reopened by
// steps (a, b], 0 <= a <= b <= Horizon(), in journal order (an id may
// repeat). O(mods returned).
func (s *Search) ModdedIn(a, b int, dst []int) []int { return s.delta().moddedIn(a, b, dst) }

// ExpandedIn appends to dst the ids of the nodes selected by steps (a, b],
// 0 <= a <= b <= Horizon(), in step order. O(b-a).
func (s *Search) ExpandedIn(a, b int, dst []int) []int { return s.delta().expandedIn(a, b, dst) }

// Record is node id's compact record at the cursor, for any id below
// NodeEnd(Horizon()): a node that does not exist at the cursor has its
// values as generated. O(log steps + the node's own re-parentings).
func (s *Search) Record(id int) NodeRecord { return s.delta().record(int32(id)) }

// Records appends the records of ids [a, b) at the cursor, as Record
// gives them, for b <= NodeEnd(Horizon()): O(b - a) with no per-node
// search, what a late joiner's state costs.
func (s *Search) Records(a, b int, dst []NodeRecord) []NodeRecord {
	return s.delta().recordRange(a, b, dst)
}

// OrderAfter is the first step after k that expanded node id with no
// re-parenting or reopening of it in between, or 0 if the journal has none.
// It does not move the cursor, so one search's journal can complete the
// records of another on the same instance and options.
func (s *Search) OrderAfter(id, k int) int { return s.delta().orderAfter(int32(id), k) }

// StateOf is node id's state, formatted, and its h: neither ever changes.
// Any id below NodeEnd(Horizon()). O(1) plus the heuristic.
func (s *Search) StateOf(id int) (string, float64) { return s.delta().stateOf(int32(id)) }

// OpenHead appends to dst the first n open nodes in pop order at the
// cursor. Its cost does not grow with the frontier's size except for
// RBFS: O(n) for a queue or a stack; for the priority frontier O(n), plus
// O(n log n) when its window of first entries runs short
// (frontier_head.go), about once every n entries the steps take from it
// (from the first call on, the frontier keeps that window up to date, at
// O(window) for a push or removal ahead of its end and O(1) for any
// other); a bidirectional search walks its two heaps, O(n log n) and the
// stale entries it passes; RBFS sorts the open children of its path,
// O(open · log open).
func (s *Search) OpenHead(n int, dst []int) []int { return s.delta().openHead(n, dst) }

// OpenOrder appends to dst every open node in pop order at the cursor:
// O(open · log open) for the priority frontier. Callers cache it per step.
func (s *Search) OpenOrder(dst []int) []int { return s.delta().openOrder(dst) }

// IterStart is the id of the first node of the iteration shown at step k,
// 0 <= k <= Horizon(): a search with iterations (ids, idastar) makes a new
// root for each, and its earlier iterations' nodes (ids below) are not part
// of the tree shown; 0 for every other search. O(1).
func (s *Search) IterStart(k int) int { return s.delta().iterStartAt(k) }

// --- the engine's side ---

// iterStartAt is 0: a best-first search has one tree.
func (e *engine[S]) iterStartAt(int) int { return 0 }

// deltaIndex lists, for the steps journaled so far, when each node was
// expanded and when it was re-parented or reopened. It is built lazily and
// grows with the journal (O(1) amortised a step).
type deltaIndex struct {
	built int     // records indexed
	base  int32   // the first id indexed: a forgetful depth-first search's held ids begin there
	first []int32 // first[id-base]: the first step that expanded id, 0 if none
	more  map[int32][]int32
	mods  map[int32][]int32 // steps that re-parented or reopened id
}

func (e *engine[S]) index() *deltaIndex {
	x := &e.dx
	if x.more == nil {
		x.more, x.mods = map[int32][]int32{}, map[int32][]int32{}
	}
	for ; x.built < e.records.len(); x.built++ {
		k := x.built
		rec := e.records.at(k)
		step := int32(k + 1)
		for int(rec.expanded) >= len(x.first) {
			x.first = append(x.first, 0)
		}
		if x.first[rec.expanded] == 0 {
			x.first[rec.expanded] = step
		} else {
			x.more[rec.expanded] = append(x.more[rec.expanded], step)
		}
		_, modEnd := e.stepEnds(k)
		for i := rec.firstMod; i < modEnd; i++ {
			id := e.mods[i].id
			x.mods[id] = append(x.mods[id], step)
		}
	}
	return x
}

func (e *engine[S]) nodeEnd(k int) int {
	if k < e.records.len() {
		return int(e.records.at(k).firstNode)
	}
	if k < e.past.len() {
		return int(e.past.at(k).firstNode)
	}
	return e.nodes.len()
}

func (e *engine[S]) moddedIn(a, b int, dst []int) []int {
	if b <= a || !e.journaled() {
		return dst
	}
	from := e.records.at(a).firstMod
	_, to := e.stepEnds(b - 1)
	for i := from; i < to; i++ {
		dst = append(dst, int(e.mods[i].id))
	}
	return dst
}

func (e *engine[S]) expandedIn(a, b int, dst []int) []int {
	for k := a; k < b && k < e.records.len(); k++ {
		dst = append(dst, int(e.records.at(k).expanded))
	}
	return dst
}

func (e *engine[S]) baseFate(st nodeStatus8) BaseFate {
	switch st {
	case st8DupClosed:
		return BaseDupClosed
	case st8DupOpen:
		return BaseDupOpen
	case st8DepthLimit:
		return BaseDepthLimit
	case st8GoalBorn:
		return BaseGoalBorn
	case st8Pruned:
		return BasePruned
	}
	return BaseOpen
}

func (e *engine[S]) record(id int32) NodeRecord {
	cell, _ := any(e.p).(Celled[S])
	return e.recordAt(id, e.stepOf(id), cell)
}

// recordRange appends the records of ids [a, b): O(b - a) plus the steps
// between their births, with no binary search or lookup per node.
func (e *engine[S]) recordRange(a, b int, dst []NodeRecord) []NodeRecord {
	if a >= b { // no node: a is not an id (a step that made no node asks for [NodeEnd, NodeEnd))
		return dst
	}
	cell, _ := any(e.p).(Celled[S])
	born := e.stepOf(int32(a))
	for id := int32(a); id < int32(b); id++ {
		for born < e.horizon() && int32(e.nodeEnd(born)) <= id {
			born++
		}
		dst = append(dst, e.recordAt(id, born, cell))
	}
	return dst
}

func (e *engine[S]) recordAt(id int32, born int, cell Celled[S]) NodeRecord {
	n := e.nodes.at(id)
	r := NodeRecord{Parent: int(n.parent), G: n.g, Depth: int(n.depth), Born: born, Fate: e.baseFate(n.status), Cell: -1}
	switch n.status {
	case st8Closed, st8Goal, st8Cutoff, st8Stale:
		r.Order, r.Seq = int(n.mark), int(e.seqOf(id))
	case st8Open:
		r.Seq = int(n.mark)
		r.Order = e.orderAfter(id, max(e.cur, born))
	case st8Pruned:
		r.Seq = int(n.mark)
	default:
		r.Seq = -1
	}
	if r.Order > 0 && r.Order <= e.records.len() {
		r.GoalPop = e.isGoalPop(r.Order - 1)
		r.CutoffPop = e.isCutoffPop(r.Order - 1)
		r.StalePop = e.isStalePop(r.Order - 1)
	}
	if cell != nil {
		r.Cell = cell.Cell(n.state)
	}
	return r
}

func (e *engine[S]) orderAfter(id int32, k int) int { return e.index().orderAfter(id, k) }

// orderAfter is the first step after k that expanded id with no mod of it
// in between, or 0 if the index has none: what Search.OrderAfter gives for
// every engine. O(the node's own expansions and mods).
func (x *deltaIndex) orderAfter(id int32, k int) int {
	i := id - x.base
	if i < 0 || int(i) >= len(x.first) || x.first[i] == 0 {
		return 0
	}
	exp := int32(0)
	if int(x.first[i]) > k {
		exp = x.first[i]
	} else {
		for _, s := range x.more[id] {
			if int(s) > k {
				exp = s
				break
			}
		}
	}
	if exp == 0 {
		return 0
	}
	for _, m := range x.mods[id] {
		if int(m) > k && m < exp {
			return 0
		}
	}
	return int(exp)
}

func (e *engine[S]) stateOf(id int32) (string, float64) {
	n := e.nodes.at(id)
	return e.p.Format(n.state), e.hOf(n.state)
}

func (e *engine[S]) openHead(n int, dst []int) []int {
	switch f := e.front.(type) {
	case *fifoFrontier:
		for _, id := range f.q[f.head:min(len(f.q), f.head+n)] {
			dst = append(dst, int(id))
		}
	case *lifoFrontier:
		for i := len(f.s) - 1; i >= 0 && i >= len(f.s)-n; i-- {
			dst = append(dst, int(f.s[i]))
		}
	case *heapFrontier:
		return f.head(n, dst)
	}
	return dst
}

func (e *engine[S]) openOrder(dst []int) []int {
	h, ok := e.front.(*heapFrontier)
	if !ok {
		return e.openHead(e.front.len(), dst)
	}
	items := slices.Clone(h.items)
	sort.Slice(items, func(i, j int) bool { return h.less(&items[i], &items[j]) })
	for _, it := range items {
		dst = append(dst, int(it.id))
	}
	return dst
}
