package stepper

import "math"

// tieWindow keeps what a step's event says about ties, so that the heap
// frontier answers ties without walking: a count of open entries per tie
// group, and the first entries of one group in pop order (the head).
//
// A tie group is the entries of one priority (withTie: of one priority and
// tie key, as local beam search ties). Invariants, kept by every push,
// removal and re-key of the heap:
//   - count's entry of g is the number of open entries of group g (groups
//     with none have no entry, so it is bounded by the open list);
//   - when valid, head holds the first len(head) entries of group in pop
//     order, and either head is all of them (!more) or every other entry
//     of group sorts after head's last (more).
//
// When a group's entries pop in insertion order (withTie, or no tie key:
// heapFrontier.seqTies) the window keeps per-group queues instead of count
// and head (frontier_tiequeue.go), and nothing is walked; what follows is
// the walk's case (the high-g and low-h tie rules).
//
// The window exists only once an event asked for ties: a run without
// events pays nothing but a nil check per heap operation. With it, a push
// or a removal costs one count update (groupCounts) and O(headCap) for the head; the head
// is refilled by a best-first walk of the heap, O(headCap · log headCap),
// only when it holds fewer than MaxTies entries and more exist, which a
// stream of pops from one group causes once every headCap-MaxTies steps.
type tieWindow struct {
	withTie bool
	// queued: entries of a group pop in insertion order, and queues
	// answer everything instead of count and head (frontier_tiequeue.go)
	queued bool
	queues tieQueues
	count  groupCounts
	valid  bool
	group  tieGroup
	head   []heapItem // a window on buf: the front is dropped by reslicing
	buf    []heapItem // head's memory, headCap+1 entries
	more   bool
	cand   []int32 // the refill walk's candidates, a binary min-heap of item indices
	fixes  uint64  // how many re-keys (heapFrontier.fix) the heap made
}

// headCap is how many entries the head holds at most.
const headCap = 4 * MaxTies

// tieGroup is the part of a key that ties compare.
type tieGroup struct{ prio, tie float64 }

// groupBits is a countable tieGroup as a map key: the bits of its numbers,
// -0 made +0 (they are equal, as the heap compares them), which hashes
// faster than the floats themselves.
type groupBits struct{ prio, tie uint64 }

func (g tieGroup) bits() groupBits {
	return groupBits{math.Float64bits(g.prio + 0), math.Float64bits(g.tie + 0)}
}

func (w *tieWindow) groupOf(k key) tieGroup {
	if w.withTie {
		return tieGroup{k.prio, k.tie}
	}
	return tieGroup{prio: k.prio}
}

// countable reports whether g can be a map key that is found again: NaN
// never equals itself, and an entry of NaN priority ties with nothing.
func (g tieGroup) countable() bool { return g.prio == g.prio && g.tie == g.tie }

func newTieWindow(h *heapFrontier, withTie bool) *tieWindow {
	w := &tieWindow{withTie: withTie}
	if withTie || h.seqTies {
		w.queued, w.queues.lifo = true, h.lifo
		for i := range h.items {
			w.enqueued(h.items[i])
		}
		return w
	}
	for i := range h.items {
		if g := w.groupOf(h.items[i].key); g.countable() {
			w.count.add(g.bits(), 1)
		}
	}
	return w
}

// enqueued records in the queues that it joined the heap.
func (w *tieWindow) enqueued(it heapItem) {
	if g := w.groupOf(it.key); g.countable() {
		w.queues.add(g.bits(), it.seq, it.id)
	}
}

// dequeued records in the queues that it left the heap.
func (w *tieWindow) dequeued(it heapItem) {
	if g := w.groupOf(it.key); g.countable() {
		w.queues.remove(g.bits(), it.seq)
	}
}

// reset forgets every entry: the heap was emptied.
func (w *tieWindow) reset() {
	if w.queued {
		w.queues.reset()
		return
	}
	w.count.reset()
	w.valid = false
}

// added records that it joined the heap.
func (w *tieWindow) added(h *heapFrontier, it heapItem) {
	if w.queued {
		w.enqueued(it)
		return
	}
	g := w.groupOf(it.key)
	if !g.countable() {
		return
	}
	w.count.add(g.bits(), 1)
	if !w.valid || g != w.group {
		return
	}
	n := len(w.head)
	if w.more && (n == 0 || !h.less(&it, &w.head[n-1])) {
		return // beyond the head
	}
	i := n
	for i > 0 && h.less(&it, &w.head[i-1]) {
		i--
	}
	if n == cap(w.head) {
		// the front was dropped by reslicing: move head back to buf's start
		w.head = w.buf[:copy(w.buf, w.head)]
	}
	w.head = append(w.head, heapItem{})
	copy(w.head[i+1:], w.head[i:n])
	w.head[i] = it
	if len(w.head) > headCap {
		w.head = w.head[:headCap]
		w.more = true
	}
}

// removed records that it left the heap.
func (w *tieWindow) removed(it heapItem) {
	if w.queued {
		w.dequeued(it)
		return
	}
	g := w.groupOf(it.key)
	if !g.countable() {
		return
	}
	w.count.add(g.bits(), -1)
	if !w.valid || g != w.group {
		return
	}
	if len(w.head) > 0 && w.head[0].id == it.id {
		w.head = w.head[1:] // a pop: O(1)
		return
	}
	for i := range w.head {
		if w.head[i].id == it.id {
			w.head = w.head[:i+copy(w.head[i:], w.head[i+1:])]
			return
		}
	}
	if !w.more {
		w.valid = false // cannot happen while the invariant holds; start again
	}
}

// ties implements frontier.ties from the window; see heapFrontier.ties.
// Only the queues keep part of the last list (kept > 0).
func (w *tieWindow) ties(h *heapFrontier, k key, buf []int32, limit, have int) ([]int32, int, int) {
	g := w.groupOf(k)
	if len(h.items) == 0 || !g.countable() || w.groupOf(h.items[0].key) != g {
		return buf, 0, 0
	}
	if w.queued {
		buf, kept, n := w.queues.ties(g.bits(), buf, limit, have)
		return buf, kept, min(n, MaxTieCount)
	}
	if !w.valid || w.group != g || w.more && len(w.head) < limit {
		w.refill(h, g)
	}
	for i := range w.head[:min(limit, len(w.head))] {
		buf = append(buf, w.head[i].id)
	}
	return buf, 0, int(min(w.count.get(g.bits()), MaxTieCount))
}

// refill lists the first headCap entries of group g, which holds the
// heap's root, by a best-first walk from the root: an entry of another
// group sorts after every entry of g, as does its whole subtree.
func (w *tieWindow) refill(h *heapFrontier, g tieGroup) {
	if w.buf == nil {
		w.buf = make([]heapItem, headCap+1)
	}
	w.group, w.valid, w.head = g, true, w.buf[:0]
	cand := append(w.cand[:0], 0)
	for len(cand) > 0 && len(w.head) < headCap {
		i := cand[0]
		cand = h.popIndex(cand)
		w.head = append(w.head, h.items[i])
		for c := arity*int(i) + 1; c <= arity*int(i)+arity && c < len(h.items); c++ {
			if w.groupOf(h.items[c].key) == g {
				cand = h.pushIndex(cand, int32(c))
			}
		}
	}
	w.more = len(cand) > 0
	w.cand = cand
}

// pushIndex adds item index i to the binary min-heap c of item indices.
func (h *heapFrontier) pushIndex(c []int32, i int32) []int32 {
	c = append(c, i)
	for j := len(c) - 1; j > 0; {
		p := (j - 1) / 2
		if !h.less(&h.items[c[j]], &h.items[c[p]]) {
			break
		}
		c[j], c[p] = c[p], c[j]
		j = p
	}
	return c
}

// popIndex removes the least item index from the binary min-heap c.
func (h *heapFrontier) popIndex(c []int32) []int32 {
	n := len(c) - 1
	c[0] = c[n]
	c = c[:n]
	for i := 0; ; {
		j := 2*i + 1
		if j >= n {
			break
		}
		if j+1 < n && h.less(&h.items[c[j+1]], &h.items[c[j]]) {
			j++
		}
		if !h.less(&h.items[c[j]], &h.items[c[i]]) {
			break
		}
		c[i], c[j] = c[j], c[i]
		i = j
	}
	return c
}
