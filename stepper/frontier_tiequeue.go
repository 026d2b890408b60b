package stepper

import "sort"

// tieQueues answer a tie window's questions when entries of one tie group
// pop in insertion order (seqOrdered: the fifo and lifo tie rules, whose
// tie key is always 0, and any grouping by tie key): each group's open
// entries are kept in a queue in the order of their insertion numbers, so
// the first entries of a group in pop order are the front of its queue
// (fifo) or its back (lifo), read without walking the heap.
//
// Invariant, kept by every push, removal and re-key of the heap: the
// queue of group g holds exactly the open entries of g, ascending by seq;
// a group with no entry has no queue, so the queues are bounded by the
// open list. Cost: a push appends, O(1) amortized, and a pop drops the
// front or the back, O(1); an entry older than its group's newest (a
// re-key, an undone pop) or a removal from the middle moves at most
// tieBlockLen entries, O(log n + tieBlockLen + n/tieBlockLen); finding a group is
// O(1) when it is one of the two last found (a best-first search's pops
// and pushes touch the root's group and one more), else O(smallGroups) or
// one map look-up, as groupCounts.
//
// The queues also remember what the last call of ties listed (listing),
// and which changes the listed entries saw since: a step that pops the
// first of them and changes no other lists the rest again, and ties then
// reads only the entries that follow them (tieQueues.ties).
type tieQueues struct {
	lifo bool
	// hot are the two queues found last (nil: none), hotLast the index
	// of the latest: a miss replaces the other
	hot     [2]*tieQueue
	hotLast int
	small   []*tieQueue
	big     map[groupBits]*tieQueue // non-nil once the list outgrew smallGroups
	free    []*tieQueue             // emptied queues, for reuse
	pool    blockPool
	list    tieListing
}

// tieListing is what the last call of ties listed: the first n entries,
// in pop order, of queue q (nil: none), whose insertion numbers are first
// for the first and last for the last. popped records that the first has
// left q since, changed that any other listed entry left or an entry
// joined among them. An entry is among them when it sorts at or before
// the last in pop order: seq <= last (fifo) or seq >= last (lifo).
type tieListing struct {
	q           *tieQueue
	n           int
	first, last int32
	popped      bool
	changed     bool
}

// among reports whether an entry of insertion number seq sorts at or
// before the last listed in pop order.
func (qs *tieQueues) among(seq int32) bool {
	if qs.lifo {
		return seq >= qs.list.last
	}
	return seq <= qs.list.last
}

// tieQueue is one group's open entries, ascending by seq, in blocks of
// at most tieBlockLen entries: blocks[i]'s entries all precede blocks[i+1]'s,
// and no block is empty.
type tieQueue struct {
	g      groupBits
	blocks []*tieBlock
	// front and back are blocks[0] and blocks[len(blocks)-1] (nil if
	// none), for a push and a pop without reading blocks
	front, back *tieBlock
	n           int        // entries in all blocks
	spare       *blockPool // emptied blocks for reuse, shared by a tieQueues' queues; nil: none
}

// tieBlock holds e[lo:hi], ascending by seq. Its entries join at hi and
// leave at lo or hi without a write to a pointer; e grows by doubling up
// to tieBlockLen entries, so a group of a few entries holds a few.
type tieBlock struct {
	lo, hi int32
	e      []seqID
}

type seqID struct{ seq, id int32 }

// tieBlockLen is the most entries a block holds.
const tieBlockLen = 256

func (b *tieBlock) len() int     { return int(b.hi - b.lo) }
func (b *tieBlock) front() int32 { return b.e[b.lo].seq }
func (b *tieBlock) back() int32  { return b.e[b.hi-1].seq }

// room makes room for one more entry at hi and reports whether it did:
// when entries left from lo are a quarter of e or more it moves the rest
// to e's start (paid for by those removals), else it doubles e up to
// tieBlockLen entries; a block of tieBlockLen with fewer left gets no
// room, and a new block must follow it. O(1) amortized.
func (b *tieBlock) room() bool {
	if int(b.hi) < len(b.e) {
		return true
	}
	n := b.len()
	switch {
	case len(b.e) > 0 && int(b.lo) >= len(b.e)/4:
		copy(b.e, b.e[b.lo:b.hi])
	case len(b.e) < tieBlockLen:
		e := make([]seqID, max(4, min(2*len(b.e), tieBlockLen)))
		copy(e, b.e[b.lo:b.hi])
		b.e = e
	default:
		return false
	}
	b.lo, b.hi = 0, int32(n)
	return true
}

// blockPool keeps up to blockPoolLen emptied blocks of tieBlockLen
// entries, for the queues to reuse: a fifo order empties the front blocks
// of the root's group while the next group fills new ones.
type blockPool struct {
	n int
	b [blockPoolLen]*tieBlock
}

const blockPoolLen = 8

// ends sets front and back after blocks changed.
func (q *tieQueue) ends() {
	if len(q.blocks) == 0 {
		q.front, q.back = nil, nil
		return
	}
	q.front, q.back = q.blocks[0], q.blocks[len(q.blocks)-1]
}

// newBlock returns an empty block, one from the pool if there is one.
func (q *tieQueue) newBlock() *tieBlock {
	if p := q.spare; p != nil && p.n > 0 {
		p.n--
		b := p.b[p.n]
		p.b[p.n] = nil
		b.lo, b.hi = 0, 0
		return b
	}
	return new(tieBlock)
}

// dropBlock offers emptied block b to the pool.
func (q *tieQueue) dropBlock(b *tieBlock) {
	if p := q.spare; p != nil && p.n < blockPoolLen && len(b.e) == tieBlockLen {
		p.b[p.n] = b
		p.n++
	}
}

// block returns the index of the first block whose last entry's seq is
// >= seq, len(blocks) if none. O(log blocks).
func (q *tieQueue) block(seq int32) int {
	return sort.Search(len(q.blocks), func(i int) bool { return q.blocks[i].back() >= seq })
}

// insert adds e in order. O(1) amortized at either end, O(tieBlockLen +
// blocks) elsewhere.
func (q *tieQueue) insert(e seqID) {
	if b := q.back; b != nil && int(b.hi) < len(b.e) && e.seq > b.e[b.hi-1].seq {
		b.e[b.hi] = e // the newest, with room: the common case
		b.hi++
		q.n++
		return
	}
	q.insertSlow(e)
}

func (q *tieQueue) insertSlow(e seqID) {
	q.n++
	nb := len(q.blocks)
	if nb > 0 {
		if b := q.blocks[nb-1]; e.seq > b.back() && b.room() {
			b.e[b.hi] = e
			b.hi++
			return
		}
	}
	if nb == 0 || e.seq > q.blocks[nb-1].back() {
		b := q.newBlock()
		b.room()
		b.e[b.hi] = e
		b.hi++
		q.blocks = append(q.blocks, b)
		q.ends()
		return
	}
	bi := q.block(e.seq)
	b := q.blocks[bi]
	if e.seq < b.front() && b.lo > 0 { // an undone fifo pop: O(1)
		b.lo--
		b.e[b.lo] = e
		return
	}
	if b.len() == tieBlockLen { // split: the upper half becomes a block of its own
		hi := q.newBlock()
		half := b.lo + tieBlockLen/2
		if len(hi.e) < tieBlockLen {
			hi.e = make([]seqID, tieBlockLen)
		}
		hi.hi = int32(copy(hi.e, b.e[half:b.hi]))
		b.hi = half
		q.blocks = append(q.blocks, nil)
		copy(q.blocks[bi+2:], q.blocks[bi+1:])
		q.blocks[bi+1] = hi
		q.ends()
		if e.seq > b.back() {
			b = hi
		}
	}
	if !b.room() { // full to e's end, not in all: move to the start
		copy(b.e, b.e[b.lo:b.hi])
		b.lo, b.hi = 0, b.hi-b.lo
	}
	s := b.e[b.lo:b.hi]
	i := int(b.lo) + sort.Search(len(s), func(i int) bool { return s[i].seq > e.seq })
	copy(b.e[i+1:b.hi+1], b.e[i:b.hi])
	b.e[i] = e
	b.hi++
}

// remove drops the entry of insertion number seq, if there is one.
// O(1) at either end, O(log n + tieBlockLen + blocks) elsewhere.
func (q *tieQueue) remove(seq int32) {
	if b := q.front; b != nil && b.hi-b.lo > 1 && b.e[b.lo].seq == seq {
		b.lo++ // a fifo pop that leaves the block some: the common case
		q.n--
		return
	}
	q.removeSlow(seq)
}

func (q *tieQueue) removeSlow(seq int32) {
	nb := len(q.blocks)
	if nb == 0 {
		return
	}
	bi := 0
	b := q.blocks[0]
	switch {
	case b.front() == seq:
		b.lo++ // a fifo pop
	case q.blocks[nb-1].back() == seq:
		bi, b = nb-1, q.blocks[nb-1]
		b.hi-- // a lifo pop, an undone push
	default:
		bi = q.block(seq)
		if bi == nb {
			return
		}
		b = q.blocks[bi]
		s := b.e[b.lo:b.hi]
		i := sort.Search(len(s), func(i int) bool { return s[i].seq >= seq })
		if i == len(s) || s[i].seq != seq {
			return
		}
		copy(s[i:], s[i+1:])
		b.hi--
	}
	q.n--
	if b.len() == 0 {
		q.blocks = append(q.blocks[:bi], q.blocks[bi+1:]...)
		q.blocks[:nb][nb-1] = nil
		q.ends()
		q.dropBlock(b)
	}
}

// find returns group g's queue, nil if it has none; create makes it.
// O(1) for the two queues found last.
func (qs *tieQueues) find(g groupBits, create bool) *tieQueue {
	if q := qs.hot[0]; q != nil && q.g == g {
		qs.hotLast = 0
		return q
	}
	if q := qs.hot[1]; q != nil && q.g == g {
		qs.hotLast = 1
		return q
	}
	return qs.findCold(g, create)
}

// findCold is find for a queue not hot, which it makes hot.
func (qs *tieQueues) findCold(g groupBits, create bool) *tieQueue {
	q := qs.lookUp(g, create)
	if q != nil {
		qs.hotLast = 1 - qs.hotLast
		qs.hot[qs.hotLast] = q
	}
	return q
}

// lookUp finds group g's queue in small or big.
func (qs *tieQueues) lookUp(g groupBits, create bool) *tieQueue {
	if qs.big != nil {
		q := qs.big[g]
		if q == nil && create {
			q = qs.newQueue(g)
			qs.big[g] = q
		}
		return q
	}
	for _, q := range qs.small {
		if q.g == g {
			return q
		}
	}
	if !create {
		return nil
	}
	q := qs.newQueue(g)
	if len(qs.small) == smallGroups {
		qs.big = make(map[groupBits]*tieQueue, 2*smallGroups)
		for _, x := range qs.small {
			qs.big[x.g] = x
		}
		qs.small = nil
		qs.big[g] = q
		return q
	}
	qs.small = append(qs.small, q)
	return q
}

func (qs *tieQueues) newQueue(g groupBits) *tieQueue {
	if n := len(qs.free); n > 0 {
		q := qs.free[n-1]
		qs.free = qs.free[:n-1]
		q.g, q.blocks, q.n, q.front, q.back = g, q.blocks[:0], 0, nil, nil
		return q
	}
	return &tieQueue{g: g, spare: &qs.pool}
}

// drop forgets g's queue, now empty.
func (qs *tieQueues) drop(q *tieQueue) {
	if qs.big != nil {
		delete(qs.big, q.g)
	} else {
		for i := range qs.small {
			if qs.small[i] == q {
				qs.small = append(qs.small[:i], qs.small[i+1:]...)
				break
			}
		}
	}
	for i := range qs.hot {
		if qs.hot[i] == q {
			qs.hot[i] = nil
		}
	}
	if qs.list.q == q {
		qs.list.q = nil
	}
	if len(qs.free) < smallGroups {
		qs.free = append(qs.free, q)
	}
}

// add records that an entry of group g with insertion number seq joined.
// The common case, the newest entry of the group found last, is written
// out here: a push costs no call beyond this one.
func (qs *tieQueues) add(g groupBits, seq, id int32) {
	q := qs.hot[0]
	if q == nil || q.g != g {
		if q = qs.hot[1]; q == nil || q.g != g {
			q = qs.findCold(g, true)
		}
	}
	if q == qs.list.q && qs.among(seq) {
		qs.list.changed = true
	}
	if b := q.back; b != nil && int(b.hi) < len(b.e) && seq > b.e[b.hi-1].seq {
		b.e[b.hi] = seqID{seq, id}
		b.hi++
		q.n++
		return
	}
	q.insertSlow(seqID{seq, id})
}

// remove records that an entry of group g with insertion number seq left.
// The common case, the oldest entry of the group found last, is written
// out here.
func (qs *tieQueues) remove(g groupBits, seq int32) {
	q := qs.hot[0]
	if q == nil || q.g != g {
		if q = qs.hot[1]; q == nil || q.g != g {
			if q = qs.findCold(g, false); q == nil {
				return // cannot happen while the invariant holds
			}
		}
	}
	if q == qs.list.q {
		if l := &qs.list; seq == l.first && !l.popped {
			l.popped = true
		} else if qs.among(seq) {
			l.changed = true
		}
	}
	if b := q.front; b.hi-b.lo > 1 && b.e[b.lo].seq == seq {
		b.lo++
		q.n--
		return
	}
	q.removeSlow(seq)
	if q.n == 0 {
		qs.drop(q)
	}
}

// ties appends to buf entries of group g in pop order (lifo: the newest
// first) and returns buf, kept and how many entries g has. have is the
// length of the list the last call returned in all, as its caller holds
// it (0: it holds none). When the first of that list was since popped and
// nothing else changed among it, kept is have-1 and buf gets the entries
// that follow the rest of it: the list is then that rest followed by buf.
// Else kept is 0 and buf gets the first entries. Either way the list is
// the first min(limit, n) entries of g. O(entries appended + kept/tieBlockLen).
func (qs *tieQueues) ties(g groupBits, buf []int32, limit, have int) ([]int32, int, int) {
	q := qs.find(g, false)
	l := &qs.list
	if q == nil {
		l.q = nil
		return buf, 0, 0
	}
	kept := 0
	if l.q == q && l.popped && !l.changed && have == l.n && have > 0 {
		kept = have - 1
	}
	start, skip := len(buf), kept
	want := min(limit, q.n) - kept
	last := l.last
	if qs.lifo {
		for bi := len(q.blocks) - 1; bi >= 0; bi-- {
			b, n := q.blocks[bi], want-(len(buf)-start)
			if n <= 0 {
				break
			}
			if skip >= b.len() {
				skip -= b.len()
				continue
			}
			s := b.e[b.lo : int(b.hi)-skip]
			skip = 0
			s = s[max(0, len(s)-n):]
			for i := len(s) - 1; i >= 0; i-- {
				buf = append(buf, s[i].id)
			}
			last = s[0].seq
		}
		l.first = q.blocks[len(q.blocks)-1].back()
	} else {
		for _, b := range q.blocks {
			n := want - (len(buf) - start)
			if n <= 0 {
				break
			}
			if skip >= b.len() {
				skip -= b.len()
				continue
			}
			s := b.e[int(b.lo)+skip : b.hi]
			skip = 0
			s = s[:min(len(s), n)]
			for _, e := range s {
				buf = append(buf, e.id)
			}
			last = s[len(s)-1].seq
		}
		l.first = q.blocks[0].front()
	}
	if l.q != q { // a pointer written only when it changes: no write barrier a step
		l.q = q
	}
	l.n, l.last, l.popped, l.changed = kept+len(buf)-start, last, false, false
	if l.n == 0 {
		l.q = nil
	}
	return buf, kept, q.n
}

// reset forgets every queue.
func (qs *tieQueues) reset() {
	for _, q := range qs.small {
		if len(qs.free) < smallGroups {
			qs.free = append(qs.free, q)
		}
	}
	qs.small, qs.big, qs.hot, qs.list = qs.small[:0], nil, [2]*tieQueue{}, tieListing{}
}
