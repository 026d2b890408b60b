package stepper

import (
	"math"
	"slices"
)

// This file is the bidirectional searches' journal and delta.go's engine
// side for them. A step pops its node (and stale entries) from a heap,
// changes a few nodes' status (the one it selects, the ones a cheaper node
// of the same state supersedes), points its side's reached map at new
// nodes and pushes them; it makes new nodes at the end of the node list.
// Each change is an op with its old and new value; the scalars after each
// step are kept whole (about 150 bytes a step). Undo applies a step's ops
// backwards, redo forwards: O(the step's ops · log open), never a replay
// from step 0. The heaps track each node's position so that an undone push
// removes its node in O(log open); the order of a heap's pops depends only
// on its set of items ((key, seq) is a total order), so the set is all an
// undo must restore.

// biJournal is a bidirectional search's journal.
type biJournal struct {
	recs  []dfRec // recs[k] is step k+1 (firstBack unused)
	scs   []biScalars
	ops   []biOp
	fates []Fate  // fates[id]: the fate of node id when it was made
	pos   []int32 // pos[id]: node id's index in its side's heap, -1 if not in it
	dx    deltaIndex
}

// biScalars is what a step changes besides nodes, heaps and reached maps.
type biScalars struct {
	mu             float64
	meet           [2]int32
	status         Status
	cnt            Counters
	sel, seqNext   int32
	openN, closedN int
}

func (e *biEngine[S]) scalars() biScalars {
	return biScalars{mu: e.mu, meet: e.meet, status: e.status, cnt: e.cnt, sel: e.sel, seqNext: e.seqNext, openN: e.openN, closedN: e.closedN}
}

func (e *biEngine[S]) loadScalars(s *biScalars) {
	e.mu, e.meet, e.status, e.cnt = s.mu, s.meet, s.status, s.cnt
	e.sel, e.seqNext, e.openN, e.closedN = s.sel, s.seqNext, s.openN, s.closedN
}

// biOp kinds.
const (
	bopPush    uint8 = iota // node id pushed on side d's heap
	bopPop                  // node id removed from side d's heap (it was the top)
	bopSet                  // node id's status and order: old → new
	bopReached              // side d's reached map: the state of node id now maps to id, before to old (-1: absent)
)

// biOp is one change a step made.
type biOp struct {
	kind           uint8
	d              uint8
	mod            bool // bopSet: other than the selection (listed by ModdedIn)
	id, old        int32
	oldOrd, newOrd int32
	oldSt, newSt   NodeStatus
}

// journalBytesPerNode is a node's share of the journal: four ops (pushed,
// popped, selected, reached), its fate and heap position, one step's
// scalars.
func (e *biEngine[S]) journalBytesPerNode() int64 {
	return int64(4*sizeOf(biOp{}) + sizeOf(Fate(0)) + 4 + sizeOf(biScalars{}))
}

// --- the heaps, with positions ---

func (e *biEngine[S]) setPos(id int32, i int) {
	for int(id) >= len(e.j.pos) {
		e.j.pos = append(e.j.pos, -1)
	}
	e.j.pos[id] = int32(i)
}

func (e *biEngine[S]) hswap(h biHeap, i, j int) {
	h.Swap(i, j)
	e.j.pos[h[i].id], e.j.pos[h[j].id] = int32(i), int32(j)
}

func (e *biEngine[S]) hup(h biHeap, i int) {
	for i > 0 {
		p := (i - 1) / 2
		if !h.Less(i, p) {
			return
		}
		e.hswap(h, i, p)
		i = p
	}
}

func (e *biEngine[S]) hdown(h biHeap, i int) bool {
	moved := false
	for {
		l := 2*i + 1
		if l >= len(h) {
			return moved
		}
		c := l
		if r := l + 1; r < len(h) && h.Less(r, l) {
			c = r
		}
		if !h.Less(c, i) {
			return moved
		}
		e.hswap(h, i, c)
		i, moved = c, true
	}
}

// heapPush puts node id on side d's heap. O(log open).
func (e *biEngine[S]) heapPush(d int, id int32) {
	n := &e.nodes[id]
	e.open[d] = append(e.open[d], biItem{key: n.key, seq: n.seq, id: id})
	e.setPos(id, len(e.open[d])-1)
	e.hup(e.open[d], len(e.open[d])-1)
}

// heapRemove takes node id off side d's heap. O(log open).
func (e *biEngine[S]) heapRemove(d int, id int32) {
	h := e.open[d]
	i, last := int(e.j.pos[id]), len(h)-1
	if i != last {
		e.hswap(h, i, last)
	}
	e.open[d] = h[:last]
	e.j.pos[id] = -1
	if i < last && !e.hdown(e.open[d], i) {
		e.hup(e.open[d], i)
	}
}

// hpush pushes node id on side d, journaled.
func (e *biEngine[S]) hpush(d int, id int32) {
	e.heapPush(d, id)
	e.j.ops = append(e.j.ops, biOp{kind: bopPush, d: uint8(d), id: id})
}

// hpop pops side d's top, journaled.
func (e *biEngine[S]) hpop(d int) int32 {
	id := e.open[d][0].id
	e.heapRemove(d, id)
	e.j.ops = append(e.j.ops, biOp{kind: bopPop, d: uint8(d), id: id})
	return id
}

// setStatus changes node id's status and order, journaled.
func (e *biEngine[S]) setStatus(id int32, st NodeStatus, order int32, mod bool) {
	n := &e.nodes[id]
	e.j.ops = append(e.j.ops, biOp{kind: bopSet, mod: mod, id: id, oldSt: n.status, newSt: st, oldOrd: n.order, newOrd: order})
	n.status, n.order = st, order
}

// setReached makes node id its side's node for its state, journaled.
func (e *biEngine[S]) setReached(d int, id int32) {
	old, ok := e.reached[d][e.nodes[id].state]
	if !ok {
		old = -1
	}
	e.reached[d][e.nodes[id].state] = id
	e.j.ops = append(e.j.ops, biOp{kind: bopReached, d: uint8(d), id: id, old: old})
}

// peekTop is side d's smallest open key without dropping stale entries
// (after every step the tops are open, so it is the heap's top). O(1)
// unless a stale entry is on top, then O(open).
func (e *biEngine[S]) peekTop(d int) float64 {
	h := e.open[d]
	if len(h) == 0 {
		return math.Inf(1)
	}
	if e.nodes[h[0].id].status == NodeOpen {
		return h[0].key
	}
	best := math.Inf(1)
	for _, it := range h {
		if e.nodes[it.id].status == NodeOpen {
			best = min(best, it.key)
		}
	}
	return best
}

// --- moving the cursor ---

func (e *biEngine[S]) advance(ev *Event) {
	if e.cur < len(e.j.recs) {
		e.redo()
		return
	}
	e.j.recs = append(e.j.recs, dfRec{firstNode: int32(len(e.nodes)), firstOp: int32(len(e.j.ops))})
	e.step()
	e.j.scs = append(e.j.scs, e.scalars())
}

func (e *biEngine[S]) stepEnds(k int) (nodeEnd, opEnd int32) {
	if k+1 < len(e.j.recs) {
		return e.j.recs[k+1].firstNode, e.j.recs[k+1].firstOp
	}
	return int32(len(e.nodes)), int32(len(e.j.ops))
}

func (e *biEngine[S]) redo() {
	k := e.cur
	_, opEnd := e.stepEnds(k)
	for i := e.j.recs[k].firstOp; i < opEnd; i++ {
		op := &e.j.ops[i]
		switch op.kind {
		case bopPush:
			e.heapPush(int(op.d), op.id)
		case bopPop:
			e.heapRemove(int(op.d), op.id)
		case bopSet:
			e.nodes[op.id].status, e.nodes[op.id].order = op.newSt, op.newOrd
		case bopReached:
			e.reached[op.d][e.nodes[op.id].state] = op.id
		}
	}
	e.cur++
	e.loadStep(e.cur)
}

func (e *biEngine[S]) undo() {
	k := e.cur - 1
	_, opEnd := e.stepEnds(k)
	for i := opEnd - 1; i >= e.j.recs[k].firstOp; i-- {
		op := &e.j.ops[i]
		switch op.kind {
		case bopPush:
			e.heapRemove(int(op.d), op.id)
		case bopPop:
			e.heapPush(int(op.d), op.id)
		case bopSet:
			e.nodes[op.id].status, e.nodes[op.id].order = op.oldSt, op.oldOrd
		case bopReached:
			if op.old < 0 {
				delete(e.reached[op.d], e.nodes[op.id].state)
			} else {
				e.reached[op.d][e.nodes[op.id].state] = op.old
			}
		}
	}
	e.cur--
	e.loadStep(e.cur)
}

// loadStep sets the scalars and notes of step k as the step left them.
func (e *biEngine[S]) loadStep(k int) {
	e.loadScalars(&e.j.scs[k])
	e.notes = e.notes[:0]
	if k == 0 {
		return
	}
	nodeEnd, _ := e.stepEnds(k - 1)
	for id := e.j.recs[k-1].firstNode; id < nodeEnd; id++ {
		e.notes = append(e.notes, dfNote{id, e.j.fates[id]})
	}
}

// seek undoes steps going back and replays or takes them going forward:
// O(the steps crossed and what they touched).
func (e *biEngine[S]) seek(k int) int {
	for e.cur > k {
		e.undo()
	}
	for e.cur < k && !e.status.Done() {
		e.advance(nil)
	}
	return e.cur
}

// --- delta.go's engine side ---

func (e *biEngine[S]) horizon() int { return len(e.j.recs) }

func (e *biEngine[S]) nodeEnd(k int) int {
	if k < len(e.j.recs) {
		return int(e.j.recs[k].firstNode)
	}
	return len(e.nodes)
}

func (e *biEngine[S]) iterStartAt(int) int { return 0 }

func (e *biEngine[S]) moddedIn(a, b int, dst []int) []int {
	if b <= a {
		return dst
	}
	_, to := e.stepEnds(b - 1)
	for i := e.j.recs[a].firstOp; i < to; i++ {
		if op := &e.j.ops[i]; op.kind == bopSet && op.mod {
			dst = append(dst, int(op.id))
		}
	}
	return dst
}

func (e *biEngine[S]) expandedIn(a, b int, dst []int) []int {
	for k := a; k < b; k++ {
		dst = append(dst, int(e.j.scs[k+1].sel))
	}
	return dst
}

func (e *biEngine[S]) index() *deltaIndex {
	x := &e.j.dx
	if x.more == nil {
		x.more, x.mods = map[int32][]int32{}, map[int32][]int32{}
	}
	for ; x.built < len(e.j.recs); x.built++ {
		k := x.built
		step := int32(k + 1)
		_, opEnd := e.stepEnds(k)
		for i := e.j.recs[k].firstOp; i < opEnd; i++ {
			op := &e.j.ops[i]
			if op.kind != bopSet {
				continue
			}
			if op.mod {
				x.mods[op.id] = append(x.mods[op.id], step)
				continue
			}
			for int(op.id) >= len(x.first) {
				x.first = append(x.first, 0)
			}
			if x.first[op.id] == 0 {
				x.first[op.id] = step
			} else {
				x.more[op.id] = append(x.more[op.id], step)
			}
		}
	}
	return x
}

func (e *biEngine[S]) orderAfter(id int32, k int) int { return e.index().orderAfter(id, k) }

func (e *biEngine[S]) record(id int32) NodeRecord {
	cell, _ := any(e.p).(Celled[S])
	return e.recordOf(id, cell)
}

func (e *biEngine[S]) recordRange(a, b int, dst []NodeRecord) []NodeRecord {
	cell, _ := any(e.p).(Celled[S])
	for id := int32(a); id < int32(b); id++ {
		dst = append(dst, e.recordOf(id, cell))
	}
	return dst
}

// recordOf is node id's record at the cursor. A duplicate child has the
// base fate of its event's fate (ignored-open or ignored-closed); a node
// superseded by a cheaper one of the same state on its side is discarded
// as BaseDupOpen (a mod of the step that superseded it).
func (e *biEngine[S]) recordOf(id int32, cell Celled[S]) NodeRecord {
	n := &e.nodes[id]
	r := NodeRecord{Parent: int(n.parent), G: n.g, Depth: int(n.depth), Seq: int(n.seq), Born: int(n.step), Cell: -1, Backward: n.dir == 1}
	switch n.status {
	case NodeClosed:
		r.Order = int(n.order)
	case NodeOpen:
		r.Order = e.orderAfter(id, max(e.cur, int(n.step)))
	default:
		r.Fate = BaseDupOpen
		if e.j.fates[id] == FateClosed {
			r.Fate = BaseDupClosed
		}
	}
	if cell != nil {
		r.Cell = cell.Cell(n.state)
	}
	return r
}

func (e *biEngine[S]) stateOf(id int32) (string, float64) {
	n := &e.nodes[id]
	return e.p.Format(n.state), e.hOf(int(n.dir), n.state)
}

// openHead: both open lists merged by (key, forward first (backward
// first with ontie=backward), seq), which is the order the steps pop them
// in: the side with the smaller top key expands, the tie side on a tie.
// A best-first walk of the two heaps that passes over stale
// entries without listing them: O((n + stale entries before the n-th)
// · log n), whatever the open lists' sizes.
func (e *biEngine[S]) openHead(n int, dst []int) []int {
	var stack [128]biCand
	cand := stack[:0]
	for d := range 2 {
		if len(e.open[d]) > 0 {
			cand = append(cand, biCand{e.open[d][0], uint8(d), 0})
			e.candUp(cand)
		}
	}
	for n > 0 && len(cand) > 0 {
		c := cand[0]
		if e.nodes[c.id].status == NodeOpen {
			dst = append(dst, int(c.id))
			n--
		}
		h := e.open[c.d]
		first := 2*int(c.at) + 1
		if first < len(h) {
			cand[0] = biCand{h[first], c.d, int32(first)}
		} else {
			cand[0] = cand[len(cand)-1]
			cand = cand[:len(cand)-1]
		}
		e.candDown(cand)
		if first+1 < len(h) {
			cand = append(cand, biCand{h[first+1], c.d, int32(first + 1)})
			e.candUp(cand)
		}
	}
	return dst
}

// biCand is an entry of side d's heap, at index at, that openHead's walk
// may take next.
type biCand struct {
	biItem
	d  uint8
	at int32
}

// candLess orders the walk's candidates as the merged open list.
func (e *biEngine[S]) candLess(a, b *biCand) bool {
	if a.key != b.key {
		return a.key < b.key
	}
	if a.d != b.d {
		return a.d < b.d != e.backTie
	}
	return a.seq < b.seq
}

// candDown moves cand[0] down to its place in the binary heap cand.
func (e *biEngine[S]) candDown(cand []biCand) {
	i, n := 0, len(cand)
	for {
		j := 2*i + 1
		if j >= n {
			return
		}
		if j+1 < n && e.candLess(&cand[j+1], &cand[j]) {
			j++
		}
		if !e.candLess(&cand[j], &cand[i]) {
			return
		}
		cand[i], cand[j] = cand[j], cand[i]
		i = j
	}
}

// candUp moves the last of cand up to its place.
func (e *biEngine[S]) candUp(cand []biCand) {
	for j := len(cand) - 1; j > 0; {
		i := (j - 1) / 2
		if !e.candLess(&cand[j], &cand[i]) {
			return
		}
		cand[i], cand[j] = cand[j], cand[i]
		j = i
	}
}

// openOrder: every open node, in openHead's order, by one sort.
// O(open · log open).
func (e *biEngine[S]) openOrder(dst []int) []int {
	var items []biItem
	var dirs []uint8
	for d := range 2 {
		for _, it := range e.open[d] {
			if e.nodes[it.id].status == NodeOpen {
				items = append(items, it)
				dirs = append(dirs, uint8(d))
			}
		}
	}
	idx := make([]int, len(items))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int {
		x, y := items[a], items[b]
		if c := cmpF(x.key, y.key); c != 0 {
			return c
		}
		if dirs[a] != dirs[b] {
			if e.backTie {
				return int(dirs[b]) - int(dirs[a])
			}
			return int(dirs[a]) - int(dirs[b])
		}
		return int(x.seq) - int(y.seq)
	})
	for _, i := range idx {
		dst = append(dst, int(items[i].id))
	}
	return dst
}
