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
// tieBlock entries, O(log n + tieBlock + n/tieBlock); finding a group is
// O(smallGroups) or one map look-up, as groupCounts.
type tieQueues struct {
	small []*tieQueue
	big   map[groupBits]*tieQueue // non-nil once the list outgrew smallGroups
	free  []*tieQueue             // emptied queues, for reuse
}

// tieQueue is one group's open entries, ascending by seq, in blocks of
// at most tieBlock entries: blocks[i]'s entries all precede blocks[i+1]'s.
// Entries join and leave mostly at the ends; one in the middle (a re-key,
// an undone pop) moves at most a block's entries.
type tieQueue struct {
	g      groupBits
	blocks [][]seqID
	n      int // entries in all blocks
}

type seqID struct{ seq, id int32 }

// tieBlock is the most entries a block holds.
const tieBlock = 256

// block returns the index of the first block whose last entry's seq is
// >= seq, len(blocks) if none. O(log blocks).
func (q *tieQueue) block(seq int32) int {
	return sort.Search(len(q.blocks), func(i int) bool {
		b := q.blocks[i]
		return b[len(b)-1].seq >= seq
	})
}

// insert adds e in order. O(1) amortized at the back, O(tieBlock +
// blocks) elsewhere.
func (q *tieQueue) insert(e seqID) {
	q.n++
	nb := len(q.blocks)
	if nb == 0 || e.seq > q.blocks[nb-1][len(q.blocks[nb-1])-1].seq {
		if nb == 0 || len(q.blocks[nb-1]) >= tieBlock {
			q.blocks = append(q.blocks, make([]seqID, 0, tieBlock))
			nb++
		}
		q.blocks[nb-1] = append(q.blocks[nb-1], e)
		return
	}
	bi := q.block(e.seq)
	b := q.blocks[bi]
	i := sort.Search(len(b), func(i int) bool { return b[i].seq > e.seq })
	if len(b) >= tieBlock { // split: the upper half becomes a block of its own
		hi := append(make([]seqID, 0, tieBlock), b[len(b)/2:]...)
		b = b[: len(b)/2 : len(b)/2]
		q.blocks = append(q.blocks, nil)
		copy(q.blocks[bi+2:], q.blocks[bi+1:])
		q.blocks[bi], q.blocks[bi+1] = b, hi
		if i > len(b) {
			bi, b, i = bi+1, hi, i-len(b)
		}
	}
	b = append(b, seqID{})
	copy(b[i+1:], b[i:])
	b[i] = e
	q.blocks[bi] = b
}

// remove drops the entry of insertion number seq, if there is one.
// O(1) at either end, O(log n + tieBlock + blocks) elsewhere.
func (q *tieQueue) remove(seq int32) {
	if len(q.blocks) == 0 {
		return
	}
	bi := 0
	if b := q.blocks[0]; b[0].seq != seq {
		bi = q.block(seq)
	}
	if bi == len(q.blocks) {
		return
	}
	b := q.blocks[bi]
	switch {
	case b[0].seq == seq:
		b = b[1:] // a fifo pop: the block's front is dropped by reslicing
	case b[len(b)-1].seq == seq:
		b = b[:len(b)-1]
	default:
		i := sort.Search(len(b), func(i int) bool { return b[i].seq >= seq })
		if b[i].seq != seq {
			return
		}
		b = append(b[:i], b[i+1:]...)
	}
	q.n--
	if len(b) == 0 {
		q.blocks = append(q.blocks[:bi], q.blocks[bi+1:]...)
		return
	}
	q.blocks[bi] = b
}

// find returns group g's queue, nil if it has none; create makes it.
func (qs *tieQueues) find(g groupBits, create bool) *tieQueue {
	if qs.big != nil {
		q := qs.big[g]
		if q == nil && create {
			q = qs.newQueue(g)
			qs.big[g] = q
		}
		return q
	}
	for i, q := range qs.small {
		if q.g == g {
			if i > 0 { // the most recently touched first
				qs.small[0], qs.small[i] = qs.small[i], qs.small[0]
			}
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
		q.g, q.blocks, q.n = g, q.blocks[:0], 0
		return q
	}
	return &tieQueue{g: g}
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
	if len(qs.free) < smallGroups {
		qs.free = append(qs.free, q)
	}
}

// add records that an entry of group g with insertion number seq joined.
func (qs *tieQueues) add(g groupBits, seq, id int32) {
	qs.find(g, true).insert(seqID{seq, id})
}

// remove records that an entry of group g with insertion number seq left.
func (qs *tieQueues) remove(g groupBits, seq int32) {
	q := qs.find(g, false)
	if q == nil {
		return // cannot happen while the invariant holds
	}
	q.remove(seq)
	if q.n == 0 {
		qs.drop(q)
	}
}

// ties appends to buf the first limit entries of group g in pop order
// (lifo: the newest first) and returns how many entries g has.
func (qs *tieQueues) ties(g groupBits, lifo bool, buf []int32, limit int) ([]int32, int) {
	q := qs.find(g, false)
	if q == nil {
		return buf, 0
	}
	start := len(buf)
	if lifo {
		for bi := len(q.blocks) - 1; bi >= 0 && len(buf)-start < limit; bi-- {
			b := q.blocks[bi]
			for i := len(b) - 1; i >= 0 && len(buf)-start < limit; i-- {
				buf = append(buf, b[i].id)
			}
		}
	} else {
		for _, b := range q.blocks {
			for _, e := range b[:min(len(b), limit-(len(buf)-start))] {
				buf = append(buf, e.id)
			}
			if len(buf)-start >= limit {
				break
			}
		}
	}
	return buf, q.n
}

// reset forgets every queue.
func (qs *tieQueues) reset() {
	for _, q := range qs.small {
		if len(qs.free) < smallGroups {
			qs.free = append(qs.free, q)
		}
	}
	qs.small, qs.big = qs.small[:0], nil
}
